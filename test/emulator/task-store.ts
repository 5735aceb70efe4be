import { randomUUID } from 'node:crypto';

export interface TaskRecord {
  id: string;
  taskType: string;
  projectId: number;
  regionId: number;
  /** The container it changes; a finished task that is no deletion names it in `created_resources`. */
  containerName?: string;
  /** What a finished task reports in `created_resources`, for a task that changes no container. */
  createdResources?: Record<string, string[]>;
  /** The task's parameters, as Gcore's `data` holds them. */
  data?: Record<string, unknown>;
  /** The steps `detailed_state` names while it runs, spread evenly over its running time (GPU cluster tasks). */
  detailedStates?: readonly string[];
  createdAtMs: number;
  /** The failure it ends with, or undefined when it succeeds. */
  error?: string;
  /** Its own timings, when its kind takes longer than an update (a create does). */
  timings?: TaskTimings;
}

export type TaskState = 'NEW' | 'RUNNING' | 'FINISHED' | 'ERROR';

/** How long a task stays NEW, then RUNNING, before it ends. */
export interface TaskTimings {
  newMs: number;
  runningMs: number;
}

export const DEFAULT_TASK_TIMINGS: TaskTimings = { newMs: 300, runningMs: 1_200 };
/** A create takes longer than an update (30–60 s at Gcore); shorter here so that tests and the playground move on. */
export const DEFAULT_CREATE_TIMINGS: TaskTimings = { newMs: 1_000, runningMs: 3_000 };

/** The tasks the emulator's writes started (updates, creates, deletions); their state follows from their age. */
export class TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  /** While set, time stands still for tasks: none moves on or ends (a test's slow task). */
  private heldAtMs: number | undefined;

  constructor(private readonly timings: TaskTimings = DEFAULT_TASK_TIMINGS) {}

  /** Stops every task where it stands (a task started meanwhile stays NEW) until `release`. */
  hold(): void {
    this.heldAtMs ??= Date.now();
  }

  /** Lets the tasks go on from where they stood, as if no time had passed while held. */
  release(): void {
    if (this.heldAtMs === undefined) return;
    const pausedMs = Date.now() - this.heldAtMs;
    for (const task of this.tasks.values()) task.createdAtMs += pausedMs;
    this.heldAtMs = undefined;
  }

  /** Moves every task on by `ms`, as if that much time had passed: a test's way to end a long task at once. */
  advance(ms: number): void {
    for (const task of this.tasks.values()) task.createdAtMs -= ms;
  }

  /** `timings` replaces the store's for this task alone. */
  start(task: Omit<TaskRecord, 'id' | 'createdAtMs' | 'timings'>, timings?: TaskTimings): TaskRecord {
    const record: TaskRecord = { ...task, id: randomUUID(), createdAtMs: Date.now(), timings };
    this.tasks.set(record.id, record);
    return record;
  }

  /** Every task, newest first (the order Gcore's task list answers in). */
  newestFirst(): TaskRecord[] {
    return [...this.tasks.values()].reverse().sort((a, b) => b.createdAtMs - a.createdAtMs);
  }

  find(id: string): TaskRecord | undefined {
    return this.tasks.get(id);
  }

  /** Where a task stands, without building the whole answer (a list of thousands asks this per row). */
  progress(id: string, realNow = Date.now()): { state: TaskState; error: string | null } | undefined {
    const task = this.tasks.get(id);
    if (!task) return undefined;
    const state = this.stateAt(task, this.clock(task, realNow));
    return { state, error: state === 'ERROR' ? (task.error ?? null) : null };
  }

  /** The task as `GET /cloud/v1/tasks/{id}` answers. */
  view(task: TaskRecord, realNow = Date.now()): Record<string, unknown> {
    const now = this.clock(task, realNow);
    const state = this.stateAt(task, now);
    const endsAt = task.createdAtMs + this.totalMs(task);
    const ended = state === 'FINISHED' || state === 'ERROR';
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      id: task.id,
      task_type: task.taskType,
      state,
      error: state === 'ERROR' ? task.error : null,
      created_on: iso(task.createdAtMs),
      updated_on: iso(Math.min(now, endsAt)),
      finished_on: ended ? iso(endsAt) : null,
      project_id: task.projectId,
      region_id: task.regionId,
      created_resources: state === 'FINISHED' ? createdResources(task) : null,
      data: task.data ?? null,
      detailed_state: this.detailedState(task, state, now),
    };
  }

  reset(): void {
    this.heldAtMs = undefined;
    this.tasks.clear();
  }

  /** The step under way while it runs, then FINISHED or ERROR, for a task that names steps; null otherwise. */
  private detailedState(task: TaskRecord, state: TaskState, now: number): string | null {
    const steps = task.detailedStates;
    if (!steps || steps.length === 0 || state === 'NEW') return null;
    if (state !== 'RUNNING') return state;
    const timings = task.timings ?? this.timings;
    const runningFor = now - task.createdAtMs - timings.newMs;
    return steps[Math.min(steps.length - 1, Math.floor((runningFor / Math.max(1, timings.runningMs)) * steps.length))];
  }

  /** The time as the task sees it: it stands still while tasks are held. */
  private clock(task: TaskRecord, realNow: number): number {
    return this.heldAtMs === undefined ? realNow : Math.max(task.createdAtMs, Math.min(realNow, this.heldAtMs));
  }

  private totalMs(task: TaskRecord): number {
    const timings = task.timings ?? this.timings;
    return timings.newMs + timings.runningMs;
  }

  private stateAt(task: TaskRecord, now: number): TaskState {
    const age = now - task.createdAtMs;
    if (age >= this.totalMs(task)) return task.error === undefined ? 'FINISHED' : 'ERROR';
    return age < (task.timings ?? this.timings).newMs ? 'NEW' : 'RUNNING';
  }
}

/** A deletion leaves nothing behind to name; a container task names its container. */
function createdResources(task: TaskRecord): Record<string, string[]> | null {
  if (task.createdResources) return task.createdResources;
  if (task.containerName === undefined || task.taskType.startsWith('delete_')) return null;
  return { caas_containers: [task.containerName] };
}
