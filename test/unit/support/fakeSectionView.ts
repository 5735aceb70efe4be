import { GcoreApiError } from '../../../src/api/errors';
import type { Loaded } from '../../../src/loaders/keyedLoader';
import type { SectionView } from '../../../src/views/kit/sectionView';
import type { TreeNode } from '../../../src/views/treeNodes';

/** The view a section is handed, noting each progress bar it shows and each row it is asked to draw again. */
export class FakeSectionView implements SectionView {
  progressShown = 0;
  readonly refreshed: TreeNode[] = [];

  async progress<T>(load: () => Promise<T>): Promise<T> {
    this.progressShown += 1;
    return load();
  }

  refresh(node: TreeNode): void {
    this.refreshed.push(node);
  }
}

export function loaded<V>(value: V): Loaded<V> {
  return { state: 'loaded', value };
}

export function failed<V = never>(error: unknown): Loaded<V> {
  return { state: 'failed', error };
}

/** What the client throws when this API has no such endpoint. */
export const MISSING = new GcoreApiError('notFound', 'Not Found', { status: 404 });
/** What a load gives when a Refresh cancelled it. */
export const CANCELLED = new GcoreApiError('cancelled', 'The request was cancelled');
export const SERVER_ERROR = new GcoreApiError('server', 'Internal Server Error', { status: 500, requestId: 'req-1' });
export const REJECTED_KEY = new GcoreApiError('unauthorized', 'Unauthorized', { status: 401 });

/** Loads that answer the given results in turn (the last one again once they run out), counting the calls. */
export function answers<V>(...results: Loaded<V>[]): (() => Promise<Loaded<V>>) & { calls: number } {
  const load = Object.assign(
    async () => {
      const result = results[Math.min(load.calls, results.length - 1)];
      load.calls += 1;
      return result;
    },
    { calls: 0 },
  );
  return load;
}

/** The rows' ids, in order. */
export function ids(rows: readonly TreeNode[]): string[] {
  return rows.map((row) => row.id);
}

/** The rows' labels, in order. */
export function labels(rows: readonly TreeNode[]): (string | undefined)[] {
  return rows.map((row) => row.view?.label);
}
