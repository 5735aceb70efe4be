import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import { isEndpointMissing, isGcoreApiError } from '../../api/errors';
import type { ReadLoaders } from '../../loaders/readLoaders';
import type { KnownZonesStore } from '../../state/knownZones';
import { listGapViews } from '../presentation/listGapsView';
import { zoneRows } from '../presentation/zoneRows';
import { dnssecDetailRows } from '../presentation/zoneView';
import type { Section } from '../section';
import { errorNode, hintNode, isSectionNode, type TreeNode } from '../treeNodes';
import { ZONES_SECTION, isZoneNode, zoneDetailNode, zoneNode, type ZoneNode } from './zoneNodes';

/**
 * DNS Zones: every zone of the account, merged by name with the zones created or added here; each with
 * its DNSSEC state at Gcore, and its DS record as child rows when DNSSEC is on (loaded when the row is
 * expanded); below them, a warning row for what the zone list left out. Against an API without the zone
 * list, the zones known here as before, and one quiet row.
 */
export class DnsZonesSection implements Section {
  readonly id = ZONES_SECTION.section;
  readonly root = ZONES_SECTION;

  constructor(
    private readonly zones: KnownZonesStore,
    private readonly reads: ReadLoaders,
    private readonly viewId: string,
  ) {}

  async children(node: TreeNode): Promise<TreeNode[]> {
    if (isZoneNode(node)) return this.detailRows(node);
    if (!isSectionNode(node)) return [];
    const known = this.zones.all();
    const listed = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.reads.zones());
    if (listed.state === 'failed' && isGcoreApiError(listed.error) && listed.error.kind === 'cancelled') return this.children(node);
    let rows: TreeNode[];
    const notes: TreeNode[] = [];
    if (listed.state === 'loaded') {
      rows = zoneRows(known, listed.value.zones).map(({ zone, atGcore, gone }) => zoneNode(zone, atGcore, gone));
      notes.push(...listGapViews(listed.value, 'zones').map(({ key, view }) => hintNode(this.root, key, view)));
    } else {
      rows = known.map((zone) => zoneNode(zone));
      notes.push(
        isEndpointMissing(listed.error)
          ? hintNode(this.root, 'unavailable', {
              label: vscode.l10n.t("The account's zone list is not available from this API"),
              icon: { id: 'circle-slash' },
              tooltip: vscode.l10n.t('Only the zones created or added here are shown.'),
            })
          : errorNode(this.root, this.id, vscode.l10n.t("Failed to load the account's zones"), listed.error, this.root),
      );
    }
    if (rows.length > 0) return [...rows, ...notes];
    return [
      hintNode(this.root, 'create', { label: vscode.l10n.t('Create DNS Zone…'), icon: { id: 'add' }, command: { id: COMMAND.createZone, title: vscode.l10n.t('Create DNS Zone') } }),
      hintNode(this.root, 'add-existing', { label: vscode.l10n.t('Add Existing Zone…'), icon: { id: 'link' }, command: { id: COMMAND.addKnownZone, title: vscode.l10n.t('Add Existing Zone') } }),
      ...notes,
    ];
  }

  /** The zone list and DS records are loaded again; the zones known here are read anew on every listing. */
  invalidate(node: TreeNode): TreeNode | undefined {
    if (!isSectionNode(node)) return undefined;
    this.reads.invalidateZones();
    return node;
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
