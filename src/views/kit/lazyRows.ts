import type { LoadOnce } from '../../core/loadOnce';
import type { TreeNode } from '../treeNodes';
import { failedRow } from './rows';

/**
 * Rows made by code that loads with the first row that needs it (behind `import()`, so in dist/features.js): a
 * start that shows none does not compile it. A load that fails is an error row under the node, whose click tries
 * again.
 */
export function lazyRows<Code, N extends TreeNode>(
  code: LoadOnce<Code>,
  failed: (node: N) => string,
  rows: (code: Code, node: N) => TreeNode[] | Promise<TreeNode[]>,
): (node: N) => Promise<TreeNode[]> {
  return async (node) => {
    let loaded: Code;
    try {
      loaded = await code();
    } catch (error) {
      return [failedRow(node, failed(node), error)];
    }
    return rows(loaded, node);
  };
}
