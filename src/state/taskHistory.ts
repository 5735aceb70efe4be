import type * as vscode from 'vscode';
import type { TaskEnd, TaskSubject, TrackedTask } from '../loaders/taskPoller';

/** A task started here, as the Tasks section shows it and as a window reload finds it again. */
export interface TaskRecord {
  id: string;
  subject?: TaskSubject;
  /** When tracking began, in ms since the epoch. */
  startedAtMs: number;
  /** The last state Gcore reported (NEW, RUNNING, FINISHED, ERROR), if any came. */
  state?: string;
  taskType?: string;
  /** The task's own failure text (ERROR). */
  error?: string;
  /** How the tracking ended; absent while the task is followed. */
  end?: TaskEnd['kind'];
  endedAtMs?: number;
}

const STORAGE_KEY = 'gcore.tasks';
/** Ended tasks kept for the Tasks section, the newest first; tasks still followed are always kept. */
const ENDED_KEPT = 20;

/**
 * The tasks started here, in `globalState`: those still followed (resumed after a reload) and the last
 * few that ended. Writes are queued so that quick changes land in order.
 */
export class TaskHistory {
  private writing: Thenable<void> = Promise.resolve();
  /** Read once; afterwards this copy is the truth and each change is written behind it. */
  private records: TaskRecord[] | undefined;

  constructor(private readonly memento: vscode.Memento) {}

  /** The newest first. */
  all(): TaskRecord[] {
    if (!this.records) {
      const stored = this.memento.get<unknown>(STORAGE_KEY);
      this.records = Array.isArray(stored) ? stored.filter(isTaskRecord) : [];
    }
    return [...this.records];
  }

  unfinished(): TaskRecord[] {
    return this.all().filter((record) => record.end === undefined);
  }

  /**
   * Records what the poller knows of a task now; false when that is what was recorded already (most rounds
   * of a long task), and nothing is written then.
   */
  record(tracked: TrackedTask, nowMs: number): boolean {
    const records = this.all();
    const previous = records.find((record) => record.id === tracked.id);
    const task = tracked.end && 'task' in tracked.end ? tracked.end.task : tracked.task;
    const record: TaskRecord = {
      id: tracked.id,
      subject: tracked.subject ?? previous?.subject,
      startedAtMs: tracked.startedAtMs,
      state: task?.state ?? previous?.state,
      taskType: typeof task?.task_type === 'string' ? task.task_type : previous?.taskType,
      error: typeof task?.error === 'string' && task.error !== '' ? task.error : previous?.error,
      end: tracked.end?.kind,
      endedAtMs: tracked.end ? (previous?.endedAtMs ?? nowMs) : undefined,
    };
    if (previous && previous.state === record.state && previous.end === record.end && previous.error === record.error) return false;
    const others = records.filter((entry) => entry.id !== tracked.id);
    const merged = [record, ...others].sort((a, b) => b.startedAtMs - a.startedAtMs);
    const ended = merged.filter((entry) => entry.end !== undefined).slice(0, ENDED_KEPT);
    const kept = merged.filter((entry) => entry.end === undefined || ended.includes(entry));
    this.records = kept;
    this.writing = this.writing.then(() => this.memento.update(STORAGE_KEY, kept));
    return true;
  }

  /** Resolves once every change recorded so far is stored. */
  stored(): Thenable<void> {
    return this.writing;
  }
}

function isTaskRecord(value: unknown): value is TaskRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<TaskRecord>;
  return typeof record.id === 'string' && record.id !== '' && typeof record.startedAtMs === 'number' && Number.isFinite(record.startedAtMs);
}
