import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import { isCancelled, isEndpointMissing } from '../../api/errors';
import type { GpuCluster, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { GpuBaremetalFlavorList } from '../../api/gpu/gpuFlavorTypes';
import { loadOnce, type LoadOnce } from '../../core/loadOnce';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { FlavorLoad, FlavorLoader } from '../../loaders/gpu/flavorLoader';
import type { GpuClusterReads } from '../../loaders/gpu/gpuClusterReads';
import type { Loaded } from '../../loaders/keyedLoader';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import { readLocations } from '../../state/settings';
import { baremetalFlavorTooltip, baremetalFlavorView, sortBaremetalFlavors } from './presentation/baremetalFlavorView';
import { flavorTooltipMarkdown, flavorView, sortFlavors, unreadableFlavorsView } from './presentation/flavorView';
import type { Section } from '../section';
import { errorNode, hintNode, isSectionNode, type NodeView, type TreeNode } from '../treeNodes';
import type { GpuClusterRows } from './gpuClusterRows';
import {
  GPU_SECTION,
  baremetalFlavorNode,
  flavorNode,
  gpuClustersNode,
  gpuLocationNode,
  isFlavorNode,
  isGpuClusterNode,
  isGpuClustersNode,
  isGpuServerNode,
} from './gpuNodes';
import { isLocationNode, type LocationNode } from '../locationNodes';

/** What the GPU section reads its clusters with, besides the flavors. */
export interface GpuClusterSource {
  /** The clusters' reads, loaded with the rows' code on first need. */
  reads: LoadOnce<GpuClusterReads>;
  /** Draws a row again from what is loaded. */
  redraw: (node: TreeNode) => void;
  /** The GPU cluster changes followed at a location, by subject name (`<kind>:<id>`). */
  changesAt: (location: ProjectRegionRef) => ReadonlyMap<string, ChangeSubject>;
  /** A change followed under `from` is followed under `to` from now on (a new cluster, listed with its id). */
  rename: (from: ChangeSubject, to: ChangeSubject) => void;
  /** Where a price that could not be read is told: the row goes without one. */
  log: Pick<Log, 'warn'>;
  /** A kind's clusters of a location as just read, once one of them has had a lease: what the lease clock keeps. */
  sawLeases: (location: GpuLocationRef, clusters: readonly GpuCluster[]) => void;
}

/**
 * GPU: one node per configured project and region. Under each, first its clusters (virtual and bare metal,
 * loaded when that row is expanded, each cluster's servers when it is), then its flavors, which load when the
 * location is expanded, through the flavor loader (its cache makes collapse and expand free). A location
 * whose clusters are moving is read again every few seconds, and no other. The clusters' code (their reads,
 * rows and polls) loads when a Clusters row is first expanded: a start shows none.
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
  private readonly clusterCode = loadOnce(async () => {
    const [{ GpuClusterRows }, reads] = await Promise.all([import('./gpuClusterRows.js'), this.clusters.reads()]);
    return new GpuClusterRows({
      ...this.clusters,
      reads,
      flavors: this.flavors,
      viewId: this.viewId,
      unavailable: (node) => {
        // One quiet row in place of each location's Clusters row, not an error under each.
        this.clustersUnavailable = true;
        if (node.parent) this.clusters.redraw(node.parent);
      },
    });
  });

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
    if (isGpuClustersNode(node) || isGpuClusterNode(node)) {
      let rows: GpuClusterRows;
      try {
        rows = await this.clusterCode();
      } catch (error) {
        // The clusters' code could not be loaded (dist/features.js unreadable): said in the row, whose click tries again.
        return [errorNode(node, node.section, vscode.l10n.t('Failed to load GPU clusters'), error, node)];
      }
      return isGpuClustersNode(node) ? rows.clusterRows(node) : rows.serverRows(node);
    }
    return [];
  }

  invalidate(node: TreeNode): TreeNode | undefined {
    if (isLocationNode(node)) {
      this.flavors.invalidate(node.location);
      this.clusters.reads.loaded?.invalidateClusters(node.location);
    } else if (node === this.root || isSectionNode(node)) {
      this.clustersUnavailable = false;
      this.flavors.invalidate();
      this.clusters.reads.loaded?.invalidateClusters();
    } else if (isGpuClustersNode(node)) {
      this.clusters.reads.loaded?.invalidateClusters(node.location);
    } else if (isGpuClusterNode(node)) {
      // A cluster's row comes from its kind's list: that list is read again, and its servers.
      this.clusters.reads.loaded?.invalidateClusters(node.location, [node.gpuKind]);
      this.clusters.reads.loaded?.invalidateServers({ ...node.location, kind: node.gpuKind, clusterId: node.cluster.id });
      return node.parent;
    } else if (isGpuServerNode(node)) {
      this.clusters.reads.loaded?.invalidateServers({ ...node.location, kind: node.gpuKind, clusterId: node.cluster.id });
      return node.parent;
    } else return undefined;
    return node;
  }

  dispose(): void {
    this.clusterCode.loaded?.dispose();
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

  private async flavorRows(node: LocationNode): Promise<TreeNode[]> {
    const result = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.flavors.load(node.location));
    if (result.state === 'failed') {
      // A refresh cancelled the load this row was waiting for; the fresh load answers instead.
      if (isCancelled(result.error)) return this.flavorRows(node);
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
      if (isEndpointMissing(result.error) || isCancelled(result.error)) return [];
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
