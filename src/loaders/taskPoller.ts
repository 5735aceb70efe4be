import * as l10n from '@vscode/l10n';
import { TASK_LIST_MAX_LIMIT, type TaskListPage, type TaskListQuery } from '../api/accountClient';
import { isEndpointMissing, isGcoreApiError } from '../api/errors';
import type { Task } from '../api/types';
import type { ProjectRegionRef } from '../core/projectRegion';
import { utcTimeMs } from '../core/utcTime';
import { ConcurrencyLimit } from './concurrencyLimit';

/**
 * What a tracked task was started for, so that its row and its end can name it: a change of one resource.
 * The poller only carries it; the kind of resource says what the rest means (views/changeKinds.ts).
 */
export interface ChangeSubject extends ProjectRegionRef {
  /** The kind of resource, as its area registers it ("container"). */
  kind: string;
  /** What identifies the resource where it lives (its name, or its id where names repeat). */
  name: string;
  /** What people call it, when that is not `name` (a GPU cluster's name, its id being `name`). */
  label?: string;
  /** What the change does to it ("update", "create", "delete", …), in the kind's terms. */
  action: string;
}

/** The resource as people call it: its label, or its name. */
export function subjectTitle(subject: Pick<ChangeSubject, 'name' | 'label'>): string {
  return subject.label ?? subject.name;
}

/** Whether two subjects name the same resource: its kind, place and name (the label and action aside). */
export function sameResource(a: ChangeSubject, b: ChangeSubject): boolean {
  return a.kind === b.kind && a.projectId === b.projectId && a.regionId === b.regionId && a.name === b.name;
}

/** How the tracking of one task ended. Only `finished` and `error` are ends of the task itself. */
export type TaskEnd =
  | { kind: 'finished' | 'error'; task: Task }
  /** Gcore does not know the task (404). */
  | { kind: 'notFound' }
  /** `gcore.tasks.timeoutMinutes` passed first: the task still runs at Gcore. */
  | { kind: 'timedOut' }
  /** Stop Watching, or a wait that gave up: the task goes on at Gcore. */
  | { kind: 'stopped' }
  /** The key was refused: every tracking stops. */
  | { kind: 'unauthorized'; error: unknown };

export interface TrackedTask {
  readonly id: string;
  /** Named again once the resource has the name it keeps (a new GPU cluster listed with its id): see `rename`. */
  subject?: ChangeSubject;
  /** When tracking began, in ms since the epoch (it survives a window reload). */
  readonly startedAtMs: number;
  /** The task as last read; undefined until the first answer. */
  task?: Task;
  /** Set once, when tracking ends. */
  end?: TaskEnd;
}

/** Time as the poller sees it; tests pass a fake one. */
export interface PollerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_CLOCK: PollerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PollerOptions {
  fetchTask(id: string, signal: AbortSignal): Promise<Task>;
  /**
   * One page of Gcore's task list (`GET /cloud/v1/tasks`). Given, a round asks the list which followed tasks
   * are unfinished and reads only those that left it; without it, or once the API answers that it has no
   * such list, a round asks for every unfinished task on its own.
   */
  listTasks?(query: TaskListQuery, signal: AbortSignal): Promise<TaskListPage>;
  /** Read before every round, so that a changed setting applies at once. */
  settings(): { intervalMs: number; timeoutMs: number };
  clock?: PollerClock;
}

/** Changes sent here whose tasks are remembered by their subject (one change has a task or two). */
const SUBJECTS_KEPT = 200;
/** Task requests in flight at once, however many tasks are followed. */
const REQUESTS_AT_ONCE = 4;
/** The task list's states of a task under way, and of one that ended. */
const UNFINISHED_STATES: readonly string[] = ['NEW', 'RUNNING'];
const ENDED_STATES: readonly string[] = ['FINISHED', 'ERROR'];
/** Tasks that left the list are read one by one up to this many; more are read with one list request. */
const READ_ONE_BY_ONE = 2;
/** Pages of unfinished tasks a round reads at most; a followed task past them is read as one that left. */
const LIST_PAGES = 10;
/** Taken off the earliest creation time a round asks from, against rounding and clocks that disagree. */
const CREATION_MARGIN_MS = 60_000;
// A Map, not an object: Gcore's state is a word like any other, `constructor` included.
const TERMINAL: ReadonlyMap<string, 'finished' | 'error'> = new Map<string, 'finished' | 'error'>([
  ['FINISHED', 'finished'],
  ['ERROR', 'error'],
]);

/**
 * Follows tasks to their end, all of them in one loop: a round starts every interval and asks once for
 * every unfinished task whose last request has answered, at most a few at a time; no timer exists while
 * nothing is tracked. A round's changes reach the batch listeners together, when its answers are in or when
 * the next round starts, whichever comes first, so one slow request holds back nothing. A failure that may
 * pass (5xx, 429, the network) leaves a task tracked; 404 ends that task; 401 ends every one, since no other
 * answer will come with that key.
 *
 * Given the task list (`listTasks`), a round asks it once for the unfinished tasks (NEW, RUNNING), narrowed by
 * the followed tasks' projects, regions and earliest creation time where all are known, a page of 1000 while
 * they fit; a followed task it lists is read from it, and one absent has left it: those are read one by one
 * when one or two left, otherwise with one request on the list of ended tasks (FINISHED, ERROR), one by one
 * for any not found there. A round runs only when the one before has answered. An API without the list (404,
 * 405, 501, or an answer that is not a list) is asked one request per task from then on, silently.
 */
export class TaskPoller {
  private readonly tasks = new Map<string, TrackedTask>();
  /** The tracked tasks not ended yet, kept as they start and end: a round asks for them more than once. */
  private readonly open = new Set<TrackedTask>();
  /**
   * The narrowing of the unfinished tasks' list, kept until a task starts, ends or reads with another project,
   * region or creation time: it is the same round after round, and working it out reads every followed task.
   */
  private openNarrowing: Narrowing | undefined;
  /** What the tasks of changes sent here change, for whoever follows them later; the newest are kept. */
  private readonly subjects = new Map<string, ChangeSubject>();
  private readonly listeners = new Set<(task: TrackedTask) => void>();
  private readonly batchListeners = new Set<(tasks: readonly TrackedTask[]) => void>();
  /** The tasks changed since the batch listeners last heard, in the order they changed. */
  private readonly changed = new Set<TrackedTask>();
  /** Each task asked for and not answered yet, with the way to cancel its request. */
  private readonly inFlight = new Map<string, AbortController>();
  private readonly limit = new ConcurrencyLimit(REQUESTS_AT_ONCE);
  private readonly clock: PollerClock;
  private timer: unknown;
  private disposed = false;
  /** The task-list requests of the round under way, until they have answered (its single reads may go on). */
  private listRound: { cancel: AbortController } | undefined;
  /**
   * What cancels a round's task-list requests. Rounds run one after another, so one serves round after round
   * until it is used (making one costs a measurable share of a round's CPU time).
   */
  private listCancel = new AbortController();
  /** The API answered that it has no task list: every round asks task by task. */
  private listMissing = false;
  /**
   * Whether a round narrows the list by project, region and creation time. A task absent from the narrowed
   * list and still under way when read says the narrowing misses tasks: rounds ask unnarrowed from then on.
   */
  private narrowing = true;
  /**
   * No followed task started before this (ms since the epoch; lower once a task that started first has ended):
   * a round looks for timed-out tasks only once the timeout has passed since it.
   */
  private earliestStartMs = Number.POSITIVE_INFINITY;
  /** Tasks tracked so far, counted: a round tells by it whether its list can show tasks it did not follow. */
  private trackedCount = 0;

  constructor(private readonly options: PollerOptions) {
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  /**
   * Starts following tasks (again, after a reload: pass when they were first tracked). A task already
   * followed is left as it is. Returns the tracked entries, in the order of the ids.
   */
  track(ids: readonly string[], subject?: ChangeSubject, startedAtMs = this.clock.now()): TrackedTask[] {
    const tracked = ids.map((id) => {
      const existing = this.tasks.get(id);
      if (existing && !existing.end) return existing;
      const task: TrackedTask = { id, subject: subject ?? this.subjects.get(id), startedAtMs };
      this.tasks.set(id, task);
      this.open.add(task);
      this.trackedCount += 1;
      this.earliestStartMs = Math.min(this.earliestStartMs, startedAtMs);
      this.openNarrowing = undefined;
      this.emit(task);
      return task;
    });
    this.deliver();
    this.schedule();
    return tracked;
  }

  /**
   * Notes what the tasks of a change sent here change, without following them: a script that sends it and
   * then waits (`gcore.waitForTasks`) sees them named by their resource. Nothing is asked.
   */
  remember(ids: readonly string[], subject: ChangeSubject): void {
    for (const id of ids) {
      this.subjects.delete(id);
      this.subjects.set(id, subject);
    }
    for (const id of this.subjects.keys()) {
      if (this.subjects.size <= SUBJECTS_KEPT) break;
      this.subjects.delete(id);
    }
  }

  /**
   * The tasks followed under `from` (ended ones too, whose end may still be told) are under `to` from now on: a
   * resource first named before it had the name it keeps. Returns them; their state did not change, so no
   * listener hears of it: the caller records the new name.
   */
  rename(from: ChangeSubject, to: ChangeSubject): TrackedTask[] {
    const renamed: TrackedTask[] = [];
    for (const task of this.tasks.values()) {
      if (task.subject && sameResource(task.subject, from)) {
        task.subject = to;
        renamed.push(task);
      }
    }
    return renamed;
  }

  /** Stop Watching: the task is no longer asked for; it goes on at Gcore. */
  stop(id: string): void {
    this.stopTasks([id]);
  }

  /** The settings changed: a wait already begun starts again with the new interval. */
  reschedule(): void {
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule();
  }

  /**
   * The API may have changed (another base URL, another key): the next round asks the task list again, as
   * broadly as at first, even if this one had none.
   */
  resetApiSupport(): void {
    this.listMissing = false;
    this.narrowing = true;
    this.openNarrowing = undefined;
  }

  /** Stops following every task (they go on at Gcore). */
  stopAll(): void {
    this.stopTasks(this.unfinished().map((task) => task.id));
  }

  /** The tasks still followed. */
  unfinished(): TrackedTask[] {
    return [...this.open];
  }

  get(id: string): TrackedTask | undefined {
    return this.tasks.get(id);
  }

  /** Whether a timer is waiting for the next round (none while nothing is tracked). */
  get isScheduled(): boolean {
    return this.timer !== undefined;
  }

  /** Called on every change of a tracked task: tracked, read, ended. Returns the way to stop listening. */
  onDidChange(listener: (task: TrackedTask) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called with the tasks that changed, together: once a round, and once for each call that tracks or stops
   * tasks. For what costs the same for one task as for many (a write to globalState, a redraw).
   */
  onDidChangeTasks(listener: (tasks: readonly TrackedTask[]) => void): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }

  /**
   * Resolves once every one of the tasks has ended, in the order of the ids. Tasks this wait started
   * following are stopped when it gives up, when `timeoutMs` passes first: then it rejects with the ids still
   * unfinished.
   */
  waitFor(ids: readonly string[], timeoutMs: number): Promise<TrackedTask[]> {
    const added = ids.filter((id) => !this.tasks.get(id) || this.tasks.get(id)?.end);
    const tracked = this.track(ids);
    return new Promise((resolve, reject) => {
      const settleIfDone = (): boolean => {
        if (!tracked.every((task) => task.end)) return false;
        finish();
        resolve(tracked);
        return true;
      };
      const timer = this.clock.setTimeout(() => {
        finish();
        const open = tracked.filter((task) => !task.end);
        this.stopTasks(open.filter((task) => added.includes(task.id)).map((task) => task.id));
        reject(new TaskWaitTimeout(open.map((task) => task.id)));
      }, timeoutMs);
      const unsubscribe = this.onDidChange(() => void settleIfDone());
      const finish = () => {
        this.clock.clearTimeout(timer);
        unsubscribe();
      };
      settleIfDone();
    });
  }

  dispose(): void {
    this.disposed = true;
    this.listRound?.cancel.abort();
    for (const request of this.inFlight.values()) request.abort();
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
    this.batchListeners.clear();
  }

  private schedule(): void {
    if (this.disposed || this.timer !== undefined || this.open.size === 0) return;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        this.runRound();
      },
      Math.max(1, this.options.settings().intervalMs),
    );
  }

  private unscheduleIfIdle(): void {
    if (this.open.size > 0) return;
    // Its answer is not needed; a round that starts before the cancelled one has unwound is not held back.
    this.listRound?.cancel.abort();
    this.listRound = undefined;
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private stopTasks(ids: readonly string[]): void {
    for (const id of ids) {
      const task = this.tasks.get(id);
      if (task && !task.end) this.end(task, { kind: 'stopped' });
    }
    this.deliver();
    this.unscheduleIfIdle();
  }

  /** The round before ends here, answered or not; a task still waiting for its answer is not asked twice. */
  private runRound(): void {
    const { timeoutMs } = this.options.settings();
    const now = this.clock.now();
    // A round goes through every followed task only when one of them may have timed out.
    if (now - this.earliestStartMs >= timeoutMs) {
      this.earliestStartMs = Number.POSITIVE_INFINITY;
      for (const task of this.unfinished()) {
        if (now - task.startedAtMs >= timeoutMs) this.end(task, { kind: 'timedOut' });
        else this.earliestStartMs = Math.min(this.earliestStartMs, task.startedAtMs);
      }
    }
    this.deliver();
    const { listTasks } = this.options;
    if (listTasks && !this.listMissing) {
      if (!this.listRound && this.open.size > 0) void this.roundThroughList(listTasks.bind(this.options));
    } else {
      this.askEachUnfinished();
    }
    this.schedule();
  }

  private askEachUnfinished(): void {
    for (const task of this.unfinished()) if (!this.inFlight.has(task.id)) void this.ask(task);
  }

  private async roundThroughList(listTasks: NonNullable<PollerOptions['listTasks']>): Promise<void> {
    if (this.listCancel.signal.aborted) this.listCancel = new AbortController();
    const round = { cancel: this.listCancel };
    this.listRound = round;
    try {
      await this.followThroughList(listTasks, round.cancel.signal);
    } finally {
      if (this.listRound === round) this.listRound = undefined;
    }
    if (this.inFlight.size === 0) this.deliver();
    this.unscheduleIfIdle();
  }

  /** One round on the task list: the unfinished tasks, then the followed ones that left it. */
  private async followThroughList(listTasks: NonNullable<PollerOptions['listTasks']>, signal: AbortSignal): Promise<void> {
    const followed = this.unfinished();
    const trackedBefore = this.trackedCount;
    this.openNarrowing ??= this.narrowingOf(followed);
    const listed = new Set<TrackedTask>();
    const read = await this.readList(listTasks, { ...this.openNarrowing, states: UNFINISHED_STATES }, LIST_PAGES, signal, (task) => {
      const tracked = this.tasks.get(task.id);
      if (tracked === undefined || tracked.end) return;
      listed.add(tracked);
      this.take(tracked, { read: task });
    });
    if (!read) return;
    // Most rounds the list shows every followed task, and only those when none was tracked since it was asked:
    // nothing left it, and the followed tasks are not gone through again.
    if (this.trackedCount === trackedBefore && listed.size === followed.length) return;
    const left = followed.filter((task) => !task.end && !listed.has(task) && !this.inFlight.has(task.id));
    if (left.length > READ_ONE_BY_ONE) {
      const ended = new Map<string, Task>();
      if (
        !(await this.readList(listTasks, { ...this.narrowingOf(left), states: ENDED_STATES }, 1, signal, (task) =>
          ended.set(task.id, task),
        ))
      ) {
        return;
      }
      for (const task of left) {
        const endedTask = ended.get(task.id);
        if (endedTask && !task.end) this.take(task, { read: endedTask });
      }
    }
    for (const task of left) if (!task.end && !this.inFlight.has(task.id)) void this.ask(task, true);
  }

  /**
   * Up to `pages` pages of the list, each task given to `onTask` as its page comes; false when a page failed:
   * then an API without the list is asked task by task from this round on, a refused key ends every
   * following, and anything else may pass (the tasks stay followed).
   */
  private async readList(
    listTasks: NonNullable<PollerOptions['listTasks']>,
    query: TaskListQuery,
    pages: number,
    signal: AbortSignal,
    onTask: (task: Task) => void,
  ): Promise<boolean> {
    let offset = 0;
    for (let page = 0; page < pages; page++) {
      const pageQuery: TaskListQuery = { ...query, limit: TASK_LIST_MAX_LIMIT, offset };
      const answer = await this.limit
        .run(() => listTasks(pageQuery, signal), signal)
        .then(
          (read) => ({ read }),
          (error: unknown) => ({ error }),
        );
      if (signal.aborted || this.disposed) return false;
      if ('error' in answer) {
        this.listFailed(answer.error);
        return false;
      }
      for (const task of answer.read.results) onTask(task);
      const entries = answer.read.results.length + answer.read.unreadable;
      offset += entries;
      if (entries === 0 || answer.read.count === undefined || offset >= answer.read.count) break;
    }
    return true;
  }

  private listFailed(error: unknown): void {
    const status = isGcoreApiError(error) ? error.status : undefined;
    if (status === 401) {
      for (const open of this.unfinished()) this.end(open, { kind: 'unauthorized', error });
    } else if (isEndpointMissing(error) || (isGcoreApiError(error) && error.kind === 'badResponse')) {
      // No task list here: today's way, one request per task, from this round on.
      this.listMissing = true;
      this.askEachUnfinished();
    }
  }

  /** The list's filters that keep every one of these tasks: a filter is left out when one task's value is unknown. */
  private narrowingOf(tasks: readonly TrackedTask[]): Narrowing {
    if (!this.narrowing) return {};
    const projects = new Set<number>();
    const regions = new Set<number>();
    let projectsKnown = true;
    let regionsKnown = true;
    let earliestMs: number | undefined = Number.POSITIVE_INFINITY;
    for (const tracked of tasks) {
      const project = wholeNumber(tracked.task?.project_id) ?? tracked.subject?.projectId;
      const region = wholeNumber(tracked.task?.region_id) ?? tracked.subject?.regionId;
      if (project === undefined) projectsKnown = false;
      else projects.add(project);
      if (region === undefined) regionsKnown = false;
      else regions.add(region);
      const created = timeMs(tracked.task?.created_on);
      earliestMs = created === undefined || earliestMs === undefined ? undefined : Math.min(earliestMs, created);
    }
    return {
      projectIds: projectsKnown && projects.size > 0 ? [...projects] : undefined,
      regionIds: regionsKnown && regions.size > 0 ? [...regions] : undefined,
      fromTimestamp:
        earliestMs !== undefined && Number.isFinite(earliestMs) ? new Date(earliestMs - CREATION_MARGIN_MS).toISOString() : undefined,
    };
  }

  private async ask(task: TrackedTask, leftTheList = false): Promise<void> {
    const request = new AbortController();
    this.inFlight.set(task.id, request);
    const answer = await this.limit
      .run(() => this.options.fetchTask(task.id, request.signal), request.signal)
      .then(
        (read) => ({ read }),
        (error: unknown) => ({ error }),
      );
    this.inFlight.delete(task.id);
    if (!task.end && !request.signal.aborted) {
      this.take(task, answer);
      // Absent from the list of unfinished tasks, yet under way: the narrowing missed it.
      if (leftTheList && 'read' in answer && !task.end) {
        this.narrowing = false;
        this.openNarrowing = undefined;
      }
    }
    // The last answer ends the round; a round still waiting ends when the next one starts.
    if (this.inFlight.size === 0 && !this.listRound) this.deliver();
    this.unscheduleIfIdle();
  }

  /** What Gcore answered for a task: where it stands, or a failure that may end it (404) or every task (401). */
  private take(task: TrackedTask, answer: { read: Task } | { error: unknown }): void {
    if ('read' in answer) {
      const before = task.task;
      const read = answer.read;
      if (before?.project_id !== read.project_id || before?.region_id !== read.region_id || before?.created_on !== read.created_on) {
        this.openNarrowing = undefined;
      }
      task.task = read;
      const terminal = TERMINAL.get(read.state);
      if (terminal) this.end(task, { kind: terminal, task: read });
      // A task answering RUNNING round after round is no news: its listeners (the status bar, a progress
      // notification, the rows) hear of a task when its state changes, not 100 times a round.
      else if (before?.state !== read.state) this.emit(task);
      return;
    }
    const status = isGcoreApiError(answer.error) ? answer.error.status : undefined;
    if (status === 404) this.end(task, { kind: 'notFound' });
    else if (status === 401) for (const open of this.unfinished()) this.end(open, { kind: 'unauthorized', error: answer.error });
    // Anything else may pass: the task stays tracked until it ends or the timeout passes.
  }

  /** An ended task's request still waiting (for a slot, or for Gcore) is cancelled: its answer is not needed. */
  private end(task: TrackedTask, end: TaskEnd): void {
    task.end = end;
    this.open.delete(task);
    this.openNarrowing = undefined;
    this.inFlight.get(task.id)?.abort();
    this.emit(task);
  }

  private emit(task: TrackedTask): void {
    this.changed.delete(task);
    this.changed.add(task);
    for (const listener of [...this.listeners]) listener(task);
  }

  private deliver(): void {
    if (this.changed.size === 0) return;
    const tasks = [...this.changed];
    this.changed.clear();
    for (const listener of [...this.batchListeners]) listener(tasks);
  }
}

type Narrowing = Pick<TaskListQuery, 'projectIds' | 'regionIds' | 'fromTimestamp'>;

function wholeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/** A time as Gcore writes it (ISO 8601; one without a zone is UTC), in ms since the epoch. */
function timeMs(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const ms = utcTimeMs(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** A wait for tasks that gave up before they all ended. */
export class TaskWaitTimeout extends Error {
  constructor(readonly unfinishedIds: readonly string[]) {
    const ids = unfinishedIds.join(', ');
    super(
      unfinishedIds.length === 1
        ? l10n.t('Timed out waiting for task {0}: still unfinished at Gcore.', ids)
        : l10n.t('Timed out waiting for tasks {0}: still unfinished at Gcore.', ids),
    );
    this.name = 'TaskWaitTimeout';
  }
}
