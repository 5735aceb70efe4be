import type * as vscode from 'vscode';
import type { TreeNode } from '../../../src/views/treeNodes';
import { extensionApi } from './harness';

/** The rows under `node` (the roots when absent), each with the TreeItem VS Code would draw. */
export async function rows(node?: TreeNode): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  const tree = (await extensionApi()).tree;
  const nodes = (await tree.getChildren(node)) ?? [];
  return Promise.all(nodes.map(async (child) => ({ node: child, item: await tree.getTreeItem(child) })));
}

export function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}
