import * as l10n from '@vscode/l10n';
import type {
  Account,
  Container,
  ContainerFlavor,
  PullSecret,
  DnsZone,
  LookupAnswer,
  Project,
  RecordPicker,
  RecordSet,
  Region,
  ResourceRecord,
  Task,
} from './types';

/*
 * Item decoders of the read endpoints: tolerant of missing, null and unknown fields (nothing but the key of
 * an item is guaranteed), and undefined for an entry that lacks it, so that one odd entry is left out
 * rather than failing a whole list.
 */

type Json = Record<string, unknown>;

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function id(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function decodeContainer(value: unknown): Container | undefined {
  const container = object(value);
  return container && text(container.name) ? (container as Container) : undefined;
}

export function decodeContainerFlavor(value: unknown): ContainerFlavor | undefined {
  const flavor = object(value);
  return flavor && text(flavor.name) ? (flavor as ContainerFlavor) : undefined;
}

export function decodePullSecret(value: unknown): PullSecret | undefined {
  const secret = object(value);
  return secret && text(secret.name) ? (secret as PullSecret) : undefined;
}

export function decodeZone(value: unknown): DnsZone | undefined {
  const zone = object(value);
  return zone && text(zone.name) ? (zone as DnsZone) : undefined;
}

export function decodeProject(value: unknown): Project | undefined {
  const project = object(value);
  if (!project || id(project.id) === undefined) return undefined;
  return { ...project, name: text(project.name) ?? l10n.t('Project {0}', String(project.id)) } as Project;
}

export function decodeRegion(value: unknown): Region | undefined {
  const region = object(value);
  if (!region || id(region.id) === undefined) return undefined;
  return { ...region, display_name: text(region.display_name) ?? text(region.slug) ?? l10n.t('Region {0}', String(region.id)) } as Region;
}

export function decodeTask(value: unknown): Task | undefined {
  const task = object(value);
  return task && text(task.id) && text(task.state) ? (task as Task) : undefined;
}

/** The account as it came, less an id, e-mail, name, company or status of another type: each is text or absent. */
export function decodeAccount(value: unknown): Account | undefined {
  const account = object(value);
  if (!account) return undefined;
  const known = {
    id: id(account.id),
    email: text(account.email),
    name: text(account.name),
    companyName: text(account.companyName),
    status: text(account.status),
  };
  return Object.fromEntries(Object.entries({ ...account, ...known }).filter(([, field]) => field !== undefined)) as Account;
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
  const set = object(value);
  if (!set || !text(set.name) || !text(set.type) || !Array.isArray(set.resource_records)) return undefined;
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
  const record = object(value);
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
  return value === undefined || value === null || object(value) !== undefined;
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
  return value.every((entry) => text(object(entry)?.type) !== undefined) ? (value as RecordPicker[]) : null;
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
  const answer = object(value);
  if (!answer || !text(answer.name) || !text(answer.type) || !Array.isArray(answer.content)) return undefined;
  const decoded = { ...answer, content: readContent(answer.content, answer.type as string) } as LookupAnswer;
  if (!isNumberOrAbsent(answer.ttl)) delete decoded.ttl;
  return decoded;
}
