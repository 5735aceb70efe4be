import type { TreeNode } from '../treeNodes';
import type { SectionView } from './sectionView';

/**
 * A list this API does not have (it answers 404, 405 or 501), said once for the whole section by one quiet row
 * rather than by an error under each location or zone. The first load answered so marks it and draws again the row
 * whose rows hold the quiet one (the loading row's parent); a Refresh of the section forgets it, and asks again.
 */
export class MissingList {
  private marked = false;

  constructor(
    private readonly view: Pick<SectionView, 'refresh'>,
    /** The quiet row, among the rows of `parent`. */
    readonly row: (parent: TreeNode) => TreeNode,
  ) {}

  /** Whether a load has answered that this API lacks the list. */
  get known(): boolean {
    return this.marked;
  }

  /** The list of `node` answered as missing. */
  mark(node: TreeNode): void {
    this.marked = true;
    if (node.parent) this.view.refresh(node.parent);
  }

  forget(): void {
    this.marked = false;
  }
}
