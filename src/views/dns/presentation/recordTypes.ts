import * as l10n from '@vscode/l10n';
import type { RecordSet } from '../../../api/dns/dnsTypes';

/**
 * The types of one name in the order a zone file usually lists them: the zone's own records, then
 * addresses, aliases, mail, text and services; any other type after these, alphabetically (a Map: the
 * type is Gcore's word).
 */
const TYPE_ORDER: ReadonlyMap<string, number> = new Map(
  ['SOA', 'NS', 'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA'].map((type, rank) => [type, rank]),
);

/** Types compared upper-case, as record set types are read. */
export function compareRecordTypes(a: string, b: string): number {
  const byRank = (TYPE_ORDER.get(a) ?? TYPE_ORDER.size) - (TYPE_ORDER.get(b) ?? TYPE_ORDER.size);
  if (byRank !== 0) return byRank;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A set's type as its key: Gcore's types are upper-case, but the path and the filter must not depend on it. */
export function recordTypeOf(set: RecordSet): string {
  return String(set.type).toUpperCase();
}

export interface RecordTypeCount {
  type: string;
  /** How many record sets of the zone have this type. */
  count: number;
  /** For a quick pick: "A (12)". */
  label: string;
}

/** The types present in a zone, with how many sets each has, for the zone row's type filter. */
export function recordTypeCounts(sets: readonly RecordSet[]): RecordTypeCount[] {
  const counts = new Map<string, number>();
  for (const set of sets) {
    const type = recordTypeOf(set);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => compareRecordTypes(a, b))
    .map(([type, count]) => ({ type, count, label: l10n.t('{0} ({1})', type, count) }));
}

/** What a zone row says while its type filter hides other types: "only A, MX". */
export function typeFilterText(types: ReadonlySet<string>): string {
  return l10n.t('only {0}', [...types].sort(compareRecordTypes).join(', '));
}
