import * as l10n from '@vscode/l10n';
import { isIPv4, isIPv6, SocketAddress } from 'node:net';
import { domainNameKey } from '../../core/domainNameKey';
import { normalizeDnsName } from '../../validation/domainName';
import type { DnsNameRules } from '../../validation/domainName';
import { checkValue, isPlainObject, parseIntegerText } from '../../validation/fieldChecks';
import type { BooleanFieldSpec, JsonObjectFieldSpec, StringFieldSpec } from '../../validation/fieldSpec';
import { validated } from '../../validation/problems';
import type { FieldProblem, Validated } from '../../validation/problems';
import type { RecordBody } from '../../api/dns/dnsTypes';
import { characterStrings, quotedText } from './zoneFile/zoneFileText';

/*
 * What a record of each type holds (`content`, docs/gcore-api.md#record-content) and how it is typed as one line of text in
 * a prompt, as a zone file writes it: `10 mail.example.com.` for MX, `0 issue "letsencrypt.org"` for CAA.
 */

/** The types the extension offers; HTTPS and SVCB are shown, and sent only as the API's lists. */
export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS', 'PTR', 'HTTPS', 'SVCB'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** The types whose values prompts ask for as text, part by part. */
export const EDITABLE_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS', 'PTR'] as const;
export type EditableRecordType = (typeof EDITABLE_RECORD_TYPES)[number];

/** Every type the API names: a set of any of them can be read and deleted. SOA is Gcore's own, DS is not offered. */
export const API_RECORD_TYPES = [...RECORD_TYPES, 'SOA', 'DS'] as const;

/** A record set's type, upper-cased and checked by normalizeRecordType. */
export const RECORD_TYPE_FIELD: StringFieldSpec = {
  name: 'type',
  kind: 'string',
  label: l10n.t('Record type'),
  description: l10n.t('A, AAAA, CNAME, MX, TXT, SRV, CAA, NS, PTR, HTTPS or SVCB.'),
  required: true,
  trim: true,
  minLength: 1,
};

export function isEditableRecordType(type: string): type is EditableRecordType {
  return (EDITABLE_RECORD_TYPES as readonly string[]).includes(type);
}

type PartCheck = { ok: true; value: unknown } | { ok: false; message: string };

interface ContentPart {
  /** Returns the value as it is sent, or why it is refused (the message starts with the value as shown). */
  readonly check: (value: unknown) => PartCheck;
  /** The form two values are compared in: numbers as numbers, host names without case or trailing dot. */
  readonly key: (value: unknown) => string;
}

interface ContentShape {
  readonly parts: readonly ContentPart[];
  /** HTTPS and SVCB: any number of key/value lists after the fixed parts. */
  readonly params?: ContentPart;
  /** The wire form in messages, such as `[priority, host]`, and an example of it. */
  readonly wireForm: string;
  readonly wireExample: string;
}

const MAX_UINT16 = 65535;
const MAX_UINT8 = 255;
/*
 * A TXT record's data is at most 65,535 bytes, each string of at most 255 bytes taking one more byte for its
 * length (RFC 1035, 3.3 and 3.3.14): the API splits the text, so the longest text that fits is 65,280 bytes.
 */
const MAX_TXT_BYTES = 65280;
const SHOWN_VALUE_LENGTH = 40;
const CAA_TAGS = ['issue', 'issuewild', 'iodef'];
// RFC 8659, 4.4: an iodef property is a mailto:, http: or https: URL.
const IODEF_URL = /^(mailto:|https?:\/\/)\S+$/i;

function ok(value: unknown): PartCheck {
  return { ok: true, value };
}

function refused(message: string): PartCheck {
  return { ok: false, message };
}

/** A value as messages show it: text as it is (`300.1.1.1`), anything else as JSON, cut when long. */
function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? (value === '' ? '""' : value) : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH)}…` : text;
}

const exactKey = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

const IPV4: ContentPart = {
  check: (value) => {
    const text = typeof value === 'string' ? value.trim() : undefined;
    if (text !== undefined && isIPv4(text)) return ok(text);
    if (text !== undefined && isIPv6(text)) {
      return refused(l10n.t('{0} is an IPv6 address: an A record holds an IPv4 address (use AAAA)', text));
    }
    return refused(l10n.t('{0} is not an IPv4 address', shownValue(value)));
  },
  key: exactKey,
};

const IPV6: ContentPart = {
  check: (value) => {
    const text = typeof value === 'string' ? value.trim() : undefined;
    // A zone index (fe80::1%eth0) names a local interface, which means nothing in DNS.
    if (text !== undefined && isIPv6(text) && !text.includes('%')) return ok(text);
    if (text !== undefined && isIPv4(text)) {
      return refused(l10n.t('{0} is an IPv4 address: an AAAA record holds an IPv6 address (use A)', text));
    }
    return refused(l10n.t('{0} is not an IPv6 address', shownValue(value)));
  },
  // One address has many spellings (2001:DB8:0::1, 2001:db8::1); the socket address writes it one way.
  key: (value) =>
    typeof value === 'string' && isIPv6(value.trim())
      ? new SocketAddress({ address: value.trim(), family: 'ipv6' }).address
      : exactKey(value),
};

function integer(label: string, maximum: number): ContentPart {
  return {
    check: (value) => {
      const number = typeof value === 'string' ? parseIntegerText(value) : value;
      if (typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= maximum) return ok(number);
      return refused(l10n.t('{0} is not a valid {1}: must be a whole number from 0 to {2}', shownValue(value), label, maximum));
    },
    key: (value) => String(typeof value === 'string' ? (parseIntegerText(value) ?? value) : value),
  };
}

const HOST_RULES: DnsNameRules = { underscores: false, wildcard: false };
// A CNAME points at any name, such as a delegated `_acme-challenge.example.net`, not only at hosts.
const ALIAS_RULES: DnsNameRules = { underscores: true, wildcard: false };

/**
 * A host name, with or without its trailing dot (both are absolute to the API), sent lower-case and in
 * punycode. `root`: `.` alone is allowed, as in a null MX (RFC 7505) or an SRV target that says "no service".
 */
function hostName(rules: DnsNameRules, root: boolean): ContentPart {
  return {
    check: (value) => {
      if (typeof value !== 'string') return refused(l10n.t('{0} is not a host name', shownValue(value)));
      const text = value.trim();
      if (root && text === '.') return ok(text);
      const check = normalizeDnsName(text, rules);
      if (!check.ok) return refused(l10n.t('{0} is not a host name: {1}', shownValue(value), check.messages.join('; ')));
      return ok(text.endsWith('.') ? `${check.name}.` : check.name);
    },
    key: (value) => (typeof value === 'string' ? domainNameKey(value) : exactKey(value)),
  };
}

const TEXT: ContentPart = {
  check: (value) => {
    if (typeof value !== 'string') return refused(l10n.t('{0} is not text', shownValue(value)));
    const text = unquotedText(value);
    if (text.trim() === '') return refused(l10n.t('must not be empty'));
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > MAX_TXT_BYTES) return refused(l10n.t('is {0} bytes long: a TXT record holds at most {1}', bytes, MAX_TXT_BYTES));
    return ok(textAsContent('TXT', text));
  },
  key: (value) => (typeof value === 'string' ? unquotedText(value) : exactKey(value)),
};

const CAA_TAG: ContentPart = {
  check: (value) => {
    const tag = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    if (tag !== undefined && CAA_TAGS.includes(tag)) return ok(tag);
    return refused(l10n.t('{0} is not a CAA tag: must be issue, issuewild or iodef', shownValue(value)));
  },
  // Tags match without case (RFC 8659, 4.1).
  key: (value) => (typeof value === 'string' ? value.trim().toLowerCase() : exactKey(value)),
};

const CAA_VALUE: ContentPart = {
  check: (value) => {
    if (typeof value !== 'string') return refused(l10n.t('{0} is not text', shownValue(value)));
    const text = unquotedText(value);
    return text.trim() === '' ? refused(l10n.t('must not be empty')) : ok(textAsContent('CAA', text));
  },
  key: (value) => (typeof value === 'string' ? unquotedText(value) : exactKey(value)),
};

/** An HTTPS or SVCB parameter as the API lists it: `["alpn", "h3", "h2"]`, `["port", 443]`. */
const SERVICE_PARAM: ContentPart = {
  check: (value) =>
    Array.isArray(value) && typeof value[0] === 'string' && value[0] !== ''
      ? ok(value)
      : refused(l10n.t('{0} is not a parameter such as ["alpn", "h2"]', shownValue(value))),
  key: exactKey,
};

const PRIORITY = integer(l10n.t('priority'), MAX_UINT16);
const HOST = hostName(HOST_RULES, false);
const SERVICE_SHAPE: ContentShape = {
  parts: [PRIORITY, hostName(HOST_RULES, true)],
  params: SERVICE_PARAM,
  wireForm: l10n.t('[priority, target, [key, value…]…]'),
  wireExample: '[1, ".", ["alpn", "h3", "h2"]]',
};

const SHAPES: Readonly<Record<RecordType, ContentShape>> = {
  A: { parts: [IPV4], wireForm: l10n.t('[address]'), wireExample: '["203.0.113.1"]' },
  AAAA: { parts: [IPV6], wireForm: l10n.t('[address]'), wireExample: '["2001:db8::1"]' },
  CNAME: { parts: [hostName(ALIAS_RULES, false)], wireForm: l10n.t('[host]'), wireExample: '["target.example.com."]' },
  NS: { parts: [HOST], wireForm: l10n.t('[host]'), wireExample: '["ns1.example.net."]' },
  PTR: { parts: [HOST], wireForm: l10n.t('[host]'), wireExample: '["host.example.com."]' },
  MX: { parts: [PRIORITY, hostName(HOST_RULES, true)], wireForm: l10n.t('[priority, host]'), wireExample: '[10, "mail.example.com."]' },
  TXT: { parts: [TEXT], wireForm: l10n.t('[text]'), wireExample: '["v=spf1 -all"]' },
  SRV: {
    parts: [PRIORITY, integer(l10n.t('weight'), MAX_UINT16), integer(l10n.t('port'), MAX_UINT16), hostName(HOST_RULES, true)],
    wireForm: l10n.t('[priority, weight, port, target]'),
    wireExample: '[10, 60, 5060, "sip.example.com."]',
  },
  CAA: {
    parts: [integer(l10n.t('flags value'), MAX_UINT8), CAA_TAG, CAA_VALUE],
    wireForm: l10n.t('[flags, tag, value]'),
    wireExample: '[0, "issue", "letsencrypt.org"]',
  },
  HTTPS: SERVICE_SHAPE,
  SVCB: SERVICE_SHAPE,
};

export function isRecordType(type: string): type is RecordType {
  return (RECORD_TYPES as readonly string[]).includes(type);
}

/**
 * Checks one record's `content` for its type, adding problems at `path[i]` for the part `i` (the contract's
 * `resource_records[1].content[0]: 300.1.1.1 is not an IPv4 address`); returns the content as it is sent.
 */
export function checkRecordContent(type: RecordType, content: unknown, path: string, problems: FieldProblem[]): unknown[] {
  const shape = SHAPES[type];
  if (!Array.isArray(content)) {
    problems.push({ field: path, message: l10n.t('must be a list such as {0}', shape.wireExample) });
    return [];
  }
  const fixed = shape.parts.length;
  if (content.length < fixed || (shape.params === undefined && content.length > fixed)) {
    problems.push({ field: path, message: l10n.t('{0} content must be {1}, such as {2}', type, shape.wireForm, shape.wireExample) });
    return content;
  }
  const checked = (part: ContentPart, value: unknown, index: number): unknown => {
    const check = part.check(value);
    if (!check.ok) problems.push({ field: `${path}[${index}]`, message: check.message });
    return check.ok ? check.value : value;
  };
  const params = shape.params;
  const sent = [
    ...shape.parts.map((part, index) => checked(part, content[index], index)),
    ...(params === undefined ? [] : content.slice(fixed).map((value, index) => checked(params, value, fixed + index))),
  ];
  if (type === 'CAA' && sent[1] === 'iodef' && typeof sent[2] === 'string' && !IODEF_URL.test(sent[2].trim())) {
    problems.push({
      field: `${path}[2]`,
      message: l10n.t('{0} is not an iodef address: must be a mailto:, http: or https: URL', shownValue(sent[2])),
    });
  }
  return sent;
}

/**
 * The form two contents of one type are compared in, so that `[10, "Mail.example.com."]` and
 * `["10", "mail.example.com"]` are one value: priorities as numbers, host names without case or trailing
 * dot, addresses as addresses, texts unquoted.
 */
export function recordContentKey(type: string, content: readonly unknown[]): string {
  const shape = isRecordType(type) ? SHAPES[type] : undefined;
  return JSON.stringify(content.map((value, index) => (shape?.parts[index] ?? shape?.params)?.key(value) ?? exactKey(value)));
}

const ENABLED_FIELD: BooleanFieldSpec = {
  name: 'enabled',
  kind: 'boolean',
  label: l10n.t('Enabled'),
  description: l10n.t('Whether the record is served; the API default is true.'),
};
const RECORD_META_FIELD: JsonObjectFieldSpec = {
  name: 'meta',
  kind: 'jsonObject',
  label: l10n.t('Record metadata'),
  description: l10n.t(
    "What a dynamic set's pickers read of this record: countries, continents, asn, latlong, weight, backup, default, notes.",
  ),
};
const RECORD_KEYS = ['content', 'enabled', 'meta'];

/**
 * Checks the wire list `[{ content, enabled?, meta? }]` of a set of `type`: at least one record, each content
 * for its type, no value twice. A CNAME set holds one record, unless it is dynamic (`pickers`), where the
 * pickers answer one of several (GeoDNS CNAMEs).
 */
export function checkResourceRecords(
  type: RecordType,
  input: unknown,
  dynamic: boolean,
  field = 'resource_records',
): Validated<RecordBody[]> {
  if (!Array.isArray(input) || input.length === 0) {
    return {
      ok: false,
      problems: [
        { field, message: l10n.t('must be a non-empty list of records such as {0}', `[{ content: ${SHAPES[type].wireExample} }]`) },
      ],
    };
  }
  const problems: FieldProblem[] = [];
  const records = input.map((item: unknown, index) => checkRecord(type, item, `${field}[${index}]`, problems));
  if (type === 'CNAME' && !dynamic && records.length > 1) {
    problems.push({ field, message: l10n.t('a CNAME set holds exactly one record (has {0})', records.length) });
  }
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const key = recordContentKey(type, record.content);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else problems.push({ field: `${field}[${index}]`, message: l10n.t('repeats the value of {0}', `${field}[${first}]`) });
  });
  return validated(records, problems);
}

function checkRecord(type: RecordType, item: unknown, path: string, problems: FieldProblem[]): RecordBody {
  if (!isPlainObject(item)) {
    problems.push({ field: path, message: l10n.t('must be a record such as {0}', `{ content: ${SHAPES[type].wireExample} }`) });
    return { content: [] };
  }
  for (const key of Object.keys(item).filter((k) => !RECORD_KEYS.includes(k))) {
    problems.push({ field: `${path}.${key}`, message: l10n.t('unknown field') });
  }
  if (item.content === undefined) problems.push({ field: `${path}.content`, message: l10n.t('is required') });
  const record: RecordBody = {
    content: item.content === undefined ? [] : checkRecordContent(type, item.content, `${path}.content`, problems),
  };
  if (item.enabled !== undefined) record.enabled = checkValue(ENABLED_FIELD, item.enabled, `${path}.enabled`, problems) as boolean;
  if (item.meta !== undefined) record.meta = checkValue(RECORD_META_FIELD, item.meta, `${path}.meta`, problems) as Record<string, unknown>;
  return record;
}

/** A record type as the API's path and the checks want it: upper-case, one of `types`. */
export function normalizeRecordType(input: unknown, types: readonly string[], field = 'type'): Validated<string> {
  const type = typeof input === 'string' ? input.trim().toUpperCase() : undefined;
  if (type !== undefined && types.includes(type)) return { ok: true, value: type };
  return { ok: false, problems: [{ field, message: l10n.t('must be one of {0}', types.join(', ')) }] };
}

export type RecordTextCheck = { ok: true; content: unknown[] } | { ok: false; message: string };

/** How a value of each type is typed as text: what a prompt asks for, and what a text with too few or too many parts is told. */
export function recordTextForm(type: EditableRecordType): string {
  switch (type) {
    case 'A':
      return l10n.t('an IPv4 address, such as 203.0.113.1');
    case 'AAAA':
      return l10n.t('an IPv6 address, such as 2001:db8::1');
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return l10n.t('one host name, such as target.example.com.');
    case 'MX':
      return l10n.t('a priority and a host, such as 10 mail.example.com.');
    case 'SRV':
      return l10n.t('a priority, weight, port and target, such as 10 60 5060 sip.example.com.');
    case 'CAA':
      return l10n.t('flags, a tag and a value, such as 0 issue "letsencrypt.org"');
    case 'TXT':
      return l10n.t('a text, such as v=spf1 include:_spf.example.net ~all');
  }
}

const CAA_TEXT = /^(\S+)\s+(\S+)\s+(.+)$/s;

/**
 * One value typed as text, as a zone file writes it (`10 mail.example.com.`, `0 issue "letsencrypt.org"`,
 * a TXT's text with or without its quotes), read into the content the API takes, with the type's checks.
 */
export function parseRecordText(type: EditableRecordType, text: string): RecordTextCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: l10n.t('must not be empty') };
  const parts = textParts(type, trimmed);
  if (parts === undefined) return { ok: false, message: l10n.t('must be {0}', recordTextForm(type)) };
  const problems: FieldProblem[] = [];
  const content = checkRecordContent(type, parts, '', problems);
  return problems.length === 0 ? { ok: true, content } : { ok: false, message: problems.map((p) => p.message).join('; ') };
}

function textParts(type: EditableRecordType, text: string): unknown[] | undefined {
  if (type === 'TXT') return [text];
  if (type === 'CAA') {
    const match = CAA_TEXT.exec(text);
    return match === null ? undefined : [match[1], match[2], match[3].trim()];
  }
  const words = text.split(/\s+/);
  return words.length === SHAPES[type].parts.length ? words : undefined;
}

/**
 * A record's content as one line of text, the inverse of parseRecordText for the editable types
 * (`10 mail.example.com.`, `0 issue "letsencrypt.org"`, a TXT's text, quoted only when reading it back
 * would change it); HTTPS and SVCB parameters read `alpn=h3,h2`.
 */
export function formatRecordContent(type: string, content: readonly unknown[]): string {
  if (type === 'TXT' && typeof content[0] === 'string') return textAsTyped(unquotedText(content[0]));
  if (type === 'CAA' && content.length === 3 && typeof content[2] === 'string') {
    return `${formatPart(content[0])} ${formatPart(content[1])} ${quoted(unquotedText(content[2]))}`;
  }
  return content.map(formatPart).join(' ');
}

function formatPart(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && typeof value[0] === 'string') return `${value[0]}=${value.slice(1).map(formatPart).join(',')}`;
  return JSON.stringify(value) ?? String(value);
}

/** A text as typed: as it is, unless parseRecordText would read it otherwise (surrounding spaces, quotes). */
function textAsTyped(text: string): string {
  return text.trim() !== text || unquotedText(text) !== text ? quoted(text) : text;
}

function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * A TXT's text or a CAA value as the API's content holds it: as it is, unless it reads as quoted strings
 * (unquotedText), whose own quotes the API would take off (a text `"k=rsa; p=…"`, quotes included): then in
 * the quoted form that reads back as the text, a TXT's in strings of 255 bytes.
 */
export function textAsContent(type: 'TXT' | 'CAA', text: string): string {
  if (unquotedText(text) === text) return text;
  return type === 'TXT' ? characterStrings(text).join(' ') : quotedText(text);
}

const QUOTED_STRINGS = /^\s*(?:"(?:[^"\\]|\\.)*"\s*)+$/s;
const QUOTED_STRING = /"((?:[^"\\]|\\.)*)"/gs;
const ESCAPE = /\\(\d{3}|.)/gs;

/**
 * A text as the API takes it, unquoted. Real data carries TXT values in a zone file's quotes, often as
 * several strings (`"v=DKIM1; k=rsa; " "p=MIIB…"`), with `\"`, `\\` and `\DDD` escapes: those are read and
 * joined. A text that is not wholly quoted strings is taken as it is.
 */
export function unquotedText(text: string): string {
  if (!QUOTED_STRINGS.test(text)) return text;
  // \DDD escapes bytes, not characters: a UTF-8 character may be written as two or three of them.
  const chunks: Buffer[] = [];
  for (const [, inner] of text.matchAll(QUOTED_STRING)) {
    let last = 0;
    for (const escape of inner.matchAll(ESCAPE)) {
      const escaped = escape[1];
      chunks.push(Buffer.from(inner.slice(last, escape.index), 'utf8'));
      chunks.push(escaped.length === 3 && Number(escaped) <= 0xff ? Buffer.of(Number(escaped)) : Buffer.from(escaped, 'utf8'));
      last = escape.index + escape[0].length;
    }
    chunks.push(Buffer.from(inner.slice(last), 'utf8'));
  }
  return Buffer.concat(chunks).toString('utf8');
}
