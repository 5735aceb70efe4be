import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import { isGcoreApiError } from '../../api/errors';
import type { FlavorLoad, FlavorLoader } from '../../loaders/flavorLoader';
import { readLocations } from '../../state/settings';
import { flavorTooltipMarkdown, flavorView, sortFlavors, unreadableFlavorsView } from '../presentation/gpu/flavorView';
import type { Section } from '../section';
import { errorNode, hintNode, isSectionNode, type NodeView, type TreeNode } from '../treeNodes';
import { GPU_SECTION, flavorNode, gpuLocationNode, isFlavorNode } from './gpuNodes';
import { isLocationNode, type LocationNode } from './locationNodes';

/**
 * GPU Flavors: one node per configured project and region, whose flavors load when it is expanded, through
 * the flavor loader (its cache makes collapse and expand free).
 */
export class GpuFlavorsSection implements Section {
  readonly id = GPU_SECTION.section;
  readonly root = GPU_SECTION;
  /**
   * The rows of each load, built once: VS Code's view and a reveal or a test may all ask for the same
   * location's children, and a location can hold thousands of flavors.
   */
  private readonly rowsOfLoad = new WeakMap<FlavorLoad, TreeNode[]>();

  constructor(
    private readonly flavors: FlavorLoader,
    private readonly viewId: string,
  ) {}

  async children(node: TreeNode): Promise<TreeNode[]> {
    if (node === this.root || isSectionNode(node)) return this.locations();
    if (isLocationNode(node)) return this.flavorRows(node);
    return [];
  }

  invalidate(node: TreeNode): TreeNode | undefined {
    if (isLocationNode(node)) this.flavors.invalidate(node.location);
    else if (node === this.root || isSectionNode(node)) this.flavors.invalidate();
    else return undefined;
    return node;
  }

  view(node: TreeNode): NodeView {
    if (!isFlavorNode(node)) throw new Error(vscode.l10n.t('{0} draws itself', node.id));
    return flavorView(node.flavor, { showPrices: node.showPrices });
  }

  resolveTooltip(node: TreeNode): string | undefined {
    return isFlavorNode(node) ? flavorTooltipMarkdown(node.flavor) : undefined;
  }

  private locations(): TreeNode[] {
    const { locations, problems } = readLocations();
    const nodes: TreeNode[] = locations.map(gpuLocationNode);
    if (problems.length > 0) {
      nodes.push(
        hintNode(this.root, 'invalid-locations', {
          label:
            problems.length === 1
              ? vscode.l10n.t('1 invalid entry in gcore.locations skipped')
              : vscode.l10n.t('{0} invalid entries in gcore.locations skipped', problems.length),
          icon: { id: 'warning' },
          command: { id: 'workbench.action.openSettingsJson', title: vscode.l10n.t('Open Settings') },
        }),
      );
    }
    if (locations.length === 0) {
      nodes.push(
        hintNode(this.root, 'add-location', {
          label: vscode.l10n.t('Add Project and Region…'),
          icon: { id: 'add' },
          command: { id: COMMAND.addLocation, title: vscode.l10n.t('Add Project and Region') },
        }),
      );
    }
    return nodes;
  }

  private async flavorRows(node: LocationNode): Promise<TreeNode[]> {
    const result = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.flavors.load(node.location));
    if (result.state === 'failed') {
      // A refresh cancelled the load this row was waiting for; the fresh load answers instead.
      if (isGcoreApiError(result.error) && result.error.kind === 'cancelled') return this.flavorRows(node);
      return [errorNode(node, node.section, vscode.l10n.t('Failed to load GPU flavors'), result.error, node)];
    }
    let rows = this.rowsOfLoad.get(result);
    if (!rows) {
      rows = this.rowsFor(node, result);
      this.rowsOfLoad.set(result, rows);
    }
    return rows;
  }

  private rowsFor(node: LocationNode, result: Extract<FlavorLoad, { state: 'loaded' }>): TreeNode[] {
    const showPrices = result.filters.includePrices;
    const rows: TreeNode[] = sortFlavors(result.list.results).map((flavor) => flavorNode(node, flavor, showPrices));
    const unreadable = result.list.unreadable ?? [];
    if (unreadable.length > 0) rows.push(hintNode(node, 'unreadable', { ...unreadableFlavorsView(unreadable), icon: { id: 'warning' } }));
    if (rows.length > 0) return rows;
    const label = result.filters.hideDisabled
      ? vscode.l10n.t('No GPU flavors here (disabled flavors are hidden by gcore.gpuFlavors.hideDisabled)')
      : vscode.l10n.t('No GPU flavors here');
    return [hintNode(node, 'empty', { label, icon: { id: 'info' } })];
  }
}
