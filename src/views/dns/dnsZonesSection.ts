import * as vscode from 'vscode';
import type { RecordSet } from '../../api/dns/dnsTypes';
import { COMMAND } from '../../core/contributions';
import { loadOnce } from '../../core/loadOnce';
import { isEndpointMissing, isGcoreApiError } from '../../api/errors';
import type { DnsReads } from '../../loaders/dns/dnsReads';
import type { KnownZonesStore } from '../../state/dns/knownZones';
import { listGapViews } from '../presentation/listGapsView';
import { zoneRows } from './presentation/zoneRows';
import { dnssecDetailRows } from './presentation/zoneView';
import type { Section } from '../section';
import { errorNode, hintNode, isSectionNode, type TreeNode } from '../treeNodes';
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

/**
 * DNS Zones: every zone of the account, merged by name with the zones created or added here; each with
 * its DNSSEC state at Gcore and how many record sets it has. A zone expands (its sets are loaded then) to
 * its DS record, when DNSSEC is on, and its record sets, each expanding to its records; below the zones,
 * a warning row for what the zone list left out. Against an API without the zone list, the zones known
 * here as before, and one quiet row; against one without the record sets, zones as before, and one quiet
 * row saying so.
 */
export class DnsZonesSection implements Section {
  readonly id = ZONES_SECTION.section;
  readonly root = ZONES_SECTION;
  /** This API answered that it has no record sets: zones do not expand to them, one row says so. */
  private recordsUnavailable = false;
  /** The record types each zone is filtered to (by its ASCII name); absent: every type. */
  private readonly typeFilters = new Map<string, ReadonlySet<string>>();
  /** The record rows' code (records' content and their checks): loaded by the first zone expanded, not with the zones. */
  private readonly recordViews = loadOnce(() => import('./presentation/recordView.js'));

  constructor(
    private readonly zones: KnownZonesStore,
    private readonly reads: DnsReads,
    private readonly viewId: string,
    private readonly redraw: (node: TreeNode) => void,
  ) {}

  async children(node: TreeNode): Promise<TreeNode[]> {
    if (isZoneNode(node)) return this.zoneChildren(node);
    if (isRecordSetNode(node)) {
      const views = await this.recordViews();
      return views.recordRows(node.row.set, node.row.kind).map((row) => recordNode(node, row));
    }
    if (!isSectionNode(node)) return [];
    const known = this.zones.all();
    const listed = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.reads.zones());
    if (listed.state === 'failed' && isGcoreApiError(listed.error) && listed.error.kind === 'cancelled') return this.children(node);
    let rows: TreeNode[];
    const notes: TreeNode[] = [];
    if (listed.state === 'loaded') {
      rows = zoneRows(known, listed.value.zones).map(({ zone, atGcore, gone }) =>
        zoneNode(zone, atGcore, gone, { available: !this.recordsUnavailable, types: this.typeFilters.get(zone.name) ?? new Set() }),
      );
      notes.push(...listGapViews(listed.value, ZONE_GAPS).map(({ key, view }) => hintNode(this.root, key, view)));
      if (this.recordsUnavailable) {
        notes.push(
          hintNode(this.root, 'records-unavailable', {
            label: vscode.l10n.t('Record sets are not available from this API'),
            icon: { id: 'circle-slash' },
            tooltip: vscode.l10n.t('The API at gcore.apiBaseUrl has no record set endpoints; zones and DNSSEC work as before.'),
          }),
        );
      }
    } else {
      // A server without the zone list has none of the other DNS reads either: zones do not expand to record sets.
      rows = known.map((zone) => zoneNode(zone));
      notes.push(
        isEndpointMissing(listed.error)
          ? hintNode(this.root, 'unavailable', {
              label: vscode.l10n.t("The account's zone list and record sets are not available from this API"),
              icon: { id: 'circle-slash' },
              tooltip: vscode.l10n.t('Only the zones created or added here are shown; creating zones and DNSSEC work as before.'),
            })
          : errorNode(this.root, this.id, vscode.l10n.t("Failed to load the account's zones"), listed.error, this.root),
      );
    }
    if (rows.length > 0) return [...rows, ...notes];
    return [
      hintNode(this.root, 'create', {
        label: vscode.l10n.t('Create DNS Zone…'),
        icon: { id: 'add' },
        command: { id: COMMAND.createZone, title: vscode.l10n.t('Create DNS Zone') },
      }),
      hintNode(this.root, 'add-existing', {
        label: vscode.l10n.t('Add Existing Zone…'),
        icon: { id: 'link' },
        command: { id: COMMAND.addKnownZone, title: vscode.l10n.t('Add Existing Zone') },
      }),
      ...notes,
    ];
  }

  /**
   * The section: the zone list, DS records and record sets are loaded again (the zones known here are read
   * anew on every listing). A zone: its record sets. A record set or record: its zone's record sets.
   */
  invalidate(node: TreeNode): TreeNode | undefined {
    if (isSectionNode(node)) {
      this.recordsUnavailable = false;
      this.reads.invalidate();
      return node;
    }
    const zone = this.zoneOf(node);
    if (!zone) return undefined;
    this.reads.invalidateRecords(zone.zone.name);
    return zone;
  }

  resolveTooltip(node: TreeNode): string | undefined {
    // A record set's row exists only once the record rows' code has loaded.
    return isRecordSetNode(node) ? this.recordViews.loaded?.recordSetTooltip(node.zone.name, node.row.set) : undefined;
  }

  /** The record sets of a zone as the tree shows them (after a load), to offer its types in the filter. */
  async recordSetsOf(zoneName: string): Promise<readonly RecordSet[]> {
    const loaded = await this.reads.records(zoneName);
    if (loaded.state === 'failed') throw loaded.error;
    return loaded.value.rrsets;
  }

  typeFilterOf(zoneName: string): ReadonlySet<string> {
    return this.typeFilters.get(zoneName) ?? new Set();
  }

  /** Shows only these types under the zone (none: every type) and draws the zones again. */
  setTypeFilter(zoneName: string, types: ReadonlySet<string>): void {
    if (types.size === 0) this.typeFilters.delete(zoneName);
    else this.typeFilters.set(zoneName, types);
    this.redraw(this.root);
  }

  private zoneOf(node: TreeNode): ZoneNode | undefined {
    for (let at: TreeNode | undefined = node; at; at = at.parent) if (isZoneNode(at)) return at;
    return undefined;
  }

  /** The zone's DNSSEC facts, then its record sets (filtered to the zone's types). */
  private async zoneChildren(node: ZoneNode): Promise<TreeNode[]> {
    const details = await this.detailRows(node);
    if (this.recordsUnavailable || node.view.collapsible === 'none' || !this.recordsExpected(node)) return details;
    const [loaded, views] = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () =>
      Promise.all([
        this.reads.records(node.zone.name),
        this.recordViews().then(
          (code) => ({ code }),
          (error: unknown) => ({ error }),
        ),
      ]),
    );
    if ('error' in views) return [...details, errorNode(node, this.id, vscode.l10n.t('Failed to load the record sets'), views.error, node)];
    if (loaded.state === 'failed') {
      if (isGcoreApiError(loaded.error) && loaded.error.kind === 'cancelled') return this.zoneChildren(node);
      if (isEndpointMissing(loaded.error)) {
        // One quiet row for the whole section, not an error under each zone.
        this.recordsUnavailable = true;
        this.redraw(this.root);
        return details;
      }
      return [...details, errorNode(node, this.id, vscode.l10n.t('Failed to load the record sets'), loaded.error, node)];
    }
    const sets = views.code
      .recordSetRows(node.zone.name, loaded.value.rrsets, { types: this.typeFilterOf(node.zone.name) })
      .map((row) => recordSetNode(node, row));
    const gaps = listGapViews(loaded.value, RECORD_SET_GAPS).map(({ key, view }) => hintNode(node, key, view));
    if (sets.length > 0 || gaps.length > 0) return [...details, ...sets, ...gaps];
    return [...details, hintNode(node, 'no-records', { label: vscode.l10n.t('No record sets of these types'), icon: { id: 'info' } })];
  }

  /** Record sets are read for a zone of the account's list (a zone known here only may be gone). */
  private recordsExpected(node: ZoneNode): boolean {
    return node.atGcore !== undefined;
  }

  private async detailRows(node: ZoneNode): Promise<TreeNode[]> {
    let rows = node.details;
    if (node.dsToLoad) {
      const loaded = await this.reads.dnssec(node.zone.name);
      if (loaded.state === 'failed') return [errorNode(node, this.id, vscode.l10n.t('Failed to load the DS record'), loaded.error, node)];
      rows = dnssecDetailRows({ ...node.zone, dnssec: 'on', ds: loaded.value });
    }
    return rows.map((row) => zoneDetailNode(node, row));
  }
}
