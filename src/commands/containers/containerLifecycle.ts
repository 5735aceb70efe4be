import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient, ProjectRegionRef } from '../../api';
import { wasEmptyAnswer } from '../../api/decode';
import type { ReadLoaders } from '../../loaders/readLoaders';
import type { ChangeSubject, TaskPoller } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import { containerChange } from '../../models/container';
import { quotaRequest, type ContainerCreate } from '../../models/containerCreate';
import type { RecentValues } from '../../state/recentValues';
import type { PromptUi } from '../../ui/promptUi';
import type { CreateForecast } from '../../views/presentation/containers/containerCreateSummary';
import { CONTAINERS_SECTION } from '../../views/sections/containerNodes';
import type { TaskTracking } from '../../views/taskTracking';
import type { TreeChanges } from '../../views/treeChanges';
import { sendContainerDelete } from '../../writes/containers/containerDelete';
import { mayBeMissingEndpoint, notOffered } from '../notOffered';

export interface ContainerLifecycleDeps {
  client: Pick<GcoreClient, 'containers'>;
  taskPoller: Pick<TaskPoller, 'remember'>;
  tasks: Pick<TaskTracking, 'follow'>;
  reads: Pick<ReadLoaders, 'invalidateContainers'>;
  tree: Pick<TreeChanges, 'refresh'>;
  recentContainers: Pick<RecentValues, 'remember'>;
  log: Log;
}

/**
 * The one write path of creating and deleting a container, whether from New Container, its JSON document or
 * Delete Container: each sends the request, records what follows from it (the tasks' container and what they
 * do to it, the list to read again), and `report` follows the tasks to their end.
 */
export class ContainerLifecycle {
  constructor(private readonly deps: ContainerLifecycleDeps) {}

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
    await this.deps.recentContainers.remember(container.name);
    this.sent(containerChange(location, container.name, 'create'), result);
    return result;
  }

  async delete(ref: ProjectRegionRef & { containerName: string }, signal?: AbortSignal): Promise<ContainerUpdateResult> {
    let result: ContainerUpdateResult;
    try {
      result = await sendContainerDelete(this.deps.client.containers, ref, signal);
    } catch (error) {
      if (mayBeMissingEndpoint(error)) throw notOffered(l10n.t('Delete Container'), error, true);
      throw error;
    }
    this.sent(containerChange(ref, ref.containerName, 'delete'), result);
    return result;
  }

  /** Gcore took a change: its tasks are followed (the row says Creating… or Deleting… meanwhile) to an end the user hears of. */
  report(
    ui: PromptUi,
    change: ProjectRegionRef & { containerName: string; action: 'create' | 'delete' },
    result: ContainerUpdateResult,
    reopen: () => Promise<unknown>,
  ): void {
    if (wasEmptyAnswer(result) || result.tasks.length === 0) {
      const taken =
        change.action === 'delete'
          ? l10n.t(
              'Gcore took the deletion of container {0}, but its answer held no task to follow: Refresh the location to see whether it is gone.',
              change.containerName,
            )
          : l10n.t(
              'Gcore took the creation of container {0}, but its answer held no task to follow: Refresh the location to see where it stands.',
              change.containerName,
            );
      void ui.notify('warning', taken);
      return;
    }
    void this.deps.tasks.follow(ui, containerChange(change, change.containerName, change.action), result.tasks, reopen);
  }

  private sent(subject: ChangeSubject, result: ContainerUpdateResult): void {
    this.deps.taskPoller.remember(result.tasks, subject);
    this.deps.reads.invalidateContainers(subject);
    this.deps.tree.refresh(CONTAINERS_SECTION);
    this.deps.log.info(`container ${subject.name} ${subject.action} sent (tasks ${result.tasks.join(', ') || 'none'})`);
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
