import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient, ProjectRegionRef } from '../../api';
import { wasEmptyAnswer } from '../../api/decode';
import type { ContainerReads } from '../../loaders/containerReads';
import type { TaskPoller } from '../../loaders/taskPoller';
import { containerChange } from '../../models/container';
import type { ContainerUpdate } from '../../models/containerUpdate';
import type { RecentValues } from '../../state/recentValues';
import type { PromptUi } from '../../ui/promptUi';
import type { Explorer } from '../../views/explorer';
import { CONTAINERS_SECTION } from '../../views/sections/containerNodes';
import type { TaskTracking } from '../../views/taskTracking';

export interface ContainerUpdatesDeps {
  client: Pick<GcoreClient, 'containers'>;
  taskPoller: Pick<TaskPoller, 'remember'>;
  tasks: Pick<TaskTracking, 'follow'>;
  recentContainers: Pick<RecentValues, 'remember'>;
  reads: Pick<ContainerReads, 'invalidateContainers'>;
  tree: Pick<Explorer, 'refresh'>;
}

/**
 * The one write path of a container update, whether it comes from Update Container or from a container
 * document: `send` sends it and records what follows from it (which container its tasks change, the name as
 * recent, the lists to read again); `report` tells the user and follows its tasks.
 */
export class ContainerUpdates {
  constructor(private readonly deps: ContainerUpdatesDeps) {}

  async send(
    location: ProjectRegionRef,
    containerName: string,
    changes: ContainerUpdate,
    signal?: AbortSignal,
  ): Promise<ContainerUpdateResult> {
    const result = await this.deps.client.containers.update(location, containerName, changes, { signal });
    this.deps.taskPoller.remember(result.tasks, containerChange(location, containerName, 'update'));
    await this.deps.recentContainers.remember(containerName);
    // A change made here: the list shown and the one the next prompt offers are read again.
    this.deps.reads.invalidateContainers(location);
    this.deps.tree.refresh(CONTAINERS_SECTION);
    return result;
  }

  /**
   * Tells the user that Gcore took an update and follows its tasks in the background: the command itself
   * is done once Gcore took it. `reopen` is the failure notification's Retry.
   */
  report(
    ui: PromptUi,
    ref: ProjectRegionRef & { containerName: string },
    result: ContainerUpdateResult,
    reopen: () => Promise<unknown>,
  ): void {
    if (wasEmptyAnswer(result)) {
      announceEmptyAnswer(ui, ref.containerName);
      return;
    }
    announceTasks(ui, ref.containerName, result.tasks);
    void this.deps.tasks.follow(ui, containerChange(ref, ref.containerName, 'update'), result.tasks, reopen);
  }
}

function announceEmptyAnswer(ui: PromptUi, containerName: string): void {
  void ui.notify(
    'warning',
    l10n.t(
      "The update of container {0} was sent, but Gcore's answer was empty, so there are no task IDs to follow. It may have been applied: check the container before sending it again.",
      containerName,
    ),
  );
}

function announceTasks(ui: PromptUi, containerName: string, tasks: string[]): void {
  const list = tasks.length > 0 ? l10n.t('Tasks: {0}', tasks.join(', ')) : l10n.t('Gcore started no task.');
  const copy = l10n.t('Copy Task IDs');
  const actions = tasks.length > 0 ? [copy] : [];
  void ui.notify('info', l10n.t('Sent the update of container {0}. {1}', containerName, list), ...actions).then(async (choice) => {
    if (choice === copy) await ui.copyToClipboard(tasks.join('\n'));
  });
}
