import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import { isEndpointMissing, isGcoreApiError } from '../../api/errors';
import { GPU_KINDS, type GpuCluster, type GpuKind } from '../../api';
import type { CloudList, GpuBaremetalFlavorList, Task } from '../../api/types';
import { projectRegionKey, type ProjectRegionRef } from '../../core/projectRegion';
import type { FlavorLoad, FlavorLoader } from '../../loaders/flavorLoader';
import type { GpuClusterReads } from '../../loaders/gpuClusterReads';
import type { Loaded } from '../../loaders/keyedLoader';
import { LocationPolls } from '../../loaders/locationPolls';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { changeOfTaskType, clustersOfTask, isBusy, isTransitional, type GpuClusterChange } from '../../models/gpuCluster';
import { readLocations } from '../../state/settings';
import { baremetalFlavorTooltip, baremetalFlavorView, sortBaremetalFlavors } from '../presentation/gpu/baremetalFlavorView';
import { flavorGpuText } from '../presentation/gpu/flavorFacts';
import { flavorTooltipMarkdown, flavorView, sortFlavors, unreadableFlavorsView } from '../presentation/gpu/flavorView';
import { listGapViews } from '../presentation/listGapsView';
import type { Section } from '../section';
import { errorNode, hintNode, isSectionNode, type NodeView, type TreeNode } from '../treeNodes';
import {
  gpuClusterNode,
  gpuClustersNode,
  gpuServerNode,
  isGpuClusterNode,
  isGpuClustersNode,
  isGpuServerNode,
  type GpuClusterNode,
  type GpuClustersNode,
} from './gpuClusterNodes';
import { GPU_SECTION, baremetalFlavorNode, flavorNode, gpuLocationNode, isFlavorNode } from './gpuNodes';
import { isLocationNode, type LocationNode } from './locationNodes';

/** What the GPU section reads its clusters with, besides the flavors. */
export interface GpuClusterSource {
  reads: GpuClusterReads;
  /** Draws a row again from what is loaded. */
  redraw: (node: TreeNode) => void;
  /** The GPU cluster changes followed at a location, by subject name (`<kind>:<id>`). */
  changesAt: (location: ProjectRegionRef) => ReadonlyMap<string, ChangeSubject>;
}

/**
 * GPU: one node per configured project and region. Under each, first its clusters (virtual and bare metal,
 * loaded when that row is expanded, each cluster's servers when it is), then its flavors, which load when the
 * location is expanded, through the flavor loader (its cache makes collapse and expand free). A location
 * whose clusters are moving is read again every few seconds, and no other.
 */
export class GpuFlavorsSection implements Section, vscode.Disposable {
  readonly id = GPU_SECTION.section;
  readonly root = GPU_SECTION;
  /**
   * The rows of each load, built once: VS Code's view and a reveal or a test may all ask for the same
   * location's children, and a location can hold thousands of flavors.
   */
  private readonly rowsOfLoad = new WeakMap<FlavorLoad, TreeNode[]>();
  private readonly baremetalRowsOfLoad = new WeakMap<object, TreeNode[]>();
  /** The API has no GPU cluster list (a server with the core operations only): said once per location, not asked again. */
  private clustersUnavailable = false;
  private readonly polls = new LocationPolls();

  constructor(
    private readonly flavors: FlavorLoader,
    private readonly viewId: string,
    private readonly clusters: GpuClusterSource,
  ) {}

  async children(node: TreeNode): Promise<TreeNode[]> {
    if (node === this.root || isSectionNode(node)) return this.locations();
    if (isLocationNode(node)) {
      const virtual = await this.flavorRows(node);
      // The virtual flavors never wait for the bare-metal ones: those not read yet redraw the location when they come.
      const settled = this.flavors.settledBaremetal(node.location);
      if (!settled) void this.flavors.loadBaremetal(node.location).then(() => this.clusters.redraw(node));
      return [this.clustersRow(node), ...virtual, ...(settled ? this.baremetalFlavorRows(node, settled) : [])];
    }
    if (isGpuClustersNode(node)) return this.clusterRows(node);
    if (isGpuClusterNode(node)) return this.serverRows(node);
    return [];
  }

  invalidate(node: TreeNode): TreeNode | undefined {
    if (isLocationNode(node)) {
      this.flavors.invalidate(node.location);
      this.clusters.reads.invalidateClusters(node.location);
    } else if (node === this.root || isSectionNode(node)) {
      this.clustersUnavailable = false;
      this.flavors.invalidate();
      this.clusters.reads.invalidateClusters();
    } else if (isGpuClustersNode(node)) {
      this.clusters.reads.invalidateClusters(node.location);
    } else if (isGpuClusterNode(node)) {
      // A cluster's row comes from its kind's list: that list is read again, and its servers.
      this.clusters.reads.invalidateClusters(node.location, [node.gpuKind]);
      this.clusters.reads.invalidateServers({ ...node.location, kind: node.gpuKind, clusterId: node.cluster.id });
      return node.parent;
    } else if (isGpuServerNode(node)) {
      this.clusters.reads.invalidateServers({ ...node.location, kind: node.gpuKind, clusterId: node.cluster.id });
      return node.parent;
    } else return undefined;
    return node;
  }

  dispose(): void {
    this.polls.dispose();
  }

  view(node: TreeNode): NodeView {
    if (!isFlavorNode(node)) throw new Error(vscode.l10n.t('{0} draws itself', node.id));
    if (node.baremetal) return baremetalFlavorView(node.flavor, { showPrices: node.showPrices });
    return flavorView(node.flavor, { showPrices: node.showPrices });
  }

  resolveTooltip(node: TreeNode): string | undefined {
    if (!isFlavorNode(node)) return undefined;
    return node.baremetal ? baremetalFlavorTooltip(node.flavor) : flavorTooltipMarkdown(node.flavor);
  }

  private locations(): TreeNode[] {
    const { locations, problems } = readLocations();
    const nodes: TreeNode[] = locations.map(gpuLocationNode);
    if (problems.length > 0) {
      nodes.push(
        hintNode(this.root, 'invalid-locations', {
          label:
            problems.length === 1
              ? vscode.l10n.t('1 invalid entry in gcore.locations skipped')
              : vscode.l10n.t('{0} invalid entries in gcore.locations skipped', problems.length),
          icon: { id: 'warning' },
          command: { id: 'workbench.action.openSettingsJson', title: vscode.l10n.t('Open Settings') },
        }),
      );
    }
    if (locations.length === 0) {
      nodes.push(
        hintNode(this.root, 'add-location', {
          label: vscode.l10n.t('Add Project and Region…'),
          icon: { id: 'add' },
          command: { id: COMMAND.addLocation, title: vscode.l10n.t('Add Project and Region') },
        }),
      );
    }
    return nodes;
  }

  private clustersRow(node: LocationNode): TreeNode {
    if (!this.clustersUnavailable) return gpuClustersNode(node);
    return hintNode(node, 'clusters-unavailable', {
      label: vscode.l10n.t('GPU clusters are not available from this API'),
      icon: { id: 'circle-slash' },
      tooltip: vscode.l10n.t('The API at gcore.apiBaseUrl has no GPU cluster list. The flavors below are listed as before.'),
    });
  }

  private async clusterRows(node: GpuClustersNode): Promise<TreeNode[]> {
    const loaded = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () =>
      this.clusters.reads.clusters(node.location),
    );
    const lists = GPU_KINDS.map((kind) => ({ kind, list: loaded[kind] }));
    // A refresh cancelled a load this row was waiting for; the fresh load answers instead.
    if ([...lists.map(({ list }) => list), loaded.tasks].some((list) => list.state === 'failed' && isCancelledLoad(list.error))) {
      return this.clusterRows(node);
    }
    if (loaded.virtual.state === 'failed' && isEndpointMissing(loaded.virtual.error)) {
      // One quiet row in place of each location's Clusters row, not an error under each.
      this.clustersUnavailable = true;
      if (node.parent) this.clusters.redraw(node.parent);
      return [];
    }
    const gpus = await this.gpuTexts(node.location);
    const changes = this.clusters.changesAt(node.location);
    const tasks = loaded.tasks.state === 'loaded' ? loaded.tasks.value.results : [];
    const rows: TreeNode[] = [];
    const moving = new Set<GpuKind>();
    let taskMarked = false;
    for (const { kind, list } of lists) {
      if (list.state === 'failed') {
        // A server with virtual clusters only answers bare metal's list as missing: nothing to say of it.
        if (kind === 'baremetal' && isEndpointMissing(list.error)) continue;
        const title =
          kind === 'virtual'
            ? vscode.l10n.t('Failed to load virtual GPU clusters')
            : vscode.l10n.t('Failed to load bare-metal GPU clusters');
        rows.push({ ...errorNode(node, node.section, title, list.error, node), id: `${node.id}/error-${kind}` });
        continue;
      }
      const byTask = tasksOfKind(kind, list, tasks);
      for (const cluster of list.value.results) {
        const id = cluster.id.toLowerCase();
        const followed = changes.get(`${kind}:${id}`);
        const change = (followed?.action as GpuClusterChange | undefined) ?? byTask.get(id);
        if (isTransitional(cluster) || followed || byTask.has(id)) moving.add(kind);
        if (byTask.has(id)) taskMarked = true;
        const busy = isBusy(cluster, [], change !== undefined);
        const flavorGpus = typeof cluster.flavor === 'string' ? gpus.get(cluster.flavor) : undefined;
        rows.push(gpuClusterNode(node, cluster, { kind, busy, change, gpus: flavorGpus }));
      }
      rows.push(...listGapViews(list.value, 'gpuClusters').map(({ key, view }) => hintNode(node, `${kind}-${key}`, view)));
    }
    if (moving.size > 0 || taskMarked) this.pollLater(node, [...moving], taskMarked);
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: vscode.l10n.t('No GPU clusters in this location'), icon: { id: 'info' } })];
  }

  /**
   * Reads the moving kinds' lists again in a while (the tasks too when they marked a cluster), then redraws.
   * Read first: VS Code forgets the handles of a row's children while it asks for them again, and a menu
   * command chosen on a cluster then comes without its row; answered from what was read, the asking is brief.
   */
  private pollLater(node: GpuClustersNode, kinds: GpuKind[], tasks: boolean): void {
    this.polls.schedule(projectRegionKey(node.location), () => {
      // A task found running on a cluster at rest: the tasks are read again with its list, to see it end.
      this.clusters.reads.invalidateClusters(node.location, kinds, tasks);
      const redraw = () => this.clusters.redraw(node);
      void this.clusters.reads.clusters(node.location).then(redraw, redraw);
    });
  }

  /** The GPUs of each flavor of the location as its flavor row says them, by flavor name, from the flavors loaded. */
  private async gpuTexts(location: ProjectRegionRef): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    const result = await this.flavors.load(location);
    if (result.state !== 'loaded') return texts;
    for (const flavor of result.list.results) {
      const text = flavorGpuText(flavor);
      if (text !== undefined) texts.set(flavor.name, text);
    }
    return texts;
  }

  private async serverRows(node: GpuClusterNode): Promise<TreeNode[]> {
    const ref = { ...node.location, kind: node.gpuKind, clusterId: node.cluster.id };
    const [result, images] = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () =>
      Promise.all([this.clusters.reads.servers(ref), this.clusters.reads.imagesOf(ref)]),
    );
    if (result.state === 'failed') {
      if (isCancelledLoad(result.error)) return this.serverRows(node);
      return [errorNode(node, node.section, vscode.l10n.t('Failed to load the servers of {0}', node.cluster.name), result.error, node)];
    }
    const imageById = new Map(images.state === 'loaded' ? images.value.results.map((image) => [image.id, image]) : []);
    const rows: TreeNode[] = result.value.results.map((server) =>
      gpuServerNode(node, server, typeof server.image_id === 'string' ? imageById.get(server.image_id) : undefined),
    );
    rows.push(...listGapViews(result.value, 'gpuServers').map(({ key, view }) => hintNode(node, key, view)));
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: vscode.l10n.t('No servers in this cluster'), icon: { id: 'info' } })];
  }

  private async flavorRows(node: LocationNode): Promise<TreeNode[]> {
    const result = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.flavors.load(node.location));
    if (result.state === 'failed') {
      // A refresh cancelled the load this row was waiting for; the fresh load answers instead.
      if (isGcoreApiError(result.error) && result.error.kind === 'cancelled') return this.flavorRows(node);
      return [errorNode(node, node.section, vscode.l10n.t('Failed to load GPU flavors'), result.error, node)];
    }
    let rows = this.rowsOfLoad.get(result);
    if (!rows) {
      rows = this.rowsFor(node, result);
      this.rowsOfLoad.set(result, rows);
    }
    return rows;
  }

  /** The bare-metal flavors after the virtual ones; nothing at all from an API that lists none. */
  private baremetalFlavorRows(node: LocationNode, result: Loaded<GpuBaremetalFlavorList>): TreeNode[] {
    if (result.state === 'failed') {
      if (isEndpointMissing(result.error) || isCancelledLoad(result.error)) return [];
      const failed = errorNode(node, node.section, vscode.l10n.t('Failed to load bare-metal GPU flavors'), result.error, node);
      return [{ ...failed, id: `${node.id}/error-baremetal` }];
    }
    let rows = this.baremetalRowsOfLoad.get(result);
    if (!rows) {
      const showPrices = this.flavors.filters().includePrices;
      rows = sortBaremetalFlavors(result.value.results).map((flavor) => baremetalFlavorNode(node, flavor, showPrices));
      this.baremetalRowsOfLoad.set(result, rows);
    }
    return rows;
  }

  private rowsFor(node: LocationNode, result: Extract<FlavorLoad, { state: 'loaded' }>): TreeNode[] {
    const showPrices = result.filters.includePrices;
    const rows: TreeNode[] = sortFlavors(result.list.results).map((flavor) => flavorNode(node, flavor, showPrices));
    const unreadable = result.list.unreadable ?? [];
    if (unreadable.length > 0) rows.push(hintNode(node, 'unreadable', { ...unreadableFlavorsView(unreadable), icon: { id: 'warning' } }));
    if (rows.length > 0) return rows;
    const label = result.filters.hideDisabled
      ? vscode.l10n.t('No GPU flavors here (disabled flavors are hidden by gcore.gpuFlavors.hideDisabled)')
      : vscode.l10n.t('No GPU flavors here');
    return [hintNode(node, 'empty', { label, icon: { id: 'info' } })];
  }
}

function isCancelledLoad(error: unknown): boolean {
  return isGcoreApiError(error) && error.kind === 'cancelled';
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
