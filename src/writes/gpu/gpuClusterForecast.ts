import type { GcoreClient } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import type { GpuLocationRef, GpuPrice, GpuQuotaCheck } from '../../api/gpu/gpuClusterTypes';
import type { Log } from '../../logging/log';
import { pricePreviewRequest, quotaCheckRequest, type GpuClusterCreate } from '../../models/gpu/gpuClusterCreate';

/**
 * Quota and price of a cluster as it would be created, each asked in its own body and each null when Gcore does
 * not answer it (an addition: never a stop). Sends no create. Shared by the create command's review and the
 * agent tools, which run without VS Code (no log there).
 */
export async function forecastGpuCluster(
  deps: { client: Pick<GcoreClient, 'gpuClusters'>; log?: Pick<Log, 'debug'> },
  location: GpuLocationRef,
  cluster: GpuClusterCreate,
  options: CallOptions = {},
): Promise<{ quota: GpuQuotaCheck | null; price: GpuPrice | null }> {
  const quietly = async <T>(what: string, request: () => Promise<T>): Promise<T | null> => {
    try {
      return await request();
    } catch (error) {
      deps.log?.debug(`the ${what} of new GPU cluster ${cluster.name} could not be read: ${String(error)}`);
      return null;
    }
  };
  const { gpuClusters } = deps.client;
  const [quota, price] = await Promise.all([
    quietly('quota', () => gpuClusters.checkLimits(location, quotaCheckRequest(location.kind, cluster), options)),
    quietly('price', () => gpuClusters.pricePreview(location, pricePreviewRequest(location.kind, cluster), options)),
  ]);
  return { quota, price };
}
