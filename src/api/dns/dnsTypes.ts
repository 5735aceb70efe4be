import type { ListGaps } from '../types';

/* DNS zones, their record sets and lookups as the API sends them, typed as api/types.ts says. */

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

/** `total_amount` is how many `zones` holds, as CloudList's `count` is (api/types.ts). */
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

/** `total_amount` is how many `rrsets` holds, as CloudList's `count` is (api/types.ts). */
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
