import type { GpuCluster, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { LoadOnce } from '../../core/loadOnce';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { GpuClusterReads } from '../../loaders/gpu/gpuClusterReads';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import type { TreeNode } from '../treeNodes';

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
