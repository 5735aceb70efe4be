/* GPU flavors as the API sends them, typed as api/types.ts says. */

export interface FlavorPrice {
  currency_code?: string | null;
  price_per_hour?: number | null;
  price_per_month?: number | null;
  price_status?: 'show' | 'hide' | 'error' | null;
  [extra: string]: unknown;
}

export interface GpuFlavor {
  name: string;
  architecture?: string | null;
  capacity?: number | null;
  disabled?: boolean | null;
  hardware_description?: {
    gpu?: string | null;
    ram?: number | null;
    vcpus?: number | null;
    [extra: string]: unknown;
  } | null;
  hardware_properties?: {
    gpu_count?: number | null;
    gpu_manufacturer?: string | null;
    gpu_model?: string | null;
    [extra: string]: unknown;
  } | null;
  price?: FlavorPrice | null;
  [extra: string]: unknown;
}

export interface FlavorList<F> {
  count: number;
  results: F[];
  /** Entries of the answer that could not be read, left out of `results`; absent when there were none. */
  unreadable?: UnreadableFlavor[];
  [extra: string]: unknown;
}

export type GpuFlavorList = FlavorList<GpuFlavor>;

/** A bare-metal GPU flavor: its hardware described in words, where a virtual flavor's is in numbers. */
export interface GpuBaremetalFlavor {
  name: string;
  architecture?: string | null;
  capacity?: number | null;
  /** What the customer's reservations hold of this flavor. */
  reserved_capacity?: number | null;
  disabled?: boolean | null;
  hardware_description?: {
    cpu?: string | null;
    ram?: string | null;
    disk?: string | null;
    network?: string | null;
    gpu?: string | null;
    [extra: string]: unknown;
  } | null;
  hardware_properties?: {
    gpu_count?: number | null;
    gpu_manufacturer?: string | null;
    gpu_model?: string | null;
    nic_ib?: string | null;
    [extra: string]: unknown;
  } | null;
  price?: FlavorPrice | null;
  [extra: string]: unknown;
}

export type GpuBaremetalFlavorList = FlavorList<GpuBaremetalFlavor>;

export interface UnreadableFlavor {
  name?: string;
  /** Which field is wrong, e.g. "results[3].capacity is string, expected number". */
  problem: string;
}
