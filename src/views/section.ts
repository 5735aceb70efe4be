import type { NodeView, SectionNode, TreeNode } from './treeNodes';

/**
 * One top-level node of the tree and everything under it. The explorer only routes: it asks the section a
 * node belongs to for its children, its tooltip on hover and what to forget before a refresh. Adding a
 * section is declaring one with the kit (views/kit/sectionOf.ts), with the kinds of rows it shows in a module
 * of their own (views/<area>/*Nodes.ts).
 */
export interface Section {
  /** The `section` of every node it shows (its root's id). */
  readonly id: string;
  readonly root: SectionNode;
  /** Children of the root or of one of the section's nodes; failures come back as error rows, never thrown. */
  children(node: TreeNode): Promise<TreeNode[]>;
  /**
   * Forgets what was loaded for the node (the root: everything in the section), so the next `children`
   * asks again, and returns the node to draw again: the node itself, or the one whose list it came from
   * (a container comes from its location's list). Undefined when the node has nothing of its own to
   * reload (a flavor row, a zone): the explorer then reloads the whole tree, as a Refresh from the view's
   * title bar with such a row selected expects.
   */
  invalidate(node: TreeNode): TreeNode | undefined;
  /** How a node that carries no view of its own is drawn (rows that come by the thousand). */
  view?(node: TreeNode): NodeView;
  /** A tooltip built on hover instead of with the row (rows that come by the thousand). */
  resolveTooltip?(node: TreeNode): string | undefined;
}
