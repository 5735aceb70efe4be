import * as l10n from '@vscode/l10n';
import { isDeepStrictEqual } from 'node:util';
import type { RecordBody, RecordPicker, RecordSetBody } from '../../api/dns/dnsTypes';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { FieldSpec, IntegerFieldSpec, JsonObjectFieldSpec } from '../../validation/fieldSpec';
import type { FieldProblem } from '../../validation/problems';
import { formatRecordContent, recordContentKey } from './recordContent';

/*
 * Record sets as the commands change them: the body PUT and POST send, an edit that keeps what a dynamic set
 * holds beyond its values (pickers, the set's meta with its geodns_link, each record's meta), values added to
 * or removed from a set, whether an edit changes anything, and the lines that show it before it is sent.
 */

/**
 * A set's TTL. The API's field is a uint32, but a DNS TTL's top bit must be zero (RFC 2181, 8): resolvers
 * read a larger value as 0, so the highest TTL that means what it says is 2^31 - 1.
 */
export const RECORD_TTL_FIELD: IntegerFieldSpec = {
  name: 'ttl',
  kind: 'integer',
  label: l10n.t('TTL'),
  description: l10n.t('How long resolvers may keep the answer, in seconds, from 0 to 2147483647.'),
  minimum: 0,
  maximum: 2_147_483_647,
};

export const RECORD_SET_META_FIELD: JsonObjectFieldSpec = {
  name: 'meta',
  kind: 'jsonObject',
  label: l10n.t('Set metadata'),
  description: l10n.t("The set's own metadata, such as failover (health checks) and geodns_link; an update keeps it unless it is given."),
};

const PICKER_FIELDS: readonly FieldSpec[] = [
  {
    name: 'type',
    kind: 'string',
    label: l10n.t('Picker type'),
    description: l10n.t('geodns, asn, country, continent, region, ip, geodistance, weighted_shuffle, default, first_n or healthcheck.'),
    required: true,
    trim: true,
    minLength: 1,
  },
  // 0 leaves every record in (the Terraform provider's reading of Gcore's limit).
  {
    name: 'limit',
    kind: 'integer',
    label: l10n.t('Limit'),
    description: l10n.t('How many records the picker lets through; 0 for all.'),
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
  },
  {
    name: 'strict',
    kind: 'boolean',
    label: l10n.t('Strict'),
    description: l10n.t('Answer nothing rather than every record when the picker matches none.'),
  },
];

/**
 * Checks `pickers`, `[{ type, limit?, strict? }]`; a type Gcore adds later is taken as it is (docs/gcore-api.md#pickers-and-dynamic-sets: real
 * data has `healthcheck`, which the spec does not list).
 */
export function checkPickers(input: unknown, problems: FieldProblem[], field = 'pickers'): RecordPicker[] {
  if (!Array.isArray(input)) {
    problems.push({ field, message: l10n.t("must be a list of pickers such as [{ type: 'geodns' }]") });
    return [];
  }
  return input.map((item: unknown, index) => {
    const path = `${field}[${index}]`;
    if (isPlainObject(item)) return checkFields(PICKER_FIELDS, item, path, problems) as RecordPicker;
    problems.push({ field: path, message: l10n.t("must be a picker such as { type: 'geodns' }") });
    return { type: '' };
  });
}

/** A record as Gcore answers it (ResourceRecord) or as a command checked it (RecordBody). */
export interface RecordLike {
  content: readonly unknown[];
  enabled?: boolean | null;
  meta?: Record<string, unknown> | null;
}

/** The parts of a set that its body is built from: a RecordSet read from Gcore, or checked arguments. */
export interface RecordSetLike {
  ttl?: number | null;
  resource_records: readonly RecordLike[];
  meta?: Record<string, unknown> | null;
  pickers?: readonly RecordPicker[] | null;
  filters?: readonly RecordPicker[] | null;
}

/** A set with its type, as the functions that compare values need it. */
export interface TypedRecordSet extends RecordSetLike {
  type: string;
}

/** What picks a set's answer: its `pickers`, or the `filters` that older answers carry instead. */
export function recordSetPickers(set: RecordSetLike): readonly RecordPicker[] {
  if (Array.isArray(set.pickers) && set.pickers.length > 0) return set.pickers;
  return Array.isArray(set.filters) ? set.filters : [];
}

/** A dynamic set's answer depends on who asks or what is up: it has pickers, or health checks (`meta.failover`). */
export function isDynamicRecordSet(set: RecordSetLike): boolean {
  return recordSetPickers(set).length > 0 || isPlainObject(set.meta?.failover);
}

export function isRecordEnabled(record: RecordLike): boolean {
  return record.enabled !== false;
}

const PICKER_NAMES = new Map<string, string>([
  ['geodns', l10n.t('GeoDNS')],
  ['asn', l10n.t('by ASN')],
  ['country', l10n.t('by country')],
  ['continent', l10n.t('by continent')],
  ['region', l10n.t('by region')],
  ['ip', l10n.t('by client IP')],
  ['geodistance', l10n.t('nearest')],
  ['weighted_shuffle', l10n.t('weighted')],
  ['default', l10n.t('default records')],
  ['first_n', l10n.t('first records')],
]);

/** What one picker does, in a word or two: "GeoDNS", "weighted", "first 2"; an unknown type by its name. */
export function pickerName(picker: RecordPicker): string {
  if (picker.type === 'healthcheck') return l10n.t('health check');
  if (picker.type === 'first_n' && typeof picker.limit === 'number') return l10n.t('first {0}', picker.limit);
  return PICKER_NAMES.get(picker.type) ?? picker.type;
}

/**
 * What picks a dynamic set's answer, in the pickers' order: `health check (HTTP), weighted`, `GeoDNS, first
 * 1`; an unknown picker by its type. Undefined for a static set.
 */
export function recordSetSelection(set: RecordSetLike): string | undefined {
  if (!isDynamicRecordSet(set)) return undefined;
  const failover = set.meta?.failover;
  const protocol = isPlainObject(failover) && typeof failover.protocol === 'string' ? failover.protocol : undefined;
  const healthCheck = protocol === undefined ? l10n.t('health check') : l10n.t('health check ({0})', protocol);
  const pickers = recordSetPickers(set);
  const names = pickers.map((picker) => (picker.type === 'healthcheck' ? healthCheck : pickerName(picker)));
  if (isPlainObject(failover) && !pickers.some((picker) => picker.type === 'healthcheck')) names.unshift(healthCheck);
  return names.join(', ');
}

/**
 * Exactly what PUT or POST sends for a set: its TTL when it has one, its records (each `enabled` and `meta`
 * when given), its meta when given, and its pickers (read from `filters` if need be) when it has some or
 * `pickers` was given, possibly empty, to make the set static.
 */
export function recordSetBody(set: RecordSetLike): RecordSetBody {
  const body: RecordSetBody = { resource_records: set.resource_records.map(recordBody) };
  if (typeof set.ttl === 'number') body.ttl = set.ttl;
  if (isPlainObject(set.meta)) body.meta = set.meta;
  const pickers = recordSetPickers(set);
  if (pickers.length > 0 || Array.isArray(set.pickers)) body.pickers = pickers.map((picker) => ({ ...picker }));
  return body;
}

function recordBody(record: RecordLike): RecordBody {
  const body: RecordBody = { content: [...record.content] };
  if (typeof record.enabled === 'boolean') body.enabled = record.enabled;
  if (isPlainObject(record.meta)) body.meta = record.meta;
  return body;
}

/**
 * The user's new values (each with `enabled` and `meta` only where the user set them) and TTL; the set's
 * `meta` and `pickers` only when the user changed them.
 */
export interface RecordSetEdit {
  values: readonly RecordLike[];
  ttl?: number;
  meta?: Record<string, unknown>;
  pickers?: RecordPicker[];
}

/**
 * The body that replaces `current` with the user's values, keeping what the user did not change: the TTL,
 * the pickers (from `filters` if need be), the set's meta (its `geodns_link` among it: a PUT without it
 * unlinks the CDN resource), and the `enabled` and `meta` of each record whose value stays.
 */
export function editedRecordSetBody(current: TypedRecordSet, edit: RecordSetEdit): RecordSetBody {
  const unmatched = [...current.resource_records];
  const records = edit.values.map((value) => {
    const key = recordContentKey(current.type, value.content);
    const index = unmatched.findIndex((record) => recordContentKey(current.type, record.content) === key);
    const kept = index < 0 ? undefined : unmatched.splice(index, 1)[0];
    return { content: value.content, enabled: value.enabled ?? kept?.enabled, meta: value.meta ?? kept?.meta };
  });
  return recordSetBody({
    ttl: edit.ttl ?? current.ttl,
    resource_records: records,
    meta: edit.meta ?? current.meta,
    pickers: edit.pickers ?? current.pickers,
    filters: edit.pickers === undefined ? current.filters : undefined,
  });
}

/**
 * The body that adds `values` to an existing set (the "add to it" answer when a created set exists): every
 * record as it is, then the values it does not hold yet; the TTL when given, else the set's.
 */
export function addedRecordSetBody(current: TypedRecordSet, values: readonly RecordLike[], ttl?: number): RecordSetBody {
  const held = new Set(current.resource_records.map((record) => recordContentKey(current.type, record.content)));
  const added = values.filter((value) => {
    const key = recordContentKey(current.type, value.content);
    const fresh = !held.has(key);
    held.add(key);
    return fresh;
  });
  return recordSetBody({ ...current, ttl: ttl ?? current.ttl, resource_records: [...current.resource_records, ...added] });
}

/** Removing one value: an update of the others, a delete of the set when it was the last, or nothing. */
export type ValueRemoval = { kind: 'update'; body: RecordSetBody } | { kind: 'delete' } | { kind: 'absent' };

export function removeRecordValue(current: TypedRecordSet, content: readonly unknown[]): ValueRemoval {
  const key = recordContentKey(current.type, content);
  const index = current.resource_records.findIndex((record) => recordContentKey(current.type, record.content) === key);
  if (index < 0) return { kind: 'absent' };
  if (current.resource_records.length === 1) return { kind: 'delete' };
  return { kind: 'update', body: recordSetBody({ ...current, resource_records: current.resource_records.filter((_, i) => i !== index) }) };
}

/**
 * Whether sending `body` would change `current`, so that nothing is sent when nothing changed. Values compare
 * as recordContentKey reads them, in order (a `first_n` picker answers the first ones); a record's `enabled`
 * defaults to true and an absent meta is an empty one.
 */
export function recordSetChanged(current: TypedRecordSet, body: RecordSetBody): boolean {
  return !isDeepStrictEqual(comparable(current.type, recordSetBody(current)), comparable(current.type, body));
}

function comparable(type: string, body: RecordSetBody): unknown {
  return {
    ttl: body.ttl,
    records: body.resource_records.map((record) => ({
      key: recordContentKey(type, record.content),
      enabled: isRecordEnabled(record),
      meta: record.meta ?? {},
    })),
    meta: body.meta ?? {},
    pickers: body.pickers ?? [],
  };
}

/**
 * The lines a confirmation shows, current → new: the TTL, each value of the new set in order (unchanged, or
 * in place of a value that goes, or added), the values that go, and the pickers and set meta when they
 * change. Without `current` (a new set), the TTL and the values. `changedOnly` leaves out what stays as it
 * is (a review of many sets at once).
 */
export function recordSetChangeLines(type: string, current: RecordSetLike | undefined, body: RecordSetBody, changedOnly = false): string[] {
  const text = (record: RecordLike) => formatRecordContent(type, record.content);
  if (current === undefined) {
    return [
      l10n.t('TTL {0}', ttlText(body.ttl)),
      ...body.resource_records.map((record) => (isRecordEnabled(record) ? text(record) : l10n.t('{0} (disabled)', text(record)))),
    ];
  }
  const ttlBefore = current.ttl ?? undefined;
  const lines: string[] = [];
  if (body.ttl !== ttlBefore) lines.push(l10n.t('TTL {0} → {1}', ttlText(ttlBefore), ttlText(body.ttl)));
  else if (!changedOnly) lines.push(l10n.t('TTL {0} (unchanged)', ttlText(body.ttl)));
  const unmatched = [...current.resource_records];
  const fresh: number[] = [];
  const unchangedAt = new Set<number>();
  const valueLines = body.resource_records.map((record, index) => {
    const key = recordContentKey(type, record.content);
    const at = unmatched.findIndex((old) => recordContentKey(type, old.content) === key);
    if (at < 0) {
      fresh.push(index);
      return '';
    }
    const [old] = unmatched.splice(at, 1);
    if (isKeptAsIs(old, record)) unchangedAt.add(index);
    return keptValueLine(text(record), old, record);
  });
  // A new value takes the place of a value that goes, in order: that is how prompts edit a value.
  fresh.forEach((index, n) => {
    const added = text(body.resource_records[index]);
    valueLines[index] = n < unmatched.length ? l10n.t('{0} → {1}', text(unmatched[n]), added) : l10n.t('{0} (added)', added);
  });
  const shown = changedOnly ? valueLines.filter((_, index) => !unchangedAt.has(index)) : valueLines;
  lines.push(...shown, ...unmatched.slice(fresh.length).map((old) => l10n.t('{0} (removed)', text(old))));
  if (!isDeepStrictEqual([...recordSetPickers(current)], body.pickers ?? [])) {
    const none = l10n.t('none');
    lines.push(l10n.t('What picks the answer: {0} → {1}', recordSetSelection(current) ?? none, recordSetSelection(body) ?? none));
  }
  if (!isDeepStrictEqual(current.meta ?? {}, body.meta ?? {})) lines.push(l10n.t('The set’s metadata changes'));
  return lines;
}

function isKeptAsIs(old: RecordLike, record: RecordLike): boolean {
  return isRecordEnabled(old) === isRecordEnabled(record) && isDeepStrictEqual(old.meta ?? {}, record.meta ?? {});
}

function keptValueLine(value: string, old: RecordLike, record: RecordLike): string {
  if (isRecordEnabled(old) !== isRecordEnabled(record)) {
    return isRecordEnabled(record) ? l10n.t('{0} (enabled again)', value) : l10n.t('{0} (disabled)', value);
  }
  if (!isDeepStrictEqual(old.meta ?? {}, record.meta ?? {})) return l10n.t('{0} (its metadata changes)', value);
  return l10n.t('{0} (unchanged)', value);
}

function ttlText(ttl: number | undefined): string {
  return ttl === undefined ? l10n.t("Gcore's default") : String(ttl);
}
