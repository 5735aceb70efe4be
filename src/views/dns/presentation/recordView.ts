import * as l10n from '@vscode/l10n';
import type { RecordSet, ResourceRecord } from '../../../api/dns/dnsTypes';
import { ROW_CONTEXT, type RowContext } from '../../../core/contributions';
import { domainNameKey } from '../../../core/domainNameKey';
import { escapeMarkdown, sharedIcon, type ItemView } from '../../presentation/itemView';
import { isDynamicRecordSet, recordSetPickers, recordSetSelection } from '../../../models/dns/recordSets';
import { failoverOf, metaValueText, pickerDetails, recordMetaFacts } from './recordDynamics';
import { APEX } from '../../../models/dns/recordName';
import { compareRelativeNames, relativeName, type RelativeName } from './recordNames';
import { compareRecordTypes, recordTypeOf } from './recordTypes';
import { contentOf, recordCopyText, recordValueText, shortValueText } from './recordValues';
import { ttlText } from '../../../models/dns/recordTtl';
import { finiteNumber, isRecord, nonEmptyText, updatedAtText } from '../../presentation/wireValues';

/** `gcore`: the SOA and the apex NS set, which Gcore keeps for the zone; no edit or delete is offered. */
export type RecordSetKind = 'plain' | 'dynamic' | 'gcore';

const KINDS: Record<RecordSetKind, { icon: NonNullable<ItemView['icon']>; contextValue: RowContext }> = {
  plain: { icon: sharedIcon('symbol-field'), contextValue: ROW_CONTEXT.recordSet },
  dynamic: { icon: sharedIcon('list-filter'), contextValue: ROW_CONTEXT.recordSetDynamic },
  gcore: { icon: sharedIcon('server'), contextValue: ROW_CONTEXT.recordSetGcore },
};

const DISABLED_ICON = sharedIcon('circle-slash', 'disabledForeground');
const DISABLED = l10n.t('disabled');
const MANAGED_BY_GCORE = l10n.t('managed by Gcore');
const SEPARATOR = ' · ';

/** Past these, a row's description says how many more values the set has. */
const SHOWN_VALUES = 3;

export interface RecordSetRow {
  /** Stable across refreshes, unique in a zone: the relative name and the type ("www/A", "@/MX"). */
  key: string;
  set: RecordSet;
  name: RelativeName;
  /** The name as API paths carry it: full, without the trailing dot. */
  fullName: string;
  /** Upper-case. */
  type: string;
  kind: RecordSetKind;
  /**
   * Without its hover, which recordSetTooltip builds when asked: a zone can hold thousands of sets. With the
   * state its tree row opens in (its records are its children), so that the row uses this view uncopied.
   */
  view: ItemView & { collapsible: 'collapsed' | 'none' };
}

function recordsOf(set: RecordSet): readonly ResourceRecord[] {
  const records: unknown[] = Array.isArray(set.resource_records) ? set.resource_records : [];
  return records.every(isRecord) ? (records as ResourceRecord[]) : (records.filter(isRecord) as ResourceRecord[]);
}

function kindOf(type: string, name: RelativeName, dynamic: boolean): RecordSetKind {
  if (type === 'SOA' || (type === 'NS' && name.key === APEX)) return 'gcore';
  return dynamic ? 'dynamic' : 'plain';
}

function disabledCount(records: readonly ResourceRecord[]): number {
  let disabled = 0;
  for (const record of records) if (record.enabled === false) disabled++;
  return disabled;
}

function shortValues(type: string, records: readonly ResourceRecord[]): string {
  let shown = shortValueText(type, contentOf(records[0]));
  for (let i = 1; i < Math.min(records.length, SHOWN_VALUES); i++) shown += `, ${shortValueText(type, contentOf(records[i]))}`;
  return records.length > SHOWN_VALUES ? `${shown} ${l10n.t('+{0} more', records.length - SHOWN_VALUES)}` : shown;
}

/**
 * What the rows of one zone share, worked out once: the zone's key, and the text of each TTL (a zone uses
 * a handful). Rows are built by the ten thousand, so each step of one counts.
 */
interface ZoneRowsContext {
  zone: string;
  ttls: Map<number, string>;
}

function zoneRowsContext(zoneName: string): ZoneRowsContext {
  return { zone: domainNameKey(zoneName), ttls: new Map() };
}

function ttlTextIn(context: ZoneRowsContext, ttl: number): string {
  let text = context.ttls.get(ttl);
  if (text === undefined) {
    text = ttlText(ttl);
    context.ttls.set(ttl, text);
  }
  return text;
}

function rowIn(context: ZoneRowsContext, set: RecordSet): RecordSetRow {
  const type = recordTypeOf(set);
  const name = relativeName(String(set.name), context.zone);
  const dynamic = isDynamicRecordSet(set);
  const kind = kindOf(type, name, dynamic);
  const records = recordsOf(set);
  const disabled = disabledCount(records);
  const allDisabled = disabled > 0 && disabled === records.length;
  let description = type;
  if (kind === 'gcore') description += SEPARATOR + MANAGED_BY_GCORE;
  if (records.length === 0) description += SEPARATOR + l10n.t('no records');
  else if (allDisabled) description += SEPARATOR + DISABLED;
  else if (disabled > 0) description += SEPARATOR + l10n.t('{0} of {1} disabled', disabled, records.length);
  if (dynamic) description += SEPARATOR + recordSetSelection(set);
  const ttl = finiteNumber(set.ttl);
  if (ttl !== undefined) description += SEPARATOR + ttlTextIn(context, ttl);
  if (records.length > 0) description += SEPARATOR + shortValues(type, records);
  const fullName = String(set.name).trim();
  return {
    key: `${name.key}/${type}`,
    set,
    name,
    fullName: fullName.endsWith('.') ? fullName.slice(0, -1) : fullName,
    type,
    kind,
    view: {
      label: name.label,
      description,
      icon: allDisabled ? DISABLED_ICON : KINDS[kind].icon,
      contextValue: KINDS[kind].contextValue,
      collapsible: records.length > 0 ? 'collapsed' : 'none',
    },
  };
}

/**
 * A record set's row: its name relative to the zone, then the type, what Gcore does with it (managed,
 * disabled, what picks a dynamic answer), the TTL and the values. The markers come before the TTL and the
 * values because VS Code cuts descriptions at the end.
 */
export function recordSetRow(zoneName: string, set: RecordSet): RecordSetRow {
  return rowIn(zoneRowsContext(zoneName), set);
}

/** Upper-case types, as recordTypeCounts gives them; absent or empty: every type. */
export interface RecordSetRowOptions {
  types?: ReadonlySet<string>;
}

function compareRows(a: RecordSetRow, b: RecordSetRow): number {
  // The keys last, so that only rows of one key compare equal: names equal by compareRelativeNames can
  // differ (`host02`, `host2`).
  return compareRelativeNames(a.name, b.name) || compareRecordTypes(a.type, b.type) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * A zone's record sets as rows: by name, the apex first and each name right before the names below it
 * (compareRelativeNames says why), then by type (compareRecordTypes). Of two entries of one set the first
 * wins, as for zones (zoneRows): the tree's ids must be unique, and nothing says which is newer.
 */
export function recordSetRows(zoneName: string, sets: readonly RecordSet[], options: RecordSetRowOptions = {}): RecordSetRow[] {
  const types = options.types !== undefined && options.types.size > 0 ? options.types : undefined;
  const context = zoneRowsContext(zoneName);
  const rows: RecordSetRow[] = [];
  for (const set of sets) {
    if (types === undefined || types.has(recordTypeOf(set))) rows.push(rowIn(context, set));
  }
  // The sort is stable and puts the entries of one set side by side, in Gcore's order.
  rows.sort(compareRows);
  let kept = 0;
  for (const row of rows) if (kept === 0 || row.key !== rows[kept - 1].key) rows[kept++] = row;
  rows.length = kept;
  return rows;
}

function bulleted(lines: readonly string[], indent = ''): string[] {
  return lines.map((line) => `${indent}- ${escapeMarkdown(line)}`);
}

function keyValueLines(object: Record<string, unknown>): string[] {
  return Object.entries(object).map(([key, value]) => `${key}: ${metaValueText(value)}`);
}

function warningsOf(set: RecordSet): string[] {
  const warnings = Array.isArray(set.warnings) ? set.warnings : [];
  const texts = warnings.map((warning) => (isRecord(warning) ? nonEmptyText(warning.message) : nonEmptyText(warning)));
  texts.push(nonEmptyText(set.warning));
  return texts.filter((text): text is string => text !== undefined);
}

/**
 * The hover of a record set: its names, type, TTL and update time, each record with its state and meta,
 * what picks a dynamic answer, the health check and the set's other meta, and Gcore's warnings. Every
 * value from Gcore is escaped.
 */
export function recordSetTooltip(zoneName: string, set: RecordSet): string {
  const row = recordSetRow(zoneName, set);
  const { type, name, kind } = row;
  const records = recordsOf(set);
  const facts = [l10n.t('Full name: {0}', escapeMarkdown(String(set.name)))];
  const ttl = finiteNumber(set.ttl);
  // In minutes, hours or days, the TTL is also given in seconds, as zone files and dig write it.
  if (ttl !== undefined) {
    facts.push(ttl > 0 && ttl % 60 === 0 ? l10n.t('TTL: {0} ({1} s)', ttlText(ttl), ttl) : l10n.t('TTL: {0}', ttlText(ttl)));
  }
  const updated = updatedAtText(set.updated_at);
  if (updated !== undefined) facts.push(l10n.t('Updated: {0}', escapeMarkdown(updated)));
  const blocks = [`### ${escapeMarkdown(name.label)} ${escapeMarkdown(type)}`, facts.join('  \n')];
  if (!name.inZone) blocks.push(l10n.t('This name is outside the zone {0}.', escapeMarkdown(zoneName)));
  if (kind === 'gcore') blocks.push(l10n.t('Gcore manages this record set for the zone: it cannot be edited or deleted.'));
  const disabled = disabledCount(records);
  if (disabled > 0 && disabled === records.length) {
    blocks.push(l10n.t('Every record of this set is **disabled**: Gcore answers with none of them.'));
  } else if (disabled > 0) {
    blocks.push(l10n.t('{0} of {1} records are **disabled**: Gcore does not answer with them.', disabled, records.length));
  }
  if (isDynamicRecordSet(set)) {
    blocks.push(l10n.t('**Dynamic**: Gcore picks the answer to each query ({0}).', escapeMarkdown(recordSetSelection(set) ?? '')));
    const pickers = recordSetPickers(set);
    if (pickers.length > 0) blocks.push([`**${l10n.t('Pickers, in order')}**`, ...bulleted(pickers.map(pickerDetails))].join('\n'));
  }
  const recordLines = records.flatMap((record) => {
    const value = recordValueText(type, contentOf(record));
    return [
      ...bulleted([record.enabled === false ? value + SEPARATOR + DISABLED : value]),
      ...bulleted(recordMetaFacts(record.meta), '  '),
    ];
  });
  blocks.push(records.length === 0 ? l10n.t('No records.') : [`**${l10n.t('Records ({0})', records.length)}**`, ...recordLines].join('\n'));
  const failover = failoverOf(set);
  if (failover !== undefined) blocks.push([`**${l10n.t('Health check (failover)')}**`, ...bulleted(keyValueLines(failover))].join('\n'));
  const { failover: _failover, geodns_link: link, ...otherMeta } = isRecord(set.meta) ? set.meta : {};
  const metaLines = keyValueLines(otherMeta);
  if (link !== undefined && link !== null) metaLines.unshift(l10n.t('GeoDNS link: {0}', metaValueText(link)));
  if (metaLines.length > 0) blocks.push([`**${l10n.t('Set meta')}**`, ...bulleted(metaLines)].join('\n'));
  const warnings = warningsOf(set);
  if (warnings.length > 0) blocks.push([`**${l10n.t('Gcore warns')}**`, ...bulleted(warnings)].join('\n'));
  return blocks.join('\n\n');
}

export interface RecordRow {
  /** Unique among the set's rows: the record's place in Gcore's list. */
  key: string;
  /** The record's content as Gcore holds it, which Remove Value finds the record by. */
  content: readonly unknown[];
  /** What Copy Value copies (recordCopyText). */
  value: string;
  /** How Copy Value's message names the value: "MX value". */
  copyLabel: string;
  view: ItemView;
}

/**
 * A set's records as child rows, one per record, so that each value can be copied: the value as a zone
 * file writes it, with the record's state and meta ("countries: DE, FR · weight 10 · backup"). The values
 * of a set Gcore manages (`kind` gcore) are only copied, never removed.
 */
export function recordRows(set: RecordSet, kind: RecordSetKind = 'plain'): RecordRow[] {
  const type = recordTypeOf(set);
  return recordsOf(set).map((record, index) => {
    const content = contentOf(record);
    const text = recordValueText(type, content);
    const disabled = record.enabled === false;
    const facts = recordMetaFacts(record.meta);
    const description = [...(disabled ? [DISABLED] : []), ...facts].join(SEPARATOR);
    const tooltip = [
      `**${escapeMarkdown(l10n.t('{0} record', type))}**`,
      escapeMarkdown(text),
      disabled ? l10n.t('**Disabled**: Gcore does not answer with this record.') : undefined,
      facts.length > 0 ? facts.map(escapeMarkdown).join('  \n') : undefined,
    ].filter((block): block is string => block !== undefined);
    return {
      key: String(index),
      content,
      value: recordCopyText(type, content),
      copyLabel: l10n.t('{0} value', type),
      view: {
        label: text === '' ? l10n.t('(empty)') : text,
        ...(description === '' ? {} : { description }),
        tooltip: tooltip.join('\n\n'),
        icon: disabled ? { ...DISABLED_ICON } : { id: 'symbol-value' },
        contextValue: kind === 'gcore' ? ROW_CONTEXT.recordValueGcore : ROW_CONTEXT.recordValue,
      },
    };
  });
}
