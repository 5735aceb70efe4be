import type { DnsZone } from '../../../api/dns/dnsTypes';
import { domainNameKey } from '../../../core/domainNameKey';
import type { KnownZone } from '../../../state/dns/knownZones';

/** One row of DNS Zones: the zone as known here, what the account's list says of it, and whether the account no longer has it. */
export interface ZoneRow {
  zone: KnownZone;
  atGcore?: DnsZone;
  gone: boolean;
}

/**
 * The account's zones with what is known here, one row per zone: an account zone is matched by its key
 * (domainNameKey), which is also the row's name and so its id; known zones are stored by that key already
 * (their names come through normalizeDomainName). Of two entries of one zone in the account's list the
 * first wins, as in paging: both describe the one zone, nothing in either says which is newer, and the row
 * then depends on nothing but Gcore's answer. A known zone the account no longer has is marked gone.
 */
export function zoneRows(known: readonly KnownZone[], account: readonly DnsZone[]): ZoneRow[] {
  const knownByName = new Map(known.map((zone) => [zone.name, zone]));
  const rows = new Map<string, ZoneRow>();
  for (const atGcore of account) {
    const name = domainNameKey(atGcore.name);
    if (rows.has(name)) continue;
    rows.set(name, { zone: knownByName.get(name) ?? { name, dnssec: 'unknown' }, atGcore, gone: false });
  }
  for (const [name, zone] of knownByName) {
    if (!rows.has(name)) rows.set(name, { zone, gone: true });
  }
  return [...rows.values()].sort((a, b) => a.zone.name.localeCompare(b.zone.name));
}
