import type { SectionId, SectionNode, TreeNode } from './treeNodes';

/**
 * One top-level node of the tree and everything under it. The explorer only routes: it asks the section a
 * node belongs to for its children, its tooltip on hover and what to forget before a refresh. Adding a
 * section is adding one of these.
 */
export interface Section {
  readonly id: SectionId;
  readonly root: SectionNode;
  /** Children of the root or of one of the section's nodes; failures come back as error rows, never thrown. */
  children(node: TreeNode): Promise<TreeNode[]>;
  /** Forgets what was loaded under the node (the root: everything), so the next `children` asks again. */
  invalidate(node: TreeNode): void;
  /** A tooltip built on hover instead of with the row (rows that come by the thousand). */
  resolveTooltip?(node: TreeNode): string | undefined;
}
