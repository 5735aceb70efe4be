import * as l10n from '@vscode/l10n';
import type { RecordPicker, RecordSet } from '../../../api/dns/dnsTypes';
import { pickerName } from '../../../models/dns/recordSets';
import { contentPartText } from './recordValues';
import { finiteNumber, isRecord, nonEmptyText } from '../../presentation/wireValues';

/** A health check (`meta.failover`): Gcore leaves out the records whose check fails. */
export function failoverOf(set: RecordSet): Record<string, unknown> | undefined {
  const failover = isRecord(set.meta) ? set.meta.failover : undefined;
  return isRecord(failover) ? failover : undefined;
}

/** A picker with its options, for the hover: "GeoDNS (geodns) · limit 1 · strict". */
export function pickerDetails(picker: RecordPicker): string {
  const word = pickerName(picker);
  const type = String(picker.type);
  const parts = [word === type ? type : l10n.t('{0} ({1})', word, type)];
  const limit = finiteNumber(picker.limit);
  if (limit !== undefined) parts.push(l10n.t('limit {0}', limit));
  if (picker.strict === true) parts.push(l10n.t('strict'));
  return parts.join(' · ');
}

/** A meta value as text: lists joined, objects as JSON. */
export function metaValueText(value: unknown): string {
  return Array.isArray(value) ? value.map(contentPartText).join(', ') : contentPartText(value);
}

/**
 * How each fact of a record's `meta` reads (a Map: the keys are Gcore's words); a flag that is off says
 * nothing. Any other key reads as "key: value".
 */
const META_FACTS: ReadonlyMap<string, (value: unknown) => string | undefined> = new Map([
  ['countries', (value: unknown) => l10n.t('countries: {0}', metaValueText(value))],
  ['continents', (value: unknown) => l10n.t('continents: {0}', metaValueText(value))],
  ['asn', (value: unknown) => l10n.t('ASN: {0}', metaValueText(value))],
  ['latlong', (value: unknown) => l10n.t('lat/long: {0}', metaValueText(value))],
  ['weight', (value: unknown) => l10n.t('weight {0}', metaValueText(value))],
  ['backup', (value: unknown) => (value === true ? l10n.t('backup') : undefined)],
  ['default', (value: unknown) => (value === true ? l10n.t('default') : undefined)],
  ['notes', (value: unknown) => l10n.t('notes: {0}', metaValueText(value))],
]);

/** A record's `meta` as short facts: "countries: DE, FR", "weight 10", "backup". Empty values are left out. */
export function recordMetaFacts(meta: unknown): string[] {
  if (!isRecord(meta)) return [];
  const facts: string[] = [];
  for (const [key, value] of Object.entries(meta)) {
    if (
      value === null ||
      value === undefined ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === 'string' && nonEmptyText(value) === undefined)
    ) {
      continue;
    }
    const fact = META_FACTS.get(key);
    const text = fact ? fact(value) : `${key}: ${metaValueText(value)}`;
    if (text !== undefined) facts.push(text);
  }
  return facts;
}
