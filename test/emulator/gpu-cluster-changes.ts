import type { GpuClusterRecord, KeptResources, PendingGpuChange } from './gpu-cluster-store';
import type { GpuState } from './gpu-state';
import { GPU_TASK_STEPS, gpuTaskType, type GpuTaskChange } from './gpu-tasks';
import type { TaskRecord, TaskTimings } from './task-store';

/** A time as Gcore writes it: to the second, in UTC. */
export function isoNow(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function timingsFor(state: GpuState, record: GpuClusterRecord, change: GpuTaskChange): TaskTimings {
  if (change === 'create') return state.timings.create[record.kind];
  if (change === 'upscale' || change === 'downscale') return state.timings.resize[record.kind];
  if (change === 'delete' || change === 'delete_server') return state.timings.delete;
  return state.timings.power;
}

/**
 * The virtual guide reads a created cluster from `created_resources.ai_clusters`, the bare-metal guide and the
 * SDKs from `clusters` (docs: gpu-notes.md §2.3): each kind answers as its guide shows, so a client must read both.
 */
const CREATED_CLUSTERS_KEY = { virtual: 'ai_clusters', baremetal: 'clusters' } as const;

/** Servers of the cluster's flavor still free at its location: open capacity and the customer's reservations. */
export function freeCapacity(state: GpuState, record: GpuClusterRecord): number {
  const entry = state.catalogues[record.kind].find(record, record.flavor);
  return entry ? entry.flavor.capacity + (entry.flavor.reserved_capacity ?? 0) : 0;
}

/** Takes `servers` of the flavor (open capacity first, then reservations); a negative count gives them back. */
export function takeCapacity(state: GpuState, record: GpuClusterRecord, servers: number): void {
  const entry = state.catalogues[record.kind].find(record, record.flavor);
  if (!entry) return;
  const fromOpen = Math.min(servers, entry.flavor.capacity);
  entry.flavor.capacity -= fromOpen;
  if (entry.flavor.reserved_capacity !== undefined) {
    entry.flavor.reserved_capacity = Math.max(0, entry.flavor.reserved_capacity - (servers - fromOpen));
  }
}

function releaseCapacity(state: GpuState, record: GpuClusterRecord, servers: number): void {
  if (record.holdsCapacity) takeCapacity(state, record, -servers);
}

export interface ChangeOptions extends Omit<PendingGpuChange, 'taskId' | 'change'> {
  /** The task's parameters besides the cluster's id. */
  data?: Record<string, unknown>;
  /** The failure it ends with; null when it succeeds; otherwise a failure a test queued, if any. */
  error?: string | null;
  timings?: TaskTimings;
}

/** Starts the task of a change and marks the cluster with it; the change takes effect when the task ends. */
export function startGpuChange(state: GpuState, record: GpuClusterRecord, change: GpuTaskChange, options: ChangeOptions = {}): TaskRecord {
  const { data, error, timings, ...pending } = options;
  const task = state.tasks.start(
    {
      taskType: gpuTaskType(record.kind, change),
      projectId: record.projectId,
      regionId: record.regionId,
      data: { cluster_id: record.id, ...data },
      detailedStates: GPU_TASK_STEPS[change],
      createdResources: change === 'create' ? { [CREATED_CLUSTERS_KEY[record.kind]]: [record.id] } : undefined,
      error: error === undefined ? state.failures.take(record.kind, change) : (error ?? undefined),
    },
    timings ?? timingsFor(state, record, change),
  );
  record.pending = { taskId: task.id, change, ...pending };
  record.updatedAt = isoNow();
  return task;
}

/** Ends the cluster's task if its time has come, and applies what it did. */
export function settleGpuCluster(state: GpuState, record: GpuClusterRecord): { removed: boolean; kept?: KeptResources } {
  const pending = record.pending;
  if (!pending) return { removed: false };
  const progress = state.tasks.progress(pending.taskId);
  if (progress?.state === 'NEW' || progress?.state === 'RUNNING') return { removed: false };
  record.pending = undefined;
  record.updatedAt = isoNow();
  return progress?.state === 'ERROR' ? failed(state, record, pending) : finished(state, record, pending);
}

function finished(state: GpuState, record: GpuClusterRecord, pending: PendingGpuChange): { removed: boolean; kept?: KeptResources } {
  switch (pending.change) {
    case 'delete':
      releaseCapacity(state, record, record.servers.length);
      return { removed: true, kept: pending.kept };
    case 'delete_server': {
      record.servers = record.servers.filter((server) => server.id !== pending.serverId);
      releaseCapacity(state, record, 1);
      return { removed: record.servers.length === 0, kept: pending.kept };
    }
    case 'downscale': {
      // Gcore removes servers of its choosing; the newest here, so that tests know which.
      const removed = record.servers.splice(pending.serversCount ?? record.servers.length);
      releaseCapacity(state, record, removed.length);
      break;
    }
    case 'stop':
      record.status = 'shutoff';
      // A shelved virtual server gives its GPU back; a bare-metal one is only powered off.
      if (record.kind === 'virtual') {
        releaseCapacity(state, record, record.servers.length);
        record.holdsCapacity = false;
      }
      return { removed: false };
    default:
      break;
  }
  for (const server of record.servers) server.building = false;
  record.status = 'active';
  return { removed: false };
}

/** A create or a deletion that fails leaves the cluster in error; a start leaves it off; anything else breaks a server. */
function failed(state: GpuState, record: GpuClusterRecord, pending: PendingGpuChange): { removed: boolean } {
  if (pending.change === 'create' || pending.change === 'delete') {
    record.status = 'error';
    if (pending.change === 'create') for (const server of record.servers) server.failed = true;
  } else if (pending.change === 'start') {
    if (record.kind === 'virtual') {
      releaseCapacity(state, record, record.servers.length);
      record.holdsCapacity = false;
    }
  } else {
    const broken =
      record.servers.find((server) => server.building) ??
      record.servers.find((server) => server.id === pending.serverId) ??
      record.servers[0];
    if (broken) broken.failed = true;
    for (const server of record.servers) server.building = false;
    record.status = 'degraded';
  }
  return { removed: false };
}
