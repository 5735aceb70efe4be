import { isIPv4, isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';
import { isJsonObject } from './api-request';
import type { NewRecord, RecordSetInput } from './record-set-store';

/** The record types of Gcore's spec. */
const RECORD_SET_TYPES: ReadonlySet<string> = new Set([
  'A',
  'AAAA',
  'NS',
  'CNAME',
  'MX',
  'TXT',
  'SRV',
  'SOA',
  'PTR',
  'SVCB',
  'HTTPS',
  'CAA',
  'DS',
]);

/** The spec's picker types, and `healthcheck`, which real data carries. */
const PICKER_TYPES: ReadonlySet<string> = new Set([
  'geodns',
  'asn',
  'country',
  'continent',
  'region',
  'ip',
  'geodistance',
  'weighted_shuffle',
  'default',
  'first_n',
  'healthcheck',
]);

const DEFAULT_TTL = 300;
const MAX_UINT32 = 0xffff_ffff;
// `name` and `type` are in the path; official clients send them in the body too, and Gcore takes them.
const BODY_FIELDS: ReadonlySet<string> = new Set(['ttl', 'resource_records', 'meta', 'pickers', 'filters', 'name', 'type']);
const RECORD_FIELDS: ReadonlySet<string> = new Set(['content', 'enabled', 'meta', 'id']);
const PICKER_FIELDS: ReadonlySet<string> = new Set(['type', 'limit', 'strict']);
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** A record set's name from the path: the full name, with or without the trailing dot, inside the zone. */
export function recordSetName(segment: string, zone: string): Checked<string> {
  const withoutDot = segment.endsWith('.') ? segment.slice(0, -1) : segment;
  // eslint-disable-next-line no-control-regex
  const name = /[^\x00-\x7f]/.test(withoutDot) ? domainToASCII(withoutDot) : withoutDot.toLowerCase();
  if (name === '' || name.length > 253) return refuse(`invalid rrset name "${segment}"`);
  const labels = name.split('.');
  const bad = labels.find((label, index) => !(LABEL.test(label) || (label === '*' && index === 0)));
  if (bad !== undefined) {
    return refuse(`invalid rrset name "${segment}": label "${bad}" must hold only letters, digits, hyphens and underscores`);
  }
  if (name !== zone && !name.endsWith(`.${zone}`)) return refuse(`rrset name "${segment}" is not in zone "${zone}"`);
  return { ok: true, value: name };
}

export function recordSetType(segment: string): Checked<string> {
  return RECORD_SET_TYPES.has(segment) ? { ok: true, value: segment } : refuse(`invalid rrset type "${segment}"`);
}

/** The body of a POST or PUT, checked as Gcore checks it: every record's content for the type. */
export function parseRecordSetBody(body: Record<string, unknown>, type: string): Checked<RecordSetInput> {
  const extra = Object.keys(body).find((field) => !BODY_FIELDS.has(field));
  if (extra !== undefined) return refuse(`json: unknown field "${extra}"`);
  const ttl = body.ttl ?? DEFAULT_TTL;
  if (!isInteger(ttl, 0, MAX_UINT32)) return refuse('ttl must be an unsigned 32-bit integer');
  const records = parseRecords(body.resource_records, type);
  if (!records.ok) return records;
  const meta = body.meta ?? {};
  if (!isJsonObject(meta)) return refuse('meta must be an object');
  const failoverProblem = meta.failover === undefined ? undefined : checkFailover(meta.failover);
  if (failoverProblem) return refuse(failoverProblem);
  const pickers = parsePickers(body.pickers ?? body.filters ?? []);
  if (!pickers.ok) return pickers;
  return { ok: true, value: { ttl, records: records.value, meta, pickers: pickers.value } };
}

function parseRecords(value: unknown, type: string): Checked<NewRecord[]> {
  if (!Array.isArray(value) || value.length === 0) return refuse('resource_records is required and must be a non-empty list');
  if (type === 'CNAME' && value.length > 1) return refuse('a CNAME rrset holds exactly one record');
  const records: NewRecord[] = [];
  for (const [index, entry] of value.entries()) {
    const where = `resource_records[${index}]`;
    if (!isJsonObject(entry)) return refuse(`${where} must be an object`);
    const extra = Object.keys(entry).find((field) => !RECORD_FIELDS.has(field));
    if (extra !== undefined) return refuse(`${where}: json: unknown field "${extra}"`);
    const problem = contentProblem(entry.content, type, `${where}.content`);
    if (problem) return refuse(problem);
    const enabled = entry.enabled ?? true;
    if (typeof enabled !== 'boolean') return refuse(`${where}.enabled must be a boolean`);
    const meta = entry.meta ?? {};
    if (!isJsonObject(meta)) return refuse(`${where}.meta must be an object`);
    records.push({ content: entry.content as unknown[], enabled, meta });
  }
  return { ok: true, value: records };
}

function parsePickers(value: unknown): Checked<Record<string, unknown>[]> {
  if (!Array.isArray(value)) return refuse('pickers must be a list');
  for (const [index, picker] of value.entries()) {
    const where = `pickers[${index}]`;
    if (!isJsonObject(picker)) return refuse(`${where} must be an object`);
    const extra = Object.keys(picker).find((field) => !PICKER_FIELDS.has(field));
    if (extra !== undefined) return refuse(`${where}: json: unknown field "${extra}"`);
    if (typeof picker.type !== 'string' || !PICKER_TYPES.has(picker.type)) {
      return refuse(`${where}.type must be one of ${[...PICKER_TYPES].join(', ')}`);
    }
    if (picker.limit !== undefined && picker.limit !== null && !isInteger(picker.limit, 0, MAX_UINT32)) {
      return refuse(`${where}.limit must be an unsigned integer`);
    }
    if (picker.strict !== undefined && picker.strict !== null && typeof picker.strict !== 'boolean') {
      return refuse(`${where}.strict must be a boolean`);
    }
  }
  return { ok: true, value: value as Record<string, unknown>[] };
}

const FAILOVER_PROTOCOLS = new Set(['HTTP', 'TCP', 'UDP', 'ICMP']);

/** `meta.failover`, the health check of a dynamic set, in the bounds of Gcore's spec. */
function checkFailover(failover: unknown): string | undefined {
  if (!isJsonObject(failover)) return 'meta.failover must be an object';
  if (typeof failover.protocol !== 'string' || !FAILOVER_PROTOCOLS.has(failover.protocol)) {
    return 'meta.failover.protocol must be HTTP, TCP, UDP or ICMP';
  }
  if (!isInteger(failover.frequency, 10, 3600)) return 'meta.failover.frequency must be an integer from 10 to 3600';
  if (!isInteger(failover.timeout, 1, 10)) return 'meta.failover.timeout must be an integer from 1 to 10';
  if (failover.protocol !== 'ICMP' && !isInteger(failover.port, 1, 65535)) return 'meta.failover.port must be an integer from 1 to 65535';
  return undefined;
}

type Part = (value: unknown) => string | undefined;

const quoted = (value: unknown): string => JSON.stringify(value) ?? String(value);

const integer =
  (max: number): Part =>
  (value) =>
    isInteger(value, 0, max) ? undefined : `${quoted(value)} must be an integer from 0 to ${max}`;

const ipv4: Part = (value) => (typeof value === 'string' && isIPv4(value) ? undefined : `${quoted(value)} is not an IPv4 address`);
const ipv6: Part = (value) => (typeof value === 'string' && isIPv6(value) ? undefined : `${quoted(value)} is not an IPv6 address`);
const host: Part = (value) => (typeof value === 'string' && isHostName(value) ? undefined : `${quoted(value)} is not a host name`);
/** A host, or `.`: "no mail here" for MX (RFC 7505), "no service" for SRV, "this name" for SVCB and HTTPS. */
const target: Part = (value) => (value === '.' ? undefined : host(value));
const text: Part = (value) => (typeof value === 'string' && value !== '' ? undefined : `${quoted(value)} is not a non-empty text`);
const caaTag: Part = (value) =>
  value === 'issue' || value === 'issuewild' || value === 'iodef'
    ? undefined
    : `${quoted(value)} is not a CAA tag (issue, issuewild or iodef)`;
const hex: Part = (value) =>
  typeof value === 'string' && /^(?:[0-9a-fA-F]{2})+$/.test(value) ? undefined : `${quoted(value)} is not a hexadecimal digest`;
/** An SVCB parameter: its key, then its values (`["alpn", "h3", "h2"]`). */
const svcParam: Part = (value) =>
  Array.isArray(value) && typeof value[0] === 'string' && value[0] !== ''
    ? undefined
    : `${quoted(value)} is not a [key, values…] parameter`;

/** The parts of each type's content (docs/gcore-api.md#record-content); `rest` checks any further parts. */
const CONTENT: Readonly<Record<string, { parts: Part[]; rest?: Part }>> = {
  A: { parts: [ipv4] },
  AAAA: { parts: [ipv6] },
  CNAME: { parts: [host] },
  NS: { parts: [host] },
  PTR: { parts: [host] },
  MX: { parts: [integer(65535), target] },
  TXT: { parts: [text] },
  SRV: { parts: [integer(65535), integer(65535), integer(65535), target] },
  CAA: { parts: [integer(255), caaTag, text] },
  DS: { parts: [integer(65535), integer(255), integer(255), hex] },
  SOA: { parts: [host, host, integer(MAX_UINT32), integer(MAX_UINT32), integer(MAX_UINT32), integer(MAX_UINT32), integer(MAX_UINT32)] },
  SVCB: { parts: [integer(65535), target], rest: svcParam },
  HTTPS: { parts: [integer(65535), target], rest: svcParam },
};

function contentProblem(content: unknown, type: string, where: string): string | undefined {
  if (!Array.isArray(content)) return `${where} must be a list`;
  const { parts, rest } = CONTENT[type];
  if (rest ? content.length < parts.length : content.length !== parts.length) {
    return `${where}: ${type} content has ${rest ? 'at least ' : ''}${parts.length} part${parts.length === 1 ? '' : 's'}, got ${content.length}`;
  }
  for (const [index, value] of content.entries()) {
    const problem = (parts[index] ?? rest)?.(value);
    if (problem) return `${where}[${index}]: ${problem}`;
  }
  return undefined;
}

function isHostName(value: string): boolean {
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  return (
    name !== '' &&
    name.length <= 253 &&
    name
      .toLowerCase()
      .split('.')
      .every((label) => LABEL.test(label))
  );
}

function isInteger(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
