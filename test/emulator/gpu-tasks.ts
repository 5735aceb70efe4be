import type { GpuKind } from './gpu-kind';
import type { TaskTimings } from './task-store';

/** What a GPU cluster task does; each kind has its own task type for it (docs: gpu-notes.md §2.3). */
export type GpuTaskChange =
  'create' | 'delete' | 'delete_server' | 'upscale' | 'downscale' | 'start' | 'stop' | 'soft_reboot' | 'hard_reboot';

const BAREMETAL_TASK_TYPES: Record<GpuTaskChange, string> = {
  create: 'create_ai_cluster_gpu',
  delete: 'delete_ai_cluster_gpu',
  // The v1 node delete shrinks the cluster by the node named.
  delete_server: 'downscale_ai_cluster_gpu',
  upscale: 'upscale_ai_cluster_gpu',
  downscale: 'downscale_ai_cluster_gpu',
  start: 'start_gpu_baremetal_cluster',
  stop: 'stop_gpu_baremetal_cluster',
  soft_reboot: 'soft_reboot_gpu_baremetal_cluster',
  hard_reboot: 'hard_reboot_gpu_baremetal_cluster',
};

export function gpuTaskType(kind: GpuKind, change: GpuTaskChange): string {
  if (kind === 'baremetal') return BAREMETAL_TASK_TYPES[change];
  return change === 'delete_server' ? 'delete_gpu_virtual_server' : `${change}_gpu_virtual_cluster`;
}

/** The `detailed_state` steps a task goes through while it runs (TaskSerializer's enum); a reboot names none. */
export const GPU_TASK_STEPS: Record<GpuTaskChange, readonly string[]> = {
  create: ['NETWORK', 'POST_DEPLOY_SETUP'],
  delete: ['CLUSTER_CLEAN_UP'],
  delete_server: ['CLUSTER_RESIZE'],
  upscale: ['CLUSTER_RESIZE'],
  downscale: ['CLUSTER_RESIZE'],
  start: ['CLUSTER_RESUME'],
  stop: ['CLUSTER_SUSPEND'],
  soft_reboot: [],
  hard_reboot: [],
};

/** How long each GPU cluster task stays NEW, then RUNNING. */
export interface GpuTimings {
  create: Record<GpuKind, TaskTimings>;
  resize: Record<GpuKind, TaskTimings>;
  /** Start, stop and the reboots. */
  power: TaskTimings;
  /** A cluster's or a server's deletion. */
  delete: TaskTimings;
}

const minutes = (count: number): number => count * 60_000;

/** As long as Gcore takes (virtual create 3–8 min, bare metal 15–20 min; a resize about as long as a create). */
export const REALISTIC_GPU_TIMINGS: GpuTimings = {
  create: { virtual: { newMs: 5_000, runningMs: minutes(5) }, baremetal: { newMs: 5_000, runningMs: minutes(16) } },
  resize: { virtual: { newMs: 3_000, runningMs: minutes(4) }, baremetal: { newMs: 3_000, runningMs: minutes(15) } },
  power: { newMs: 2_000, runningMs: minutes(1) },
  delete: { newMs: 2_000, runningMs: minutes(1.5) },
};

/** The seeded cluster being created stays so for half an hour, so that the playground always shows one. */
export const SEEDED_CREATE_TIMINGS: TaskTimings = { newMs: 5_000, runningMs: minutes(30) };

/**
 * The emulator's time options shorten GPU tasks as they do container tasks: `createTimings` every create,
 * `taskTimings` every other GPU task. Without them GPU tasks take as long as Gcore's.
 */
export function gpuTimings(createTimings?: TaskTimings, taskTimings?: TaskTimings): GpuTimings {
  return {
    create: createTimings ? { virtual: createTimings, baremetal: createTimings } : REALISTIC_GPU_TIMINGS.create,
    resize: taskTimings ? { virtual: taskTimings, baremetal: taskTimings } : REALISTIC_GPU_TIMINGS.resize,
    power: taskTimings ?? REALISTIC_GPU_TIMINGS.power,
    delete: taskTimings ?? REALISTIC_GPU_TIMINGS.delete,
  };
}

/** A GPU task a test wants to fail: the next one of the kind and change given (any when left out). */
export interface GpuTaskFailure {
  kind?: GpuKind;
  change?: GpuTaskChange;
  /** The task's `error`; Gcore's usual words for the change when left out. */
  error?: string;
}

const DEFAULT_ERRORS: Record<GpuTaskChange, string> = {
  create: 'Failed to create GPU cluster: No valid host was found. There are not enough hosts available.',
  delete: 'Failed to delete GPU cluster: timed out waiting for servers to be deleted',
  delete_server: 'Failed to delete server: timed out waiting for the server to be deleted',
  upscale: 'Failed to add servers: No valid host was found. There are not enough hosts available.',
  downscale: 'Failed to remove servers: timed out waiting for the server to be deleted',
  start: 'Failed to start servers: No valid host was found. There are not enough hosts available.',
  stop: 'Failed to stop servers: timed out waiting for the servers to shut down',
  soft_reboot: 'Failed to reboot servers: timed out waiting for the servers to come back',
  hard_reboot: 'Failed to reboot servers: timed out waiting for the servers to come back',
};

/** The failures tests queued; each fails one task, the first queued that matches first. */
export class GpuTaskFailures {
  private queued: GpuTaskFailure[] = [];

  add(failure: GpuTaskFailure): void {
    this.queued.push({ ...failure });
  }

  /** The error the next task of this kind and change ends with, or undefined when it succeeds. */
  take(kind: GpuKind, change: GpuTaskChange): string | undefined {
    const failure = this.queued.find((queued) => (queued.kind ?? kind) === kind && (queued.change ?? change) === change);
    if (!failure) return undefined;
    this.queued = this.queued.filter((queued) => queued !== failure);
    return failure.error ?? DEFAULT_ERRORS[change];
  }

  clear(): void {
    this.queued = [];
  }
}
