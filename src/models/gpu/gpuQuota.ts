import type { GpuQuotaCheck } from '../../api/gpu/gpuClusterTypes';
import { wireAmount } from '../wireAmount';

/** One quota a GPU cluster's create or resize takes, as `check_limits` tells it. */
export interface GpuQuotaUse {
  /** Gcore's name: `gpu_virtual_h100_count`, `external_ip_count`, `volume_size`… */
  quota: string;
  used: number;
  requested: number;
  limit: number;
  /** Used and requested together pass the limit: Gcore refuses the create. */
  exceeded: boolean;
}

/**
 * Every quota a `check_limits` answer tells in full (`<quota>_limit`, `_usage`, `_requested` all readable), in
 * the answer's order; one it garbles is left out, not guessed. Gcore lists only the quotas that matter, so an
 * empty answer means the cluster fits.
 */
export function gpuQuotaUses(check: GpuQuotaCheck): GpuQuotaUse[] {
  return Object.keys(check)
    .filter((key) => key.endsWith('_limit'))
    .flatMap((key) => {
      const quota = key.slice(0, -'_limit'.length);
      const limit = wireAmount(check[key]);
      const used = wireAmount(check[`${quota}_usage`]);
      const requested = wireAmount(check[`${quota}_requested`]);
      if (limit === undefined || used === undefined || requested === undefined) return [];
      return [{ quota, used, requested, limit, exceeded: used + requested > limit }];
    });
}
