import * as l10n from '@vscode/l10n';
import type { GpuServer } from '../../../api/gpu/gpuClusterTypes';
import type { SshFailure } from '../../../models/gpu/ssh/sshFailures';
import { privateAddresses, publicAddress, refusedAddresses } from './serverView';

/** What a failed connection test was to: the server and how the extension tried to reach it. */
export interface SshAttempt {
  serverName: string;
  address: string;
  clusterName: string;
  /** The name of the SSH key the cluster was created with, when Gcore says it. */
  keyName?: string;
  /** The private key file the entry offers: the cluster's key found on this machine. */
  identityFile?: string;
}

/** Why SSH refused the key, and what to do: it depends on whether this machine holds the cluster's key. */
function refusedKeyWords(attempt: SshAttempt): string {
  const refused = l10n.t('Server {0} ({1}) refused the SSH key.', attempt.serverName, attempt.address);
  if (attempt.keyName === undefined) {
    return `${refused} ${l10n.t('Gcore does not say which key GPU cluster {0} was created with: add its private key to ssh-agent or name it with IdentityFile in gcore.gpu.sshOptions.', attempt.clusterName)}`;
  }
  if (attempt.identityFile === undefined) {
    return `${refused} ${l10n.t('GPU cluster {0} was created with the key {1}, and no private key of it is on this machine (no .pub file of ~/.ssh holds it with its private file beside it): copy that private key into ~/.ssh, or add it to ssh-agent. A cluster takes its key only when it is created.', attempt.clusterName, attempt.keyName)}`;
  }
  return `${refused} ${l10n.t("GPU cluster {0} was created with the key {1}, and {2}, its private key here, was offered: the server may still be writing it (try again in a minute), or the server's ~/.ssh/authorized_keys no longer holds it.", attempt.clusterName, attempt.keyName, attempt.identityFile)}`;
}

/** The failed connection test in words: what happened and what to do. */
export function sshFailureWords(failure: SshFailure, attempt: SshAttempt): string {
  const { serverName, address } = attempt;
  switch (failure.kind) {
    case 'refusedKey':
      return refusedKeyWords(attempt);
    case 'noRoute':
      return l10n.t(
        'There is no route to server {0} ({1}) from this machine. Check that the cluster is running and that its network lets SSH in; a server on a private network is reached through a jump host (ProxyJump in gcore.gpu.sshOptions).',
        serverName,
        address,
      );
    case 'hostKeyChanged':
      return l10n.t(
        'Server {0} ({1}) answered with another host key than the one this machine saw at that address. Gcore gives the addresses of deleted servers to new ones: if the cluster was made again, forget the old key. Otherwise do not connect, and ask why the key changed.',
        serverName,
        address,
      );
    case 'connectionRefused':
      return l10n.t(
        'Server {0} ({1}) refused the connection on the SSH port: it may still be starting, or SSH does not run on it. Try again in a minute.',
        serverName,
        address,
      );
    case 'timedOut':
      return l10n.t(
        'Server {0} ({1}) did not answer SSH in time: it may be stopped or still starting, or a firewall drops SSH on the way.',
        serverName,
        address,
      );
    case 'unresolved':
      return l10n.t('The address {1} of server {0} could not be resolved: {2}', serverName, address, failure.detail);
    case 'sshMissing':
      return l10n.t(
        'No ssh program is on this machine: install the OpenSSH client (Windows: the OpenSSH Client feature; Debian and Ubuntu: openssh-client).',
      );
    default:
      return l10n.t('SSH to server {0} ({1}) failed: {2}', serverName, address, failure.detail || l10n.t('ssh gave no reason'));
  }
}

/**
 * A server reachable only on private networks: said with its private address and the ways in; `refused`, why the
 * public address Gcore gives it is not used.
 */
export function noPublicAddressWords(serverName: string, privateAddress: string | undefined, refused?: string): string {
  if (refused !== undefined) {
    return privateAddress === undefined
      ? l10n.t(
          'Server {0} has no address SSH may use: the public address Gcore gives it is refused, as {1}. Reach it through the console in the Gcore Portal.',
          serverName,
          refused,
        )
      : l10n.t(
          'Server {0} has no public address SSH may use: the one Gcore gives it is refused, as {1}. It is reachable on its private network, at {2}, through a jump host (ProxyJump in gcore.gpu.sshOptions) or the console in the Gcore Portal.',
          serverName,
          refused,
          privateAddress,
        );
  }
  return privateAddress === undefined
    ? l10n.t('Server {0} has no address at all yet: Gcore lists none for it. Refresh its cluster in a moment.', serverName)
    : l10n.t(
        'Server {0} has no public address: it is reachable only on its private network, at {1}. Reach it through a jump host (ProxyJump in gcore.gpu.sshOptions) or the console in the Gcore Portal.',
        serverName,
        privateAddress,
      );
}

/** Why SSH cannot reach a server: no public address, or one Gcore gives that is not an address. */
export function unreachableServerWords(server: GpuServer): string {
  const refused = server.public_ip === undefined || publicAddress(server) !== undefined ? undefined : refusedAddresses(server)[0];
  return noPublicAddressWords(server.name, privateAddresses(server)[0], refused);
}
