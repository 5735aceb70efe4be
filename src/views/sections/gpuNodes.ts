import * as l10n from '@vscode/l10n';
import type { GpuFlavor } from '../../api';
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

/** A flavor of a location. It carries no view: a location holds thousands, and its section draws them on demand. */
export interface FlavorNode extends TreeNode {
  readonly nodeType: 'flavor';
  readonly view?: undefined;
  readonly flavor: GpuFlavor;
  readonly showPrices: boolean;
}

export const isFlavorNode = nodeGuard<FlavorNode>('flavor');

export function flavorNode(parent: LocationNode, flavor: GpuFlavor, showPrices: boolean): FlavorNode {
  return { nodeType: 'flavor', id: `${parent.id}/${flavor.name}`, section: GPU_SECTION.section, parent, flavor, showPrices };
}
