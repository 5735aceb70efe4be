import { dnssecRecordFor, type DnssecRecord } from './dnssec-keys';

export type { DnssecRecord } from './dnssec-keys';

export interface ZoneRecord {
  id: number;
  /** Canonical name: lower case, punycode, no trailing dot. */
  name: string;
  enabled: boolean;
  contact?: string;
  expiry?: number;
  meta?: Record<string, unknown>;
  nx_ttl?: number;
  primary_server?: string;
  refresh?: number;
  retry?: number;
  serial?: number;
  /** The key record last reported by the DNSSEC endpoint; undefined until DNSSEC was first toggled. */
  dnssec: DnssecRecord | undefined;
  dnssecEnabled: boolean;
  /**
   * The registrar publishes the zone's DS record (DNSSEC status "active" at Gcore). Disabling DNSSEC then
   * answers 409 unless `force_disable` is sent, as Gcore's DNSSEC guide describes. Tests set it directly.
   */
  dsAtRegistrar: boolean;
}

export type NewZone = Omit<ZoneRecord, 'id' | 'dnssec' | 'dnssecEnabled' | 'dsAtRegistrar'>;

// Real zone ids are large integers; starting high keeps them from looking like array indexes.
const FIRST_ZONE_ID = 731_200;

export class ZoneStore {
  private readonly zones = new Map<string, ZoneRecord>();
  private nextId = FIRST_ZONE_ID;

  constructor(private readonly demo: boolean) {
    this.seed();
  }

  find(name: string): ZoneRecord | undefined {
    return this.zones.get(name);
  }

  /** Undefined when a zone of that name already exists. */
  add(zone: NewZone): ZoneRecord | undefined {
    if (this.zones.has(zone.name)) return undefined;
    const record: ZoneRecord = { ...zone, id: this.nextId++, dnssec: undefined, dnssecEnabled: false, dsAtRegistrar: false };
    this.zones.set(record.name, record);
    return record;
  }

  reset(): void {
    this.zones.clear();
    this.nextId = FIRST_ZONE_ID;
    this.seed();
  }

  private seed(): void {
    if (!this.demo) return;
    const signed = this.add({ name: 'example.com', enabled: true, contact: 'hostmaster@example.com', nx_ttl: 3600 });
    if (signed) {
      signed.dnssec = dnssecRecordFor(signed.name);
      signed.dnssecEnabled = true;
      signed.dsAtRegistrar = true;
    }
    this.add({ name: 'example.org', enabled: true, contact: 'hostmaster@example.org', nx_ttl: 3600 });
  }
}
