import * as l10n from '@vscode/l10n';
import type { Container, GcoreClient, ProjectRegionRef } from '../api';
import { containerStatus } from '../models/container';
import { taskErrorText } from '../models/task';
import type { ReadLoaders } from '../loaders/readLoaders';
import type { ContainerAction, TaskPoller, TaskSubject, TrackedTask } from '../loaders/taskPoller';
import { containerChangeWords } from './presentation/containers/containerChangeWords';
import type { Log } from '../logging/log';
import type { TaskHistory } from '../state/taskHistory';
import type { PromptUi } from '../ui/promptUi';
import { instancesText } from './presentation/containers/containerView';
import { progressLine } from './presentation/tasks/taskView';
import { CONTAINERS_SECTION } from './sections/containerNodes';
import { TASKS_SECTION } from './sections/taskNodes';
import type { TreeChanges } from './treeChanges';

export interface TaskTrackingDeps {
  poller: TaskPoller;
  history: TaskHistory;
  client: Pick<GcoreClient, 'containers'>;
  reads: Pick<ReadLoaders, 'invalidateContainers'>;
  tree: Pick<TreeChanges, 'refresh'>;
  log: Log;
  now?: () => number;
  /** Opens Set API Key, when Gcore refuses the key while a task is followed. */
  setApiKey: () => Promise<unknown>;
  /** Opens the container's logs (the failure notification's Show Logs). */
  showLogs: (subject: TaskSubject) => Promise<unknown>;
}

/** Of a failed task's error, what its notification says; the Tasks section's hover has more. */
const NOTIFIED_ERROR_LENGTH = 400;

/**
 * A change made here, followed to its end: the poller asks Gcore, the history remembers (for the Tasks
 * section and a window reload), the container's row says "Updating…" meanwhile, and the user hears how it
 * ended. One poller loop serves every task, whoever follows it.
 */
export class TaskTracking {
  private readonly now: () => number;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TaskTrackingDeps) {
    this.now = deps.now ?? Date.now;
    this.unsubscribe = deps.poller.onDidChangeTasks((tasks) => this.changed(tasks));
  }

  /** Follows again the tasks a window reload interrupted, from when they were first followed. */
  resume(): void {
    for (const record of this.deps.history.unfinished()) this.deps.poller.track([record.id], record.subject, record.startedAtMs);
  }

  /** The containers of a location that a change made here is being followed for, and what that change is. */
  changesAt(location: ProjectRegionRef): ReadonlyMap<string, ContainerAction> {
    const changes = new Map<string, ContainerAction>();
    for (const { subject } of this.deps.poller.unfinished()) {
      if (subject && subject.projectId === location.projectId && subject.regionId === location.regionId) {
        changes.set(subject.containerName, subject.action ?? 'update');
      }
    }
    return changes;
  }

  /** Starts following the tasks of a container update; the container's row shows it at once. */
  start(subject: TaskSubject, taskIds: readonly string[]): TrackedTask[] {
    return this.deps.poller.track(taskIds, subject);
  }

  /**
   * Tells the user how the update stands, in a notification they may hide, and how it ended. Cancel in
   * that notification is Stop Watching: the change goes on at Gcore.
   */
  async follow(ui: PromptUi, subject: TaskSubject, taskIds: readonly string[], reopen: () => Promise<unknown>): Promise<void> {
    const tracked = this.start(subject, taskIds);
    if (tracked.length === 0) return;
    const { poller } = this.deps;
    const outcome = await ui.withProgress({
      title: containerChangeWords(subject.action).following(subject.containerName),
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
      void ui.notify('info', containerChangeWords(subject.action).stopped(subject.containerName));
      return;
    }
    await this.announceEnd(ui, subject, tracked, reopen);
  }

  dispose(): void {
    this.unsubscribe();
  }

  /** A round's changes, or a tracking's: one write of the history and one redraw, however many tasks. */
  private changed(tasks: readonly TrackedTask[]): void {
    // A long task answers RUNNING round after round: only a change is stored and redrawn.
    if (!this.deps.history.record(tasks, this.now())) return;
    this.deps.tree.refresh(TASKS_SECTION);
    // The rows' "Updating…" comes and goes with the tracking; the containers of an ended update are read again.
    const rows = tasks.filter((task) => task.subject && (task.end || task.task === undefined));
    if (rows.length === 0) return;
    for (const { subject, end } of rows) if (subject && end) this.deps.reads.invalidateContainers(subject);
    this.deps.tree.refresh(CONTAINERS_SECTION);
  }

  private async announceEnd(
    ui: PromptUi,
    subject: TaskSubject,
    tracked: readonly TrackedTask[],
    reopen: () => Promise<unknown>,
  ): Promise<void> {
    const name = subject.containerName;
    const words = containerChangeWords(subject.action);
    const ids = tracked.map((task) => task.id).join(', ');
    const failed = tracked.find((task) => task.end?.kind === 'error');
    if (failed) {
      const reason = taskErrorText(failed.task?.error, NOTIFIED_ERROR_LENGTH) ?? l10n.t('Gcore gave no reason');
      const [retry, showLogs, copyId] = [l10n.t('Retry'), l10n.t('Show Logs'), l10n.t('Copy Task ID')];
      // A delete that failed left the container as it was: its logs say nothing of the delete.
      const actions = subject.action === 'delete' ? [retry, copyId] : [retry, showLogs, copyId];
      const choice = await ui.notify('error', words.failed(name, reason), ...actions);
      if (choice === retry) await reopen();
      if (choice === showLogs) await this.deps.showLogs(subject);
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
    if (subject.action === 'delete') {
      void ui.notify('info', l10n.t('Deleted container {0} and its logs.', name));
      return;
    }
    if (subject.action === 'create') {
      await this.announceCreated(ui, subject, ids);
      return;
    }
    void ui.notify('info', await this.finishedMessage(subject, ids));
  }

  /** A created container as Gcore has it now: its status and address, with the address one click away. */
  private async announceCreated(ui: PromptUi, subject: TaskSubject, ids: string): Promise<void> {
    const name = subject.containerName;
    let container: Container;
    try {
      container = await this.deps.client.containers.get(subject, name);
    } catch (error) {
      this.deps.log.warn(`container ${name} could not be read after its creation: ${String(error)}`);
      void ui.notify('info', l10n.t('Container {0} is created (task {1} finished); its status could not be read.', name, ids));
      return;
    }
    const status = [containerStatus(container), instancesText(container)].filter(Boolean).join(' · ');
    const address = typeof container.address === 'string' && /^https?:\/\//.test(container.address) ? container.address : undefined;
    if (!address) {
      void ui.notify('info', l10n.t('Container {0} is created: {1}.', name, status));
      return;
    }
    const [open, copy] = [l10n.t('Open in Browser'), l10n.t('Copy Address')];
    const choice = await ui.notify('info', l10n.t('Container {0} is created: {1}, at {2}', name, status, address), open, copy);
    if (choice === open) await ui.openExternal(address);
    if (choice === copy) await ui.copyToClipboard(address);
  }

  /** The container as it is now, read again: its new status is how the user knows the change is live. */
  private async finishedMessage(subject: TaskSubject, ids: string): Promise<string> {
    try {
      const container = await this.deps.client.containers.get(subject, subject.containerName);
      const instances = instancesText(container);
      const status = containerStatus(container);
      return instances
        ? l10n.t('Container {0} is updated: {1} · {2}.', subject.containerName, status, instances)
        : l10n.t('Container {0} is updated: {1}.', subject.containerName, status);
    } catch (error) {
      this.deps.log.warn(`container ${subject.containerName} could not be read after its update: ${String(error)}`);
      return l10n.t('Container {0} is updated (task {1} finished); its status could not be read.', subject.containerName, ids);
    }
  }
}
