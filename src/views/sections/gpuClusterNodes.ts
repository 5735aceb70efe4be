import * as l10n from '@vscode/l10n';
import type { GpuCluster, GpuImage, GpuKind, GpuServer } from '../../api';
import { ROW_CONTEXT } from '../../core/contributions';
import { gpuPortalPage } from '../../models/portalPages';
import type { ProjectRegion } from '../../models/projectRegion';
import { clusterRowView, type ClusterRowFacts } from '../presentation/gpu/clusterView';
import { serverRowView } from '../presentation/gpu/serverView';
import { nodeGuard, type NodeView, type TreeNode } from '../treeNodes';
import { GPU_SECTION } from './gpuNodes';
import type { LocationNode } from './locationNodes';

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

/** A GPU cluster's row under its location's Clusters row. */
export interface GpuClusterNode extends TreeNode {
  readonly nodeType: 'gpuCluster';
  readonly view: NodeView;
  readonly location: ProjectRegion;
  readonly gpuKind: GpuKind;
  readonly cluster: GpuCluster;
}

export const isGpuClusterNode = nodeGuard<GpuClusterNode>('gpuCluster');

export function gpuClusterNode(parent: GpuClustersNode, cluster: GpuCluster, facts: ClusterRowFacts): GpuClusterNode {
  return {
    nodeType: 'gpuCluster',
    id: `${parent.id}/${facts.kind}/${cluster.id}`,
    section: GPU_SECTION.section,
    parent,
    location: parent.location,
    gpuKind: facts.kind,
    cluster,
    portal: gpuPortalPage(parent.location),
    view: { ...clusterRowView(cluster, facts), collapsible: 'collapsed' },
  };
}

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

export function gpuServerNode(parent: GpuClusterNode, server: GpuServer, image?: GpuImage): GpuServerNode {
  return {
    nodeType: 'gpuServer',
    id: `${parent.id}/${server.id}`,
    section: GPU_SECTION.section,
    parent,
    location: parent.location,
    gpuKind: parent.gpuKind,
    cluster: parent.cluster,
    server,
    portal: gpuPortalPage(parent.location),
    view: serverRowView(server, image),
  };
}
