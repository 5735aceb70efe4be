import type * as vscode from 'vscode';
import type { TreeNode } from '../../../src/views/treeNodes';
import { extensionApi } from '../support/harness';

/** A tree row as the view would show it, with the node behind it for expanding further. */
export interface Row {
  node: TreeNode;
  label: string;
  description: string;
  contextValue: string | undefined;
}

/** The rows under `parent` (the roots when absent), read through the testing API's tree provider. */
export async function rowsUnder(parent?: TreeNode): Promise<Row[]> {
  const tree = (await extensionApi()).tree;
  const nodes = (await tree.getChildren(parent)) ?? [];
  return Promise.all(
    nodes.map(async (node) => {
      const item = await tree.getTreeItem(node);
      return { node, label: labelText(item), description: String(item.description ?? ''), contextValue: item.contextValue };
    }),
  );
}

export async function sectionRow(name: 'GPU' | 'DNS Zones' | 'Tasks'): Promise<Row> {
  return rowNamed(await rowsUnder(), name);
}

export function rowNamed(rows: readonly Row[], label: string): Row {
  const row = rows.find((candidate) => candidate.label === label);
  if (!row) throw new Error(`no row "${label}" among ${JSON.stringify(rows.map((candidate) => candidate.label))}`);
  return row;
}

function labelText(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}
