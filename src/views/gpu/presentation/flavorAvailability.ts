import type { GpuFlavor } from '../../../api/gpu/gpuFlavorTypes';

export type FlavorAvailability = 'available' | 'outOfStock' | 'disabled';

/**
 * A disabled flavor cannot be used even when stock exists, so `disabled` wins. A missing capacity means the
 * API did not say, and hiding a flavor the user may well be able to create would be worse than showing it.
 */
export function flavorAvailability(flavor: GpuFlavor): FlavorAvailability {
  if (flavor.disabled === true) return 'disabled';
  if (typeof flavor.capacity === 'number' && flavor.capacity <= 0) return 'outOfStock';
  return 'available';
}
