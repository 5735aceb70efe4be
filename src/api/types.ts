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

/** A serverless container as the API reads it back; only `name` is relied on, the rest may be absent or null. */
export interface Container {
  name: string;
  image?: string | null;
  flavor?: string | null;
  listening_port?: number | null;
  description?: string | null;
  envs?: Record<string, string> | null;
  timeout?: number | null;
  scale?: {
    min?: number | null;
    max?: number | null;
    cooldown_period?: number | null;
    triggers?: {
      cpu?: { threshold?: number | null } | null;
      memory?: { threshold?: number | null } | null;
      http?: { rate?: number | null; window?: number | null } | null;
    } | null;
  } | null;
  is_disabled?: boolean | null;
  is_api_key_auth?: boolean | null;
  pull_secret?: string | null;
  commands?: string | null;
  logging?: {
    enabled?: boolean | null;
    destination_region_id?: number | null;
    topic_name?: string | null;
    retention_policy?: { period?: number | null } | null;
  } | null;
  status?: string | null;
  status_message?: string | null;
  address?: string | null;
  created_at?: string | null;
  deploy_status?: { total?: number | null; ready?: number | null } | null;
  [extra: string]: unknown;
}

/** A registry login a container's `pull_secret` names; Gcore never returns its password. */
export interface PullSecret {
  name: string;
  registry?: string | null;
  login?: string | null;
  updated_at?: string | null;
  [extra: string]: unknown;
}

/**
 * What a container would use of the location's quota (`check_limits`): for containers, CPU and RAM, the
 * `…_limit`, `…_usage` and `…_requested` numbers as Gcore answers them (`caas_cpu_count_limit`, …).
 */
export type ContainerQuota = Record<string, unknown>;

/** What a container of a size and scale costs (`/cloud/v1/pricing/…/caas`); amounts may come as numbers or text. */
export interface ContainerPrice {
  currency_code?: string | null;
  price_per_hour?: number | string | null;
  price_per_month?: number | string | null;
  price_status?: string | null;
  [extra: string]: unknown;
}

/** `GET …/containers/{name}/logs`: lines as Gcore sends them (free-form objects). */
export interface ContainerLogs {
  logs: unknown[];
  [extra: string]: unknown;
}

/**
 * What a paged list could not bring, on its result beside the items; each field is absent when nothing of
 * its kind was left out.
 */
export interface ListGaps {
  /** Entries that came but could not be read (not an object, no name): left out of the items. */
  unreadableCount?: number;
  /** Paging ended (an empty page, a repeated one) before the total the server reported: `count` never came. */
  missing?: { count: number; reportedTotal: number };
  /**
   * Paging stopped before an empty page (a page repeated entries already listed, or the list reached the most
   * the extension lists) with no total to say how many did not come: there may be more.
   */
  incomplete?: true;
}

/**
 * `count` is how many `results` holds, every page together, whatever total the server reported: the one
 * number a caller can rely on, as totals can be absent, low or stale. What was left out is in ListGaps.
 */
export interface ContainerList extends ListGaps {
  count: number;
  results: Container[];
  [extra: string]: unknown;
}

/** A container size of a region: `cpu` in millicores, `ram` in MiB. */
export interface ContainerFlavor {
  name: string;
  cpu?: number | null;
  ram?: number | null;
  [extra: string]: unknown;
}

export interface ContainerFlavorList {
  count: number;
  results: ContainerFlavor[];
  [extra: string]: unknown;
}

/** A zone of the account; no field but `name` is guaranteed. */
export interface DnsZone {
  name: string;
  enabled?: boolean | null;
  status?: string | null;
  dnssec_enabled?: boolean | null;
  /** pending, active, pending-disabled, disabled; absent or empty when DNSSEC was never enabled. */
  dnssec_status?: string | null;
  [extra: string]: unknown;
}

/** `total_amount` is how many `zones` holds, as ContainerList's `count` is. */
export interface DnsZoneList extends ListGaps {
  total_amount: number;
  zones: DnsZone[];
  [extra: string]: unknown;
}

/**
 * One record of a record set. `content` is as the type reads it (docs/gcore-api.md#record-content): `["203.0.113.1"]` for A,
 * `[10, "mail.example.com."]` for MX, `[0, "issue", "letsencrypt.org"]` for CAA. Answers add `id`.
 */
export interface ResourceRecord {
  content: unknown[];
  /** Default true. */
  enabled?: boolean | null;
  /** A dynamic set's facts about this record: countries, continents, asn, latlong, weight, backup, default, notes. */
  meta?: Record<string, unknown> | null;
  id?: number;
  [extra: string]: unknown;
}

/** What picks a dynamic set's answer: geodns, weighted_shuffle, healthcheck, first_n, … (unknown types tolerated). */
export interface RecordPicker {
  type: string;
  limit?: number | null;
  strict?: boolean | null;
  [extra: string]: unknown;
}

/**
 * A record set (RRset): one name, one type, one TTL, its records. `name` is the full name as Gcore sent it,
 * with or without a trailing dot; `updated_at` is a date-time or integer nanoseconds. A set with pickers (or
 * `filters`, which older answers carry instead) or `meta.failover` is dynamic.
 */
export interface RecordSet {
  name: string;
  type: string;
  ttl?: number | null;
  resource_records: ResourceRecord[];
  meta?: Record<string, unknown> | null;
  pickers?: RecordPicker[] | null;
  filters?: RecordPicker[] | null;
  filter_set_id?: number | null;
  updated_at?: string | number | null;
  [extra: string]: unknown;
}

/** A record as a write sends it: `enabled` and `meta` only when given. */
export interface RecordBody {
  content: unknown[];
  enabled?: boolean;
  meta?: Record<string, unknown>;
}

/** A record set as PUT and POST send it; its name and type are in the path. */
export interface RecordSetBody {
  ttl?: number;
  resource_records: RecordBody[];
  meta?: Record<string, unknown>;
  pickers?: RecordPicker[];
}

/** `total_amount` is how many `rrsets` holds, as ContainerList's `count` is. */
export interface RecordSetList extends ListGaps {
  total_amount: number;
  rrsets: RecordSet[];
  [extra: string]: unknown;
}

/** One answer of a name's resolution, as one resolver gives it (`/dns/v2/lookup`). */
export interface LookupAnswer {
  name: string;
  type: string;
  ttl?: number | null;
  content: unknown[];
  [extra: string]: unknown;
}

/** The resolvers `/dns/v2/lookup` asks (`request_server`). */
export const LOOKUP_SERVERS = ['authoritative_dns', 'google', 'cloudflare', 'open_dns', 'quad9', 'gcore'] as const;
export type LookupServer = (typeof LOOKUP_SERVERS)[number];

/**
 * A zone's settings as `PUT /dns/v2/zones/{name}` takes them: the whole zone, `name` required; a field left
 * out goes back to Gcore's default, so a write sends the zone's current settings with its changes applied.
 */
export interface ZoneSettingsBody {
  name: string;
  contact?: string;
  enabled?: boolean;
  expiry?: number;
  meta?: Record<string, unknown>;
  nx_ttl?: number;
  primary_server?: string;
  refresh?: number;
  retry?: number;
  serial?: number;
}

/** A name server the registrar lists for a domain, as the delegation check names it (camelCase addresses). */
export interface DelegationNameServer {
  name: string;
  ipv4Addresses?: string[];
  ipv6Addresses?: string[];
  [extra: string]: unknown;
}

/**
 * `GET /dns/v2/analyze/{name}/delegation-status`: which name servers the domain's registrar points to, and how
 * many of them are Gcore's. No field is guaranteed; one of another type is left out.
 */
export interface DelegationStatus {
  authoritative_name_servers?: DelegationNameServer[];
  gcore_authorized_count?: number;
  non_gcore_authorized_count?: number;
  is_whitelabel_delegation?: boolean;
  zone_exists?: boolean;
  [extra: string]: unknown;
}

export interface Project {
  id: number;
  name: string;
  is_default?: boolean | null;
  state?: string | null;
  description?: string | null;
  [extra: string]: unknown;
}

export interface Region {
  id: number;
  display_name: string;
  state?: string | null;
  country?: string | null;
  zone?: string | null;
  [extra: string]: unknown;
}

/** `count` is how many `results` holds, as ContainerList's is. */
export interface CloudList<T> extends ListGaps {
  count: number;
  results: T[];
  [extra: string]: unknown;
}

export interface Task {
  id: string;
  /** NEW, RUNNING, FINISHED or ERROR; any other value is kept as it came. */
  state: string;
  task_type?: string | null;
  error?: string | null;
  created_on?: string | null;
  updated_on?: string | null;
  finished_on?: string | null;
  project_id?: number | null;
  region_id?: number | null;
  [extra: string]: unknown;
}

/** The account behind a key (`/iam/clients/me`, camelCase keys). */
export interface Account {
  id?: number;
  email?: string;
  name?: string;
  companyName?: string;
  status?: string;
  [extra: string]: unknown;
}
