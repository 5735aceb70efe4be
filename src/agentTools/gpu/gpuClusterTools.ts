import * as l10n from '@vscode/l10n';
import type { GpuCluster, GpuServer } from '../../api/gpu/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import {
  CLUSTER_ID_FIELD,
  GPU_KIND_FIELD,
  validateGpuClusterArgs,
  validateGpuLocationArgs,
  type GpuClusterArgs,
  type GpuLocationArgs,
} from '../../models/gpu/gpuClusterArgs';
import { unwrap } from '../../validation/problems';
import { clusterStatusWords } from '../../views/gpu/presentation/clusterView';
import { privateAddresses, publicAddress, reachableAddress, refusedAddresses } from '../../views/gpu/presentation/serverView';
import { leaseTooltipText } from '../../views/gpu/presentation/leaseWords';
import { leaseOf } from '../../models/gpu/gpuLease';
import { clusterSshUser, readSshOptions, readSshUser } from '../../models/gpu/ssh/sshEntry';
import { oneLine } from '../../core/wellFormedText';
import { standaloneSshCommand } from '../../models/gpu/ssh/sshCommandLines';
import { contextPart } from '../toolContextParts';
import type { ToolDefinition } from '../toolDefinition';
import { GPU_SSH_SETTINGS, type GpuSshToolSettings } from './gpuSshToolSettings';
import { LOCATION_PROPERTIES, LOCATION_REQUIRED, objectInput, specSchema } from '../toolSchemas';
import { gapLines, itemLines, lines, listText } from '../toolText';
import { GPU_CLUSTER_GAPS, GPU_SERVER_GAPS } from '../../views/gpu/presentation/gpuGaps';

/** `train-h100 (058e…): running · g3-ai-24-232-1000-h100-80-1 · 2 servers`, on one line whatever Gcore's values hold. */
function clusterLine(cluster: GpuCluster): string {
  const parts = [
    clusterStatusWords(cluster),
    cluster.flavor ?? undefined,
    typeof cluster.servers_count === 'number' ? l10n.t('{0} servers', cluster.servers_count) : undefined,
    cluster.managed_by === 'k8s' ? l10n.t('managed by Kubernetes') : undefined,
  ];
  return oneLine(`${cluster.name} (${cluster.id}): ${parts.filter(Boolean).join(' · ')}`);
}

/**
 * `train-h100-1: ACTIVE · public 203.0.113.10 · private 10.0.0.5 · ssh ubuntu@203.0.113.10`, with why an address Gcore
 * gives that is not one is not used.
 */
function serverLine(server: GpuServer & { ssh_command?: string }): string {
  const publicOne = publicAddress(server);
  const privates = privateAddresses(server);
  const parts = [
    server.status ?? l10n.t('status unknown'),
    publicOne ? l10n.t('public {0}', publicOne) : l10n.t('no public address'),
    privates.length > 0 ? l10n.t('private {0}', privates.join(', ')) : undefined,
    ...refusedAddresses(server).map((reason) => l10n.t('not used: {0}', reason)),
    server.ssh_command,
  ];
  return `${server.name}: ${parts.filter(Boolean).join(' · ')}`;
}

/**
 * The command line that reaches a server, as Copy SSH Command makes it (the user chosen for the cluster, else the
 * settings', and their options), where it has an address SSH can reach; the key is the one the cluster was created
 * with, which the caller holds. An image's own user (`os_distro`) is not read here: Gcore's GPU images are Ubuntu's.
 */
function withSshCommand(server: GpuServer, clusterId: string, raw: GpuSshToolSettings | undefined): GpuServer & { ssh_command?: string } {
  const user = clusterSshUser({ chosen: raw?.clusterUser?.(clusterId), setting: readSshUser(raw?.user).user });
  const { options } = readSshOptions(raw?.options);
  const address = reachableAddress(server, options);
  return address === undefined ? server : { ...server, ssh_command: standaloneSshCommand(user, address, undefined, options) };
}

/** The lease, as the row's hover says it, and its tag's reading for the JSON. */
function leaseFacts(cluster: GpuCluster): { line: string; json: unknown } {
  const state = leaseOf(cluster);
  const line = oneLine(
    leaseTooltipText(cluster.name, state) ?? l10n.t('No lease: nothing stops GPU cluster {0} on its own.', cluster.name),
  );
  const json =
    state.kind === 'set'
      ? { ends_at: new Date(state.lease.endMs).toISOString(), stop_without_asking: state.lease.stopWithoutAsking }
      : state.kind === 'unreadable'
        ? { unreadable: state.value }
        : null;
  return { line, json };
}

const KIND_PROPERTY = { kind: specSchema(GPU_KIND_FIELD) };

export const listGpuClusters: ToolDefinition<GpuLocationArgs> = {
  name: 'gcore_listGpuClusters',
  kind: 'read',
  commandId: COMMAND.listGpuClusters,
  displayName: l10n.t('List Gcore GPU Clusters'),
  modelDescription: l10n.t(
    'Lists the GPU clusters of one project and region, of one kind: "virtual" (the default) or "baremetal" (clusters managed by the user and by Kubernetes). Each with its ID, status (active, shutoff, creating, …), flavor and server count. gcore_listLocations gives the IDs; gcore_getGpuCluster gives a cluster\'s servers and addresses.',
  ),
  userDescription: l10n.t('Lists the GPU clusters of a Gcore project and region.'),
  inputSchema: objectInput({ ...LOCATION_PROPERTIES, ...KIND_PROPERTY }, LOCATION_REQUIRED),
  parse: (input) => unwrap(validateGpuLocationArgs(input)),
  invoke: async (args, { client, signal }) => {
    const list = await client.gpuClusters.list(args, { signal });
    const kind = args.kind === 'baremetal' ? l10n.t('bare-metal') : l10n.t('virtual');
    const text = lines(
      listText(
        list.results.map(clusterLine),
        l10n.t('No {0} GPU clusters in project {1}, region {2}.', kind, args.projectId, args.regionId),
        (count) => l10n.t('{0} {1} GPU clusters in project {2}, region {3}:', count, kind, args.projectId, args.regionId),
      ),
      ...gapLines(list, GPU_CLUSTER_GAPS),
    );
    return { text, json: list };
  },
};

export const getGpuCluster: ToolDefinition<GpuClusterArgs> = {
  name: 'gcore_getGpuCluster',
  kind: 'read',
  commandId: COMMAND.getGpuCluster,
  displayName: l10n.t('Get Gcore GPU Cluster'),
  modelDescription: l10n.t(
    'Reads one GPU cluster with its servers: each server\'s status, public address (absent when it is reachable only privately), private addresses and the ssh command that reaches it (with the private key of the SSH key the cluster was created with), and the cluster\'s lease: when the extension stops it. kind is "virtual" (the default) or "baremetal"; gcore_listGpuClusters gives the IDs.',
  ),
  userDescription: l10n.t('Reads a GPU cluster with its servers, their addresses and SSH commands, and its lease.'),
  inputSchema: objectInput({ ...LOCATION_PROPERTIES, clusterId: specSchema(CLUSTER_ID_FIELD), ...KIND_PROPERTY }, [
    ...LOCATION_REQUIRED,
    'clusterId',
  ]),
  parse: (input) => unwrap(validateGpuClusterArgs(input)),
  invoke: async (ref, context) => {
    const { client, signal } = context;
    const [cluster, servers] = await Promise.all([
      client.gpuClusters.get(ref, { signal }),
      client.gpuClusters.serversWithAddresses(ref, { signal }),
    ]);
    const reached = servers.results.map((server) => withSshCommand(server, ref.clusterId, contextPart(context, GPU_SSH_SETTINGS)));
    const lease = leaseFacts(cluster);
    const text = lines(
      l10n.t('GPU cluster {0} in project {1}, region {2}:', clusterLine(cluster), ref.projectId, ref.regionId),
      lease.line,
      reached.length === 0 ? l10n.t('No servers.') : itemLines(l10n.t('{0} servers:', reached.length), reached.map(serverLine)),
      ...gapLines(servers, GPU_SERVER_GAPS),
    );
    return { text, json: { ...cluster, lease: lease.json, servers: reached } };
  },
};
