import * as l10n from '@vscode/l10n';
import type { DnsZone } from '../../api';
import { ROW_CONTEXT } from '../../core/contributions';
import type { KnownZone } from '../../state/knownZones';
import { zoneNameForDisplay } from '../../models/zoneCreate';
import { dnssecDetailRows, zoneView, type DsDetailRow } from '../presentation/zoneView';
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

const DNSSEC_ON: ReadonlySet<string> = new Set([ROW_CONTEXT.zoneDnssecOn, ROW_CONTEXT.zoneDnssecPending]);

/**
 * A zone row; its DNSSEC detail rows are worked out once, here, to know whether it expands. `gone`: known
 * here, but the account's zone list no longer has it.
 */
export function zoneNode(zone: KnownZone, atGcore?: DnsZone, gone = false): ZoneNode {
  const view = zoneView(zone, atGcore, gone);
  const on = DNSSEC_ON.has(view.contextValue);
  const details = on ? dnssecDetailRows({ ...zone, dnssec: 'on' }) : [];
  const dsToLoad = on && details.length === 0 && atGcore !== undefined;
  return {
    nodeType: 'zone',
    id: `zones/${zone.name}`,
    section: ZONES_SECTION.section,
    parent: ZONES_SECTION,
    zone,
    atGcore,
    details,
    dsToLoad,
    portal: { kind: 'zone' },
    view: { ...view, collapsible: details.length > 0 || dsToLoad ? 'collapsed' : 'none' },
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
