import type { TreeNode } from '../views/treeNodes';
import { InvalidArgumentError } from '../validation/problems';

/** The node a row action was chosen on, if `isRow` says it is one; else an error with `problem`, which says which rows have it. */
export function rowOf<N extends TreeNode>(node: unknown, isRow: (value: unknown) => value is N, problem: string): N {
  if (isRow(node)) return node;
  throw new InvalidArgumentError([{ field: 'node', message: problem }]);
}
