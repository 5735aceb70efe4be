import * as l10n from '@vscode/l10n';
import type { GpuBaremetalFlavor, GpuFlavor } from '../../api';
import { projectRegionKey } from '../../core/projectRegion';
import { ROW_CONTEXT } from '../../core/contributions';
import type { ProjectRegion } from '../../models/projectRegion';
import { nodeGuard, sectionNode, type TreeNode } from '../treeNodes';
import { locationNode, type LocationNode } from './locationNodes';

export const GPU_SECTION = sectionNode('gpu', l10n.t('GPU'), 'circuit-board', ROW_CONTEXT.gpuSection);

/** A location's row under GPU: its clusters and flavors. */
export function gpuLocationNode(location: ProjectRegion): LocationNode {
  return locationNode(
    GPU_SECTION,
    location,
    l10n.t('GPU clusters and flavors of project {0}, region {1} ({2})', location.projectId, location.regionId, projectRegionKey(location)),
  );
}

interface FlavorRow extends TreeNode {
  readonly nodeType: 'flavor';
  readonly view?: undefined;
  readonly showPrices: boolean;
}

/**
 * A flavor of a location. It carries no view: a location holds thousands, and its section draws them on demand.
 * A bare-metal flavor's CPU, RAM and disk are text, and its row says it is bare metal.
 */
export type FlavorNode =
  | (FlavorRow & { readonly flavor: GpuFlavor; readonly baremetal?: undefined })
  | (FlavorRow & { readonly flavor: GpuBaremetalFlavor; readonly baremetal: true });

export const isFlavorNode = nodeGuard<FlavorNode>('flavor');

export function flavorNode(parent: LocationNode, flavor: GpuFlavor, showPrices: boolean): FlavorNode {
  return { nodeType: 'flavor', id: `${parent.id}/${flavor.name}`, section: GPU_SECTION.section, parent, flavor, showPrices };
}

/** A bare-metal flavor of a location, listed after the virtual ones; its id says its kind (names may repeat across kinds). */
export function baremetalFlavorNode(parent: LocationNode, flavor: GpuBaremetalFlavor, showPrices: boolean): FlavorNode {
  return {
    nodeType: 'flavor',
    id: `${parent.id}/baremetal/${flavor.name}`,
    section: GPU_SECTION.section,
    parent,
    flavor,
    showPrices,
    baremetal: true,
  };
}
