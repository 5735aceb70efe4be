import type { GcoreClient } from '../../api';
import type { DnsZoneList } from '../../api/dns/dnsTypes';
import type { DnssecState, RecordSetList } from '../../api/dns/dnsTypes';
import type { ConcurrencyLimit } from '../concurrencyLimit';
import { KeyedLoader, type Loaded } from '../keyedLoader';

/**
 * The account's DNS zones, the DS record of each zone whose DNSSEC is on, and each zone's record sets,
 * loaded when a row or a prompt asks and remembered until a Refresh or a change made here.
 */
export class DnsReads {
  private readonly zoneLists: KeyedLoader<DnsZoneList>;
  private readonly dsRecords: KeyedLoader<DnssecState>;
  private readonly recordSets: KeyedLoader<RecordSetList>;

  constructor(
    private readonly client: Pick<GcoreClient, 'dns'>,
    limit: ConcurrencyLimit,
  ) {
    this.zoneLists = new KeyedLoader(limit);
    this.dsRecords = new KeyedLoader(limit);
    this.recordSets = new KeyedLoader(limit);
  }

  zones(): Promise<Loaded<DnsZoneList>> {
    return this.zoneLists.load('zones', (call) => this.client.dns.listZones(call));
  }

  /** The DS record of a zone whose DNSSEC is on; asked when its row is expanded, not before. */
  dnssec(zoneName: string): Promise<Loaded<DnssecState>> {
    return this.dsRecords.load(zoneName, (call) => this.client.dns.getDnssec(zoneName, call));
  }

  /** Every record set of a zone (one request with `all=true`); asked when its row is expanded. */
  records(zoneName: string): Promise<Loaded<RecordSetList>> {
    return this.recordSets.load(`${zoneName}|`, (call) => this.client.dns.listRecords(zoneName, call));
  }

  /** After a record set of the zone changed here: its sets and the account's counts are read again. */
  invalidateRecords(zoneName: string): void {
    this.recordSets.invalidate(`${zoneName}|`);
    this.zoneLists.invalidate();
  }

  /** A Refresh of the zones, or a new key: the zone list, every DS record and every zone's record sets. */
  invalidate(): void {
    this.zoneLists.invalidate();
    this.dsRecords.invalidate();
    this.recordSets.invalidate();
  }
}
