/** Gcore's two GPU cluster products, as their paths name them (`/cloud/v3/gpu/{kind}/…`). */
export type GpuKind = 'virtual' | 'baremetal';

export const GPU_KINDS: readonly GpuKind[] = ['virtual', 'baremetal'];
