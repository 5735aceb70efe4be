import type { GpuCluster, GpuClusterRef, GpuKind, GpuLocationRef, GpuServer } from '../../api/gpu/gpuClusterTypes';
import type { Task } from '../../api/types';

/*
 * What a GPU cluster's state allows (the extension contract, "GPU clusters", States): Start only when shut
 * off, Stop, Reboot and Resize only when active, nothing while a task of the cluster runs.
 */

/** The statuses Gcore names; any other value is shown as it comes and allows no action but Delete. */
export const GPU_CLUSTER_STATUSES = [
  'active',
  'creating',
  'degraded',
  'deleting',
  'error',
  'rebooting',
  'rebuilding',
  'resizing',
  'shutoff',
] as const;

/** Statuses a cluster passes through on its way to another: read again every few seconds while one holds. */
const TRANSITIONAL: ReadonlySet<string> = new Set(['creating', 'deleting', 'rebooting', 'rebuilding', 'resizing']);

/** A change of a cluster made here or found running at Gcore, in the words of the cluster kind. */
export type GpuClusterChange =
  'create' | 'start' | 'stop' | 'soft_reboot' | 'hard_reboot' | 'resize' | 'delete' | 'deleteServer' | 'rebuild';

/** What a person can ask of a cluster from its row. */
export type GpuClusterOffer = 'start' | 'stop' | 'reboot' | 'resize' | 'delete';

export function clusterStatus(cluster: Pick<GpuCluster, 'status'>): string | undefined {
  return typeof cluster.status === 'string' && cluster.status.trim() !== '' ? cluster.status.toLowerCase() : undefined;
}

export function isTransitional(cluster: Pick<GpuCluster, 'status'>): boolean {
  const status = clusterStatus(cluster);
  return status !== undefined && TRANSITIONAL.has(status);
}

/**
 * Whether a task changes the cluster now: its status is on the way to another, a server names the task
 * changing it, or a change is followed (made here or found among the location's active tasks).
 */
export function isBusy(
  cluster: Pick<GpuCluster, 'status'>,
  servers: readonly Pick<GpuServer, 'task_id'>[] = [],
  followed = false,
): boolean {
  return followed || isTransitional(cluster) || servers.some((server) => typeof server.task_id === 'string' && server.task_id !== '');
}

/**
 * The actions a row offers: by status, and none but Delete while the cluster is busy. Delete waits for no one:
 * Gcore deletes a cluster in any state, and a create that hangs must be given up.
 */
export function offeredActions(cluster: Pick<GpuCluster, 'status'>, busy: boolean): ReadonlySet<GpuClusterOffer> {
  const status = clusterStatus(cluster);
  const offers = new Set<GpuClusterOffer>();
  if (status !== 'deleting') offers.add('delete');
  if (busy) return offers;
  if (status === 'shutoff') offers.add('start');
  if (status === 'active') {
    offers.add('stop');
    offers.add('reboot');
    offers.add('resize');
  }
  return offers;
}

/** Gcore's task types of GPU clusters (the `task_type` filter of the task list), as the change each makes. */
const TASK_TYPE_CHANGES: ReadonlyMap<string, { kind: GpuKind; change: GpuClusterChange }> = new Map([
  ['create_gpu_virtual_cluster', { kind: 'virtual', change: 'create' }],
  ['delete_gpu_virtual_cluster', { kind: 'virtual', change: 'delete' }],
  ['delete_gpu_virtual_server', { kind: 'virtual', change: 'deleteServer' }],
  ['upscale_gpu_virtual_cluster', { kind: 'virtual', change: 'resize' }],
  ['downscale_gpu_virtual_cluster', { kind: 'virtual', change: 'resize' }],
  ['start_gpu_virtual_cluster', { kind: 'virtual', change: 'start' }],
  ['stop_gpu_virtual_cluster', { kind: 'virtual', change: 'stop' }],
  ['soft_reboot_gpu_virtual_cluster', { kind: 'virtual', change: 'soft_reboot' }],
  ['hard_reboot_gpu_virtual_cluster', { kind: 'virtual', change: 'hard_reboot' }],
  ['create_ai_cluster_gpu', { kind: 'baremetal', change: 'create' }],
  ['delete_ai_cluster_gpu', { kind: 'baremetal', change: 'delete' }],
  ['upscale_ai_cluster_gpu', { kind: 'baremetal', change: 'resize' }],
  ['downscale_ai_cluster_gpu', { kind: 'baremetal', change: 'resize' }],
  ['start_gpu_baremetal_cluster', { kind: 'baremetal', change: 'start' }],
  ['stop_gpu_baremetal_cluster', { kind: 'baremetal', change: 'stop' }],
  ['soft_reboot_gpu_baremetal_cluster', { kind: 'baremetal', change: 'soft_reboot' }],
  ['hard_reboot_gpu_baremetal_cluster', { kind: 'baremetal', change: 'hard_reboot' }],
  ['rebuild_gpu_baremetal_cluster', { kind: 'baremetal', change: 'rebuild' }],
  ['rebuild_gpu_baremetal_node', { kind: 'baremetal', change: 'rebuild' }],
  ['rebuild_gpu_baremetal_server', { kind: 'baremetal', change: 'rebuild' }],
  ['replace_gpu_baremetal_server', { kind: 'baremetal', change: 'rebuild' }],
]);

/** Every GPU cluster task type: what the location's active task list is asked for. */
export const GPU_CLUSTER_TASK_TYPES: readonly string[] = [...TASK_TYPE_CHANGES.keys()];

export function changeOfTaskType(taskType: string | null | undefined): { kind: GpuKind; change: GpuClusterChange } | undefined {
  return typeof taskType === 'string' ? TASK_TYPE_CHANGES.get(taskType) : undefined;
}

/** The task types with which Gcore makes one change of one product's clusters (a virtual cluster's start: one). */
export function taskTypesOf(kind: GpuKind, change: GpuClusterChange): string[] {
  return GPU_CLUSTER_TASK_TYPES.filter((type) => {
    const made = changeOfTaskType(type);
    return made?.kind === kind && made.change === change;
  });
}

/** The cluster name a task's parameters give (`data.name`, as a create's do): a create still running names no id yet. */
export function clusterNameOfTask(task: Task): string | undefined {
  const data = task.data;
  const name = typeof data === 'object' && data !== null ? (data as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : undefined;
}

/**
 * The clusters an active task changes, among those given: Gcore's task names them in its parameters
 * (`data`) or its `created_resources`, in fields whose names differ by task type, so every string value
 * that is one of the clusters' ids counts. A server's `task_id` ties it to its cluster too.
 */
export function clustersOfTask(
  task: Task,
  clusterIds: ReadonlySet<string>,
  serversByCluster: ReadonlyMap<string, readonly GpuServer[]> = new Map(),
): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      const id = value.toLowerCase();
      if (clusterIds.has(id)) found.add(id);
    } else if (depth < 4 && typeof value === 'object' && value !== null) {
      for (const inner of Array.isArray(value) ? value : Object.values(value)) visit(inner, depth + 1);
    }
  };
  visit(task.data, 0);
  visit(task.created_resources, 0);
  for (const [clusterId, servers] of serversByCluster) {
    if (servers.some((server) => server.task_id === task.id)) found.add(clusterId);
  }
  return [...found];
}

/** The id of the cluster a finished create made: `created_resources.clusters`, or the older `ai_clusters`. */
export function createdClusterId(task: Task): string | undefined {
  const created = task.created_resources;
  if (typeof created !== 'object' || created === null) return undefined;
  const resources = created as Record<string, unknown>;
  for (const key of ['clusters', 'ai_clusters']) {
    const ids = resources[key];
    if (Array.isArray(ids) && typeof ids[0] === 'string') return ids[0];
  }
  return undefined;
}

/** The kind GPU cluster changes register as, and their tasks' subjects name. */
export const GPU_CLUSTER_KIND = 'gpuCluster';

/**
 * A change of a cluster as its tasks' subject names it: by product and id (names may repeat), with the
 * cluster's name for people.
 */
export function gpuClusterChange(ref: GpuClusterRef, clusterName: string, action: GpuClusterChange) {
  return {
    kind: GPU_CLUSTER_KIND,
    projectId: ref.projectId,
    regionId: ref.regionId,
    name: `${ref.kind}:${ref.clusterId}`,
    label: clusterName,
    action,
  };
}

/** The cluster a subject's `name` identifies (`<kind>:<id>`), or undefined for another shape. */
export function clusterOfChangeName(name: string): { kind: GpuKind; clusterId: string } | undefined {
  const match = /^(virtual|baremetal):([0-9a-f-]{36})$/.exec(name);
  return match ? { kind: match[1] as GpuKind, clusterId: match[2] } : undefined;
}

/**
 * A create whose cluster the location does not list yet, as its tasks' subject names it: by product and the
 * name alone (`<kind>:new:<name>`), until the list or the finished task gives its id.
 */
export function newClusterChange(location: GpuLocationRef, clusterName: string) {
  return {
    kind: GPU_CLUSTER_KIND,
    projectId: location.projectId,
    regionId: location.regionId,
    name: `${location.kind}:new:${clusterName}`,
    label: clusterName,
    action: 'create',
  };
}

/** The product and name of a create a subject follows by name alone (`<kind>:new:<name>`), or undefined. */
export function newClusterOfChangeName(name: string): { kind: GpuKind; clusterName: string } | undefined {
  const match = /^(virtual|baremetal):new:(.+)$/s.exec(name);
  return match ? { kind: match[1] as GpuKind, clusterName: match[2] } : undefined;
}

/**
 * Of a location's clusters of one product, the one a create followed by name alone made: the only cluster of
 * that name being created that no change follows by its id (`followedIds`). None when names repeat among them.
 */
export function createdClusterAmong(
  clusters: readonly Pick<GpuCluster, 'id' | 'name' | 'status'>[],
  clusterName: string,
  followedIds: ReadonlySet<string>,
): string | undefined {
  const candidates = clusters.filter(
    (cluster) => cluster.name === clusterName && clusterStatus(cluster) === 'creating' && !followedIds.has(cluster.id.toLowerCase()),
  );
  return candidates.length === 1 ? candidates[0].id.toLowerCase() : undefined;
}
