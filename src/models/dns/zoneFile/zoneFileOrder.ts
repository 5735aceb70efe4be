/*
 * The order of a zone file's sets: by name as the zone's tree reads (label by label from the right, so a
 * name is followed by the names below it), the apex first and names outside the zone last; then by type, the
 * zone's own records first, as the Explorer lists them.
 */

const TYPE_ORDER: ReadonlyMap<string, number> = new Map(
  ['SOA', 'NS', 'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA'].map((type, rank) => [type, rank]),
);

/**
 * The key that orders a full name in its zone (both as domainNameKey reads names): the labels left of the
 * zone from the right, joined by a character below every label's. Keys compare by code unit, so `api` comes
 * right before `www.api`, and both before `api-v2`.
 */
export function nameOrderKey(name: string, zone: string): string {
  if (name === zone) return '';
  // A name outside the zone starts with a character above every ASCII label's, so it comes last.
  if (!name.endsWith(`.${zone}`)) return `\uffff${name.split('.').reverse().join('\u0000')}`;
  return name
    .slice(0, -(zone.length + 1))
    .split('.')
    .reverse()
    .join('\u0000');
}

export function compareTypes(a: string, b: string): number {
  const byRank = (TYPE_ORDER.get(a) ?? TYPE_ORDER.size) - (TYPE_ORDER.get(b) ?? TYPE_ORDER.size);
  if (byRank !== 0) return byRank;
  return a < b ? -1 : a > b ? 1 : 0;
}
