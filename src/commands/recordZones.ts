import { domainNameKey } from '../core/domainNameKey';
import type { KnownZone } from '../state/knownZones';
import { zoneRows } from '../views/presentation/zoneRows';
import type { Services } from './services';

/**
 * The zones record sets are read and written in: the account's, with those known here; the known ones
 * alone when the account's list cannot be read (an API without it).
 */
export async function zonesForRecords(services: Pick<Services, 'zones' | 'reads'>): Promise<KnownZone[]> {
  const known = services.zones.all();
  const listed = await services.reads.zones();
  if (listed.state !== 'loaded') return [...known];
  return zoneRows(known, listed.value.zones)
    .filter((row) => !row.gone)
    .map((row) => row.zone);
}

/** The zone that holds a name: the longest of the zones the name ends in (a delegated subzone wins over its parent). */
export function zoneHolding(name: string, zones: readonly KnownZone[]): string | undefined {
  const key = domainNameKey(name);
  let best: string | undefined;
  for (const zone of zones) {
    const zoneKey = domainNameKey(zone.name);
    if ((key === zoneKey || key.endsWith(`.${zoneKey}`)) && (best === undefined || zoneKey.length > best.length)) best = zoneKey;
  }
  return best;
}
