import * as l10n from '@vscode/l10n';
import type { DnsZone } from '../../api/dns/dnsTypes';
import { ROW_CONTEXT } from '../../core/contributions';
import type { KnownZone } from '../../state/dns/knownZones';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { zoneRowDescription } from './presentation/recordSetCount';
import type { RecordRow, RecordSetRow } from './presentation/recordView';
import { DNSSEC_ON_CONTEXTS, dnssecDetailRows, zoneView, type DsDetailRow } from './presentation/zoneView';
import { DNS_ZONES_PORTAL_PAGE } from '../../models/dns/dnsPortalPages';
import { nodeGuard, sectionNode, type NodeView, type TreeNode } from '../treeNodes';

export const ZONES_SECTION = sectionNode('zones', l10n.t('DNS Zones'), 'globe', ROW_CONTEXT.zonesSection);

/**
 * A zone. `atGcore`: the zone as the account's zone list has it (absent: the API has no such list);
 * `dsToLoad`: DNSSEC is on but no DS record is known, so expanding the row loads it.
 */
export interface ZoneNode extends TreeNode {
  readonly nodeType: 'zone';
  readonly view: NodeView;
  readonly zone: KnownZone;
  readonly atGcore?: DnsZone;
  readonly details: DsDetailRow[];
  readonly dsToLoad: boolean;
}

export const isZoneNode = nodeGuard<ZoneNode>('zone');

/** What a zone row shows of its record sets: whether they can be read here, and the types it is filtered to. */
export interface ZoneRecordsView {
  available: boolean;
  /** Upper-case types; empty: every type. */
  types: ReadonlySet<string>;
}

const NO_RECORDS: ZoneRecordsView = { available: false, types: new Set() };

/**
 * A zone row; its DNSSEC detail rows are worked out once, here, to know whether it expands. `gone`: known
 * here, but the account's zone list no longer has it. `records`: whether its record sets can be read (it
 * expands to them then), and the filter on their types, which the row says.
 */
export function zoneNode(zone: KnownZone, atGcore?: DnsZone, gone = false, records: ZoneRecordsView = NO_RECORDS): ZoneNode {
  const view = zoneView(zone, atGcore, gone);
  const on = DNSSEC_ON_CONTEXTS.has(view.contextValue);
  const details = on ? dnssecDetailRows({ ...zone, dnssec: 'on' }) : [];
  const dsToLoad = on && details.length === 0 && atGcore !== undefined;
  const withRecords = records.available && !gone;
  return {
    nodeType: 'zone',
    id: `zones/${zone.name}`,
    section: ZONES_SECTION.section,
    parent: ZONES_SECTION,
    zone,
    atGcore,
    details,
    dsToLoad,
    portal: DNS_ZONES_PORTAL_PAGE,
    view: {
      ...view,
      description: withRecords ? zoneRowDescription(view.description, atGcore, records.types) : zoneRowDescription(view.description),
      collapsible: details.length > 0 || dsToLoad || withRecords ? 'collapsed' : 'none',
    },
  };
}

/** One fact of a zone's DNSSEC state: its DS record, key tag, algorithm, digest or DNSKEY. */
export interface ZoneDetailNode extends TreeNode {
  readonly nodeType: 'zoneDetail';
  readonly view: NodeView;
  readonly zone: KnownZone;
  readonly row: DsDetailRow;
}

export const isZoneDetailNode = nodeGuard<ZoneDetailNode>('zoneDetail');

export function zoneDetailNode(parent: ZoneNode, row: DsDetailRow): ZoneDetailNode {
  return {
    nodeType: 'zoneDetail',
    id: `${parent.id}/${row.key}`,
    section: ZONES_SECTION.section,
    parent,
    zone: parent.zone,
    row,
    copy: { value: row.value, label: row.label, of: zoneNameForDisplay(parent.zone.name) },
    view: row.view,
  };
}

/** A record set of a zone: one name, one type, one TTL, its records as child rows. */
export interface RecordSetNode extends TreeNode {
  readonly nodeType: 'recordSet';
  readonly view: NodeView;
  readonly zone: KnownZone;
  readonly row: RecordSetRow;
}

export const isRecordSetNode = nodeGuard<RecordSetNode>('recordSet');

export function recordSetNode(parent: ZoneNode, row: RecordSetRow): RecordSetNode {
  return {
    nodeType: 'recordSet',
    id: `${parent.id}/records/${row.key}`,
    section: ZONES_SECTION.section,
    parent,
    zone: parent.zone,
    row,
    view: row.view,
  };
}

/** One record of a set: its value to copy, or to remove from the set. */
export interface RecordNode extends TreeNode {
  readonly nodeType: 'record';
  readonly view: NodeView;
  readonly parent: RecordSetNode;
  readonly content: readonly unknown[];
}

export const isRecordNode = nodeGuard<RecordNode>('record');

export function recordNode(parent: RecordSetNode, record: RecordRow): RecordNode {
  return {
    nodeType: 'record',
    id: `${parent.id}/${record.key}`,
    section: ZONES_SECTION.section,
    parent,
    content: record.content,
    copy: { value: record.value, label: record.copyLabel, of: parent.row.name.label },
    view: record.view,
  };
}
