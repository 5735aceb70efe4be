import type { GpuCluster, GpuKind, GpuServer } from '../../api';
import type { ProjectRegion } from '../../models/projectRegion';
import { nodeGuard, type NodeView, type TreeNode } from '../treeNodes';

/** A GPU cluster's row under its location's Clusters row. */
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
