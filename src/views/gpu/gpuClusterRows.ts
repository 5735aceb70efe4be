import * as l10n from '@vscode/l10n';
import { isCancelled, isEndpointMissing } from '../../api/errors';
import { GPU_KINDS, type GpuCluster, type GpuClusterCost, type GpuKind } from '../../api/gpu/gpuClusterTypes';
import type { GpuBaremetalFlavor, GpuFlavor } from '../../api/gpu/gpuFlavorTypes';
import type { CloudList, Task } from '../../api/types';
import { projectRegionKey, type ProjectRegionRef } from '../../core/projectRegion';
import type { LocationClusters } from '../../loaders/gpu/gpuClusterReads';
import type { Loaded } from '../../loaders/keyedLoader';
import {
  changeOfTaskType,
  clusterOfChangeName,
  clustersOfTask,
  createdClusterAmong,
  gpuClusterChange,
  isBusy,
  isTransitional,
  newClusterOfChangeName,
  type GpuClusterChange,
} from '../../models/gpu/gpuCluster';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { hasLeaseTag } from '../../models/gpu/gpuLease';
import { checkClusterId } from '../../models/gpu/ssh/sshValues';
import { shownLoad, wasCancelled } from '../kit/listRows';
import { LocationPolls } from '../kit/locationPolls';
import { failedRow, gapRows } from '../kit/rows';
import { refusedClusterView } from './presentation/clusterView';
import { flavorGpuText } from './presentation/flavorFacts';
import { hintNode, type TreeNode } from '../treeNodes';
import { gpuClusterNode, gpuServerNode } from './gpuClusterNodes';
import type { GpuClusterNode, GpuClustersNode } from './gpuNodes';
import type { GpuClusterRows, GpuClusterRowsDeps } from './gpuClusterSource';
import { GPU_CLUSTER_GAPS, GPU_SERVER_GAPS } from './presentation/gpuGaps';

/** How long a location with a moving GPU cluster waits before its clusters are read again. */
export const MOVING_CLUSTER_POLL_MS = 5_000;

/**
 * The GPU section's clusters and their servers, loaded on the first expansion of a Clusters row (a start
 * shows none): the rows, and the polls of the locations whose clusters are moving, no other.
 */
export class ClusterRows implements GpuClusterRows {
  private readonly polls = new LocationPolls(MOVING_CLUSTER_POLL_MS);
  /** The clusters (by row id) whose price is being read for the rows shown: each read redraws them once, when it ends. */
  private readonly pricing = new Set<string>();
  /** Per location, the clusters (`<kind>:<id>`) the last read found moving by their own status. */
  private readonly movingByStatus = new Map<string, Set<string>>();
  /** Some cluster read had a lease tag: from then on every list read goes to the lease clock, so that it sees one go. */
  private leasesSeen = false;

  constructor(private readonly deps: GpuClusterRowsDeps) {}

  async clusterRows(node: GpuClustersNode): Promise<TreeNode[]> {
    const loaded = await shownLoad(this.deps.view, () => this.deps.reads.clusters(node.location), anyCancelled);
    const lists = GPU_KINDS.map((kind) => ({ kind, list: loaded[kind] }));
    if (loaded.virtual.state === 'failed' && isEndpointMissing(loaded.virtual.error)) {
      this.deps.unavailable.mark(node);
      return [];
    }
    const gpus = await this.gpuTexts(node.location);
    const changes = new Map(this.deps.changesAt(node.location));
    const tasks = loaded.tasks.state === 'loaded' ? loaded.tasks.value.results : [];
    const rows: TreeNode[] = [];
    const moving = new Set<GpuKind>();
    let taskMarked = false;
    const locationKey = projectRegionKey(node.location);
    const movedBefore = this.movingByStatus.get(locationKey);
    const movingNow = new Set<string>();
    let tasksStale = false;
    for (const { kind, list } of lists) {
      if (list.state === 'failed') {
        // A server with virtual clusters only answers bare metal's list as missing: nothing to say of it.
        if (kind === 'baremetal' && isEndpointMissing(list.error)) continue;
        const title = kind === 'virtual' ? l10n.t('Failed to load virtual GPU clusters') : l10n.t('Failed to load bare-metal GPU clusters');
        rows.push({ ...failedRow(node, title, list.error), id: `${node.id}/error-${kind}` });
        continue;
      }
      const byTask = tasksOfKind(kind, list, tasks);
      if (this.leasesSeen || list.value.results.some(hasLeaseTag)) {
        this.leasesSeen = true;
        this.deps.sawLeases({ ...node.location, kind }, list.value.results);
      }
      this.resolveListed(node, kind, list.value.results, changes);
      for (const [index, cluster] of list.value.results.entries()) {
        const usable = checkClusterId(cluster.id);
        if (!usable.ok) {
          rows.push(hintNode(node, `${kind}-refused-${index}`, refusedClusterView(cluster, usable.reason)));
          continue;
        }
        const id = cluster.id.toLowerCase();
        const followed = changes.get(`${kind}:${id}`);
        const change = (followed?.action as GpuClusterChange | undefined) ?? byTask.get(id);
        if (isTransitional(cluster) || followed || byTask.has(id)) moving.add(kind);
        // A cluster whose own status moves is seen to end in its list; only one at rest needs the tasks read again,
        // at once when it has just come to rest (the tasks read while it moved may hold its finished task).
        if (isTransitional(cluster)) movingNow.add(`${kind}:${id}`);
        else if (byTask.has(id)) {
          taskMarked = true;
          if (movedBefore?.has(`${kind}:${id}`)) tasksStale = true;
        }
        const busy = isBusy(cluster, [], change !== undefined);
        const flavorGpus = typeof cluster.flavor === 'string' ? gpus[kind].get(cluster.flavor) : undefined;
        const price = this.priceOf(node, kind, cluster);
        rows.push(gpuClusterNode(node, cluster, { kind, busy, change, gpus: flavorGpus, price, nowMs: Date.now() }));
      }
      rows.push(...gapRows(node, list.value, GPU_CLUSTER_GAPS, `${kind}-`));
    }
    this.movingByStatus.set(locationKey, movingNow);
    // The location's active tasks are read again at once, the lists just read stay.
    if (tasksStale) this.readThenRedraw(node, [], true);
    else if (moving.size > 0 || taskMarked) this.pollLater(node, [...moving], taskMarked);
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: l10n.t('No GPU clusters in this location'), icon: { id: 'info' } })];
  }

  async serverRows(node: GpuClusterNode): Promise<TreeNode[]> {
    const ref = { ...node.location, kind: node.gpuKind, clusterId: node.cluster.id };
    const [result, images] = await shownLoad(
      this.deps.view,
      () => Promise.all([this.deps.reads.servers(ref), this.deps.reads.imagesOf(ref)]),
      ([servers]) => wasCancelled(servers),
    );
    if (result.state === 'failed') return [failedRow(node, l10n.t('Failed to load the servers of {0}', node.cluster.name), result.error)];
    const imageById = new Map(images.state === 'loaded' ? images.value.results.map((image) => [image.id, image]) : []);
    const rows: TreeNode[] = result.value.results.map((server) =>
      gpuServerNode(node, server, typeof server.image_id === 'string' ? imageById.get(server.image_id) : undefined),
    );
    rows.push(...gapRows(node, result.value, GPU_SERVER_GAPS));
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: l10n.t('No servers in this cluster'), icon: { id: 'info' } })];
  }

  dispose(): void {
    this.polls.dispose();
  }

  /**
   * The cluster's price when it is read; otherwise its read starts, and the rows are drawn again when it ends:
   * the rows never wait for a price. A price that cannot be read is told in the log, and the row has none.
   */
  private priceOf(node: GpuClustersNode, kind: GpuKind, cluster: GpuCluster): GpuClusterCost | undefined {
    const ref = { ...node.location, kind, clusterId: cluster.id };
    const settled = this.deps.reads.settledPrice(ref, cluster);
    if (settled) return settled.state === 'loaded' ? settled.value : undefined;
    const key = `${node.id}/${kind}/${cluster.id}`;
    if (this.pricing.has(key)) return undefined;
    this.pricing.add(key);
    void this.deps.reads.price(ref, cluster).then((result) => {
      this.pricing.delete(key);
      // A reload cancelled it: the rows it makes are drawn anew, and read the price again.
      if (result.state === 'loaded') this.deps.view.refresh(node);
      else if (!isCancelled(result.error)) {
        this.deps.log.warn(`The price of GPU cluster ${cluster.name} could not be read: ${String(result.error)}`);
      }
    });
    return undefined;
  }

  /**
   * The creates followed by name alone whose cluster this list of a kind shows now: followed by its id from now
   * on, in `changes` too, so that its row says Creating… and its end reads it.
   */
  private resolveListed(node: GpuClustersNode, kind: GpuKind, clusters: readonly GpuCluster[], changes: Map<string, ChangeSubject>): void {
    const followedIds = new Set([...changes.keys()].flatMap((name) => clusterOfChangeName(name)?.clusterId ?? []));
    for (const [name, subject] of changes) {
      const created = newClusterOfChangeName(name);
      if (created?.kind !== kind) continue;
      const clusterId = createdClusterAmong(clusters, created.clusterName, followedIds);
      if (!clusterId) continue;
      const listed = gpuClusterChange({ ...node.location, kind, clusterId }, created.clusterName, 'create');
      this.deps.rename(subject, listed);
      changes.delete(name);
      changes.set(listed.name, listed);
      followedIds.add(clusterId);
    }
  }

  /** Reads the moving kinds' lists again in a while (the tasks too when they marked a cluster), then redraws. */
  private pollLater(node: GpuClustersNode, kinds: GpuKind[], tasks: boolean): void {
    // A task found running on a cluster at rest: the tasks are read again with its list, to see it end.
    this.polls.schedule(projectRegionKey(node.location), () => this.readThenRedraw(node, kinds, tasks));
  }

  /**
   * Reads the kinds' lists (and the tasks when `tasks`) again, then redraws; the other lists just read stay.
   * Read first: VS Code forgets the handles of a row's children while it asks for them again, and a menu
   * command chosen on a cluster then comes without its row; answered from what was read, the asking is brief.
   */
  private readThenRedraw(node: GpuClustersNode, kinds: GpuKind[], tasks: boolean): void {
    this.deps.reads.invalidateClusters(node.location, kinds, tasks);
    const redraw = () => this.deps.view.refresh(node);
    void this.deps.reads.clusters(node.location).then(redraw, redraw);
  }

  /**
   * The GPUs of each flavor of the location as its flavor row says them, by kind and flavor name, from the
   * flavors loaded (the location's row has asked for both kinds already).
   */
  private async gpuTexts(location: ProjectRegionRef): Promise<Record<GpuKind, Map<string, string>>> {
    const [virtual, baremetal] = await Promise.all([this.deps.flavors.load(location), this.deps.flavors.loadBaremetal(location)]);
    return {
      virtual: gpuTextsByName(virtual.state === 'loaded' ? virtual.list.results : []),
      baremetal: gpuTextsByName(baremetal.state === 'loaded' ? baremetal.value.results : []),
    };
  }
}

function gpuTextsByName(flavors: readonly (GpuFlavor | GpuBaremetalFlavor)[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const flavor of flavors) {
    const text = flavorGpuText(flavor);
    if (text !== undefined) texts.set(flavor.name, text);
  }
  return texts;
}

/** The change each cluster of a kind's list is going through according to the location's active tasks, by cluster id. */
function tasksOfKind(
  kind: GpuKind,
  list: Extract<Loaded<CloudList<GpuCluster>>, { state: 'loaded' }>,
  tasks: readonly Task[],
): Map<string, GpuClusterChange> {
  const ids = new Set(list.value.results.map((cluster) => cluster.id.toLowerCase()));
  const changes = new Map<string, GpuClusterChange>();
  for (const task of tasks) {
    const change = changeOfTaskType(task.task_type);
    if (change?.kind !== kind) continue;
    for (const id of clustersOfTask(task, ids)) changes.set(id, change.change);
  }
  return changes;
}

/** A refresh cancelled a load this row was waiting for (any of the location's lists): the fresh load answers instead. */
function anyCancelled(loaded: LocationClusters): boolean {
  return [...GPU_KINDS.map((kind) => loaded[kind]), loaded.tasks].some(wasCancelled);
}
