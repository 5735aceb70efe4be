import * as l10n from '@vscode/l10n';
import type { Container, DnsZone, GpuFlavor } from '../api';
import { projectRegionKey } from '../core/projectRegion';
import type { ProjectRegion } from '../models/projectRegion';
import type { KnownZone } from '../state/knownZones';
import type { TaskRecord } from '../state/taskHistory';
import { isGcoreApiError } from '../api/errors';
import { failureReason } from '../logging/failureMessage';
import { errorView } from './presentation/errorView';
import type { ItemView } from './presentation/itemView';
import { containerRowView, type ContainerDetailRow } from './presentation/containerView';
import { dnssecDetailRows, zoneView, type DsDetailRow } from './presentation/zoneView';

export type SectionId = 'gpu' | 'containers' | 'zones' | 'tasks';

/** How a row is drawn, decided once when the node is made: VS Code asks for it again on every redraw. */
export interface NodeView extends ItemView {
  /** Default 'none': most rows are leaves, and a location's thousands of flavor rows are built without a copy. */
  collapsible?: 'none' | 'collapsed' | 'expanded';
  /** Run when the row is clicked. */
  command?: { id: string; title: string; arguments?: unknown[] };
}

interface NodeBase {
  /** Stable across refreshes, so expansion and selection survive them. */
  id: string;
  section: SectionId;
  /** The node it is shown under (undefined: the root), for `getParent` and `reveal`. */
  parent: TreeNode | undefined;
  view: NodeView;
}

/**
 * A row that comes by the thousand (a location's flavors) carries no view: its section draws it when VS
 * Code asks. Kept, 5,000 views outlive the refresh that made them and cost the garbage collector more
 * than drawing them again does.
 */
type DrawnOnDemand = Omit<NodeBase, 'view'> & { view?: undefined };

/**
 * The tree's elements. Every node carries `nodeType` (menus pass nodes to commands, which tell them from
 * programmatic arguments by it), its section, its parent and its view; the data a command needs rides
 * along (the location, the flavor, the zone).
 */
export type TreeNode =
  | (NodeBase & { nodeType: 'section' })
  | (NodeBase & { nodeType: 'location'; location: ProjectRegion })
  | (NodeBase & { nodeType: 'container'; location: ProjectRegion; container: Container })
  | (NodeBase & { nodeType: 'containerDetail'; location: ProjectRegion; container: Container; row: ContainerDetailRow })
  | (DrawnOnDemand & { nodeType: 'flavor'; flavor: GpuFlavor; showPrices: boolean })
  // `atGcore`: the zone as the account's zone list has it (absent: the API has no such list); `dsToLoad`:
  // DNSSEC is on but no DS record is known, so expanding the row loads it.
  | (NodeBase & { nodeType: 'zone'; zone: KnownZone; atGcore?: DnsZone; details: DsDetailRow[]; dsToLoad: boolean })
  | (NodeBase & { nodeType: 'zoneDetail'; zone: KnownZone; row: DsDetailRow })
  | (NodeBase & { nodeType: 'task'; task: TaskRecord })
  // An error stands in for what failed to load under its parent; Retry reloads `retry` (undefined: all).
  | (NodeBase & { nodeType: 'error'; error: unknown; retry: TreeNode | undefined })
  | (NodeBase & { nodeType: 'hint' });

export type SectionNode = Extract<TreeNode, { nodeType: 'section' }>;
export type LocationNode = Extract<TreeNode, { nodeType: 'location' }>;
export type ContainerNode = Extract<TreeNode, { nodeType: 'container' }>;

function sectionNode(section: SectionId, label: string, icon: string): SectionNode {
  return {
    nodeType: 'section',
    id: section,
    section,
    parent: undefined,
    view: { label, icon: { id: icon }, contextValue: `section.${section}`, collapsible: 'expanded' },
  };
}

export const GPU_SECTION = sectionNode('gpu', l10n.t('GPU Flavors'), 'circuit-board');
export const CONTAINERS_SECTION = sectionNode('containers', l10n.t('Containers'), 'package');
export const ZONES_SECTION = sectionNode('zones', l10n.t('DNS Zones'), 'globe');
export const TASKS_SECTION = sectionNode('tasks', l10n.t('Tasks'), 'tasklist');

/** A location by its ids, where it has no label (tree rows, editor tabs). */
export function locationIds(location: ProjectRegion): string {
  return l10n.t('project {0} · region {1}', location.projectId, location.regionId);
}

/** A configured project and region, under GPU Flavors or under Containers. */
export function locationNode(location: ProjectRegion, section: 'gpu' | 'containers' = 'gpu'): LocationNode {
  const ids = locationIds(location);
  const key = projectRegionKey(location);
  return {
    nodeType: 'location',
    id: `${section}/${location.projectId}/${location.regionId}`,
    section,
    parent: section === 'gpu' ? GPU_SECTION : CONTAINERS_SECTION,
    location,
    view: {
      label: location.label ?? ids,
      description: location.label ? ids : undefined,
      tooltip:
        section === 'gpu'
          ? l10n.t('GPU flavors of project {0}, region {1} ({2})', location.projectId, location.regionId, key)
          : l10n.t('Containers of project {0}, region {1} ({2})', location.projectId, location.regionId, key),
      icon: { id: 'location' },
      contextValue: 'location',
      collapsible: 'collapsed',
    },
  };
}

/**
 * A zone row; its DNSSEC detail rows are worked out once, here, to know whether it expands. `gone`: known
 * here, but the account's zone list no longer has it.
 */
export function zoneNode(zone: KnownZone, atGcore?: DnsZone, gone = false): Extract<TreeNode, { nodeType: 'zone' }> {
  const view = zoneView(zone, atGcore, gone);
  const on = view.contextValue === 'zone.dnssec.on' || view.contextValue === 'zone.dnssec.pending';
  const details = on ? dnssecDetailRows({ ...zone, dnssec: 'on' }) : [];
  const dsToLoad = on && details.length === 0 && atGcore !== undefined;
  return {
    nodeType: 'zone',
    id: `zones/${zone.name}`,
    section: 'zones',
    parent: ZONES_SECTION,
    zone,
    atGcore,
    details,
    dsToLoad,
    view: { ...view, collapsible: details.length > 0 || dsToLoad ? 'collapsed' : 'none' },
  };
}

/** A container's row; its fields are its children. `updating`: an update made here is being followed. */
export function containerNode(parent: LocationNode, container: Container, updating = false): ContainerNode {
  return {
    nodeType: 'container',
    id: `${parent.id}/${container.name}`,
    section: 'containers',
    parent,
    location: parent.location,
    container,
    view: { ...containerRowView(container, updating), collapsible: 'collapsed' },
  };
}

/** A row that says something (empty, skipped entries) or offers a first step. */
export function hintNode(parent: TreeNode, key: string, view: Omit<NodeView, 'collapsible' | 'contextValue'>): TreeNode {
  return {
    nodeType: 'hint',
    id: `${parent.id}/${key}`,
    section: parent.section,
    parent,
    view: { ...view, contextValue: 'hint', collapsible: 'none' },
  };
}

/**
 * A row standing in for content that failed to load under `parent` (undefined: the root). Clicking it
 * retries `retry`; a rejected or unusable key instead opens Set API Key.
 */
export function errorNode(parent: TreeNode | undefined, section: SectionId, title: string, error: unknown, retry: TreeNode | undefined): TreeNode {
  const keyKind = isGcoreApiError(error) && (error.kind === 'unauthorized' || error.kind === 'badApiKey') ? error.kind : undefined;
  const view = errorView(title, {
    message: failureReason(error),
    status: isGcoreApiError(error) ? error.status : undefined,
    requestId: isGcoreApiError(error) ? error.requestId : undefined,
    hint: keyKind === 'unauthorized' ? l10n.t('The API key was rejected: set a valid key.') : keyKind === 'badApiKey' ? l10n.t('Set the API key again.') : undefined,
  });
  return {
    nodeType: 'error',
    id: `${parent?.id ?? 'root'}/error`,
    section,
    parent,
    error,
    retry,
    view: {
      ...view,
      collapsible: 'none',
      command: keyKind
        ? { id: 'gcore.setApiKey', title: l10n.t('Set API Key') }
        : { id: 'gcore.refresh', title: l10n.t('Retry'), arguments: retry ? [retry] : [] },
    },
  };
}

export function isNodeOfType<T extends TreeNode['nodeType']>(value: unknown, type: T): value is Extract<TreeNode, { nodeType: T }> {
  return typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === type;
}
