import * as vscode from 'vscode';
import { redactSessionSecrets } from '../logging/redaction';
import type { KeyStatus } from './keyStatus';
import type { Section } from './section';
import type { TreeChanges } from './treeChanges';
import { errorNode, type NodeView, type TreeNode } from './treeNodes';

/**
 * The Gcore tree: with a usable key, one node per section; the section a node belongs to answers for its
 * children and its hover. Loads never throw into VS Code: failures are error rows of their section.
 */
export class Explorer implements vscode.TreeDataProvider<TreeNode> {
  readonly onDidChangeTreeData: vscode.Event<TreeNode | undefined>;
  private readonly sections: ReadonlyMap<string, Section>;

  constructor(
    private readonly keyStatus: Pick<KeyStatus, 'read'>,
    sections: readonly Section[],
    private readonly changes: TreeChanges,
  ) {
    this.sections = new Map(sections.map((section) => [section.id, section]));
    this.onDidChangeTreeData = changes.event;
  }

  /** Redraws a node (or everything) from what is loaded; `reload` forgets that first, so it is asked for again. */
  refresh(node?: TreeNode): void {
    this.changes.refresh(node);
  }

  reload(node?: TreeNode): void {
    const redraw = node && this.sections.get(node.section)?.invalidate(node);
    if (redraw) {
      this.refresh(redraw);
      return;
    }
    for (const section of this.sections.values()) section.invalidate(section.root);
    this.refresh(undefined);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const view = node.view ?? this.sections.get(node.section)?.view?.(node);
    if (!view) throw new Error(vscode.l10n.t('no view for {0}', node.id));
    return toTreeItem(node.id, view);
  }

  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (!item.tooltip) {
      const tooltip = this.sections.get(node.section)?.resolveTooltip?.(node);
      if (tooltip) item.tooltip = new vscode.MarkdownString(redactSessionSecrets(tooltip));
    }
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) return (await this.sections.get(node.section)?.children(node)) ?? [];
    const state = await this.keyStatus.read();
    if (state.kind === 'unavailable') return [errorNode(undefined, 'gpu', vscode.l10n.t('API key unavailable'), state.error, undefined)];
    return state.kind === 'none' ? [] : [...this.sections.values()].map((section) => section.root);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }
}

const COLLAPSIBLE: Record<NonNullable<NodeView['collapsible']>, vscode.TreeItemCollapsibleState> = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
};

/**
 * A row as VS Code draws it. Its texts pass the session's secret redaction here, the one way into the tree:
 * a row shows what Gcore sent (a request ID, a task's error, a container's fields).
 */
function toTreeItem(id: string, view: NodeView): vscode.TreeItem {
  const item = new vscode.TreeItem(redactSessionSecrets(view.label), COLLAPSIBLE[view.collapsible ?? 'none']);
  item.id = id;
  item.description = view.description === undefined ? undefined : redactSessionSecrets(view.description);
  item.contextValue = view.contextValue;
  if (view.tooltip) item.tooltip = new vscode.MarkdownString(redactSessionSecrets(view.tooltip));
  if (view.icon) item.iconPath = themeIcon(view.icon.id, view.icon.color);
  if (view.command) item.command = { command: view.command.id, title: view.command.title, arguments: view.command.arguments };
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
