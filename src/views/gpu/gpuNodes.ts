import * as l10n from '@vscode/l10n';
import type { GpuBaremetalFlavor, GpuFlavor } from '../../api/gpu/gpuFlavorTypes';
import type { GpuCluster, GpuKind, GpuServer } from '../../api/gpu/gpuClusterTypes';
import { projectRegionKey } from '../../core/projectRegion';
import { ROW_CONTEXT } from '../../core/contributions';
import { gpuPortalPage } from '../../models/gpu/gpuPortalPages';
import type { ProjectRegion } from '../../models/projectRegion';
import { nodeGuard, sectionNode, type NodeView, type TreeNode } from '../treeNodes';
import { locationNode, type LocationNode } from '../locationNodes';

export const GPU_SECTION = sectionNode('gpu', l10n.t('GPU'), 'circuit-board', ROW_CONTEXT.gpuSection);

/** A location's row under GPU: its clusters and flavors. */
export function gpuLocationNode(location: ProjectRegion): LocationNode {
  return locationNode(
    GPU_SECTION,
    location,
    l10n.t('GPU clusters and flavors of project {0}, region {1} ({2})', location.projectId, location.regionId, projectRegionKey(location)),
    gpuPortalPage(location),
  );
}

/** A location's GPU clusters, virtual and bare metal: the first row under the location. */
export interface GpuClustersNode extends TreeNode {
  readonly nodeType: 'gpuClusters';
  readonly view: NodeView;
  readonly location: ProjectRegion;
}

export const isGpuClustersNode = nodeGuard<GpuClustersNode>('gpuClusters');

export function gpuClustersNode(parent: LocationNode): GpuClustersNode {
  return {
    nodeType: 'gpuClusters',
    id: `${parent.id}/clusters`,
    section: GPU_SECTION.section,
    parent,
    location: parent.location,
    portal: gpuPortalPage(parent.location),
    view: {
      label: l10n.t('Clusters'),
      tooltip: l10n.t('The virtual and bare-metal GPU clusters of this location.'),
      icon: { id: 'server-environment' },
      contextValue: ROW_CONTEXT.gpuClusters,
      collapsible: 'collapsed',
    },
  };
}

/**
 * A GPU cluster's row under its location's Clusters row. The rows under a Clusters row are made by code loaded when
 * one is first expanded (gpuClusterNodes.ts); what they are is known from the start, to the menus' commands too.
 */
export interface GpuClusterNode extends TreeNode {
  readonly nodeType: 'gpuCluster';
  readonly view: NodeView;
  readonly location: ProjectRegion;
  readonly gpuKind: GpuKind;
  readonly cluster: GpuCluster;
}

export const isGpuClusterNode = nodeGuard<GpuClusterNode>('gpuCluster');

/** A server of a GPU cluster: its cluster's child. */
export interface GpuServerNode extends TreeNode {
  readonly nodeType: 'gpuServer';
  readonly view: NodeView;
  readonly location: ProjectRegion;
  readonly gpuKind: GpuKind;
  readonly cluster: GpuCluster;
  readonly server: GpuServer;
}

export const isGpuServerNode = nodeGuard<GpuServerNode>('gpuServer');

interface FlavorRow extends TreeNode {
  readonly nodeType: 'flavor';
  readonly view?: undefined;
  readonly showPrices: boolean;
}

/**
 * A flavor of a location. It carries no view: a location holds thousands, and its section draws them on demand.
 * A bare-metal flavor's CPU, RAM and disk are text, and its row says it is bare metal.
 */
export type FlavorNode =
  | (FlavorRow & { readonly flavor: GpuFlavor; readonly baremetal?: undefined })
  | (FlavorRow & { readonly flavor: GpuBaremetalFlavor; readonly baremetal: true });

export const isFlavorNode = nodeGuard<FlavorNode>('flavor');

export function flavorNode(parent: LocationNode, flavor: GpuFlavor, showPrices: boolean): FlavorNode {
  return { nodeType: 'flavor', id: `${parent.id}/${flavor.name}`, section: GPU_SECTION.section, parent, flavor, showPrices };
}

/** A bare-metal flavor of a location, listed after the virtual ones; its id says its kind (names may repeat across kinds). */
export function baremetalFlavorNode(parent: LocationNode, flavor: GpuBaremetalFlavor, showPrices: boolean): FlavorNode {
  return {
    nodeType: 'flavor',
    id: `${parent.id}/baremetal/${flavor.name}`,
    section: GPU_SECTION.section,
    parent,
    flavor,
    showPrices,
    baremetal: true,
  };
}
