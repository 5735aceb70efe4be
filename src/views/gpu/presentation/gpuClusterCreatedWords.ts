import * as l10n from '@vscode/l10n';
import type { GpuServer } from '../../../api/gpu/gpuClusterTypes';
import { lazy } from '../../presentation/lazy';
import { publicAddress } from './serverView';

/** Servers a new cluster's notification names one by one; the rest it counts. */
const SERVERS_NAMED = 4;

/** Servers by name as people count them (`train-2` before `train-10`), not in Gcore's order (the newest first). */
const byName = lazy(() => new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

/** A new cluster's servers in the order its notification names them and Copy copies their addresses. */
export function serversInOrder(servers: readonly GpuServer[]): GpuServer[] {
  return [...servers].sort((a, b) => byName().compare(a.name, b.name));
}

function serverText(server: GpuServer): string {
  const address = publicAddress(server);
  if (address) return l10n.t('{0} at {1}', server.name, address);
  return server.public_ip === undefined ? l10n.t('{0} (private only)', server.name) : l10n.t('{0} (public address refused)', server.name);
}

/**
 * What a new cluster's end says: its state, then its servers, each with its public address (or that it has
 * none: it is reached through a bastion, a VPN or the portal's console), a few by name and the rest counted.
 */
export function createdClusterText(name: string, status: string, servers: readonly GpuServer[]): string {
  if (servers.length === 0) return l10n.t('GPU cluster {0} is {1} now; Gcore lists no server of it yet.', name, status);
  const named = servers.slice(0, SERVERS_NAMED).map(serverText);
  const more = servers.length - named.length;
  const list = more > 0 ? l10n.t('{0} and {1} more', named.join(', '), more) : named.join(', ');
  return servers.length === 1
    ? l10n.t('GPU cluster {0} is {1} now, with 1 server: {2}.', name, status, list)
    : l10n.t('GPU cluster {0} is {1} now, with {2} servers: {3}.', name, status, servers.length, list);
}

/** The public addresses of a new cluster's servers, in their order, of those that are addresses: what its notification's Copy copies. */
export function publicAddresses(servers: readonly GpuServer[]): string[] {
  return servers.flatMap((server) => publicAddress(server) ?? []);
}

/** The label of the button that copies them. */
export function copyAddressesLabel(count: number): string {
  return count === 1 ? l10n.t('Copy Address') : l10n.t('Copy Addresses');
}
