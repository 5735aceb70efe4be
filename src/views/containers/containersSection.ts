import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import { isEndpointMissing, isGcoreApiError } from '../../api/errors';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { readLocations } from '../../state/settings';
import { containerDetailRows, containerTooltip } from './presentation/containerView';
import { listGapViews } from '../presentation/listGapsView';
import type { Section } from '../section';
import { errorNode, hintNode, isSectionNode, type TreeNode } from '../treeNodes';
import {
  CONTAINERS_SECTION,
  containerDetailNode,
  containerNode,
  containersLocationNode,
  isContainerNode,
  type ContainerDetailNode,
} from './containerNodes';
import { isLocationNode, type LocationNode } from '../locationNodes';
import { isPullSecretsNode, pullSecretNode, pullSecretsNode, type PullSecretsNode } from './pullSecretNodes';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { containerAction } from './presentation/containerChangeWords';
import { CONTAINER_GAPS, PULL_SECRET_GAPS } from './presentation/containerGaps';

/**
 * Containers: one node per configured project and region, listing every container there when expanded,
 * each with its fields as children, and a warning row for what the list left out. Against an API without
 * the container list, the section says so in one row instead of an error under every location.
 */
export class ContainersSection implements Section {
  readonly id = CONTAINERS_SECTION.section;
  readonly root = CONTAINERS_SECTION;
  private unavailable = false;
  /** Environment variables whose values the user asked to see, by container row id and name. */
  private readonly revealed = new Map<string, Set<string>>();

  constructor(
    private readonly reads: ContainerReads,
    private readonly viewId: string,
    private readonly redraw: (node: TreeNode) => void,
    /** The containers of a location that a change made here (an update, a create, a delete) is being followed for, by name. */
    private readonly changesAt: (location: ProjectRegionRef) => ReadonlyMap<string, ChangeSubject> = () => new Map(),
  ) {}

  async children(node: TreeNode): Promise<TreeNode[]> {
    if (isSectionNode(node)) return this.locations();
    if (isLocationNode(node)) return this.containers(node);
    if (isPullSecretsNode(node)) return this.pullSecrets(node);
    if (isContainerNode(node)) {
      return containerDetailRows(node.container, this.revealed.get(node.id)).map((row) => containerDetailNode(node, row));
    }
    return [];
  }

  invalidate(node: TreeNode): TreeNode | undefined {
    if (isLocationNode(node)) {
      this.reads.invalidateContainers(node.location);
      this.reads.invalidatePullSecrets(node.location);
      return node;
    }
    if (isContainerNode(node)) {
      // A container's row comes from its location's list: that list is read again.
      this.reads.invalidateContainers(node.location);
      return node.parent;
    }
    if (isPullSecretsNode(node)) {
      this.reads.invalidatePullSecrets(node.location);
      return node;
    }
    if (isSectionNode(node)) {
      this.unavailable = false;
      this.reads.invalidateContainers();
      this.reads.invalidatePullSecrets();
      return node;
    }
    return undefined;
  }

  resolveTooltip(node: TreeNode): string | undefined {
    return isContainerNode(node) ? containerTooltip(node.container) : undefined;
  }

  /** Shows (or hides again) the value of one environment variable of a container row. */
  toggleValue(detail: ContainerDetailNode): void {
    const container = detail.parent as TreeNode;
    const name = detail.row.label;
    const shown = this.revealed.get(container.id) ?? new Set<string>();
    if (shown.has(name)) shown.delete(name);
    else shown.add(name);
    this.revealed.set(container.id, shown);
    this.redraw(container);
  }

  private locations(): TreeNode[] {
    if (this.unavailable) {
      return [
        hintNode(this.root, 'unavailable', {
          label: vscode.l10n.t('Containers are not available from this API'),
          icon: { id: 'circle-slash' },
          tooltip: vscode.l10n.t('The API at gcore.apiBaseUrl has no container list. Update Container still works with typed names.'),
        }),
      ];
    }
    const { locations } = readLocations();
    if (locations.length > 0) return locations.map(containersLocationNode);
    return [
      hintNode(this.root, 'add-location', {
        label: vscode.l10n.t('Add Project and Region…'),
        icon: { id: 'add' },
        command: { id: COMMAND.addLocation, title: vscode.l10n.t('Add Project and Region') },
      }),
    ];
  }

  private async containers(node: LocationNode): Promise<TreeNode[]> {
    const result = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.reads.containers(node.location));
    if (result.state === 'failed') {
      if (isGcoreApiError(result.error) && result.error.kind === 'cancelled') return this.containers(node);
      if (isEndpointMissing(result.error)) {
        // One quiet row for the whole section, not an error under each location.
        this.unavailable = true;
        this.redraw(this.root);
        return [];
      }
      return [errorNode(node, node.section, vscode.l10n.t('Failed to load containers'), result.error, node)];
    }
    const changes = this.changesAt(node.location);
    const changeOf = (name: string) => {
      const subject = changes.get(name);
      return subject && containerAction(subject.action);
    };
    const containers: TreeNode[] = result.value.results.map((container) => containerNode(node, container, changeOf(container.name)));
    // Created here and not listed yet: shown at once, as Creating…, until Gcore lists it.
    const listed = new Set(result.value.results.map((container) => container.name));
    for (const name of changes.keys()) {
      if (changeOf(name) === 'create' && !listed.has(name)) containers.push(containerNode(node, { name }, 'create'));
    }
    containers.push(...listGapViews(result.value, CONTAINER_GAPS).map(({ key, view }) => hintNode(node, key, view)));
    if (containers.length === 0) {
      containers.push(
        hintNode(node, 'empty', {
          label: vscode.l10n.t('No containers here: New Container…'),
          icon: { id: 'add' },
          command: { id: COMMAND.createContainer, title: vscode.l10n.t('New Container'), arguments: [node] },
        }),
      );
    }
    return [pullSecretsNode(node), ...containers];
  }

  private async pullSecrets(node: PullSecretsNode): Promise<TreeNode[]> {
    const result = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.reads.pullSecrets(node.location));
    if (result.state === 'failed') {
      if (isGcoreApiError(result.error) && result.error.kind === 'cancelled') return this.pullSecrets(node);
      if (isEndpointMissing(result.error)) {
        return [
          hintNode(node, 'unavailable', {
            label: vscode.l10n.t('Pull secrets are not available from this API'),
            icon: { id: 'circle-slash' },
            tooltip: vscode.l10n.t('The API at gcore.apiBaseUrl has no pull secret list. Containers still name a secret by typing it.'),
          }),
        ];
      }
      return [errorNode(node, node.section, vscode.l10n.t('Failed to load pull secrets'), result.error, node)];
    }
    const rows: TreeNode[] = result.value.results.map((secret) => pullSecretNode(node, secret));
    rows.push(...listGapViews(result.value, PULL_SECRET_GAPS).map(({ key, view }) => hintNode(node, key, view)));
    if (rows.length > 0) return rows;
    return [
      hintNode(node, 'empty', {
        label: vscode.l10n.t('No pull secrets here: Create Pull Secret…'),
        icon: { id: 'add' },
        command: { id: COMMAND.createPullSecret, title: vscode.l10n.t('Create Pull Secret'), arguments: [node] },
      }),
    ];
  }
}
