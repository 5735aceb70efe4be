import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient, GpuCluster } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import type { GpuClusterAction, GpuClusterRef, GpuDeleteOptions, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { gpuClusterChange } from '../../models/gpu/gpuCluster';
import type { GpuClusterCreate } from '../../models/gpu/gpuClusterCreate';
import { leasePatchBody, type GpuLease } from '../../models/gpu/gpuLease';
import type { PromptUi } from '../../ui/promptUi';
import { GPU_SECTION } from '../../views/gpu/gpuNodes';
import type { TaskTracking } from '../../views/taskTracking';
import type { TreeChanges } from '../../views/treeChanges';
import { sendGpuClusterCreate, type SentCreate } from '../../writes/gpu/gpuClusterCreates';

export interface GpuClusterWritesDeps {
  client: Pick<GcoreClient, 'gpuClusters'>;
  tasks: Pick<TaskTracking, 'start' | 'follow'>;
  /** The clusters of a location and product, read again after a change was sent. */
  clusters: { invalidateLocation(ref: GpuLocationRef): void };
  tree: Pick<TreeChanges, 'refresh'>;
  log: Log;
  /** Removes a cluster's SSH entry and known hosts, once Gcore took its delete. */
  forgetSsh?: (clusterId: string) => Promise<void>;
}

/** A cluster as a write names it: its ref, and its name when the caller knows it (a row does; an id alone does not). */
export type GpuClusterTarget = GpuClusterRef & { clusterName?: string };

/**
 * The one write path of every change to a GPU cluster (create, power, resize, delete of the cluster or a server), from
 * its commands and, through them, the agent tools. Each is sent once; its tasks are followed at once under the
 * cluster's change subject (the row says Stopping…), the location's clusters are read again and the GPU
 * section redrawn. A cluster named by id alone is read first: its name is what people are told.
 */
export class GpuClusterWrites {
  constructor(private readonly deps: GpuClusterWritesDeps) {}

  /** A new cluster, sent once; its tasks are followed under its id once the location lists it. */
  async create(location: GpuLocationRef, cluster: GpuClusterCreate, options: CallOptions = {}): Promise<SentCreate> {
    const { result, change } = await sendGpuClusterCreate(this.deps, location, cluster, options);
    return { result: this.sent(location, change, result), change };
  }

  async action(target: GpuClusterTarget, action: GpuClusterAction, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    const name = await this.nameOf(target, options);
    return this.sent(target, gpuClusterChange(target, name, action), await this.deps.client.gpuClusters.action(target, action, options));
  }

  async resize(target: GpuClusterTarget, serversCount: number, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    const name = await this.nameOf(target, options);
    return this.sent(
      target,
      gpuClusterChange(target, name, 'resize'),
      await this.deps.client.gpuClusters.resize(target, serversCount, options),
    );
  }

  async deleteCluster(target: GpuClusterTarget, leftovers: GpuDeleteOptions, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    const name = await this.nameOf(target, options);
    const result = await this.deps.client.gpuClusters.deleteCluster(target, leftovers, options);
    await this.forgetSsh(target.clusterId);
    return this.sent(target, gpuClusterChange(target, name, 'delete'), result);
  }

  async deleteServer(
    target: GpuClusterTarget,
    serverId: string,
    leftovers: GpuDeleteOptions,
    options: CallOptions = {},
  ): Promise<ContainerUpdateResult> {
    const name = await this.nameOf(target, options);
    const result = await this.deps.client.gpuClusters.deleteServer(target, serverId, leftovers, options);
    return this.sent(target, gpuClusterChange(target, name, 'deleteServer'), result);
  }

  /**
   * Sets the cluster's lease, or removes it with null: a merge patch of the lease tag alone, synchronous, so no
   * task is followed; the location's clusters are read again, which is where the lease clock learns of it.
   */
  async setLease(target: GpuClusterTarget, lease: GpuLease | null, options: CallOptions = {}): Promise<GpuCluster> {
    const cluster = await this.deps.client.gpuClusters.patchTags(target, leasePatchBody(lease).tags, options);
    this.deps.log.info(`GPU cluster ${cluster.name} lease ${lease === null ? 'removed' : 'set'}`);
    this.deps.clusters.invalidateLocation({ projectId: target.projectId, regionId: target.regionId, kind: target.kind });
    this.deps.tree.refresh(GPU_SECTION);
    return cluster;
  }

  /** An interactive change is told: the notification follows its tasks to their end; Retry is `reopen`. */
  report(ui: PromptUi, change: ChangeSubject, result: ContainerUpdateResult, reopen: () => Promise<unknown>): void {
    if (result.tasks.length === 0) {
      void ui.notify(
        'warning',
        l10n.t(
          'Gcore took the change of GPU cluster {0}, but its answer held no task to follow: Refresh the location to see where it stands.',
          change.label ?? change.name,
        ),
      );
      return;
    }
    void this.deps.tasks.follow(ui, change, result.tasks, reopen);
  }

  /** A file that cannot be removed is only logged: the delete itself was taken. */
  private async forgetSsh(clusterId: string): Promise<void> {
    try {
      await this.deps.forgetSsh?.(clusterId);
    } catch (error) {
      this.deps.log.warn(`The SSH entry of GPU cluster ${clusterId} could not be removed: ${failureReason(error)}`);
    }
  }

  private async nameOf(target: GpuClusterTarget, options: CallOptions): Promise<string> {
    return target.clusterName ?? (await this.deps.client.gpuClusters.get(target, options)).name;
  }

  /** What every change Gcore took leaves behind: its tasks followed, the location's clusters read again, the redraw. */
  private sent(ref: GpuLocationRef, change: ChangeSubject, result: ContainerUpdateResult): ContainerUpdateResult {
    this.deps.log.info(`GPU cluster ${change.label} ${change.action} sent (tasks ${result.tasks.join(', ') || 'none'})`);
    if (result.tasks.length > 0) this.deps.tasks.start(change, result.tasks);
    this.deps.clusters.invalidateLocation({ projectId: ref.projectId, regionId: ref.regionId, kind: ref.kind });
    this.deps.tree.refresh(GPU_SECTION);
    return result;
  }
}
