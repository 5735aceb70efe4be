import { randomUUID } from 'node:crypto';

export interface TaskRecord {
  id: string;
  taskType: string;
  projectId: number;
  regionId: number;
  containerName: string;
  createdAtMs: number;
  /** The failure it ends with, or undefined when it succeeds. */
  error?: string;
}

/** How long a task stays NEW, then RUNNING, before it ends. */
export interface TaskTimings {
  newMs: number;
  runningMs: number;
}

export const DEFAULT_TASK_TIMINGS: TaskTimings = { newMs: 300, runningMs: 1_200 };

/** The tasks the emulator's updates started; their state follows from their age. */
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

  start(task: Omit<TaskRecord, 'id' | 'createdAtMs'>): TaskRecord {
    const record: TaskRecord = { ...task, id: randomUUID(), createdAtMs: Date.now() };
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

  /** The task as `GET /cloud/v1/tasks/{id}` answers. */
  view(task: TaskRecord, realNow = Date.now()): Record<string, unknown> {
    const now = this.heldAtMs === undefined ? realNow : Math.max(task.createdAtMs, Math.min(realNow, this.heldAtMs));
    const age = now - task.createdAtMs;
    const ended = age >= this.timings.newMs + this.timings.runningMs;
    const state = !ended ? (age < this.timings.newMs ? 'NEW' : 'RUNNING') : task.error === undefined ? 'FINISHED' : 'ERROR';
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      id: task.id,
      task_type: task.taskType,
      state,
      error: state === 'ERROR' ? task.error : null,
      created_on: iso(task.createdAtMs),
      updated_on: iso(Math.min(now, task.createdAtMs + this.timings.newMs + this.timings.runningMs)),
      finished_on: ended ? iso(task.createdAtMs + this.timings.newMs + this.timings.runningMs) : null,
      project_id: task.projectId,
      region_id: task.regionId,
      created_resources: ended && task.error === undefined ? { caas_containers: [task.containerName] } : null,
    };
  }

  reset(): void {
    this.heldAtMs = undefined;
    this.tasks.clear();
  }
}
