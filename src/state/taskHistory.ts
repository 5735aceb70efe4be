import type * as vscode from 'vscode';
import { sameResource, type ChangeSubject, type TaskEnd, type TrackedTask } from '../loaders/taskPoller';
import { taskErrorText } from '../models/task';

/** A task started here, as the Tasks section shows it and as a window reload finds it again. */
export interface TaskRecord {
  id: string;
  subject?: ChangeSubject;
  /** When tracking began, in ms since the epoch. */
  startedAtMs: number;
  /** The last state Gcore reported (NEW, RUNNING, FINISHED, ERROR), if any came. */
  state?: string;
  taskType?: string;
  /** The task's own failure text (ERROR), on one line, at most ERROR_KEPT characters. */
  error?: string;
  /** How the tracking ended; absent while the task is followed. */
  end?: TaskEnd['kind'];
  endedAtMs?: number;
}

const STORAGE_KEY = 'gcore.tasks';
/** Ended tasks kept for the Tasks section, the newest first; tasks still followed are always kept. */
const ENDED_KEPT = 20;
/**
 * How much of a task's error is kept, and shown in the Tasks section's hover: Gcore's text can be a whole
 * build log, and every write stores the whole list.
 */
export const ERROR_KEPT = 1_000;

/** A subject as stored, read back; undefined when it cannot be read (the task is then named by its id). */
export type SubjectReader = (stored: unknown) => ChangeSubject | undefined;

/**
 * The tasks started here, in `globalState`: those still followed (resumed after a reload) and the last
 * few that ended. Writes are queued so that quick changes land in order.
 */
export class TaskHistory {
  private writing: Thenable<void> = Promise.resolve();
  /** Read once; afterwards this copy is the truth and each change is written behind it. */
  private records: TaskRecord[] | undefined;

  /**
   * `readSubject` reads a stored subject, also one an earlier version stored in a shape of its own (the kinds of
   * change know theirs), so it is asked only once they are registered: on the first read. `onWriteFailed` hears
   * of a write that failed; the next change writes the whole list again.
   */
  constructor(
    private readonly memento: vscode.Memento,
    private readonly readSubject: SubjectReader,
    private readonly onWriteFailed: (error: unknown) => void = () => undefined,
  ) {}

  /** The newest first. */
  all(): TaskRecord[] {
    if (!this.records) {
      const stored = this.memento.get<unknown>(STORAGE_KEY);
      this.records = Array.isArray(stored) ? stored.filter(isTaskRecord).map((record) => this.read(record)) : [];
    }
    return [...this.records];
  }

  unfinished(): TaskRecord[] {
    return this.all().filter((record) => record.end === undefined);
  }

  /**
   * Records what the poller knows of these tasks now, in one write; false when that is what was recorded
   * already (most rounds of a long task), and nothing is written then.
   */
  record(tasks: readonly TrackedTask[], nowMs: number): boolean {
    const records = this.all();
    const previous = new Map(records.map((record) => [record.id, record]));
    const fresh = new Map<string, TaskRecord>();
    for (const tracked of tasks) {
      const before = fresh.get(tracked.id) ?? previous.get(tracked.id);
      const record = recordOf(tracked, before, nowMs);
      if (
        !before ||
        before.state !== record.state ||
        before.end !== record.end ||
        before.error !== record.error ||
        renamed(before, record)
      ) {
        fresh.set(tracked.id, record);
      }
    }
    if (fresh.size === 0) return false;
    const others = records.filter((entry) => !fresh.has(entry.id));
    const merged = [...fresh.values(), ...others].sort((a, b) => b.startedAtMs - a.startedAtMs);
    const ended = new Set(merged.filter((entry) => entry.end !== undefined).slice(0, ENDED_KEPT));
    const kept = merged.filter((entry) => entry.end === undefined || ended.has(entry));
    this.records = kept;
    // Each write stores the whole list, so one that failed must not keep the later ones from running.
    this.writing = this.writing.then(() => this.memento.update(STORAGE_KEY, kept)).then(undefined, this.onWriteFailed);
    return true;
  }

  /** Resolves once every change recorded so far is stored. */
  stored(): Thenable<void> {
    return this.writing;
  }

  private read(stored: StoredRecord): TaskRecord {
    const { subject, ...record } = stored;
    const read = this.readSubject(subject);
    return read ? { ...record, subject: read } : record;
  }
}

/** The task's resource got the name it keeps (a new GPU cluster its id): what a reload follows it under changed. */
function renamed(before: TaskRecord, record: TaskRecord): boolean {
  return before.subject !== undefined && record.subject !== undefined && !sameResource(before.subject, record.subject);
}

function recordOf(tracked: TrackedTask, previous: TaskRecord | undefined, nowMs: number): TaskRecord {
  const task = tracked.end && 'task' in tracked.end ? tracked.end.task : tracked.task;
  return {
    id: tracked.id,
    subject: tracked.subject ?? previous?.subject,
    startedAtMs: tracked.startedAtMs,
    state: task?.state ?? previous?.state,
    taskType: typeof task?.task_type === 'string' ? task.task_type : previous?.taskType,
    error: taskErrorText(task?.error, ERROR_KEPT) ?? previous?.error,
    end: tracked.end?.kind,
    endedAtMs: tracked.end ? (previous?.endedAtMs ?? nowMs) : undefined,
  };
}

/** A record as globalState holds it: its subject in the shape of the version that stored it. */
type StoredRecord = Omit<TaskRecord, 'subject'> & { subject?: unknown };

function isTaskRecord(value: unknown): value is StoredRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<StoredRecord>;
  return typeof record.id === 'string' && record.id !== '' && typeof record.startedAtMs === 'number' && Number.isFinite(record.startedAtMs);
}
