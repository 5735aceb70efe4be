import * as vscode from 'vscode';
import { apiKeyProblem } from '../api/http/apiKeyText';
import { isGcoreApiError } from '../api/errors';
import { failureReason } from '../logging/failureMessage';
import { API_KEY_ENV, type ApiKeyStore } from '../state/apiKeyStore';
import type { FlavorLoader } from '../loaders/flavorLoader';
import type { KnownZonesStore } from '../state/knownZones';
import { readLocations } from '../state/settings';
import { projectRegionKey } from '../core/projectRegion';
import type { ItemView } from './presentation/itemView';
import { errorView } from './presentation/errorView';
import { flavorTooltipMarkdown, flavorView, sortFlavors, unreadableFlavorsView } from './presentation/flavorView';
import { dnssecDetailRows, zoneView } from './presentation/zoneView';
import {
  GPU_SECTION,
  ZONES_SECTION,
  locationNode,
  zoneNode,
  type LocationNode,
  type TreeNode,
} from './treeNodes';

export const VIEW_ID = 'gcore.explorer';
export const API_KEY_STATE_CONTEXT = 'gcore.apiKeyState';

export interface TreeDeps {
  apiKey: ApiKeyStore;
  flavors: FlavorLoader;
  zones: KnownZonesStore;
  /** Shown above the tree (e.g. that the key comes from the environment); undefined clears it. */
  setMessage: (message: string | undefined) => void;
}

/**
 * GPU Flavors (one node per configured location, loaded on expand) and DNS Zones (the known zones).
 * Loads never throw into VS Code: failures become error nodes under the location that failed.
 */
export class GcoreTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly deps: TreeDeps) {}

  /** Redraws a node (or everything) from what is cached; call the loader's invalidate first to refetch. */
  refresh(node?: TreeNode): void {
    this.changed.fire(node);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    switch (node.nodeType) {
      case 'section':
        return sectionItem(node.section);
      case 'location':
        return locationItem(node);
      case 'flavor':
        return toTreeItem(node.id, flavorView(node.flavor, { showPrices: node.showPrices }), vscode.TreeItemCollapsibleState.None);
      case 'zone': {
        const hasDetails = dnssecDetailRows(node.zone).length > 0;
        const item = toTreeItem(
          node.id,
          zoneView(node.zone),
          hasDetails ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
        );
        return item;
      }
      case 'zoneDetail':
        return toTreeItem(node.id, node.row.view, vscode.TreeItemCollapsibleState.None);
      case 'error':
        return errorItem(node);
      case 'hint': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(node.icon);
        if (node.tooltip) item.tooltip = new vscode.MarkdownString(node.tooltip);
        item.contextValue = 'hint';
        if (node.command) item.command = { command: node.command.id, title: node.command.title };
        return item;
      }
    }
  }

  /** Flavor tooltips are built on hover only: a location may hold thousands of flavors. */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (node.nodeType === 'flavor' && !item.tooltip) item.tooltip = new vscode.MarkdownString(flavorTooltipMarkdown(node.flavor));
    return item;
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return this.childrenOf(node);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    switch (node.nodeType) {
      case 'section':
        return undefined;
      case 'location':
        return GPU_SECTION;
      case 'zone':
        return ZONES_SECTION;
      case 'flavor':
        return locationNode(node.location);
      case 'zoneDetail':
        return zoneNode(node.zone);
      case 'error':
      case 'hint':
        return node.parent;
    }
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async childrenOf(node: TreeNode | undefined): Promise<TreeNode[]> {
    if (!node) return this.rootChildren();
    if (node.nodeType === 'section') return node.section === 'gpu' ? this.locationChildren() : this.zoneChildren();
    if (node.nodeType === 'location') return this.flavorChildren(node);
    if (node.nodeType === 'zone') {
      return dnssecDetailRows(node.zone).map((row) => ({ nodeType: 'zoneDetail', id: `${node.id}/${row.key}`, zone: node.zone, row }));
    }
    return [];
  }

  private async rootChildren(): Promise<TreeNode[]> {
    let source: 'none' | 'secretStorage' | 'environment';
    let keyProblem: string | undefined;
    try {
      const key = await this.deps.apiKey.get();
      source = key?.source ?? 'none';
      keyProblem = key === undefined ? undefined : apiKeyProblem(key.key);
    } catch (error) {
      await vscode.commands.executeCommand('setContext', API_KEY_STATE_CONTEXT, 'unavailable');
      this.deps.setMessage(undefined);
      return [errorNode(undefined, 'API key unavailable', error, GPU_SECTION)];
    }
    await vscode.commands.executeCommand('setContext', API_KEY_STATE_CONTEXT, source);
    this.deps.setMessage(
      source === 'environment'
        ? keyProblem === undefined
          ? `Using the API key from the ${API_KEY_ENV} environment variable (read-only). Run "Gcore: Set API Key" to store your own.`
          : `The API key in the ${API_KEY_ENV} environment variable cannot be used: it ${keyProblem}. Fix the variable, or run "Gcore: Set API Key" to store a key.`
        : undefined,
    );
    return source === 'none' ? [] : [GPU_SECTION, ZONES_SECTION];
  }

  private locationChildren(): TreeNode[] {
    const { locations, problems } = readLocations();
    const nodes: TreeNode[] = locations.map(locationNode);
    if (problems.length > 0) {
      nodes.push({
        nodeType: 'hint',
        id: 'gpu/invalid-locations',
        parent: GPU_SECTION,
        label: `${problems.length} invalid entr${problems.length === 1 ? 'y' : 'ies'} in gcore.locations skipped`,
        icon: 'warning',
        command: { id: 'workbench.action.openSettingsJson', title: 'Open Settings' },
      });
    }
    if (locations.length === 0) {
      nodes.push({
        nodeType: 'hint',
        id: 'gpu/add-location',
        parent: GPU_SECTION,
        label: 'Add Project and Region…',
        icon: 'add',
        command: { id: 'gcore.addLocation', title: 'Add Project and Region' },
      });
    }
    return nodes;
  }

  private async flavorChildren(node: LocationNode): Promise<TreeNode[]> {
    const result = await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => this.deps.flavors.load(node.location));
    if (result.state === 'failed') {
      // A refresh cancelled the load this row was waiting for; the fresh load answers instead.
      if (isGcoreApiError(result.error) && result.error.kind === 'cancelled') return this.flavorChildren(node);
      return [errorNode(node, 'Failed to load GPU flavors', result.error, node)];
    }
    const showPrices = result.filters.includePrices;
    const flavors: TreeNode[] = sortFlavors(result.list.results).map((flavor) => ({
      nodeType: 'flavor',
      id: `${node.id}/${flavor.name}`,
      location: node.location,
      flavor,
      showPrices,
    }));
    const unreadable = result.list.unreadable ?? [];
    if (unreadable.length > 0) {
      const view = unreadableFlavorsView(unreadable);
      flavors.push({ nodeType: 'hint', id: `${node.id}/unreadable`, parent: node, label: view.label, icon: 'warning', tooltip: view.tooltip });
    }
    if (flavors.length > 0) return flavors;
    const hidden = result.filters.hideDisabled ? ' (disabled flavors are hidden by gcore.gpuFlavors.hideDisabled)' : '';
    return [{ nodeType: 'hint', id: `${node.id}/empty`, parent: node, label: `No GPU flavors here${hidden}`, icon: 'info' }];
  }

  private zoneChildren(): TreeNode[] {
    const zones = this.deps.zones.all();
    if (zones.length > 0) return zones.map(zoneNode);
    return [
      {
        nodeType: 'hint',
        id: 'zones/create',
        parent: ZONES_SECTION,
        label: 'Create DNS Zone…',
        icon: 'add',
        command: { id: 'gcore.createZone', title: 'Create DNS Zone' },
      },
      {
        nodeType: 'hint',
        id: 'zones/add-existing',
        parent: ZONES_SECTION,
        label: 'Add Existing Zone…',
        icon: 'link',
        command: { id: 'gcore.addKnownZone', title: 'Add Existing Zone' },
      },
    ];
  }
}

function errorNode(parent: TreeNode | undefined, title: string, error: unknown, retry: TreeNode): TreeNode {
  return { nodeType: 'error', id: `${parent?.id ?? 'root'}/error`, parent, title, error, retry };
}

function sectionItem(section: 'gpu' | 'zones'): vscode.TreeItem {
  const item = new vscode.TreeItem(section === 'gpu' ? 'GPU Flavors' : 'DNS Zones', vscode.TreeItemCollapsibleState.Expanded);
  item.id = section;
  item.contextValue = section === 'gpu' ? 'section.gpu' : 'section.zones';
  item.iconPath = new vscode.ThemeIcon(section === 'gpu' ? 'circuit-board' : 'globe');
  return item;
}

function locationItem(node: LocationNode): vscode.TreeItem {
  const { location } = node;
  const ids = `project ${location.projectId} · region ${location.regionId}`;
  const item = new vscode.TreeItem(location.label ?? ids, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = node.id;
  item.description = location.label ? ids : undefined;
  item.tooltip = `GPU flavors of project ${location.projectId}, region ${location.regionId} (${projectRegionKey(location)})`;
  item.iconPath = new vscode.ThemeIcon('location');
  item.contextValue = 'location';
  return item;
}

function errorItem(node: Extract<TreeNode, { nodeType: 'error' }>): vscode.TreeItem {
  const error = node.error;
  const keyKind = isGcoreApiError(error) && (error.kind === 'unauthorized' || error.kind === 'badApiKey') ? error.kind : undefined;
  const view = errorView(node.title, {
    message: failureReason(error),
    status: isGcoreApiError(error) ? error.status : undefined,
    requestId: isGcoreApiError(error) ? error.requestId : undefined,
    hint: keyKind === 'unauthorized' ? 'The API key was rejected: set a valid key.' : keyKind === 'badApiKey' ? 'Set the API key again.' : undefined,
  });
  const item = toTreeItem(node.id, view, vscode.TreeItemCollapsibleState.None);
  item.command = keyKind
    ? { command: 'gcore.setApiKey', title: 'Set API Key' }
    : { command: 'gcore.refresh', title: 'Retry', arguments: [node.retry] };
  return item;
}

function toTreeItem(id: string, view: ItemView, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const item = new vscode.TreeItem(view.label, state);
  item.id = id;
  item.description = view.description;
  item.contextValue = view.contextValue;
  if (view.tooltip) item.tooltip = new vscode.MarkdownString(view.tooltip);
  if (view.icon) item.iconPath = themeIcon(view.icon.id, view.icon.color);
  return item;
}

const themeIcons = new Map<string, vscode.ThemeIcon>();

/** Icons are immutable values, and a location can show thousands of rows with the same three: one each. */
function themeIcon(id: string, color: string | undefined): vscode.ThemeIcon {
  const key = color === undefined ? id : `${id} ${color}`;
  let icon = themeIcons.get(key);
  if (!icon) {
    icon = new vscode.ThemeIcon(id, color === undefined ? undefined : new vscode.ThemeColor(color));
    themeIcons.set(key, icon);
  }
  return icon;
}
