import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { GpuCluster, GpuServer } from '../../api/gpu/gpuClusterTypes';
import type { CallOptions } from '../../api/callOptions';
import type { GpuClusterRef } from '../../api/gpu/gpuClusterTypes';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { nonEmptyText } from '../../views/presentation/wireValues';
import { serversInOrder } from '../../views/gpu/presentation/gpuClusterCreatedWords';
import { reachableAddress } from '../../views/gpu/presentation/serverView';
import {
  assignAliases,
  clusterEntryText,
  clusterSshUser,
  type ClusterSshEntry,
  type SshHost,
  type SshOption,
} from '../../models/gpu/ssh/sshEntry';
import { checkClusterId, type ClusterId, type LoginName } from '../../models/gpu/ssh/sshValues';
import { aliasesOfOtherClusters, clusterFile, knownHostsFile, type SshPlaces } from './sshConfigFiles';
import { listLocalPublicKeys, privateKeyFileOf } from './localSshKeys';

/*
 * A GPU cluster as SSH reaches it: its servers read with their addresses, the entry of every server that has one
 * it can be reached at (its public one, or its private one through a jump host), and the server a command is for.
 */

/** What the SSH entries take from the settings: the user (when set), the extra options, where the files live. */
export interface SshSettings {
  user?: LoginName;
  options: readonly SshOption[];
  places: SshPlaces;
}

/** A cluster SSH may be set up for: its id is a UUID, which its files and aliases are named with. */
export interface SshClusterRef extends GpuClusterRef {
  clusterId: ClusterId;
}

/** The cluster's reference for SSH; an id that is not a UUID is refused, saying why, before anything is read or written. */
export function sshClusterRef(ref: GpuClusterRef & { clusterName?: string }): SshClusterRef {
  const id = checkClusterId(ref.clusterId);
  if (!id.ok) {
    const why = l10n.t('{0}, and its SSH entry, files and commands would be named with it', id.reason);
    throw new Error(
      ref.clusterName === undefined
        ? l10n.t('This GPU cluster is not used for SSH: {0}.', why)
        : l10n.t('GPU cluster {0} is not used for SSH: {1}.', ref.clusterName, why),
    );
  }
  return { projectId: ref.projectId, regionId: ref.regionId, kind: ref.kind, clusterId: id.value };
}

export interface ClusterSsh {
  cluster: GpuCluster;
  servers: GpuServer[];
  entry: ClusterSshEntry;
  /** The entry's file text. */
  text: string;
  /** The cluster's file. */
  file: string;
  /** The name of the key the cluster was created with, when Gcore says it. */
  keyName?: string;
  /** Each server with an entry, by its id. */
  hosts: ReadonlyMap<string, SshHost>;
}

export interface ClusterSshDeps {
  client: Pick<GcoreClient, 'gpuClusters' | 'sshKeys'>;
  settings: SshSettings;
  /** The user chosen for a cluster (Set SSH User…), which comes before the setting. */
  users: { get(clusterId: string): string | undefined };
  log: Log;
}

/** The private key of the cluster's key on this machine, when the project's key list says which it is; a list that fails only logs. */
async function identityOf(deps: ClusterSshDeps, projectId: number, keyName: string | undefined, options: CallOptions) {
  if (keyName === undefined) return undefined;
  try {
    const [keys, local] = await Promise.all([deps.client.sshKeys.list(projectId, options), listLocalPublicKeys(deps.settings.places.home)]);
    const key = keys.results.find((candidate) => candidate.name === keyName);
    return key === undefined ? undefined : privateKeyFileOf(key, local);
  } catch (error) {
    deps.log.warn(`The SSH keys of project ${projectId} could not be read, so the entry names no key file: ${failureReason(error)}`);
    return undefined;
  }
}

/** The distribution of the image the cluster's servers run, when the location's images name it; a failed read only logs. */
async function imageDistro(deps: ClusterSshDeps, ref: GpuClusterRef, imageId: string | undefined, options: CallOptions) {
  if (imageId === undefined) return undefined;
  try {
    const images = await deps.client.gpuClusters.images(ref, options);
    return images.results.find((image) => image.id === imageId)?.os_distro ?? undefined;
  } catch (error) {
    deps.log.warn(`The images of ${ref.kind} GPU clusters could not be read, so the SSH user is the default: ${failureReason(error)}`);
    return undefined;
  }
}

/**
 * Reads the cluster and its servers, and makes the entry of every server SSH can reach: named with the id asked for,
 * whatever the answer's says, and with the addresses that are addresses.
 */
export async function readClusterSsh(deps: ClusterSshDeps, ref: SshClusterRef, options: CallOptions = {}): Promise<ClusterSsh> {
  const [cluster, servers] = await Promise.all([
    deps.client.gpuClusters.get(ref, options),
    deps.client.gpuClusters.serversWithAddresses(ref, options),
  ]);
  const { settings } = deps;
  // By name as people count them, as a new cluster's notification names them: `<cluster>-1` is the first server.
  const inOrder = serversInOrder(servers.results);
  const keyName =
    nonEmptyText(cluster.servers_settings?.ssh_key_name) ?? inOrder.map((server) => nonEmptyText(server.ssh_key_name)).find(Boolean);
  const reachable = inOrder.flatMap((server) => {
    const address = reachableAddress(server, settings.options);
    return address === undefined ? [] : [{ server, address }];
  });
  const chosen = deps.users.get(ref.clusterId);
  // The image is read only when neither the user's choice for the cluster nor the setting names the user.
  const imageId =
    (chosen ?? settings.user)
      ? undefined
      : (inOrder.map((server) => nonEmptyText(server.image_id)).find(Boolean) ?? nonEmptyText(cluster.image_id));
  const [identityFile, taken, osDistro] = await Promise.all([
    identityOf(deps, ref.projectId, keyName, options),
    aliasesOfOtherClusters(settings.places, ref.clusterId),
    imageDistro(deps, ref, imageId, options),
  ]);
  const aliases = assignAliases(
    reachable.map(({ server }) => server.name),
    ref.clusterId,
    taken,
  );
  const hosts = new Map<string, SshHost>(
    reachable.map(({ server, address }, index) => [server.id, { alias: aliases[index], address, serverName: server.name }]),
  );
  const entry: ClusterSshEntry = {
    clusterId: ref.clusterId,
    clusterName: cluster.name,
    projectId: ref.projectId,
    regionId: ref.regionId,
    kind: ref.kind,
    user: clusterSshUser({ chosen, setting: settings.user, osDistro }),
    hosts: [...hosts.values()],
    identityFile,
    knownHostsFile: knownHostsFile(settings.places, ref.clusterId),
    options: settings.options,
  };
  return {
    cluster,
    servers: inOrder,
    entry,
    text: clusterEntryText(entry),
    file: clusterFile(settings.places, ref.clusterId),
    keyName,
    hosts,
  };
}

/** The server asked for, or the cluster's first; an id the cluster does not list is refused naming the field. */
export function serverOf(ssh: Pick<ClusterSsh, 'cluster' | 'servers'>, serverId: string | undefined): GpuServer {
  if (serverId !== undefined) {
    const server = ssh.servers.find((candidate) => candidate.id === serverId);
    if (!server) throw new Error(l10n.t('serverId: GPU cluster {0} has no server {1}.', ssh.cluster.name, serverId));
    return server;
  }
  const [first] = ssh.servers;
  if (!first) throw new Error(l10n.t('GPU cluster {0} has no servers.', ssh.cluster.name));
  return first;
}
