import * as l10n from '@vscode/l10n';
import { domainNameKey } from '../../../core/domainNameKey';
import { normalizeDnsName } from '../../../validation/domainName';
import type { DnsNameRules, DomainNameCheck } from '../../../validation/domainName';
import { isEditableRecordType } from '../recordContent';
import { zoneFileEntries } from './zoneFileEntries';
import type { ZoneFileEntry } from './zoneFileEntries';
import { nameAgainstOrigin } from './zoneFileNames';
import { tokenProblem } from './zoneFileProblems';
import type { ZoneFileProblem, ZoneFileToken } from './zoneFileProblems';
import { readRecordContent } from './zoneFileRdata';
import { readSoaContent, type SoaContent } from './zoneFileSoa';
import { readTtl } from './zoneFileTtl';
import { isDnsClass, isInternetClass, recordTypeKind, typeMnemonic } from './zoneFileTypes';

export type { ZoneFileProblem } from './zoneFileProblems';

/** One record of a zone file, as written. */
export interface ZoneFileRecord {
  /** 1-based: where the record starts, and where it ends (parentheses hold a record over several lines). */
  line: number;
  endLine: number;
  /** The owner's full name as domainNameKey reads names: ASCII, lower-case, without the trailing dot. */
  name: string;
  /** The TTL written on the record, in seconds; without one, the record takes `defaultTtl`. */
  ttl?: number;
  /**
   * The TTL the record takes when none is written on it, as BIND reads one: the $TTL in force (RFC 2308);
   * before any $TTL, the SOA's minimum for the SOA and every record after it, else the TTL stated last
   * (RFC 1035, 5.1). Absent when none comes before: Gcore's default applies.
   */
  defaultTtl?: number;
  /** Upper-case. */
  type: string;
  /** The data after the type, as written, without parentheses and comments: for messages. */
  rdata: string;
  /**
   * For the types the extension edits (EDITABLE_RECORD_TYPES), the content the API takes, checked; for the SOA,
   * its SoaContent; absent for other types (DS, HTTPS, SPF…), which the caller decides about.
   */
  content?: unknown[];
  /**
   * Cloudflare's export tags the record proxied (`cf_tags=cf-proxied:true` in its comment): Cloudflare
   * answers for it with addresses of its own and passes visitors on to the one written here.
   */
  cloudflareProxied?: true;
}

export interface ZoneFileReading {
  /** In the file's order; a record with a problem is left out. */
  records: ZoneFileRecord[];
  problems: ZoneFileProblem[];
  /** What a reader should know but that refuses nothing: which TTL a record without one took, and why. */
  notes: ZoneFileProblem[];
}

/** Cloudflare's tags of a proxied record in an export's comment: `cf_tags=cf-proxied:true`, among others separated by commas. */
const CLOUDFLARE_PROXIED = /(?:^|\s)cf_tags=(?:\S*,)?cf-proxied:true(?:[,\s]|$)/;

const OWNER_RULES: DnsNameRules = { underscores: true, wildcard: true };
const ORIGIN_RULES: DnsNameRules = { underscores: true, wildcard: false };

interface ReaderState {
  /** As domainNameKey reads names; '' is the root. */
  origin: string;
  /** The line of a refused $ORIGIN: what follows it is not read until a $ORIGIN is, its names being unknown. */
  originRefused?: number;
  /** From $TTL, or the SOA's minimum before any $TTL. */
  defaultTtl?: number;
  /** The line of a refused $TTL: a record without a TTL of its own is not read until a $TTL is. */
  defaultTtlRefused?: number;
  /** The last TTL written on a record, which a record without one takes before any $TTL (RFC 1035). */
  lastTtl?: { seconds: number; line: number };
  /** The last owner written, which a line starting with a space or tab takes; null when it was refused. */
  owner?: string | null;
  /** Owner checks by full name: a zone names each owner many times. */
  readonly owners: Map<string, DomainNameCheck>;
  readonly notes: ZoneFileProblem[];
}

/**
 * Reads an RFC 1035 master file of the zone `zoneName`, which is the origin until a $ORIGIN changes it.
 * $INCLUDE and $GENERATE are refused: the file is the whole zone. Only class IN is served.
 */
export function readZoneFile(text: string, zoneName: string): ZoneFileReading {
  const problems: ZoneFileProblem[] = [];
  const records: ZoneFileRecord[] = [];
  const state: ReaderState = { origin: domainNameKey(zoneName), owners: new Map(), notes: [] };
  for (const entry of zoneFileEntries(text, problems)) {
    const first = entry.tokens[0];
    if (first === undefined) continue;
    if (!first.quoted && first.text.startsWith('$')) {
      readDirective(entry.tokens, state, problems);
    } else if (state.originRefused !== undefined) {
      problems.push({
        line: entry.line,
        message: l10n.t(
          'not read: the $ORIGIN on line {0} is refused, and the names here are read under it. Correct that line first',
          state.originRefused,
        ),
      });
    } else {
      const record = readRecord(entry, state, problems);
      if (record !== undefined) records.push(record);
    }
  }
  return { records, problems, notes: state.notes };
}

function readDirective([directive, ...values]: readonly ZoneFileToken[], state: ReaderState, problems: ZoneFileProblem[]): void {
  const refuse = (token: ZoneFileToken, message: string) => problems.push(tokenProblem(token, message));
  switch (directive.text.toUpperCase()) {
    case '$ORIGIN':
      if (values.length === 1 && readOrigin(values[0], state, problems)) {
        state.originRefused = undefined;
      } else {
        if (values.length !== 1) refuse(directive, l10n.t('$ORIGIN takes one domain name, such as example.com.'));
        state.originRefused = directive.line;
      }
      break;
    case '$TTL':
      if (values.length === 1 && readDefaultTtl(values[0], state, problems)) {
        state.defaultTtlRefused = undefined;
      } else {
        if (values.length !== 1) refuse(directive, l10n.t('$TTL takes one TTL, such as 3600 or 1h'));
        state.defaultTtlRefused = directive.line;
      }
      break;
    case '$INCLUDE':
      refuse(directive, l10n.t('$INCLUDE is not supported: put the records of the included file in this file'));
      break;
    case '$GENERATE':
      refuse(directive, l10n.t('$GENERATE is not supported: write out the records it would generate'));
      break;
    default:
      refuse(directive, l10n.t('{0} is not a zone file directive: the directives are $ORIGIN and $TTL', directive.text));
  }
}

/** Returns whether the origin was taken. */
function readOrigin(token: ZoneFileToken, state: ReaderState, problems: ZoneFileProblem[]): boolean {
  const origin = domainNameKey(nameAgainstOrigin(token.text, state.origin));
  // The root ('.') is a valid origin, under which every relative name is outside the zone.
  const check = origin === '' ? undefined : normalizeDnsName(origin, ORIGIN_RULES);
  if (check?.ok === false) {
    problems.push(tokenProblem(token, l10n.t('{0} is not a domain name: {1}', token.text, check.messages.join('; '))));
    return false;
  }
  state.origin = origin;
  return true;
}

/** Returns whether the TTL was taken. */
function readDefaultTtl(token: ZoneFileToken, state: ReaderState, problems: ZoneFileProblem[]): boolean {
  const ttl = readTtl(token.text);
  if (ttl.ok) state.defaultTtl = ttl.seconds;
  else problems.push(tokenProblem(token, ttl.message));
  return ttl.ok;
}

function ownerName(token: ZoneFileToken, state: ReaderState, problems: ZoneFileProblem[]): string | null {
  const full = nameAgainstOrigin(token.text, state.origin);
  let check = state.owners.get(full);
  if (check === undefined) {
    check = normalizeDnsName(full, OWNER_RULES);
    state.owners.set(full, check);
  }
  if (check.ok) return check.name;
  problems.push(tokenProblem(token, l10n.t('{0} is not a record name: {1}', token.text, check.messages.join('; '))));
  return null;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** `<owner> [<TTL>] [<class>] <type> <data>`, the TTL and class in either order; a blank owner repeats the last. */
function readRecord(entry: ZoneFileEntry, state: ReaderState, problems: ZoneFileProblem[]): ZoneFileRecord | undefined {
  const tokens = entry.tokens;
  let index = 0;
  if (!entry.blankOwner) {
    state.owner = ownerName(tokens[0], state, problems);
    index = 1;
  } else if (state.owner === undefined) {
    problems.push({
      line: entry.line,
      message: l10n.t(
        'this record has no name: a line that starts with a space or tab takes the name of the record before it, and none comes before',
      ),
    });
    return undefined;
  }
  // A record under a refused name is not read: its name's problem is the one to fix.
  const name = state.owner;
  if (name === null) return undefined;
  let ttlToken: ZoneFileToken | undefined;
  let classToken: ZoneFileToken | undefined;
  for (; index < tokens.length && !tokens[index].quoted; index++) {
    const token = tokens[index];
    if (ttlToken === undefined && isDigit(token.text.charCodeAt(0))) ttlToken = token;
    else if (classToken === undefined && isDnsClass(token.text.toUpperCase())) classToken = token;
    else break;
  }
  const typeToken = tokens[index];
  if (typeToken === undefined) {
    problems.push(
      tokenProblem(tokens[tokens.length - 1], l10n.t('this record has no type: write one, such as A, MX or TXT, after the name')),
    );
    return undefined;
  }
  const problemCount = problems.length;
  const ttl = ttlToken === undefined ? undefined : readTtl(ttlToken.text);
  if (ttlToken !== undefined && ttl?.ok === false) problems.push(tokenProblem(ttlToken, ttl.message));
  if (classToken !== undefined && !isInternetClass(classToken.text.toUpperCase())) {
    problems.push(tokenProblem(classToken, l10n.t('{0} is not the Internet class IN: Gcore serves only IN records', classToken.text)));
  }
  const type = typeToken.quoted ? typeToken.text : typeMnemonic(typeToken.text.toUpperCase());
  const kind = typeToken.quoted ? 'unknown' : recordTypeKind(type);
  if (kind === 'unknown') problems.push(tokenProblem(typeToken, l10n.t('{0} is not a DNS record type', typeToken.text)));
  if (kind === 'query') problems.push(tokenProblem(typeToken, l10n.t('{0} is a type of DNS queries, not of records a zone holds', type)));
  if (ttlToken === undefined && state.defaultTtlRefused !== undefined) {
    problems.push(
      tokenProblem(
        typeToken,
        l10n.t(
          'this record has no TTL and would take the $TTL on line {0}, which is refused: correct that line, or write a TTL here',
          state.defaultTtlRefused,
        ),
      ),
    );
  }
  if (problems.length > problemCount) return undefined;

  const data = tokens.slice(index + 1);
  const record: ZoneFileRecord = {
    line: entry.line,
    endLine: entry.endLine,
    name,
    type,
    rdata: data.length === 1 ? writtenToken(data[0]) : data.map(writtenToken).join(' '),
  };
  if (ttl?.ok === true) {
    record.ttl = ttl.seconds;
    // Stated even when the record is refused below: the records after it take it all the same.
    state.lastTtl = { seconds: ttl.seconds, line: record.line };
  }
  if (entry.comment !== undefined && CLOUDFLARE_PROXIED.test(entry.comment)) record.cloudflareProxied = true;
  if (isEditableRecordType(type) || type === 'SOA') {
    const content =
      type === 'SOA'
        ? readSoaContent(data, state.origin, typeToken, problems)
        : readRecordContent(type, data, state.origin, typeToken, problems);
    if (content === undefined) return undefined;
    record.content = content;
  } else if (data.length === 0) {
    problems.push(tokenProblem(typeToken, l10n.t('this {0} record has no data', type)));
    return undefined;
  }
  takeTtl(record, typeToken, state);
  return record;
}

/**
 * The TTL a record without one takes, as BIND takes it: the $TTL; before any, the SOA's minimum for the SOA,
 * which then stands as the $TTL; else the TTL written last (RFC 1035, 5.1). The last two are said on the
 * line, as BIND warns of them, and so is a record that takes none.
 */
function takeTtl(record: ZoneFileRecord, typeToken: ZoneFileToken, state: ReaderState): void {
  const note = (message: string) => state.notes.push(tokenProblem(typeToken, message));
  if (record.ttl === undefined && state.defaultTtl === undefined) {
    const minimum = record.type === 'SOA' ? (record.content as SoaContent)[6] : undefined;
    if (minimum !== undefined) {
      state.defaultTtl = minimum;
      note(
        l10n.t(
          "TTL {0}, the SOA's minimum: no TTL is written here and no $TTL comes before, so the SOA and the records after it without a TTL take its minimum",
          minimum,
        ),
      );
    } else if (state.lastTtl !== undefined) {
      record.defaultTtl = state.lastTtl.seconds;
      note(
        l10n.t(
          'TTL {0}, the TTL written on line {1}: with no TTL here and no $TTL before, a record takes the TTL written last (RFC 1035)',
          state.lastTtl.seconds,
          state.lastTtl.line,
        ),
      );
    } else {
      note(
        l10n.t(
          "no TTL: none is written here or before, and no $TTL comes first, so Gcore's default TTL applies. Write a TTL, or a $TTL at the top",
        ),
      );
    }
  }
  if (state.defaultTtl !== undefined) record.defaultTtl = state.defaultTtl;
}

function writtenToken(token: ZoneFileToken): string {
  return token.quoted ? `"${token.text}"` : token.text;
}
