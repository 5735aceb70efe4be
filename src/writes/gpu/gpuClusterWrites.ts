import type { ContainerUpdateResult, GcoreClient } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import type { GpuCluster, GpuClusterAction, GpuClusterRef, GpuDeleteOptions, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { Log } from '../../logging/log';
import { gpuClusterChange, type GpuClusterChange } from '../../models/gpu/gpuCluster';
import { leasePatchBody, type GpuLease } from '../../models/gpu/gpuLease';
import { sentLine, type SentChange } from '../sentChange';

export interface GpuClusterWritesDeps {
  client: Pick<GcoreClient, 'gpuClusters'>;
  log: Log;
}

/** A cluster as a write names it: its ref, and its name when the caller knows it (a row does; an id alone does not). */
export type GpuClusterTarget = GpuClusterRef & { clusterName?: string };

/** A change of a GPU cluster Gcore took; what it made stale is the location's clusters of its kind. */
export type SentGpuClusterChange = SentChange<GpuLocationRef>;

/*
 * The one write path of every change to an existing GPU cluster (power, resize, delete of the cluster or a server,
 * its lease), for its commands (and through them the agent tools in VS Code) and for the agent tools in the MCP
 * server. Each is sent once; a cluster named by id alone is read first, as its name is what people are told. The
 * create is writes/gpu/gpuClusterCreates.ts.
 */

export function sendGpuClusterAction(
  deps: GpuClusterWritesDeps,
  target: GpuClusterTarget,
  action: GpuClusterAction,
  options: CallOptions = {},
): Promise<SentGpuClusterChange> {
  return sent(deps, target, action, options, () => deps.client.gpuClusters.action(target, action, options));
}

export function sendGpuClusterResize(
  deps: GpuClusterWritesDeps,
  target: GpuClusterTarget,
  serversCount: number,
  options: CallOptions = {},
): Promise<SentGpuClusterChange> {
  return sent(deps, target, 'resize', options, () => deps.client.gpuClusters.resize(target, serversCount, options));
}

export function sendGpuClusterDelete(
  deps: GpuClusterWritesDeps,
  target: GpuClusterTarget,
  leftovers: GpuDeleteOptions,
  options: CallOptions = {},
): Promise<SentGpuClusterChange> {
  return sent(deps, target, 'delete', options, () => deps.client.gpuClusters.deleteCluster(target, leftovers, options));
}

export function sendGpuServerDelete(
  deps: GpuClusterWritesDeps,
  target: GpuClusterTarget,
  serverId: string,
  leftovers: GpuDeleteOptions,
  options: CallOptions = {},
): Promise<SentGpuClusterChange> {
  return sent(deps, target, 'deleteServer', options, () => deps.client.gpuClusters.deleteServer(target, serverId, leftovers, options));
}

/**
 * Sets the cluster's lease, or removes it with null: a merge patch of the lease tag alone, synchronous, so there is
 * no task to follow; the location's clusters, read again, are where the lease clock learns of it.
 */
export async function sendGpuClusterLease(
  deps: GpuClusterWritesDeps,
  target: GpuClusterRef,
  lease: GpuLease | null,
  options: CallOptions = {},
): Promise<GpuCluster> {
  const cluster = await deps.client.gpuClusters.patchTags(target, leasePatchBody(lease).tags, options);
  deps.log.info(`GPU cluster ${cluster.name} lease ${lease === null ? 'removed' : 'set'}`);
  return cluster;
}

/** The location's clusters of the ref's kind: what a change of one of them makes stale. */
export function clustersOf({ projectId, regionId, kind }: GpuLocationRef): GpuLocationRef {
  return { projectId, regionId, kind };
}

/** A change sent, logged and answered with its tasks' subject (by the cluster's id, its name for people). */
export function loggedGpuClusterChange(log: Log, sent: SentGpuClusterChange): SentGpuClusterChange {
  log.info(sentLine('GPU cluster', sent)); // not user text: a line of the log
  return sent;
}

async function sent(
  deps: GpuClusterWritesDeps,
  target: GpuClusterTarget,
  action: GpuClusterChange,
  options: CallOptions,
  send: () => Promise<ContainerUpdateResult>,
): Promise<SentGpuClusterChange> {
  const name = target.clusterName ?? (await deps.client.gpuClusters.get(target, options)).name;
  const result = await send();
  return loggedGpuClusterChange(deps.log, { result, change: gpuClusterChange(target, name, action), stale: clustersOf(target) });
}
