import * as l10n from '@vscode/l10n';
import { isCancelled, isEndpointMissing } from '../../api/errors';
import type { GpuBaremetalFlavorList } from '../../api/gpu/gpuFlavorTypes';
import { loadOnce } from '../../core/loadOnce';
import type { FlavorLoad, FlavorLoader } from '../../loaders/gpu/flavorLoader';
import type { Loaded } from '../../loaders/keyedLoader';
import type { LocationsReading } from '../../state/settings';
import { lazyRows } from '../kit/lazyRows';
import { listRows } from '../kit/listRows';
import { MissingList } from '../kit/missingList';
import { failedRow, locationRows, quietRow } from '../kit/rows';
import { rowKind, sectionOf } from '../kit/sectionOf';
import type { SectionView } from '../kit/sectionView';
import { isLocationNode, type LocationNode } from '../locationNodes';
import type { Section } from '../section';
import { hintNode, type TreeNode } from '../treeNodes';
import type { GpuClusterSource } from './gpuClusterSource';
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
  type GpuClusterNode,
  type GpuClustersNode,
} from './gpuNodes';
import { baremetalFlavorTooltip, baremetalFlavorView, sortBaremetalFlavors } from './presentation/baremetalFlavorView';
import { flavorTooltipMarkdown, flavorView, sortFlavors, unreadableFlavorsView } from './presentation/flavorView';

export interface GpuFlavorsSectionDeps {
  flavors: Pick<FlavorLoader, 'load' | 'loadBaremetal' | 'settledBaremetal' | 'filters' | 'invalidate'>;
  view: SectionView;
  locations: () => LocationsReading;
  clusters: GpuClusterSource;
}

type LoadedFlavors = Extract<FlavorLoad, { state: 'loaded' }>;

/**
 * GPU: one node per configured project and region. Under each, first its clusters (virtual and bare metal,
 * loaded when that row is expanded, each cluster's servers when it is), then its flavors, which load when the
 * location is expanded, through the flavor loader (its cache makes collapse and expand free). A location
 * whose clusters are moving is read again every few seconds, and no other. The clusters' code (their reads,
 * rows and polls) loads when a Clusters row is first expanded: a start shows none.
 */
export function gpuFlavorsSection({ flavors, view, locations, clusters }: GpuFlavorsSectionDeps): Section & { dispose(): void } {
  const root = GPU_SECTION;
  /** The API has no GPU cluster list (a server with the core operations only): one quiet row in place of each location's Clusters row. */
  const clustersUnavailable = new MissingList(view, (parent) =>
    quietRow(
      parent,
      'clusters-unavailable',
      l10n.t('GPU clusters are not available from this API'),
      l10n.t('The API at gcore.apiBaseUrl has no GPU cluster list. The flavors below are listed as before.'),
    ),
  );
  const clusterCode = loadOnce(async () => {
    const [{ ClusterRows }, reads] = await Promise.all([import('./gpuClusterRows.js'), clusters.reads()]);
    return new ClusterRows({ ...clusters, reads, flavors, view, unavailable: clustersUnavailable });
  });
  // The clusters' code could not be loaded (dist/features.js unreadable): said in the row, whose click tries again.
  const clusterRows = lazyRows(
    clusterCode,
    () => l10n.t('Failed to load GPU clusters'),
    (rows, node: GpuClustersNode) => rows.clusterRows(node),
  );
  const serverRows = lazyRows(
    clusterCode,
    () => l10n.t('Failed to load GPU clusters'),
    (rows, node: GpuClusterNode) => rows.serverRows(node),
  );

  /**
   * The rows of each load, built once: VS Code's view and a reveal or a test may all ask for the same
   * location's children, and a location can hold thousands of flavors.
   */
  const rowsOfLoad = new WeakMap<LoadedFlavors, TreeNode[]>();
  const baremetalRowsOfLoad = new WeakMap<object, TreeNode[]>();
  const flavorRows = listRows(view, {
    load: async (node: LocationNode): Promise<Loaded<LoadedFlavors>> => {
      const load = await flavors.load(node.location);
      return load.state === 'loaded' ? { state: 'loaded', value: load } : load;
    },
    failed: () => l10n.t('Failed to load GPU flavors'),
    rows: (node, load) => {
      let rows = rowsOfLoad.get(load);
      if (!rows) {
        rows = flavorRowsOf(node, load);
        rowsOfLoad.set(load, rows);
      }
      return rows;
    },
    empty: (node, load) => {
      const label = load.filters.hideDisabled
        ? l10n.t('No GPU flavors here (disabled flavors are hidden by gcore.gpuFlavors.hideDisabled)')
        : l10n.t('No GPU flavors here');
      return hintNode(node, 'empty', { label, icon: { id: 'info' } });
    },
  });
  /** The bare-metal flavors after the virtual ones; nothing at all from an API that lists none. */
  const baremetalFlavorRows = (node: LocationNode, result: Loaded<GpuBaremetalFlavorList>): TreeNode[] => {
    if (result.state === 'failed') {
      if (isEndpointMissing(result.error) || isCancelled(result.error)) return [];
      return [failedRow(node, l10n.t('Failed to load bare-metal GPU flavors'), result.error, 'baremetal')];
    }
    let rows = baremetalRowsOfLoad.get(result);
    if (!rows) {
      const showPrices = flavors.filters().includePrices;
      rows = sortBaremetalFlavors(result.value.results).map((flavor) => baremetalFlavorNode(node, flavor, showPrices));
      baremetalRowsOfLoad.set(result, rows);
    }
    return rows;
  };
  return {
    ...sectionOf({
      root,
      rows: () => locationRows(root, locations(), gpuLocationNode, true),
      forget: () => {
        flavors.invalidate();
        clusters.reads.loaded?.invalidateClusters();
      },
      missing: [clustersUnavailable],
      kinds: [
        // First: a location holds thousands of flavors, drawn on demand.
        rowKind(isFlavorNode, {
          view: (node) =>
            node.baremetal
              ? baremetalFlavorView(node.flavor, { showPrices: node.showPrices })
              : flavorView(node.flavor, { showPrices: node.showPrices }),
          tooltip: (node) => (node.baremetal ? baremetalFlavorTooltip(node.flavor) : flavorTooltipMarkdown(node.flavor)),
        }),
        rowKind(isLocationNode, {
          children: async (node) => {
            const virtual = await flavorRows(node);
            // The virtual flavors never wait for the bare-metal ones: those not read yet redraw the location when they come.
            const settled = flavors.settledBaremetal(node.location);
            if (!settled) void flavors.loadBaremetal(node.location).then(() => view.refresh(node));
            const clustersRow = clustersUnavailable.known ? clustersUnavailable.row(node) : gpuClustersNode(node);
            return [clustersRow, ...virtual, ...(settled ? baremetalFlavorRows(node, settled) : [])];
          },
          invalidate: (node) => {
            flavors.invalidate(node.location);
            clusters.reads.loaded?.invalidateClusters(node.location);
            return node;
          },
        }),
        rowKind(isGpuClustersNode, {
          children: clusterRows,
          invalidate: (node) => {
            clusters.reads.loaded?.invalidateClusters(node.location);
            return node;
          },
        }),
        rowKind(isGpuClusterNode, {
          children: serverRows,
          // A cluster's row comes from its kind's list: that list is read again, and its servers.
          invalidate: (node) => {
            clusters.reads.loaded?.invalidateClusters(node.location, [node.gpuKind]);
            clusters.reads.loaded?.invalidateServers({ ...node.location, kind: node.gpuKind, clusterId: node.cluster.id });
            return node.parent;
          },
        }),
        rowKind(isGpuServerNode, {
          invalidate: (node) => {
            clusters.reads.loaded?.invalidateServers({ ...node.location, kind: node.gpuKind, clusterId: node.cluster.id });
            return node.parent;
          },
        }),
      ],
    }),
    dispose: () => clusterCode.loaded?.dispose(),
  };
}

/** A location's virtual flavors, and a row for those that could not be read. */
function flavorRowsOf(node: LocationNode, load: LoadedFlavors): TreeNode[] {
  const rows: TreeNode[] = sortFlavors(load.list.results).map((flavor) => flavorNode(node, flavor, load.filters.includePrices));
  const unreadable = load.list.unreadable ?? [];
  if (unreadable.length > 0) rows.push(hintNode(node, 'unreadable', { ...unreadableFlavorsView(unreadable), icon: { id: 'warning' } }));
  return rows;
}
