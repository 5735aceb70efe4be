import type { GcoreClient } from '../../api';
import type { GpuCluster, GpuClusterRef, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { Log } from '../../logging/log';

/** What the GPU area hands its kind of change: the client, the location's clusters to read again, where to look for capacity. */
export interface GpuClusterChangeKindDeps {
  client: Pick<GcoreClient, 'gpuClusters'>;
  /** The clusters of a location and product are read again when one of them changed. */
  clusters: { invalidateLocation(ref: GpuLocationRef): void };
  log: Log;
  /** A start or resize found no free servers: the cluster's flavor in the user's other locations that have it now. */
  findFlavorElsewhere(cluster: GpuClusterRef): Promise<unknown>;
  /** Open in VS Code on a new cluster, asked as on its row. */
  connect(cluster: GpuClusterRef, name: string): Promise<unknown>;
  /** Removes the SSH entry of a cluster Gcore deleted. */
  forgetSsh(clusterId: string): Promise<void>;
  /** Set Lease… on a cluster a create or a start made here has brought up. */
  setLease(ref: GpuClusterRef, cluster: GpuCluster): Promise<unknown>;
}
