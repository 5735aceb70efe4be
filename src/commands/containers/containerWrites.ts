import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient, ProjectRegionRef } from '../../api';
import { wasEmptyAnswer } from '../../api/decode';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import type { ChangeSubject, TaskPoller } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import { containerChange } from '../../models/containers/container';
import { quotaRequest, type ContainerCreate } from '../../models/containers/containerCreate';
import type { ContainerUpdate } from '../../models/containers/containerUpdate';
import type { RecentValues } from '../../state/recentValues';
import type { PromptUi } from '../../ui/promptUi';
import type { CreateForecast } from '../../views/containers/presentation/containerCreateSummary';
import { CONTAINERS_SECTION } from '../../views/containers/containerNodes';
import type { TaskTracking } from '../../views/taskTracking';
import type { TreeChanges } from '../../views/treeChanges';
import { mayBeMissingEndpoint, notOffered } from '../notOffered';

export interface ContainerWritesDeps {
  client: Pick<GcoreClient, 'containers'>;
  taskPoller: Pick<TaskPoller, 'remember'>;
  tasks: Pick<TaskTracking, 'follow'>;
  recentContainers: Pick<RecentValues, 'remember'>;
  reads: Pick<ContainerReads, 'invalidateContainers'>;
  tree: Pick<TreeChanges, 'refresh'>;
  log: Log;
}

type ContainerRef = ProjectRegionRef & { containerName: string };

/**
 * The one write path of every change to a container, whether from a command (Update, New and Delete
 * Container, and the agent tools through them) or a document (a container's JSON, New Container from
 * JSON). `update`, `create` and `delete` each send their request (an update that disables or enables goes
 * as a request of its own, which the client splits off) and record what follows from it alike: which
 * container its tasks change and how, the name as recent, the list to read again and the redraw. `report`
 * tells the user and follows the tasks; `forecast` asks what a create would use.
 */
export class ContainerWrites {
  constructor(private readonly deps: ContainerWritesDeps) {}

  async update(ref: ContainerRef, changes: ContainerUpdate, signal?: AbortSignal): Promise<ContainerUpdateResult> {
    const result = await this.deps.client.containers.update(ref, ref.containerName, changes, { signal });
    await this.sent(containerChange(ref, ref.containerName, 'update'), result);
    return result;
  }

  /** What Gcore tells of a create before it is sent: its quota and price, each undefined when not answered. */
  async forecast(location: ProjectRegionRef, container: ContainerCreate): Promise<CreateForecast> {
    const { containers } = this.deps.client;
    const [quota, price] = await Promise.all([
      this.quietly('quota', () => containers.checkLimits(location, quotaRequest(container))),
      this.quietly('price', () =>
        containers.price(location, { flavor: container.flavor, scale: { min: container.scale.min, max: container.scale.max } }),
      ),
    ]);
    return { quota, price };
  }

  async create(location: ProjectRegionRef, container: ContainerCreate, signal?: AbortSignal): Promise<ContainerUpdateResult> {
    let result: ContainerUpdateResult;
    try {
      result = await this.deps.client.containers.create(location, container, { signal });
    } catch (error) {
      // The collection exists wherever containers do: a 404 or 405 here is the endpoint's, not the container's.
      if (mayBeMissingEndpoint(error)) throw notOffered(l10n.t('New Container'), error, true);
      throw error;
    }
    await this.sent(containerChange(location, container.name, 'create'), result);
    return result;
  }

  async delete(ref: ContainerRef, signal?: AbortSignal): Promise<ContainerUpdateResult> {
    const { containers } = this.deps.client;
    let result: ContainerUpdateResult;
    try {
      result = await containers.delete(ref, ref.containerName, { signal });
    } catch (error) {
      if (!mayBeMissingEndpoint(error)) throw error;
      throw (
        (await containers.deleteFailedAsGone(ref, ref.containerName, error, { signal })) ??
        notOffered(l10n.t('Delete Container'), error, true)
      );
    }
    await this.sent(containerChange(ref, ref.containerName, 'delete'), result);
    return result;
  }

  /**
   * Gcore took a change (`containerChange()`'s subject): its tasks are followed in the background (the row
   * says Updating…, Creating… or Deleting… meanwhile) to an end the user hears of; the command itself is
   * done. An update also says which tasks it started. `reopen` is the failure notification's Retry.
   */
  report(ui: PromptUi, change: ChangeSubject, result: ContainerUpdateResult, reopen: () => Promise<unknown>): void {
    const update = change.action === 'update';
    // An update that started no task says so when it announces its tasks; a create or delete without one warns.
    if (wasEmptyAnswer(result) || (!update && result.tasks.length === 0)) {
      void ui.notify('warning', nothingToFollow(change));
      return;
    }
    if (update) announceTasks(ui, change.name, result.tasks);
    void this.deps.tasks.follow(ui, change, result.tasks, reopen);
  }

  /** What every change Gcore took leaves behind, before it is reported. */
  private async sent(change: ChangeSubject, result: ContainerUpdateResult): Promise<void> {
    this.deps.taskPoller.remember(result.tasks, change);
    // A deleted container's name is no longer one to offer.
    if (change.action !== 'delete') await this.deps.recentContainers.remember(change.name);
    // The list shown and the one the next prompt offers are read again.
    this.deps.reads.invalidateContainers(change);
    this.deps.tree.refresh(CONTAINERS_SECTION);
    // An update names its tasks in its notification; a create's and a delete's are named in the log.
    if (change.action !== 'update') {
      this.deps.log.info(`container ${change.name} ${change.action} sent (tasks ${result.tasks.join(', ') || 'none'})`);
    }
  }

  private async quietly<T>(what: string, request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      // An addition: a missing or failing answer is "not available", never a stop.
      this.deps.log.debug(`the ${what} of a new container could not be read: ${String(error)}`);
      return undefined;
    }
  }
}

/** Gcore took the change but named no task (or answered nothing): what the user can do instead. */
function nothingToFollow(change: ChangeSubject): string {
  if (change.action === 'delete') {
    return l10n.t(
      'Gcore took the deletion of container {0}, but its answer held no task to follow: Refresh the location to see whether it is gone.',
      change.name,
    );
  }
  if (change.action === 'create') {
    return l10n.t(
      'Gcore took the creation of container {0}, but its answer held no task to follow: Refresh the location to see where it stands.',
      change.name,
    );
  }
  return l10n.t(
    "The update of container {0} was sent, but Gcore's answer was empty, so there are no task IDs to follow. It may have been applied: check the container before sending it again.",
    change.name,
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
