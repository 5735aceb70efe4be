import type { TreeNode } from '../treeNodes';

/**
 * The view a section's rows are shown in, as the section needs it: VS Code's tree view (TreeChanges), or a test's
 * fake. The kit shows its progress bar while a list loads and asks it to draw a row again once what it shows changed.
 */
export interface SectionView {
  /** Runs `load` with the view's progress bar showing until it settles. */
  progress<T>(load: () => Promise<T>): Promise<T>;
  /** Draws the node again from what is loaded. */
  refresh(node: TreeNode): void;
}
