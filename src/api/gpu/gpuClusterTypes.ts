import type { ProjectRegionRef } from '../../core/projectRegion';
import type { FlavorPrice } from './gpuFlavorTypes';

/*
 * GPU clusters as Gcore answers them (docs/gcore-api.md, "GPU clusters"). Only what a caller relies on is
 * typed; every object keeps the fields it came with, and any of them may be null or missing.
 */

/** `virtual` (`/cloud/v3/gpu/virtual/…`) or `baremetal` (`/cloud/v3/gpu/baremetal/…` and its v1 paths). */
export type GpuKind = 'virtual' | 'baremetal';

export const GPU_KINDS: readonly GpuKind[] = ['virtual', 'baremetal'];

/** A location and the product whose clusters are meant. */
export interface GpuLocationRef extends ProjectRegionRef {
  kind: GpuKind;
}

export interface GpuClusterRef extends GpuLocationRef {
  clusterId: string;
}

export interface GpuTag {
  key: string;
  value: string;
  read_only?: boolean | null;
  [extra: string]: unknown;
}

export interface GpuCluster {
  id: string;
  name: string;
  /** `active, creating, degraded, deleting, error, rebooting, rebuilding, resizing, shutoff`, or what else Gcore sends. */
  status?: string | null;
  /** The flavor's name. */
  flavor?: string | null;
  servers_count?: number | null;
  servers_ids?: string[] | null;
  tags?: GpuTag[] | null;
  created_at?: string | null;
  updated_at?: string | null;
  servers_settings?: {
    ssh_key_name?: string | null;
    interfaces?: unknown[] | null;
    volumes?: unknown[] | null;
    [extra: string]: unknown;
  } | null;
  has_pending_changes?: boolean | null;
  /** Bare metal only. */
  image_id?: string | null;
  /** Bare metal only: `user` or `k8s` (a Managed Kubernetes node pool). */
  managed_by?: string | null;
  /**
   * Not Gcore's: the known fields Gcore sent in a shape this extension does not read, left out (a list keeps its
   * readable entries); absent when there were none.
   */
  unreadable_fields?: string[];
  [extra: string]: unknown;
}

export interface GpuServer {
  id: string;
  name: string;
  /** An instance status: ACTIVE, BUILD, SHELVED_OFFLOADED, SHUTOFF, ERROR, … */
  status?: string | null;
  flavor?: string | null;
  image_id?: string | null;
  ssh_key_name?: string | null;
  ip_addresses?: string[] | null;
  /** The task changing the cluster through this server, while one runs. */
  task_id?: string | null;
  created_at?: string | null;
  /** Not Gcore's: the server's address on an external network or a floating IP, from the cluster's interfaces. */
  public_ip?: string;
  [extra: string]: unknown;
}

/** One port of a cluster's servers. Virtual and bare-metal answers name the network and floating IPs differently. */
export interface GpuInterface {
  port_id?: string | null;
  ip_assignments?: { ip_address?: string | null; subnet_id?: string | null }[] | null;
  network?: { name?: string | null; external?: boolean | null; [extra: string]: unknown } | null;
  network_details?: { name?: string | null; external?: boolean | null; [extra: string]: unknown } | null;
  floating_ips?: { floating_ip_address?: string | null; fixed_ip_address?: string | null }[] | null;
  floatingip_details?: { floating_ip_address?: string | null; fixed_ip_address?: string | null }[] | null;
  /** Bare metal: the ports a trunk carries, each in a port's shape, on networks of their own (the public one among them). */
  sub_ports?: GpuInterface[] | null;
  [extra: string]: unknown;
}

export interface GpuVolume {
  id: string;
  name?: string | null;
  server_id?: string | null;
  type?: string | null;
  status?: string | null;
  size?: number | null;
  bootable?: boolean | null;
  [extra: string]: unknown;
}

export interface GpuImage {
  id: string;
  name: string;
  status?: string | null;
  min_disk?: number | null;
  min_ram?: number | null;
  architecture?: string | null;
  os_distro?: string | null;
  os_version?: string | null;
  gpu_driver_version?: string | null;
  cuda_toolkit_version?: string | null;
  /** `allow`, `deny` or `required`, as far as Gcore documents it. */
  ssh_key?: string | null;
  created_at?: string | null;
  [extra: string]: unknown;
}

export interface SshKey {
  id: string;
  name: string;
  public_key?: string | null;
  fingerprint?: string | null;
  /** ACTIVE or DELETING. */
  state?: string | null;
  shared_in_project?: boolean | null;
  created_at?: string | null;
  [extra: string]: unknown;
}

/** A key Gcore generated: `private_key` comes in this answer only. */
export interface CreatedSshKey extends SshKey {
  private_key?: string | null;
}

export interface SshKeyCreate {
  name: string;
  /** Omitted: Gcore generates the pair. */
  public_key?: string;
  shared_in_project?: boolean;
}

/** A cluster's price as it would be created (`POST /cloud/v2/pricing/…/clusters`): shown only when `price_status` is `show`. */
export interface GpuPrice {
  total_price_per_hour?: number | string | null;
  total_price_per_month?: number | string | null;
  currency_code?: string | null;
  price_status?: string | null;
  /** A string in a preview's answer, a number in a running cluster's. */
  discount_percent?: number | string | null;
  [extra: string]: unknown;
}

/**
 * What a cluster costs now (`GET /cloud/v2/pricing/…/clusters/{id}`, Gcore's ItemPriceResponseSerializer): a
 * flavor price's shape (`price_per_hour`, `currency_code`, `price_status`), with a number for `discount_percent`.
 */
export type GpuClusterCost = FlavorPrice;

/** `check_limits`: each quota the request would exceed, as `<quota>_limit`, `_requested` and `_usage`; empty when it fits. */
export type GpuQuotaCheck = Record<string, unknown>;

/** The four power actions both products take through `…/clusters/{id}/action`. */
export type GpuClusterAction = 'start' | 'stop' | 'soft_reboot' | 'hard_reboot';

export const GPU_CLUSTER_ACTIONS: readonly GpuClusterAction[] = ['start', 'stop', 'soft_reboot', 'hard_reboot'];

/** What happens to what a deleted cluster or server leaves behind. Bare metal has no volumes to keep. */
export interface GpuDeleteOptions {
  deleteVolumes?: boolean;
  deleteFloatingIps?: boolean;
}
