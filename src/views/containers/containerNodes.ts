import * as l10n from '@vscode/l10n';
import type { Container } from '../../api/containers/containerTypes';
import { ROW_CONTEXT } from '../../core/contributions';
import { projectRegionKey } from '../../core/projectRegion';
import type { ContainerAction } from '../../models/containers/container';
import type { ProjectRegion } from '../../models/projectRegion';
import { containerRowView, type ContainerDetailRow } from './presentation/containerView';
import { containersPortalPage } from '../../models/containers/containerPortalPages';
import { nodeGuard, sectionNode, type NodeView, type TreeNode } from '../treeNodes';
import { locationNode, type LocationNode } from '../locationNodes';

export const CONTAINERS_SECTION = sectionNode('containers', l10n.t('Containers'), 'package', ROW_CONTEXT.containersSection);

/** A location's containers: its row under Containers. */
export function containersLocationNode(location: ProjectRegion): LocationNode {
  return locationNode(
    CONTAINERS_SECTION,
    location,
    l10n.t('Containers of project {0}, region {1} ({2})', location.projectId, location.regionId, projectRegionKey(location)),
    containersPortalPage(location),
    ROW_CONTEXT.containersLocation,
  );
}

/** A container of a location; its fields are its children. */
export interface ContainerNode extends TreeNode {
  readonly nodeType: 'container';
  readonly view: NodeView;
  readonly location: ProjectRegion;
  readonly container: Container;
}

export const isContainerNode = nodeGuard<ContainerNode>('container');

/** A container's row; `change`: a change made here to it is being followed. */
export function containerNode(parent: LocationNode, container: Container, change?: ContainerAction): ContainerNode {
  return {
    nodeType: 'container',
    id: `${parent.id}/${container.name}`,
    section: CONTAINERS_SECTION.section,
    parent,
    location: parent.location,
    container,
    portal: containersPortalPage(parent.location),
    view: {
      ...containerRowView(container, change),
      collapsible: change === 'create' && (container.status === undefined || container.status === null) ? 'none' : 'collapsed',
    },
  };
}

/** One field of a container (an environment variable's value hidden until asked for). */
export interface ContainerDetailNode extends TreeNode {
  readonly nodeType: 'containerDetail';
  readonly view: NodeView;
  readonly location: ProjectRegion;
  readonly container: Container;
  readonly row: ContainerDetailRow;
}

export const isContainerDetailNode = nodeGuard<ContainerDetailNode>('containerDetail');

export function containerDetailNode(parent: ContainerNode, row: ContainerDetailRow): ContainerDetailNode {
  return {
    nodeType: 'containerDetail',
    id: `${parent.id}/${row.key}`,
    section: CONTAINERS_SECTION.section,
    parent,
    location: parent.location,
    container: parent.container,
    row,
    copy: { value: row.value, label: row.label, of: parent.container.name },
    view: row.view,
  };
}
