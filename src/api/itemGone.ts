import { isCancelled, isGcoreApiError } from './errors';

/**
 * Whether a 404 about an item (a zone, a container) means the item is gone: the item itself answers 404 and
 * the list that would hold it answers. False when the item is there (the 404 came from an endpoint this
 * server lacks) or the list is missing too (a server with only the four core operations (docs/gcore-api.md#core-operations)), where a 404 says
 * nothing about the item. A cancelled read is thrown, never read as an answer.
 */
export async function itemGone(readItem: () => Promise<unknown>, readList: () => Promise<unknown>): Promise<boolean> {
  try {
    await readItem();
    return false;
  } catch (error) {
    if (isCancelled(error)) throw error;
    if (!isGcoreApiError(error) || error.status !== 404) return false;
  }
  try {
    await readList();
    return true;
  } catch (error) {
    if (isCancelled(error)) throw error;
    return false;
  }
}
