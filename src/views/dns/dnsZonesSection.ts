import * as l10n from '@vscode/l10n';
import type { RecordSet, RecordSetList } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import { loadOnce } from '../../core/loadOnce';
import { isEndpointMissing } from '../../api/errors';
import type { DnsReads } from '../../loaders/dns/dnsReads';
import type { Loaded } from '../../loaders/keyedLoader';
import type { KnownZonesStore } from '../../state/dns/knownZones';
import { lazyRows } from '../kit/lazyRows';
import { listRows, shownLoad, wasCancelled } from '../kit/listRows';
import { MissingList } from '../kit/missingList';
import { failedRow, gapRows, quietRow } from '../kit/rows';
import { rowKind, sectionOf } from '../kit/sectionOf';
import type { SectionView } from '../kit/sectionView';
import type { Section } from '../section';
import { hintNode, isSectionNode, type TreeNode } from '../treeNodes';
import type * as RecordViews from './presentation/recordView';
import { zoneRows } from './presentation/zoneRows';
import { dnssecDetailRows } from './presentation/zoneView';
import {
  ZONES_SECTION,
  isRecordSetNode,
  isZoneNode,
  recordNode,
  recordSetNode,
  zoneDetailNode,
  zoneNode,
  type ZoneNode,
} from './zoneNodes';
import { RECORD_SET_GAPS, ZONE_GAPS } from './presentation/dnsGaps';

export interface DnsZonesSectionDeps {
  zones: Pick<KnownZonesStore, 'all'>;
  reads: Pick<DnsReads, 'zones' | 'dnssec' | 'records' | 'invalidate' | 'invalidateRecords'>;
  view: SectionView;
}

export interface DnsZonesSection extends Section {
  /** The record sets of a zone as the tree shows them (after a load), to offer its types in the filter. */
  recordSetsOf(zoneName: string): Promise<readonly RecordSet[]>;
  typeFilterOf(zoneName: string): ReadonlySet<string>;
  /** Shows only these types under the zone (none: every type) and draws the zones again. */
  setTypeFilter(zoneName: string, types: ReadonlySet<string>): void;
}

/**
 * DNS Zones: every zone of the account, merged by name with the zones created or added here; each with
 * its DNSSEC state at Gcore and how many record sets it has. A zone expands (its sets are loaded then) to
 * its DS record, when DNSSEC is on, and its record sets, each expanding to its records; below the zones,
 * a warning row for what the zone list left out. Against an API without the zone list, the zones known
 * here as before, and one quiet row; against one without the record sets, zones as before, and one quiet
 * row saying so.
 */
export function dnsZonesSection({ zones, reads, view }: DnsZonesSectionDeps): DnsZonesSection {
  const root = ZONES_SECTION;
  /** This API answered that it has no record sets: zones do not expand to them, one row says so. */
  const recordsUnavailable = new MissingList(view, (parent) =>
    quietRow(
      parent,
      'records-unavailable',
      l10n.t('Record sets are not available from this API'),
      l10n.t('The API at gcore.apiBaseUrl has no record set endpoints; zones and DNSSEC work as before.'),
    ),
  );
  /** The record types each zone is filtered to (by its ASCII name); absent: every type. */
  const typeFilters = new Map<string, ReadonlySet<string>>();
  const typeFilterOf = (zoneName: string): ReadonlySet<string> => typeFilters.get(zoneName) ?? new Set();
  /** The record rows' code (records' content and their checks): loaded by the first zone expanded, not with the zones. */
  const recordViews = loadOnce(() => import('./presentation/recordView.js'));

  const zoneRowsOfAccount = async (): Promise<TreeNode[]> => {
    const listed = await shownLoad(view, () => reads.zones(), wasCancelled);
    const known = zones.all();
    let rows: TreeNode[];
    const notes: TreeNode[] = [];
    if (listed.state === 'loaded') {
      rows = zoneRows(known, listed.value.zones).map(({ zone, atGcore, gone }) =>
        zoneNode(zone, atGcore, gone, { available: !recordsUnavailable.known, types: typeFilterOf(zone.name) }),
      );
      notes.push(...gapRows(root, listed.value, ZONE_GAPS));
      if (recordsUnavailable.known) notes.push(recordsUnavailable.row(root));
    } else {
      // A server without the zone list has none of the other DNS reads either: zones do not expand to record sets.
      rows = known.map((zone) => zoneNode(zone));
      notes.push(
        isEndpointMissing(listed.error)
          ? quietRow(
              root,
              'unavailable',
              l10n.t("The account's zone list and record sets are not available from this API"),
              l10n.t('Only the zones created or added here are shown; creating zones and DNSSEC work as before.'),
            )
          : failedRow(root, l10n.t("Failed to load the account's zones"), listed.error),
      );
    }
    if (rows.length > 0) return [...rows, ...notes];
    return [
      hintNode(root, 'create', {
        label: l10n.t('Create DNS Zone…'),
        icon: { id: 'add' },
        command: { id: COMMAND.createZone, title: l10n.t('Create DNS Zone') },
      }),
      hintNode(root, 'add-existing', {
        label: l10n.t('Add Existing Zone…'),
        icon: { id: 'link' },
        command: { id: COMMAND.addKnownZone, title: l10n.t('Add Existing Zone') },
      }),
      ...notes,
    ];
  };

  /** The zone's DNSSEC facts: its DS record is read when the zone has DNSSEC on and no record is known. */
  const detailRows = async (node: ZoneNode): Promise<TreeNode[]> => {
    let rows = node.details;
    if (node.dsToLoad) {
      const loaded = await reads.dnssec(node.zone.name);
      if (loaded.state === 'failed') return [failedRow(node, l10n.t('Failed to load the DS record'), loaded.error)];
      rows = dnssecDetailRows({ ...node.zone, dnssec: 'on', ds: loaded.value });
    }
    return rows.map((row) => zoneDetailNode(node, row));
  };

  /** A zone's record sets, read with their rows' code: a failure of either is the one error row. */
  const recordSets = listRows(view, {
    load: async (node: ZoneNode): Promise<Loaded<{ list: RecordSetList; code: typeof RecordViews }>> => {
      const [loaded, code] = await Promise.all([
        reads.records(node.zone.name),
        recordViews().then(
          (code) => ({ code }),
          (error: unknown) => ({ error }),
        ),
      ]);
      if ('error' in code) return { state: 'failed', error: code.error };
      return loaded.state === 'loaded' ? { state: 'loaded', value: { list: loaded.value, code: code.code } } : loaded;
    },
    failed: () => l10n.t('Failed to load the record sets'),
    missing: recordsUnavailable,
    rows: (node, { list, code }) => [
      ...code.recordSetRows(node.zone.name, list.rrsets, { types: typeFilterOf(node.zone.name) }).map((row) => recordSetNode(node, row)),
      ...gapRows(node, list, RECORD_SET_GAPS),
    ],
    empty: (node) => hintNode(node, 'no-records', { label: l10n.t('No record sets of these types'), icon: { id: 'info' } }),
  });

  /** Record sets are read for a zone of the account's list (a zone known here only may be gone). */
  const recordsExpected = (node: ZoneNode) => !recordsUnavailable.known && node.view.collapsible !== 'none' && node.atGcore !== undefined;

  const zoneOf = (node: TreeNode): ZoneNode | undefined => {
    for (let at: TreeNode | undefined = node; at; at = at.parent) if (isZoneNode(at)) return at;
    return undefined;
  };
  /** A row under a zone: its zone's record sets are read again. */
  const invalidateRecords = (node: TreeNode): TreeNode | undefined => {
    const zone = zoneOf(node);
    if (!zone) return undefined;
    reads.invalidateRecords(zone.zone.name);
    return zone;
  };

  const section = sectionOf({
    root,
    rows: zoneRowsOfAccount,
    // The zone list, DS records and record sets (the zones known here are read anew on every listing).
    forget: () => reads.invalidate(),
    missing: [recordsUnavailable],
    kinds: [
      rowKind(isZoneNode, {
        children: async (node) => {
          const details = await detailRows(node);
          return recordsExpected(node) ? [...details, ...(await recordSets(node))] : details;
        },
      }),
      rowKind(isRecordSetNode, {
        children: lazyRows(
          recordViews,
          () => l10n.t('Failed to load the record sets'),
          (code, node) => code.recordRows(node.row.set, node.row.kind).map((row) => recordNode(node, row)),
        ),
        // A record set's row exists only once the record rows' code has loaded.
        tooltip: (node) => recordViews.loaded?.recordSetTooltip(node.zone.name, node.row.set),
      }),
    ],
  });
  return {
    ...section,
    // Any row but the root: the record sets of its zone, if it is in one.
    invalidate: (node) => (isSectionNode(node) ? section.invalidate(node) : invalidateRecords(node)),
    recordSetsOf: async (zoneName) => {
      const loaded = await reads.records(zoneName);
      if (loaded.state === 'failed') throw loaded.error;
      return loaded.value.rrsets;
    },
    typeFilterOf,
    setTypeFilter: (zoneName, types) => {
      if (types.size === 0) typeFilters.delete(zoneName);
      else typeFilters.set(zoneName, types);
      view.refresh(root);
    },
  };
}
