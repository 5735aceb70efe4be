import { ROW_CONTEXT, type RowContext } from '../core/contributions';
import type { ProjectRegion } from '../models/projectRegion';
import { locationIds } from './presentation/locationName';
import { nodeGuard, type NodeView, type SectionNode, type TreeNode } from './treeNodes';

/** A configured project and region, under GPU or under Containers. */
export interface LocationNode extends TreeNode {
  readonly nodeType: 'location';
  readonly view: NodeView;
  readonly location: ProjectRegion;
}

export const isLocationNode = nodeGuard<LocationNode>('location');

/** A location's row under `root` (GPU, Containers); `tooltip` says what it holds there, `portal` the page that lists it. */
export function locationNode(
  root: SectionNode,
  location: ProjectRegion,
  tooltip: string,
  portal: string,
  contextValue: RowContext = ROW_CONTEXT.location,
): LocationNode {
  const ids = locationIds(location);
  return {
    nodeType: 'location',
    id: `${root.section}/${location.projectId}/${location.regionId}`,
    section: root.section,
    parent: root,
    location,
    portal,
    view: {
      label: location.label ?? ids,
      description: location.label ? ids : undefined,
      tooltip,
      icon: { id: 'location' },
      contextValue,
      collapsible: 'collapsed',
    },
  };
}
