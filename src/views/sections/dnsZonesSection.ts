import type { KnownZonesStore } from '../../state/knownZones';
import type { Section } from '../section';
import { ZONES_SECTION, hintNode, isNodeOfType, zoneNode, type TreeNode } from '../treeNodes';

/** DNS Zones: the zones created or added here, each with its DNSSEC details as child rows when it is on. */
export class DnsZonesSection implements Section {
  readonly id = 'zones';
  readonly root = ZONES_SECTION;

  constructor(private readonly zones: KnownZonesStore) {}

  async children(node: TreeNode): Promise<TreeNode[]> {
    if (isNodeOfType(node, 'zone')) {
      return node.details.map((row) => ({
        nodeType: 'zoneDetail',
        id: `${node.id}/${row.key}`,
        section: 'zones',
        parent: node,
        zone: node.zone,
        row,
        view: { ...row.view, collapsible: 'none' },
      }));
    }
    if (!isNodeOfType(node, 'section')) return [];
    const zones = this.zones.all();
    if (zones.length > 0) return zones.map(zoneNode);
    return [
      hintNode(this.root, 'create', { label: 'Create DNS Zone…', icon: { id: 'add' }, command: { id: 'gcore.createZone', title: 'Create DNS Zone' } }),
      hintNode(this.root, 'add-existing', { label: 'Add Existing Zone…', icon: { id: 'link' }, command: { id: 'gcore.addKnownZone', title: 'Add Existing Zone' } }),
    ];
  }

  /** Zones live in globalState and are read anew on every listing: the section redraws, nothing is forgotten. */
  invalidate(node: TreeNode): boolean {
    return isNodeOfType(node, 'section');
  }
}
