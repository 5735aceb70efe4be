import { jsonObject, nonBlankText } from '../decodeItems';
import type { DnsZone, LookupAnswer, RecordPicker, RecordSet, ResourceRecord } from './dnsTypes';

/* Item decoders of the DNS endpoints, as tolerant as the shared reads (decodeItems.ts). */

export function decodeZone(value: unknown): DnsZone | undefined {
  const zone = jsonObject(value);
  return zone && nonBlankText(zone.name) ? (zone as DnsZone) : undefined;
}

/**
 * A record set, or undefined when it has no name, no type or no list of records. Answers differ between
 * Gcore's spec, its API versions and its data: the name with or without the trailing dot (kept as it came),
 * `updated_at` as text or integer nanoseconds, `filters` where newer answers say `pickers` (read as
 * pickers), TXT text quoted or not (read unquoted); ttl and meta may be missing, and a known field of
 * another type is left out. A set with a record or a picker that cannot be read is unreadable as a whole:
 * shown without it, an edit would replace the set without it. A set that needs none of this is returned as
 * it came, uncopied: a zone lists thousands.
 */
export function decodeRecordSet(value: unknown): RecordSet | undefined {
  const set = jsonObject(value);
  if (!set || !nonBlankText(set.name) || !nonBlankText(set.type) || !Array.isArray(set.resource_records)) return undefined;
  const type = (set.type as string).toUpperCase();
  const given = set.resource_records as unknown[];
  let records = given as ResourceRecord[];
  for (let index = 0; index < given.length; index++) {
    const record = decodeResourceRecord(given[index], type);
    if (!record) return undefined;
    if (record === given[index]) continue;
    if (records === given) records = given.slice() as ResourceRecord[];
    records[index] = record;
  }
  const pickers = decodePickers(set.pickers);
  const filters = decodePickers(set.filters);
  if (pickers === null || filters === null) return undefined;
  // An answer can carry an empty `pickers` beside the `filters` that hold the set's dynamics, or the other way round.
  const chosen = pickers?.length ? pickers : filters?.length ? filters : (pickers ?? filters);
  const readable = {
    ttl: isNumberOrAbsent(set.ttl),
    meta: isObjectOrAbsent(set.meta),
    updated_at: isNumberOrAbsent(set.updated_at) || typeof set.updated_at === 'string',
  };
  if (type === set.type && records === given && chosen === set.pickers && readable.ttl && readable.meta && readable.updated_at) {
    return set as RecordSet;
  }
  const decoded: RecordSet = { ...set, name: set.name as string, type, resource_records: records };
  for (const [field, ok] of Object.entries(readable)) if (!ok) delete decoded[field];
  if (chosen) decoded.pickers = chosen;
  else delete decoded.pickers;
  return decoded;
}

/** The record as it came when it needs nothing, else a copy without what cannot be read; undefined without content. */
function decodeResourceRecord(value: unknown, type: string): ResourceRecord | undefined {
  const record = jsonObject(value);
  if (!record || !Array.isArray(record.content)) return undefined;
  const content = readContent(record.content, type);
  const readable = {
    enabled: record.enabled === undefined || record.enabled === null || typeof record.enabled === 'boolean',
    meta: isObjectOrAbsent(record.meta),
    id: isNumberOrAbsent(record.id),
  };
  if (content === record.content && readable.enabled && readable.meta && readable.id) return record as ResourceRecord;
  const decoded: ResourceRecord = { ...record, content };
  for (const [field, ok] of Object.entries(readable)) if (!ok) delete decoded[field];
  return decoded;
}

function isNumberOrAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value));
}

function isObjectOrAbsent(value: unknown): boolean {
  return value === undefined || value === null || jsonObject(value) !== undefined;
}

/** TXT text unquoted; any other content, and TXT text that needs nothing, as it came. */
function readContent(content: unknown[], type: string): unknown[] {
  if (type.toUpperCase() !== 'TXT' || !content.some((part) => typeof part === 'string' && QUOTED_TEXT.test(part))) return content;
  return content.map((part) => (typeof part === 'string' ? unquoteText(part) : part));
}

/** Pickers as they came; undefined when absent, null when they cannot be read (not a list, an entry without a type). */
function decodePickers(value: unknown): RecordPicker[] | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return null;
  return value.every((entry) => nonBlankText(jsonObject(entry)?.type) !== undefined) ? (value as RecordPicker[]) : null;
}

/** One or more zone-file strings, each in double quotes with `\"`, `\\` and `\DDD` escapes. */
const QUOTED_TEXT = /^\s*"(?:[^"\\]|\\.)*"(?:\s+"(?:[^"\\]|\\.)*")*\s*$/;

/**
 * TXT text as Gcore documents it, unquoted. Some of its data holds the zone-file form instead, a long key
 * split into quoted strings (`"v=DKIM1; p=MIIB…" "…IDAQAB"`), which is the text of the strings joined.
 */
function unquoteText(value: string): string {
  if (!QUOTED_TEXT.test(value)) return value;
  let joined = '';
  for (const [, inner] of value.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    joined += inner.replace(/\\(\d{3}|.)/g, (_, escaped: string) =>
      escaped.length === 3 ? String.fromCharCode(Number(escaped)) : escaped,
    );
  }
  return joined;
}

/** One answer of a resolver, or undefined when it has no name, no type or no content; TXT text is read as a set's is. */
export function decodeLookupAnswer(value: unknown): LookupAnswer | undefined {
  const answer = jsonObject(value);
  if (!answer || !nonBlankText(answer.name) || !nonBlankText(answer.type) || !Array.isArray(answer.content)) return undefined;
  const decoded = { ...answer, content: readContent(answer.content, answer.type as string) } as LookupAnswer;
  if (!isNumberOrAbsent(answer.ttl)) delete decoded.ttl;
  return decoded;
}
