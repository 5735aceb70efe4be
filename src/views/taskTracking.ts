import * as l10n from '@vscode/l10n';
import type { ProjectRegionRef } from '../api';
import { subjectTitle, type ChangeSubject, type TaskPoller, type TrackedTask } from '../loaders/taskPoller';
import { taskErrorText } from '../models/task';
import type { TaskHistory } from '../state/taskHistory';
import type { PromptUi } from '../ui/promptUi';
import type { ChangeKinds } from './changeKinds';
import { progressLine } from './presentation/taskProgress';
import type { SectionNode } from './treeNodes';
import type { TreeChanges } from './treeChanges';

export interface TaskTrackingDeps {
  poller: TaskPoller;
  history: TaskHistory;
  /** What each kind of resource says and does of its changes; a kind nobody registered is followed in neutral words. */
  kinds: Pick<ChangeKinds, 'of' | 'wordsOf'>;
  tree: Pick<TreeChanges, 'refresh'>;
  now?: () => number;
  /** Opens Set API Key, when Gcore refuses the key while a task is followed. */
  setApiKey: () => Promise<unknown>;
}

/** Of a failed task's error, what its notification says; the Tasks section's hover has more. */
const NOTIFIED_ERROR_LENGTH = 400;

/**
 * A change made here, followed to its end: the poller asks Gcore, the history remembers (for the Tasks
 * section and a window reload), the resource's row says "Updating…" meanwhile, and the user hears how it
 * ended. One poller loop serves every task, whoever follows it; what a change is to, and what is said and
 * done of it, its subject's kind tells (`ChangeKinds`).
 */
export class TaskTracking {
  private readonly now: () => number;
  private readonly unsubscribe: () => void;
  private readonly recorded = new Set<() => void>();

  constructor(private readonly deps: TaskTrackingDeps) {
    this.now = deps.now ?? Date.now;
    this.unsubscribe = deps.poller.onDidChangeTasks((tasks) => this.changed(tasks));
  }

  /**
   * Follows again the tasks a window reload interrupted, from when they were first followed. Called once the
   * areas registered their kinds of change, which read the subjects earlier versions stored.
   */
  resume(): void {
    for (const record of this.deps.history.unfinished()) this.deps.poller.track([record.id], record.subject, record.startedAtMs);
  }

  /** The resources of a kind at a location that a change made here is being followed for, by name: what each change is. */
  changesAt(kind: string, location: ProjectRegionRef): ReadonlyMap<string, ChangeSubject> {
    const changes = new Map<string, ChangeSubject>();
    for (const { subject } of this.deps.poller.unfinished()) {
      if (subject && subject.kind === kind && subject.projectId === location.projectId && subject.regionId === location.regionId) {
        changes.set(subject.name, subject);
      }
    }
    return changes;
  }

  /**
   * The tasks of the change followed under `from` are under `to` from now on: the resource got the name it keeps
   * (a new GPU cluster its id), so its row, a reload and the end's notification name it so.
   */
  rename(from: ChangeSubject, to: ChangeSubject): void {
    const renamed = this.deps.poller.rename(from, to);
    if (renamed.length > 0) this.changed(renamed);
  }

  /** Hears each change of the history this tracking records (what the Tasks section shows); returns how to stop. */
  onDidRecord(listener: () => void): () => void {
    this.recorded.add(listener);
    return () => void this.recorded.delete(listener);
  }

  /** Starts following the tasks of a change; the resource's row shows it at once. */
  start(subject: ChangeSubject, taskIds: readonly string[]): TrackedTask[] {
    return this.deps.poller.track(taskIds, subject);
  }

  /**
   * Tells the user how the change stands, in a notification they may hide, and how it ended. Cancel in
   * that notification is Stop Watching: the change goes on at Gcore.
   */
  async follow(ui: PromptUi, subject: ChangeSubject, taskIds: readonly string[], reopen: () => Promise<unknown>): Promise<void> {
    const tracked = this.start(subject, taskIds);
    if (tracked.length === 0) return;
    const { poller } = this.deps;
    const words = this.deps.kinds.wordsOf(subject);
    const outcome = await ui.withProgress({
      title: words.following(subjectTitle(subject)),
      cancellable: true,
      run: (signal, report) =>
        new Promise<'ended' | 'stopped'>((resolve) => {
          const started = this.now();
          const say = () => report(progressLine(tracked, this.now() - started));
          const finish = (how: 'ended' | 'stopped') => {
            clearInterval(ticking);
            unsubscribe();
            resolve(how);
          };
          // The elapsed time moves on between the answers; this runs only while the notification is up.
          const ticking = setInterval(say, 1000);
          const unsubscribe = poller.onDidChange((task) => {
            if (!taskIds.includes(task.id)) return;
            say();
            if (tracked.every((entry) => entry.end)) finish('ended');
          });
          signal.addEventListener('abort', () => finish('stopped'), { once: true });
          say();
          if (tracked.every((entry) => entry.end)) finish('ended');
        }),
    });
    if (outcome === 'stopped') {
      for (const id of taskIds) poller.stop(id);
      void ui.notify('info', words.stopped(subjectTitle(subject)));
      return;
    }
    // Named anew meanwhile: its resource listed, or its end read.
    this.settle(tracked);
    await this.announceEnd(ui, tracked[0].subject ?? subject, tracked, reopen);
  }

  dispose(): void {
    this.unsubscribe();
  }

  /** A round's changes, or a tracking's: one write of the history and one redraw of each section, however many tasks. */
  private changed(tasks: readonly TrackedTask[]): void {
    // A long task answers RUNNING round after round: only a change is stored and redrawn.
    const settled = this.settle(tasks);
    if (!this.deps.history.record(settled, this.now())) return;
    for (const listener of this.recorded) listener();
    // The rows' "Updating…" comes and goes with the tracking; what an ended change touched is read again.
    const sections = new Set<SectionNode>();
    for (const { subject, end, task } of settled) {
      if (!subject || (!end && task !== undefined)) continue;
      const kind = this.deps.kinds.of(subject);
      if (end) kind.changed(subject, end);
      if (kind.section) sections.add(kind.section);
    }
    for (const section of sections) this.deps.tree.refresh(section);
  }

  /**
   * The tasks, each under the subject its kind names anew from what Gcore answered of it (`ChangeKind.resolve`),
   * with the other tasks of a change so renamed: what is recorded and redrawn.
   */
  private settle(tasks: readonly TrackedTask[]): readonly TrackedTask[] {
    let all: Set<TrackedTask> | undefined;
    for (const tracked of tasks) {
      const { subject } = tracked;
      const task = tracked.end && 'task' in tracked.end ? tracked.end.task : tracked.task;
      const resolved = subject && task && this.deps.kinds.of(subject).resolve?.(subject, task);
      if (!resolved) continue;
      all ??= new Set(tasks);
      for (const renamed of this.deps.poller.rename(subject, resolved)) all.add(renamed);
    }
    return all ? [...all] : tasks;
  }

  private async announceEnd(
    ui: PromptUi,
    subject: ChangeSubject,
    tracked: readonly TrackedTask[],
    reopen: () => Promise<unknown>,
  ): Promise<void> {
    const name = subjectTitle(subject);
    const kind = this.deps.kinds.of(subject);
    const words = this.deps.kinds.wordsOf(subject);
    const failed = tracked.find((task) => task.end?.kind === 'error');
    if (failed) {
      const reason = taskErrorText(failed.task?.error, NOTIFIED_ERROR_LENGTH) ?? l10n.t('Gcore gave no reason');
      const [retry, copyId] = [l10n.t('Retry'), l10n.t('Copy Task ID')];
      const actions = kind.failureActions(subject, reason);
      const choice = await ui.notify('error', words.failed(name, reason), retry, ...actions.map((action) => action.title), copyId);
      if (choice === retry) await reopen();
      await actions.find((action) => action.title === choice)?.run();
      if (choice === copyId) await ui.copyToClipboard(failed.id);
      return;
    }
    const unauthorized = tracked.find((task) => task.end?.kind === 'unauthorized');
    if (unauthorized) {
      const setKey = l10n.t('Set API Key');
      const choice = await ui.notify('error', words.keyRefused(name), setKey);
      if (choice === setKey) await this.deps.setApiKey();
      return;
    }
    const open = tracked.filter((task) => task.end?.kind === 'timedOut' || task.end?.kind === 'stopped');
    if (open.length > 0) {
      const minutes = Math.round((this.now() - open[0].startedAtMs) / 60_000);
      const copyId = l10n.t('Copy Task ID');
      const choice = await ui.notify('warning', words.stillRunning(name, minutes, open.map((task) => task.id).join(', ')), copyId);
      if (choice === copyId) await ui.copyToClipboard(open.map((task) => task.id).join('\n'));
      return;
    }
    const unknown = tracked.filter((task) => task.end?.kind === 'notFound');
    if (unknown.length > 0) {
      // Also what an API without the tasks endpoint answers: the task IDs were shown when the change was sent.
      void ui.notify('info', words.cannotFollow(name, unknown.map((task) => task.id).join(', ')));
      return;
    }
    await kind.announce(ui, subject, tracked.map((task) => task.id).join(', '));
  }
}
