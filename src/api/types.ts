/**
 * Wire shapes as the API sends them. Only what the extension reads is typed; unknown fields are kept on
 * the objects (the programmatic commands return the API's response as it came).
 */
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

export interface GpuFlavorList {
  count: number;
  results: GpuFlavor[];
  /** Entries of the answer that could not be read, left out of `results`; absent when there were none. */
  unreadable?: UnreadableFlavor[];
  [extra: string]: unknown;
}

export interface UnreadableFlavor {
  name?: string;
  /** Which field is wrong, e.g. "results[3].capacity is string, expected number". */
  problem: string;
}

export interface ContainerUpdateResult {
  tasks: string[];
  [extra: string]: unknown;
}

export interface CreateZoneResult {
  id?: number;
  warnings: string[];
  [extra: string]: unknown;
}

export interface DnssecState {
  algorithm?: string;
  digest?: string;
  digest_algorithm?: string;
  digest_type?: string;
  ds?: string;
  flags?: number;
  key_tag?: number;
  key_type?: string;
  message?: string;
  public_key?: string;
  uuid?: string;
  [extra: string]: unknown;
}
