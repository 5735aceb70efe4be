import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient } from '../../api';
import type { Log } from '../../logging/log';
import type { GpuCluster, GpuClusterAction, GpuClusterRef, GpuDeleteOptions } from '../../api/gpu/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import { clusterStatus, gpuClusterChange, type GpuClusterChange } from '../../models/gpu/gpuCluster';
import {
  CLUSTER_ACTION_FIELD,
  CLUSTER_ID_FIELD,
  DELETE_FLOATING_IPS_FIELD,
  DELETE_VOLUMES_FIELD,
  GPU_KIND_FIELD,
  SERVERS_COUNT_FIELD,
  validateDeleteGpuClusterArgs,
  validateGpuClusterActionArgs,
  validateResizeGpuClusterArgs,
  type DeleteGpuClusterArgs,
  type GpuClusterActionArgs,
  type GpuClusterArgs,
  type ResizeGpuClusterArgs,
} from '../../models/gpu/gpuClusterArgs';
import {
  LEASE_HOURS_FIELD,
  leaseFor,
  STOP_WITHOUT_ASKING_FIELD,
  validateSetGpuLeaseArgs,
  type SetGpuLeaseArgs,
} from '../../models/gpu/gpuLease';
import { unwrap } from '../../validation/problems';
import { leaseMeaning } from '../../views/gpu/presentation/leaseWords';
import { actionTitle, resizeMeaning, stopMeaning } from '../../views/gpu/presentation/gpuClusterWriteWords';
import {
  sendGpuClusterAction,
  sendGpuClusterDelete,
  sendGpuClusterLease,
  sendGpuClusterResize,
  type GpuClusterTarget,
  type GpuClusterWritesDeps,
  type SentGpuClusterChange,
} from '../../writes/gpu/gpuClusterWrites';
import { currentUnknownLine, readCurrent, type Current } from '../currentState';
import type { ToolContext, ToolDefinition, ToolResult, ToolWrite } from '../toolDefinition';
import { LOCATION_PROPERTIES, LOCATION_REQUIRED, objectInput, specSchema } from '../toolSchemas';
import { lines } from '../toolText';

const CLUSTER_PROPERTIES = {
  ...LOCATION_PROPERTIES,
  kind: specSchema(GPU_KIND_FIELD),
  clusterId: specSchema(CLUSTER_ID_FIELD),
};
const CLUSTER_REQUIRED = [...LOCATION_REQUIRED, 'clusterId'];

function refOf({ projectId, regionId, kind, clusterId }: GpuClusterArgs): GpuClusterRef {
  return { projectId, regionId, kind, clusterId };
}

function readCluster(args: GpuClusterArgs, { client, signal }: ToolContext): Promise<Current<GpuCluster>> {
  return readCurrent(() => client.gpuClusters.get(refOf(args), { signal }));
}

/** The cluster as it is, in a line; or why it could not be read. */
function clusterLine(current: Current<GpuCluster>): string {
  if (!current.known) return currentUnknownLine(current);
  const cluster = current.value;
  return l10n.t(
    'Now: {0}, {1} servers of {2}.',
    clusterStatus(cluster) ?? l10n.t('status unknown'),
    cluster.servers_count ?? '?',
    cluster.flavor ?? l10n.t('an unknown flavor'),
  );
}

/** What people call the cluster: its name where it reads, its id otherwise. */
function nameOf(args: GpuClusterArgs, current: Current<GpuCluster>): string {
  return current.known ? current.value.name : args.clusterId;
}

/**
 * The write a command makes, as both surfaces send it, its tasks followed under the cluster's name: in the MCP
 * server through the same write path as the command's, with the name the tool read.
 */
function clusterWrite(
  command: string,
  args: GpuClusterArgs,
  name: string,
  change: GpuClusterChange,
  send: (deps: GpuClusterWritesDeps, target: GpuClusterTarget, signal?: AbortSignal) => Promise<SentGpuClusterChange>,
): ToolWrite<ContainerUpdateResult> {
  return {
    command,
    argument: args,
    viaClient: async (client: GcoreClient, signal: AbortSignal | undefined, log: Log) =>
      (await send({ client, log }, { ...refOf(args), clusterName: name }, signal)).result,
    follows: gpuClusterChange(refOf(args), name, change),
  };
}

/** The answer to a change sent: its tasks, and how to know when it is done. */
function sentText(result: ContainerUpdateResult, sent: string): ToolResult {
  const text =
    result.tasks.length === 0
      ? l10n.t('{0} Gcore named no task: read the cluster with gcore_getGpuCluster to see where it stands.', sent)
      : l10n.t('{0} Tasks: {1}. gcore_getTask tells when they are FINISHED or why they failed.', sent, result.tasks.join(', '));
  return { text, json: result };
}

/** What each power action does to the cluster, what stops and what keeps costing. */
function actionMeaning(action: GpuClusterAction, args: GpuClusterArgs, name: string): string {
  switch (action) {
    case 'stop':
      return stopMeaning(args.kind, name);
    case 'start':
      return l10n.t(
        'Starting GPU cluster {0} needs free capacity of its flavor in this location, and billing for its servers starts again.',
        name,
      );
    case 'soft_reboot':
      return l10n.t('The servers of GPU cluster {0} are asked to restart: what runs on them stops.', name);
    case 'hard_reboot':
      return l10n.t(
        'The servers of GPU cluster {0} are reset at once, as a power cycle does: what runs on them stops, unsaved data is lost.',
        name,
      );
  }
}

export const gpuClusterAction: ToolDefinition<GpuClusterActionArgs> = {
  name: 'gcore_gpuClusterAction',
  kind: 'write',
  commandId: COMMAND.gpuClusterAction,
  displayName: l10n.t('Start, Stop or Reboot a Gcore GPU Cluster'),
  modelDescription: l10n.t(
    'Starts, stops, soft-reboots or hard-reboots a GPU cluster (kind "virtual", the default, or "baremetal"). Gcore allows start only when the cluster is shutoff, and stop and the reboots only when it is active, and none while a task of the cluster runs; it refuses otherwise (409). Stopping a virtual cluster shelves it: its local disks are erased, and starting it again needs free capacity, which can fail. Gcore answers with task IDs; gcore_getTask tells when the change is done.',
  ),
  userDescription: l10n.t('Starts, stops or reboots a Gcore GPU cluster, after you confirm.'),
  inputSchema: objectInput({ ...CLUSTER_PROPERTIES, action: specSchema(CLUSTER_ACTION_FIELD) }, [...CLUSTER_REQUIRED, 'action']),
  parse: (input) => unwrap(validateGpuClusterActionArgs(input)),
  confirm: async (args, context) => {
    const current = await readCluster(args, context);
    const name = nameOf(args, current);
    return {
      title: l10n.t('{0} GPU cluster {1} in project {2}, region {3}?', actionTitle(args.action), name, args.projectId, args.regionId),
      message: lines(actionMeaning(args.action, args, name), clusterLine(current)),
    };
  },
  invoke: async (args, context) => {
    const name = nameOf(args, await readCluster(args, context));
    const write = clusterWrite(COMMAND.gpuClusterAction, args, name, args.action, (deps, target, signal) =>
      sendGpuClusterAction(deps, target, args.action, { signal }),
    );
    const result = await context.writes.send(write, context.signal);
    return sentText(result, l10n.t('Sent {0} to GPU cluster {1}.', args.action, name));
  },
};

export const resizeGpuCluster: ToolDefinition<ResizeGpuClusterArgs> = {
  name: 'gcore_resizeGpuCluster',
  kind: 'write',
  commandId: COMMAND.resizeGpuCluster,
  displayName: l10n.t('Resize a Gcore GPU Cluster'),
  modelDescription: l10n.t(
    'Sets the number of servers of an active GPU cluster (1 to 999). Each added server is billed by the hour and takes quota; a shrink deletes servers with their local disks (for bare metal Gcore picks the node it removes). Gcore answers with task IDs; gcore_getTask tells when the resize is done.',
  ),
  userDescription: l10n.t('Changes the number of servers of a Gcore GPU cluster, after you confirm.'),
  inputSchema: objectInput({ ...CLUSTER_PROPERTIES, serversCount: specSchema(SERVERS_COUNT_FIELD) }, [...CLUSTER_REQUIRED, 'serversCount']),
  parse: (input) => unwrap(validateResizeGpuClusterArgs(input)),
  confirm: async (args, context) => {
    const current = await readCluster(args, context);
    const name = nameOf(args, current);
    const count = current.known && typeof current.value.servers_count === 'number' ? current.value.servers_count : undefined;
    return {
      title: l10n.t(
        'Resize GPU cluster {0} in project {1}, region {2} to {3} servers?',
        name,
        args.projectId,
        args.regionId,
        args.serversCount,
      ),
      message: lines(resizeMeaning(args.kind, name, count, args.serversCount), clusterLine(current)),
    };
  },
  invoke: async (args, context) => {
    const name = nameOf(args, await readCluster(args, context));
    const write = clusterWrite(COMMAND.resizeGpuCluster, args, name, 'resize', (deps, target, signal) =>
      sendGpuClusterResize(deps, target, args.serversCount, { signal }),
    );
    const result = await context.writes.send(write, context.signal);
    return sentText(result, l10n.t('Sent the resize of GPU cluster {0} to {1} servers.', name, args.serversCount));
  },
};

function leftovers(args: DeleteGpuClusterArgs): GpuDeleteOptions {
  return { deleteVolumes: args.deleteVolumes, deleteFloatingIps: args.deleteFloatingIps };
}

export const deleteGpuCluster: ToolDefinition<DeleteGpuClusterArgs> = {
  name: 'gcore_deleteGpuCluster',
  kind: 'write',
  commandId: COMMAND.deleteGpuCluster,
  displayName: l10n.t('Delete a Gcore GPU Cluster'),
  modelDescription: l10n.t(
    'Deletes a GPU cluster and all its servers with their local disks; this cannot be undone. deleteVolumes (virtual clusters) and deleteFloatingIps delete those too; left out, Gcore keeps them, and kept volumes and floating IPs keep costing. Gcore answers with a task ID; the cluster is gone when gcore_getTask says FINISHED.',
  ),
  userDescription: l10n.t('Deletes a Gcore GPU cluster and its servers, after you confirm.'),
  inputSchema: objectInput(
    { ...CLUSTER_PROPERTIES, deleteVolumes: specSchema(DELETE_VOLUMES_FIELD), deleteFloatingIps: specSchema(DELETE_FLOATING_IPS_FIELD) },
    CLUSTER_REQUIRED,
  ),
  parse: (input) => unwrap(validateDeleteGpuClusterArgs(input)),
  confirm: async (args, context) => {
    const current = await readCluster(args, context);
    const name = nameOf(args, current);
    return {
      title: l10n.t('Delete GPU cluster {0} in project {1}, region {2}?', name, args.projectId, args.regionId),
      message: lines(
        l10n.t('GPU cluster {0} and all its servers go, with their local disks; this cannot be undone.', name),
        args.kind === 'baremetal'
          ? undefined
          : args.deleteVolumes === true
            ? l10n.t('Its volumes are deleted.')
            : l10n.t('Its volumes are kept, and keep costing.'),
        args.deleteFloatingIps === true ? l10n.t('Its floating IPs are deleted.') : l10n.t('Its floating IPs are kept, and keep costing.'),
        clusterLine(current),
      ),
    };
  },
  invoke: async (args, context) => {
    const name = nameOf(args, await readCluster(args, context));
    const write = clusterWrite(COMMAND.deleteGpuCluster, args, name, 'delete', (deps, target, signal) =>
      sendGpuClusterDelete(deps, target, leftovers(args), { signal }),
    );
    const result = await context.writes.send(write, context.signal);
    return sentText(result, l10n.t('Gcore is deleting GPU cluster {0}.', name));
  },
};

export const setGpuLease: ToolDefinition<SetGpuLeaseArgs> = {
  name: 'gcore_setGpuLease',
  kind: 'write',
  commandId: COMMAND.setGpuLease,
  displayName: l10n.t('Set the Lease of a Gcore GPU Cluster'),
  modelDescription: l10n.t(
    "Sets how many hours from now (1 to 720) a GPU cluster runs before the Gcore extension stops it, or removes that lease with hours null. The lease is the cluster's tag gcore-vscode-lease, which every window, machine and agent sees; the stop happens while VS Code runs with the extension on some machine, after asking the user unless stopWithoutAsking is true. Synchronous: nothing to follow. gcore_getGpuCluster shows the lease.",
  ),
  userDescription: l10n.t('Sets when a Gcore GPU cluster is stopped, after you confirm.'),
  inputSchema: objectInput(
    { ...CLUSTER_PROPERTIES, hours: specSchema(LEASE_HOURS_FIELD), stopWithoutAsking: specSchema(STOP_WITHOUT_ASKING_FIELD) },
    [...CLUSTER_REQUIRED, 'hours'],
  ),
  parse: (input) => unwrap(validateSetGpuLeaseArgs(input)),
  confirm: async (args, context) => {
    const current = await readCluster(args, context);
    const name = nameOf(args, current);
    return {
      title:
        args.hours === null
          ? l10n.t('Remove the lease of GPU cluster {0} in project {1}, region {2}?', name, args.projectId, args.regionId)
          : l10n.t('Stop GPU cluster {0} in project {1}, region {2} in {3} hours?', name, args.projectId, args.regionId, args.hours),
      message: lines(
        args.hours === null
          ? l10n.t('Nothing stops GPU cluster {0} on its own any more.', name)
          : leaseMeaning(name, leaseFor(Date.now(), args.hours, args.stopWithoutAsking === true)),
        args.hours === null ? undefined : l10n.t('This happens while VS Code runs with the Gcore extension on some machine.'),
        clusterLine(current),
      ),
    };
  },
  invoke: async (args, context) => {
    const name = nameOf(args, await readCluster(args, context));
    const lease = args.hours === null ? null : leaseFor(Date.now(), args.hours, args.stopWithoutAsking === true);
    await context.writes.send(
      {
        command: COMMAND.setGpuLease,
        argument: args,
        viaClient: (client, signal, log) => sendGpuClusterLease({ client, log }, refOf(args), lease, { signal }),
      },
      context.signal,
    );
    const text = lease === null ? l10n.t('Removed the lease of GPU cluster {0}.', name) : leaseMeaning(name, lease);
    return {
      text,
      json: { lease: lease && { ends_at: new Date(lease.endMs).toISOString(), stop_without_asking: lease.stopWithoutAsking } },
    };
  },
};
