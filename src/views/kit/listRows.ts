import { isCancelled, isEndpointMissing } from '../../api/errors';
import type { Loaded } from '../../loaders/keyedLoader';
import type { TreeNode } from '../treeNodes';
import type { MissingList } from './missingList';
import { failedRow } from './rows';
import type { SectionView } from './sectionView';

/** A load that a Refresh cancelled while a row waited for it. */
export function wasCancelled(result: Loaded<unknown>): boolean {
  return result.state === 'failed' && isCancelled(result.error);
}

/**
 * Loads what a row's children are made of, with the view's progress bar; a load that a Refresh cancelled while the
 * row waited is asked again, as the fresh load answers instead. `cancelled` says which results were cancelled.
 */
export async function shownLoad<T>(
  view: Pick<SectionView, 'progress'>,
  load: () => Promise<T>,
  cancelled: (result: T) => boolean,
): Promise<T> {
  for (;;) {
    const result = await view.progress(load);
    if (!cancelled(result)) return result;
  }
}

/** A row's children read as one list: what a section declares of it. */
export interface ListOf<N extends TreeNode, V> {
  /** Reads the list (a KeyedLoader's load, which never rejects). */
  load(node: N): Promise<Loaded<V>>;
  /** The title of the row in place of a list that failed. */
  failed(node: N): string;
  /**
   * What is said when this API has no such list: the section's one quiet row, or rows under the node. Absent: its
   * failure is an error row as any other.
   */
  readonly missing?: MissingList | ((node: N) => TreeNode[]);
  /** The rows of the list as loaded, its gap rows among them. */
  rows(node: N, value: V): TreeNode[];
  /** The row said when `rows` are none. */
  empty?(node: N, value: V): TreeNode;
  /** Rows shown before the list's own once it loaded (a location's Pull Secrets row). */
  lead?(node: N): TreeNode[];
}

/**
 * The children of a row that lists something: loaded with the view's progress (a cancelled load asked again), a
 * missing list said quietly, a failure an error row whose click loads again, the rows, or the row said when there
 * are none.
 */
export function listRows<N extends TreeNode, V>(view: Pick<SectionView, 'progress'>, list: ListOf<N, V>): (node: N) => Promise<TreeNode[]> {
  return async (node) => {
    const result = await shownLoad(view, () => list.load(node), wasCancelled);
    if (result.state === 'failed') {
      if (list.missing && isEndpointMissing(result.error)) {
        if (typeof list.missing === 'function') return list.missing(node);
        list.missing.mark(node);
        return [];
      }
      return [failedRow(node, list.failed(node), result.error)];
    }
    const rows = list.rows(node, result.value);
    const shown = rows.length === 0 && list.empty ? [list.empty(node, result.value)] : rows;
    return list.lead ? [...list.lead(node), ...shown] : shown;
  };
}
