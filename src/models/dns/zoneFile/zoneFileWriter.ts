import * as l10n from '@vscode/l10n';
import type { DnsZone, RecordSet, ResourceRecord } from '../../../api/dns/dnsTypes';
import { domainNameKey } from '../../../core/domainNameKey';
import { isPlainObject } from '../../../validation/fieldChecks';
import { checkRecordContent, checkResourceRecords, formatRecordContent, unquotedText } from '../recordContent';
import type { EditableRecordType } from '../recordContent';
import { relativeRecordName } from '../recordName';
import { isDynamicRecordSet } from '../recordSets';
import { zoneFileEditability } from './zoneFileEditability';
import { compareTypes, nameOrderKey } from './zoneFileOrder';
import { soaContentAtGcore } from './zoneFileSoa';
import { soaFromZoneSettings } from './zoneFileSoaFromSettings';
import { characterStrings, printableText, quotedText } from './zoneFileText';

/** The $TTL of a zone with no editable set that has a TTL: an hour, the usual default of zone files. */
const FALLBACK_TTL = 3600;
/** Past this, a name does not widen the name column: it takes its own width and one space. */
const MAX_NAME_COLUMN = 40;

interface Row {
  set: RecordSet;
  type: string;
  /** As the file writes it: `@`, relative, or absolute with its dot outside the zone. */
  name: string;
  order: string;
  ttl: string;
  /** Why the set is written as comments; undefined for a set written as records. */
  reason?: string;
  /** The SOA or the apex NS set, Gcore's own, written as records so that BIND loads the file. */
  gcore?: true;
  /** Comment lines above the set's records: where an SOA the list did not carry comes from. */
  notes?: readonly string[];
}

interface Columns {
  name: number;
  ttl: number;
  type: number;
}

/**
 * What the text is for: `document`, the zone's own document in the editor, where only what saving can change
 * is a record (the SOA and the apex NS set are comments, as every set the file cannot carry); `export`, a file
 * that BIND loads as it is, a backup and a migration, where the SOA and the apex NS set are records too (an
 * import compares them with Gcore's and never sends them).
 */
export type ZoneFileForm = 'document' | 'export';

/**
 * A zone's record sets as an RFC 1035 master file: a header that says what the file is, `$ORIGIN`, `$TTL`
 * (the most common TTL of the editable sets), then one line per record, its TTL written on every line, names
 * relative to the zone, hosts absolute, columns aligned. A set the file cannot carry (zoneFileEditability) is
 * written as comments under the reason, so that reading the file gives no record of it. An export of a list
 * without an SOA it can write takes the SOA from the zone's settings (`zoneSettings`, undefined when they could
 * not be read; exportNeedsZoneSettings says when), as Gcore's list would hold it.
 */
export function printZoneFile(zoneName: string, sets: readonly RecordSet[], form: ZoneFileForm, zoneSettings?: DnsZone): string {
  const zone = domainNameKey(zoneName);
  const rows = sets.map((set) => rowOf(set, zone, form));
  if (form === 'export' && !rows.some(isGcoreSoa)) rows.push(soaRowFromSettings(zone, zoneSettings, rows));
  rows.sort(compareRows);
  const columns: Columns = { name: 1, ttl: 0, type: 1 };
  for (const row of rows) {
    columns.name = Math.max(columns.name, Math.min(row.name.length, MAX_NAME_COLUMN));
    columns.ttl = Math.max(columns.ttl, row.ttl.length);
    columns.type = Math.max(columns.type, row.type.length);
  }
  const header =
    form === 'document'
      ? [
          l10n.t('The record sets of the zone {0} at Gcore, as a zone file (RFC 1035).', zone),
          l10n.t('Saving shows the changes for review: nothing is sent to Gcore before you choose Apply.'),
          l10n.t('Sets written as comments cannot be edited here, and saving never changes them.'),
        ]
      : [
          l10n.t('The record sets of the zone {0} at Gcore, exported as a zone file (RFC 1035) that BIND loads.', zone),
          l10n.t("The SOA and the apex NS set are Gcore's: importing this file into the zone changes neither."),
          l10n.t('Sets written as comments are sets a zone file cannot carry, each under its reason.'),
        ];
  const lines = [...header.map((line) => `; ${line}`), '', `$ORIGIN ${zone}.`, `$TTL ${commonTtl(rows)}`, ''];
  let commented = false;
  for (const row of rows) {
    const comment = row.reason !== undefined;
    if ((comment || commented) && lines[lines.length - 1] !== '') lines.push('');
    commented = comment;
    if (row.gcore) {
      lines.push(...(row.notes ?? []).map((note) => `; ${printableText(note)}`), ...gcoreLines(row, columns));
    } else if (row.reason === undefined) {
      lines.push(...editableLines(row, columns));
    } else {
      lines.push(`; ${printableText(l10n.t('{0} {1}: not editable here, as this set {2}.', row.name, row.type, row.reason))}`);
      for (const record of recordsOf(row.set)) lines.push(`; ${printableText(commentedLine(row, record, columns))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function rowOf(set: RecordSet, zone: string, form: ZoneFileForm): Row {
  const fullName = domainNameKey(String(set.name));
  const reason = zoneFileEditability(set, zone);
  const row: Row = {
    set,
    type: String(set.type).toUpperCase(),
    name: relativeRecordName(fullName, zone),
    order: nameOrderKey(fullName, zone),
    ttl: typeof set.ttl === 'number' ? String(set.ttl) : '',
  };
  if (form === 'export' && isGcoreLines(set, fullName, zone)) row.gcore = true;
  else if (reason !== undefined) row.reason = reason;
  return row;
}

/** Whether an export of these sets takes its SOA from the zone's settings: the list holds no SOA it can write as records. */
export function exportNeedsZoneSettings(zoneName: string, sets: readonly RecordSet[]): boolean {
  const zone = domainNameKey(zoneName);
  return !sets.some((set) => isGcoreSoa(rowOf(set, zone, 'export')));
}

function isGcoreSoa(row: Row): boolean {
  return row.gcore === true && row.type === 'SOA';
}

/** The SOA the zone's settings give, under the notes that say so; the apex NS set's first server stands in for a missing primary. */
function soaRowFromSettings(zone: string, settings: DnsZone | undefined, rows: readonly Row[]): Row {
  const apexNs = rows.find((row) => row.gcore === true && row.type === 'NS');
  const firstServer = apexNs === undefined ? undefined : host(checkRecordContent('NS', recordsOf(apexNs.set)[0].content, '', [])[0]);
  const soa = soaFromZoneSettings(zone, settings, firstServer);
  const set: RecordSet = { name: zone, type: 'SOA', ttl: soa.ttl, resource_records: [{ content: soa.content }] };
  return { ...rowOf(set, zone, 'export'), notes: soa.notes };
}

/** The SOA and the apex NS set, when each of their records is enabled and reads as its type's data. */
function isGcoreLines(set: RecordSet, fullName: string, zone: string): boolean {
  const type = String(set.type).toUpperCase();
  if (fullName !== zone || (type !== 'SOA' && type !== 'NS') || isDynamicRecordSet(set)) return false;
  const records = recordsOf(set);
  if (records.length === 0 || records.some((record) => record.enabled === false)) return false;
  if (type === 'SOA') return records.length === 1 && soaContentAtGcore(records[0].content) !== undefined;
  return checkResourceRecords(
    'NS',
    records.map((record) => ({ content: record.content })),
    false,
  ).ok;
}

function gcoreLines(row: Row, columns: Columns): string[] {
  const start = recordStart(row.name, row.ttl, row.type, columns);
  return recordsOf(row.set).map((record) => {
    const soa = row.type === 'SOA' ? soaContentAtGcore(record.content) : undefined;
    return start + (soa === undefined ? host(checkRecordContent('NS', record.content, '', [])[0]) : soa.join(' '));
  });
}

function compareRows(a: Row, b: Row): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return compareTypes(a.type, b.type);
}

/** The TTL most editable sets have (of equals, the one that got there first): lines without a TTL take it. */
function commonTtl(rows: readonly Row[]): number {
  const counts = new Map<number, number>();
  let best: number | undefined;
  for (const row of rows) {
    const ttl = row.set.ttl;
    if (row.reason !== undefined || row.gcore || typeof ttl !== 'number') continue;
    const count = (counts.get(ttl) ?? 0) + 1;
    counts.set(ttl, count);
    if (best === undefined || count > (counts.get(best) ?? 0)) best = ttl;
  }
  return best ?? FALLBACK_TTL;
}

function recordsOf(set: RecordSet): ResourceRecord[] {
  return Array.isArray(set.resource_records) ? set.resource_records.filter(isPlainObject) : [];
}

function recordStart(name: string, ttl: string, type: string, columns: Columns): string {
  return `${name.padEnd(columns.name)} ${ttl.padStart(columns.ttl)} IN ${type.padEnd(columns.type)} `;
}

/** An editable set's lines; a TXT longer than one string goes over several lines in parentheses. */
function editableLines(row: Row, columns: Columns): string[] {
  const type = row.type as EditableRecordType;
  return recordsOf(row.set).flatMap((record) => {
    const start = recordStart(row.name, row.ttl, type, columns);
    const data = zoneFileData(type, checkRecordContent(type, record.content, '', []));
    if (data.length === 1) return [start + data[0]];
    const indent = ' '.repeat(start.length + 2);
    return data.map((part, index) => (index === 0 ? `${start}( ${part}` : `${indent}${part}${index === data.length - 1 ? ' )' : ''}`));
  });
}

function host(value: unknown): string {
  const text = String(value);
  return text.endsWith('.') ? text : `${text}.`;
}

/** A checked content as a zone file writes its data: hosts absolute, texts quoted and escaped, a TXT in strings of 255 bytes. */
function zoneFileData(type: EditableRecordType, content: readonly unknown[]): string[] {
  switch (type) {
    case 'TXT':
      return characterStrings(unquotedText(String(content[0])));
    case 'CAA':
      return [`${String(content[0])} ${String(content[1])} ${quotedText(unquotedText(String(content[2])))}`];
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return [host(content[0])];
    case 'MX':
      return [`${String(content[0])} ${host(content[1])}`];
    case 'SRV':
      return [`${String(content[0])} ${String(content[1])} ${String(content[2])} ${host(content[3])}`];
    case 'A':
    case 'AAAA':
      return [String(content[0])];
  }
}

/** A record of a set the file cannot carry, for its comment: what Gcore holds, as the tree shows values. */
function commentedLine(row: Row, record: ResourceRecord, columns: Columns): string {
  const content = Array.isArray(record.content) ? record.content : [];
  const line = recordStart(row.name, row.ttl, row.type, columns) + formatRecordContent(row.type, content);
  return record.enabled === false ? `${line} ; ${l10n.t('disabled')}` : line;
}
