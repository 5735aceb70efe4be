import { dnssecRecordFor, type DnssecRecord } from './dnssec-keys';
import { LARGE_ZONE_NAME, seedExampleZone, seedGeneratedRecordSets, seedZoneApex } from './record-set-seed';
import { ZoneRecordSets } from './record-set-store';

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
  /** Its record sets: from its creation an SOA and an NS set, as Gcore makes them. */
  rrsets: ZoneRecordSets;
}

export type DnssecStatus = 'pending' | 'active' | 'pending-disabled' | 'disabled';

export type NewZone = Omit<ZoneRecord, 'id' | 'dnssec' | 'dnssecEnabled' | 'dsAtRegistrar' | 'dnssecStatus' | 'rrsets'>;

// Real zone ids are large integers; starting high keeps them from looking like array indexes.
const FIRST_ZONE_ID = 731_200;
/** Record sets and records share one sequence of ids, as distinct from zone ids as real ones are. */
const FIRST_RECORD_ID = 4_100_000;

/** The name servers Gcore serves every zone from, as its registrar should list them. */
export const GCORE_NAME_SERVERS: readonly string[] = ['ns1.gcorelabs.net', 'ns2.gcdn.services'];

/**
 * The seeded zone whose registrar lists a foreign name server beside Gcore's (a migration left half done), so
 * that Check Delegation's "not delegated" case shows in the playground; its DNSSEC waits for the DS record.
 */
export const PARTLY_DELEGATED_ZONE = 'pending.example.net';
const PARTLY_DELEGATED_SERVERS: readonly string[] = ['ns1.gcorelabs.net', 'ns2.gcdn.services', 'ns1.old-dns-host.example'];

export class ZoneStore {
  private readonly zones = new Map<string, ZoneRecord>();
  /**
   * The name servers the registrar lists for a domain, by canonical name, where they are not Gcore's two (the
   * default for every name that is a zone here); a name with no zone and no entry has none.
   */
  private readonly registrar = new Map<string, readonly string[]>();
  private nextId = FIRST_ZONE_ID;
  private nextRecordId = FIRST_RECORD_ID;

  /**
   * `generated` adds that many more zones (for benchmarks of big accounts); `largeZoneRecordSets`, when not
   * 0, adds LARGE_ZONE_NAME with that many record sets (for benchmarks of big zones).
   */
  constructor(
    private readonly demo: boolean,
    private readonly generated = 0,
    private readonly largeZoneRecordSets = 0,
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
    const rrsets = new ZoneRecordSets(() => this.nextRecordId++);
    const record: ZoneRecord = { ...zone, id: this.nextId++, dnssec: undefined, dnssecEnabled: false, dsAtRegistrar: false, rrsets };
    seedZoneApex(rrsets, zone);
    this.zones.set(record.name, record);
    return record;
  }

  /** The zone and its record sets are gone; false when there was no such zone. */
  remove(name: string): boolean {
    return this.zones.delete(name);
  }

  /** What the domain's registrar lists as its name servers (lower case, no trailing dot). */
  registrarNameServers(name: string): readonly string[] {
    return this.registrar.get(name) ?? (this.zones.has(name) ? GCORE_NAME_SERVERS : []);
  }

  /** Sets what the registrar lists for a domain (zone or not); undefined restores the default. A reset restores the seed. */
  setRegistrarNameServers(name: string, servers: readonly string[] | undefined): void {
    if (servers === undefined) this.registrar.delete(name);
    else {
      this.registrar.set(
        name,
        servers.map((server) => server.toLowerCase().replace(/\.$/, '')),
      );
    }
  }

  reset(): void {
    this.zones.clear();
    this.registrar.clear();
    this.nextId = FIRST_ZONE_ID;
    this.nextRecordId = FIRST_RECORD_ID;
    this.seed();
  }

  private seed(): void {
    for (let index = 0; index < this.generated; index++) {
      this.add({ name: `zone-${String(index).padStart(5, '0')}.example`, enabled: index % 10 !== 9 });
    }
    if (this.largeZoneRecordSets > 0) {
      const large = this.add({ name: LARGE_ZONE_NAME, enabled: true });
      if (large) seedGeneratedRecordSets(large.rrsets, large.name, this.largeZoneRecordSets);
    }
    if (!this.demo) return;
    // One zone in each DNSSEC state, and one that is not served; example.com holds a company's records.
    const example = this.add({ name: 'example.com', enabled: true, contact: 'hostmaster@example.com', nx_ttl: 3600 });
    if (example) seedExampleZone(example.rrsets, example.name);
    this.seedDnssec(example, 'active');
    this.add({ name: 'example.org', enabled: true, contact: 'hostmaster@example.org', nx_ttl: 3600 });
    this.seedDnssec(this.add({ name: PARTLY_DELEGATED_ZONE, enabled: true }), 'pending');
    this.setRegistrarNameServers(PARTLY_DELEGATED_ZONE, PARTLY_DELEGATED_SERVERS);
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
