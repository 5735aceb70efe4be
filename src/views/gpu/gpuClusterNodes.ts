import type { GpuCluster, GpuImage, GpuServer } from '../../api/gpu/gpuClusterTypes';
import { gpuPortalPage } from '../../models/gpu/gpuPortalPages';
import { clusterRowView, type ClusterRowFacts } from './presentation/clusterView';
import { serverRowView } from './presentation/serverView';
import { GPU_SECTION, type GpuClusterNode, type GpuClustersNode, type GpuServerNode } from './gpuNodes';

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
