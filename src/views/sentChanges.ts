import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult } from '../api';
import type { ChangeSubject, TaskPoller } from '../loaders/taskPoller';
import type { PromptUi } from '../ui/promptUi';
import type { TaskTracking } from './taskTracking';
import type { TreeChanges } from './treeChanges';
import type { TreeNode } from './treeNodes';
import type { SentChange } from '../writes/sentChange';

/** What an area hands the steps every change sent from here goes through (its commands, documents and services). */
export interface SentChangesDeps<Stale> {
  tasks: Pick<TaskTracking, 'start' | 'follow'>;
  taskPoller: Pick<TaskPoller, 'remember'>;
  tree: Pick<TreeChanges, 'refresh'>;
  /** The area's section, drawn again once a change is sent. */
  section: TreeNode;
  /** Reads again the list a change made stale. */
  readAgain(stale: Stale): void;
  /**
   * From when a change's tasks are followed: `sent`, as soon as Gcore took it, however it was sent (its row says
   * Stopping… at once); `reported`, once an interactive call tells it, a programmatic call's tasks being only named
   * for gcore.waitForTasks.
   */
  followFrom: 'sent' | 'reported';
  /** What else the area keeps of a change sent (a container's name, as recent; a deleted cluster's SSH entry, gone). */
  keep?(change: ChangeSubject): Promise<void>;
  /** The warning of a change Gcore took with no task to follow (or an empty answer); undefined: its tasks are followed. */
  untracked(change: ChangeSubject, result: ContainerUpdateResult): string | undefined;
  /** What is said as the tasks start being followed, when the following's own notification does not say it (an update's tasks). */
  announced?(change: ChangeSubject, tasks: readonly string[]): string | undefined;
}

/**
 * What a change Gcore took (as a write path of writes/ answers it) leaves behind in the extension, and how it is
 * told: the same steps for every area, in the area's words. `record` runs for every call, programmatic or not, before
 * the command answers; `report` tells an interactive call's user and follows the tasks to their end.
 */
export class SentChanges<Stale> {
  constructor(private readonly deps: SentChangesDeps<Stale>) {}

  /** Its tasks followed (or named), what the area keeps of it, the list it made stale read again and the section drawn again. */
  async record<Sent extends SentChange<Stale>>(sent: Sent): Promise<Sent> {
    const { change, result } = sent;
    if (this.deps.followFrom === 'reported') this.deps.taskPoller.remember(result.tasks, change);
    else if (result.tasks.length > 0) this.deps.tasks.start(change, result.tasks);
    await this.deps.keep?.(change);
    this.changed(sent.stale);
    return sent;
  }

  /** A change Gcore answered without tasks (a lease): what it made stale read again, the section drawn again. */
  changed(stale: Stale): void {
    this.deps.readAgain(stale);
    this.deps.tree.refresh(this.deps.section);
  }

  /**
   * An interactive change is told: the notification follows its tasks to their end, `reopen` being its Retry; a
   * change without a task to follow is a warning that says what to do instead.
   */
  report(ui: PromptUi, change: ChangeSubject, result: ContainerUpdateResult, reopen: () => Promise<unknown>): void {
    const untracked = this.deps.untracked(change, result);
    if (untracked !== undefined) {
      void ui.notify('warning', untracked);
      return;
    }
    const announced = this.deps.announced?.(change, result.tasks);
    if (announced !== undefined) announceTasks(ui, announced, result.tasks);
    void this.deps.tasks.follow(ui, change, result.tasks, reopen);
  }
}

function announceTasks(ui: PromptUi, message: string, tasks: readonly string[]): void {
  const copy = l10n.t('Copy Task IDs');
  void ui.notify('info', message, ...(tasks.length > 0 ? [copy] : [])).then(async (choice) => {
    if (choice === copy) await ui.copyToClipboard(tasks.join('\n'));
  });
}
