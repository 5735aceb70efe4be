import * as l10n from '@vscode/l10n';
import { COMMAND } from '../../core/contributions';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { LocationsReading } from '../../state/settings';
import { listRows } from '../kit/listRows';
import { MissingList } from '../kit/missingList';
import { gapRows, locationRows, quietRow } from '../kit/rows';
import { rowKind, sectionOf } from '../kit/sectionOf';
import type { SectionView } from '../kit/sectionView';
import { isLocationNode, type LocationNode } from '../locationNodes';
import type { Section } from '../section';
import { hintNode, type TreeNode } from '../treeNodes';
import {
  CONTAINERS_SECTION,
  containerDetailNode,
  containerNode,
  containersLocationNode,
  isContainerNode,
  type ContainerDetailNode,
} from './containerNodes';
import { containerAction } from './presentation/containerChangeWords';
import { containerDetailRows, containerTooltip } from './presentation/containerView';
import { isPullSecretsNode, pullSecretNode, pullSecretsNode, type PullSecretsNode } from './pullSecretNodes';
import { CONTAINER_GAPS, PULL_SECRET_GAPS } from './presentation/containerGaps';

export interface ContainersSectionDeps {
  reads: Pick<ContainerReads, 'containers' | 'pullSecrets' | 'invalidateContainers' | 'invalidatePullSecrets'>;
  view: SectionView;
  locations: () => LocationsReading;
  /** The containers of a location that a change made here (an update, a create, a delete) is being followed for, by name. */
  changesAt?: (location: ProjectRegionRef) => ReadonlyMap<string, ChangeSubject>;
}

export interface ContainersSection extends Section {
  /** Shows (or hides again) the value of one environment variable of a container row. */
  toggleValue(detail: ContainerDetailNode): void;
}

/**
 * Containers: one node per configured project and region, listing every container there when expanded,
 * each with its fields as children, and a warning row for what the list left out. Against an API without
 * the container list, the section says so in one row instead of an error under every location.
 */
export function containersSection({ reads, view, locations, changesAt = () => new Map() }: ContainersSectionDeps): ContainersSection {
  const root = CONTAINERS_SECTION;
  const unavailable = new MissingList(view, (parent) =>
    quietRow(
      parent,
      'unavailable',
      l10n.t('Containers are not available from this API'),
      l10n.t('The API at gcore.apiBaseUrl has no container list. Update Container still works with typed names.'),
    ),
  );
  /** Environment variables whose values the user asked to see, by container row id and name. */
  const revealed = new Map<string, Set<string>>();

  const containers = listRows(view, {
    load: (node: LocationNode) => reads.containers(node.location),
    failed: () => l10n.t('Failed to load containers'),
    missing: unavailable,
    rows: (node, list) => {
      const changes = changesAt(node.location);
      const changeOf = (name: string) => {
        const subject = changes.get(name);
        return subject && containerAction(subject.action);
      };
      const rows: TreeNode[] = list.results.map((container) => containerNode(node, container, changeOf(container.name)));
      // Created here and not listed yet: shown at once, as Creating…, until Gcore lists it.
      const listed = new Set(list.results.map((container) => container.name));
      for (const name of changes.keys()) {
        if (changeOf(name) === 'create' && !listed.has(name)) rows.push(containerNode(node, { name }, 'create'));
      }
      return [...rows, ...gapRows(node, list, CONTAINER_GAPS)];
    },
    empty: (node) =>
      hintNode(node, 'empty', {
        label: l10n.t('No containers here: New Container…'),
        icon: { id: 'add' },
        command: { id: COMMAND.createContainer, title: l10n.t('New Container'), arguments: [node] },
      }),
    lead: (node) => [pullSecretsNode(node)],
  });

  const pullSecrets = listRows(view, {
    load: (node: PullSecretsNode) => reads.pullSecrets(node.location),
    failed: () => l10n.t('Failed to load pull secrets'),
    missing: (node) => [
      quietRow(
        node,
        'unavailable',
        l10n.t('Pull secrets are not available from this API'),
        l10n.t('The API at gcore.apiBaseUrl has no pull secret list. Containers still name a secret by typing it.'),
      ),
    ],
    rows: (node, list) => [...list.results.map((secret) => pullSecretNode(node, secret)), ...gapRows(node, list, PULL_SECRET_GAPS)],
    empty: (node) =>
      hintNode(node, 'empty', {
        label: l10n.t('No pull secrets here: Create Pull Secret…'),
        icon: { id: 'add' },
        command: { id: COMMAND.createPullSecret, title: l10n.t('Create Pull Secret'), arguments: [node] },
      }),
  });

  const section = sectionOf({
    root,
    rows: () => (unavailable.known ? [unavailable.row(root)] : locationRows(root, locations(), containersLocationNode)),
    forget: () => {
      reads.invalidateContainers();
      reads.invalidatePullSecrets();
    },
    missing: [unavailable],
    kinds: [
      rowKind(isLocationNode, {
        children: containers,
        invalidate: (node) => {
          reads.invalidateContainers(node.location);
          reads.invalidatePullSecrets(node.location);
          return node;
        },
      }),
      rowKind(isPullSecretsNode, {
        children: pullSecrets,
        invalidate: (node) => {
          reads.invalidatePullSecrets(node.location);
          return node;
        },
      }),
      rowKind(isContainerNode, {
        children: (node) => containerDetailRows(node.container, revealed.get(node.id)).map((row) => containerDetailNode(node, row)),
        // A container's row comes from its location's list: that list is read again.
        invalidate: (node) => {
          reads.invalidateContainers(node.location);
          return node.parent;
        },
        tooltip: (node) => containerTooltip(node.container),
      }),
    ],
  });
  return {
    ...section,
    toggleValue: (detail) => {
      const container = detail.parent as TreeNode;
      const name = detail.row.label;
      const shown = revealed.get(container.id) ?? new Set<string>();
      if (shown.has(name)) shown.delete(name);
      else shown.add(name);
      revealed.set(container.id, shown);
      view.refresh(container);
    },
  };
}
