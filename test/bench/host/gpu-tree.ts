import type * as vscode from 'vscode';
import type { TreeNode } from '../../../src/views/treeNodes';
import type { ProjectRegionRef } from '../probe-contract';
import { delay } from './probe-io';

export type Tree = vscode.TreeDataProvider<TreeNode>;

const SETTLE_TIMEOUT_MS = 15_000;

export async function children(tree: Tree, node?: TreeNode): Promise<TreeNode[]> {
  return (await tree.getChildren(node)) ?? [];
}

/** Settings reach the extension asynchronously; waits until GPU lists exactly these locations. */
export async function gpuLocationNodes(tree: Tree, locations: readonly ProjectRegionRef[]): Promise<TreeNode[]> {
  const wanted = locations.map((location) => `gpu/${location.projectId}/${location.regionId}`);
  const started = Date.now();
  for (;;) {
    const gpu = (await children(tree)).find((node) => node.id === 'gpu');
    const found = gpu ? (await children(tree, gpu)).filter((node) => node.nodeType === 'location') : [];
    if (found.map((node) => node.id).join() === wanted.join()) return found;
    if (Date.now() - started > SETTLE_TIMEOUT_MS) {
      throw new Error(`the tree shows [${found.map((node) => node.id).join(', ')}], expected [${wanted.join(', ')}]`);
    }
    await delay(50);
  }
}
