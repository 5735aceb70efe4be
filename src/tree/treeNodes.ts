import type { GpuFlavor } from '../api';
import type { KnownZone } from '../state/knownZones';
import type { ProjectRegion } from '../models/projectRegion';
import type { DsDetailRow } from './presentation/zoneView';

/**
 * The tree's elements. Every node carries `nodeType` (menus pass nodes to commands, which tell them from
 * programmatic arguments by it) and a stable `id`, so expansion and selection survive refreshes.
 */
export type TreeNode =
  | { nodeType: 'section'; id: string; section: 'gpu' | 'zones' }
  | { nodeType: 'location'; id: string; location: ProjectRegion }
  | { nodeType: 'flavor'; id: string; location: ProjectRegion; flavor: GpuFlavor; showPrices: boolean }
  | { nodeType: 'zone'; id: string; zone: KnownZone }
  | { nodeType: 'zoneDetail'; id: string; zone: KnownZone; row: DsDetailRow }
  // An error or hint row keeps the node it is shown under (undefined: the root), for getParent.
  | { nodeType: 'error'; id: string; parent: TreeNode | undefined; title: string; error: unknown; retry: TreeNode }
  | {
      nodeType: 'hint';
      id: string;
      parent: TreeNode | undefined;
      label: string;
      icon: string;
      /** Markdown. */
      tooltip?: string;
      command?: { id: string; title: string };
    };

export type SectionNode = Extract<TreeNode, { nodeType: 'section' }>;
export type LocationNode = Extract<TreeNode, { nodeType: 'location' }>;
export type ZoneNode = Extract<TreeNode, { nodeType: 'zone' }>;

export const GPU_SECTION: SectionNode = { nodeType: 'section', id: 'gpu', section: 'gpu' };
export const ZONES_SECTION: SectionNode = { nodeType: 'section', id: 'zones', section: 'zones' };

export function locationNode(location: ProjectRegion): LocationNode {
  return { nodeType: 'location', id: `gpu/${location.projectId}/${location.regionId}`, location };
}

export function zoneNode(zone: KnownZone): ZoneNode {
  return { nodeType: 'zone', id: `zones/${zone.name}`, zone };
}

export function isNodeOfType<T extends TreeNode['nodeType']>(value: unknown, type: T): value is Extract<TreeNode, { nodeType: T }> {
  return typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === type;
}
