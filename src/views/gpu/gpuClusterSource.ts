import type { GpuCluster, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { LoadOnce } from '../../core/loadOnce';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { FlavorLoader } from '../../loaders/gpu/flavorLoader';
import type { GpuClusterReads } from '../../loaders/gpu/gpuClusterReads';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import type { MissingList } from '../kit/missingList';
import type { SectionView } from '../kit/sectionView';
import type { TreeNode } from '../treeNodes';
import type { GpuClusterNode, GpuClustersNode } from './gpuNodes';

/** What the GPU section reads its clusters with, besides the flavors. */
export interface GpuClusterSource {
  /** The clusters' reads, loaded with the rows' code on first need. */
  reads: LoadOnce<GpuClusterReads>;
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
 * The rows under a location's Clusters row and under each cluster, and the polls of the locations whose clusters
 * move: their code (gpuClusterRows.ts) loads when a Clusters row is first expanded, as a start shows none.
 */
export interface GpuClusterRows {
  clusterRows(node: GpuClustersNode): Promise<TreeNode[]>;
  serverRows(node: GpuClusterNode): Promise<TreeNode[]>;
  dispose(): void;
}

/** What the cluster rows are made with: the section's cluster source, loaded, and the section's own parts. */
export interface GpuClusterRowsDeps extends Omit<GpuClusterSource, 'reads'> {
  reads: GpuClusterReads;
  /** The location's flavors: a cluster's GPUs are said as its flavor's row says them. */
  flavors: Pick<FlavorLoader, 'load' | 'loadBaremetal'>;
  view: SectionView;
  /** The API has no GPU cluster list (a server with the core operations only): said in place of each Clusters row. */
  unavailable: MissingList;
}
