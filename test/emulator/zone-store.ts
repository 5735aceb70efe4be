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
  /** What `dnssec_status` reports; undefined while DNSSEC was never enabled. */
  dnssecStatus?: DnssecStatus;
}

export type DnssecStatus = 'pending' | 'active' | 'pending-disabled' | 'disabled';

export type NewZone = Omit<ZoneRecord, 'id' | 'dnssec' | 'dnssecEnabled' | 'dsAtRegistrar' | 'dnssecStatus'>;

// Real zone ids are large integers; starting high keeps them from looking like array indexes.
const FIRST_ZONE_ID = 731_200;

export class ZoneStore {
  private readonly zones = new Map<string, ZoneRecord>();
  private nextId = FIRST_ZONE_ID;

  /** `generated` adds that many more zones (for benchmarks of big accounts). */
  constructor(
    private readonly demo: boolean,
    private readonly generated = 0,
  ) {
    this.seed();
  }

  find(name: string): ZoneRecord | undefined {
    return this.zones.get(name);
  }

  /** Every zone, by name, as the zone list orders them. */
  all(): ZoneRecord[] {
    return [...this.zones.values()].sort((a, b) => a.name.localeCompare(b.name));
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
    for (let index = 0; index < this.generated; index++) {
      this.add({ name: `zone-${String(index).padStart(5, '0')}.example`, enabled: index % 10 !== 9 });
    }
    if (!this.demo) return;
    // One zone in each DNSSEC state, and one that is not served.
    this.seedDnssec(this.add({ name: 'example.com', enabled: true, contact: 'hostmaster@example.com', nx_ttl: 3600 }), 'active');
    this.add({ name: 'example.org', enabled: true, contact: 'hostmaster@example.org', nx_ttl: 3600 });
    this.seedDnssec(this.add({ name: 'pending.example.net', enabled: true }), 'pending');
    this.seedDnssec(this.add({ name: 'leaving.example.net', enabled: true }), 'pending-disabled');
    this.seedDnssec(this.add({ name: 'unsigned.example.net', enabled: true }), 'disabled');
    this.add({ name: 'parked.example.net', enabled: false });
  }

  private seedDnssec(zone: ZoneRecord | undefined, status: DnssecStatus): void {
    if (!zone) return;
    zone.dnssec = dnssecRecordFor(zone.name);
    zone.dnssecStatus = status;
    zone.dnssecEnabled = status === 'active' || status === 'pending';
    zone.dsAtRegistrar = status === 'active' || status === 'pending-disabled';
  }
}
