import * as l10n from '@vscode/l10n';
import { formatRecordContent, recordContentKey } from '../recordContent';
import type { ZoneFileProblem } from './zoneFileProblems';
import type { ZoneFileRecord } from './zoneFileReader';

/** The records of one name and type in a zone file: what Gcore holds as one record set. */
export interface ZoneFileSet {
  /** As ZoneFileRecord's: full, ASCII, lower-case, without the trailing dot. */
  name: string;
  type: string;
  /** The first record's TTL as written, and the $TTL in force there. */
  ttl?: number;
  defaultTtl?: number;
  /** The first record's line. */
  line: number;
  records: { content: unknown[]; line: number }[];
  /** One of its records is tagged proxied by Cloudflare's export (ZoneFileRecord's `cloudflareProxied`). */
  cloudflareProxied?: true;
}

// A CNAME may share its name with the records that sign it (RFC 4035, 2.5).
const BESIDE_CNAME = new Set(['CNAME', 'RRSIG', 'NSEC']);

interface Grouped {
  set: ZoneFileSet;
  /** The line of each value, by recordContentKey. */
  values: Map<string, number>;
}

/** The first CNAME of a name and its first record of another type, to tell RFC 1034's rule. */
interface NameUse {
  cname?: ZoneFileRecord;
  other?: ZoneFileRecord;
}

function ttlShown(record: { ttl?: number; defaultTtl?: number }): string {
  const ttl = record.ttl ?? record.defaultTtl;
  return ttl === undefined ? l10n.t('none') : String(ttl);
}

/**
 * The record sets of the records that have content (the editable types and the SOA), in the file's order, and what
 * Gcore's one TTL per set and the DNS's rules refuse: records of one set with different TTLs, a value
 * written twice, a CNAME beside other data of its name or two CNAMEs of one name (RFC 1034, 3.6.2). The
 * CNAME rule counts records of every type, since the other data need not be editable to conflict.
 */
export function groupRecordSets(records: readonly ZoneFileRecord[]): { sets: ZoneFileSet[]; problems: ZoneFileProblem[] } {
  const groups = new Map<string, Grouped>();
  const names = new Map<string, NameUse>();
  const problems: ZoneFileProblem[] = [];
  for (const record of records) {
    checkCname(record, names, problems);
    if (record.content === undefined) continue;
    const key = `${record.name} ${record.type}`;
    let group = groups.get(key);
    if (group === undefined) {
      const set: ZoneFileSet = { name: record.name, type: record.type, line: record.line, records: [] };
      if (record.ttl !== undefined) set.ttl = record.ttl;
      if (record.defaultTtl !== undefined) set.defaultTtl = record.defaultTtl;
      group = { set, values: new Map() };
      groups.set(key, group);
    } else if ((record.ttl ?? record.defaultTtl) !== (group.set.ttl ?? group.set.defaultTtl)) {
      problems.push({
        line: record.line,
        message: l10n.t(
          '{0} {1} has TTL {2} here and {3} on line {4}: Gcore keeps one TTL per record set',
          record.name,
          record.type,
          ttlShown(record),
          ttlShown(group.set),
          group.set.line,
        ),
      });
    }
    const valueKey = recordContentKey(record.type, record.content);
    const first = group.values.get(valueKey);
    if (first !== undefined) {
      const value = formatRecordContent(record.type, record.content);
      problems.push({
        line: record.line,
        message: l10n.t('{0} {1} {2} is written twice: on line {3} and here', record.name, record.type, value, first),
      });
      continue;
    }
    group.values.set(valueKey, record.line);
    group.set.records.push({ content: record.content, line: record.line });
    if (record.cloudflareProxied) group.set.cloudflareProxied = true;
  }
  return { sets: [...groups.values()].map((group) => group.set), problems };
}

function checkCname(record: ZoneFileRecord, names: Map<string, NameUse>, problems: ZoneFileProblem[]): void {
  let use = names.get(record.name);
  if (use === undefined) {
    use = {};
    names.set(record.name, use);
  }
  if (record.type === 'CNAME') {
    const cname = use.cname;
    if (
      cname?.content !== undefined &&
      record.content !== undefined &&
      recordContentKey('CNAME', cname.content) !== recordContentKey('CNAME', record.content)
    ) {
      problems.push({
        line: record.line,
        message: l10n.t(
          '{0} has a second CNAME (the first is on line {1}): a name holds at most one CNAME (RFC 1034)',
          record.name,
          cname.line,
        ),
      });
    }
    if (use.other !== undefined) problems.push(cnameBesideProblem(record, record, use.other));
    use.cname ??= record;
  } else if (!BESIDE_CNAME.has(record.type)) {
    if (use.cname !== undefined) problems.push(cnameBesideProblem(record, use.cname, record));
    use.other ??= record;
  }
}

function cnameBesideProblem(at: ZoneFileRecord, cname: ZoneFileRecord, other: ZoneFileRecord): ZoneFileProblem {
  return {
    line: at.line,
    message: l10n.t(
      '{0} has a CNAME (line {1}) and a record of type {2} (line {3}): a name with a CNAME holds no other data (RFC 1034)',
      at.name,
      cname.line,
      other.type,
      other.line,
    ),
  };
}
