import type { GpuCluster, GpuImage, GpuKind, GpuServer } from '../../api/gpu/gpuClusterTypes';
import { gpuPortalPage } from '../../models/gpu/gpuPortalPages';
import type { ProjectRegion } from '../../models/projectRegion';
import { clusterRowView, type ClusterRowFacts } from './presentation/clusterView';
import { serverRowView } from './presentation/serverView';
import type { NodeView, TreeNode } from '../treeNodes';
import { GPU_SECTION, type GpuClustersNode } from './gpuNodes';

/** A GPU cluster's row under its location's Clusters row. */
export interface GpuClusterNode extends TreeNode {
  readonly nodeType: 'gpuCluster';
  readonly view: NodeView;
  readonly location: ProjectRegion;
  readonly gpuKind: GpuKind;
  readonly cluster: GpuCluster;
}

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
