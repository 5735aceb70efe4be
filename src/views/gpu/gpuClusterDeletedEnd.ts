import { isGcoreApiError } from '../../api/errors';
import type { GpuClusterRef } from '../../api/gpu/gpuClusterTypes';
import type { GpuClusterChangeKindDeps } from './gpuClusterChangeDeps';

/**
 * A cluster's delete that ended, or a server's after which Gcore deleted the cluster (it was the last), takes the
 * cluster's SSH entry with it, wherever the delete was sent from; a failure only logs.
 */
export async function forgetDeleted(
  deps: Pick<GpuClusterChangeKindDeps, 'client' | 'log' | 'forgetSsh'>,
  cluster: GpuClusterRef,
  action: string,
): Promise<void> {
  try {
    if (action === 'deleteServer' && !(await isGone(deps, cluster))) return;
    await deps.forgetSsh(cluster.clusterId);
  } catch (error) {
    deps.log.warn(`The SSH entry of deleted GPU cluster ${cluster.clusterId} could not be removed: ${String(error)}`);
  }
}

async function isGone(deps: Pick<GpuClusterChangeKindDeps, 'client'>, cluster: GpuClusterRef): Promise<boolean> {
  try {
    await deps.client.gpuClusters.get(cluster);
    return false;
  } catch (error) {
    if (isGcoreApiError(error) && error.kind === 'notFound') return true;
    throw error;
  }
}
