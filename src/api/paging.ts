import * as l10n from '@vscode/l10n';
import { asObject, unexpected } from './decode';
import type { CallOptions } from './callOptions';
import { GcoreApiError } from './errors';
import type { ApiRequest, RequestPipeline } from './http/requestPipeline';

/** The API's two list shapes: Cloud's `{count, results}` and the DNS zone list's `{total_amount, zones}`. */
export type ListShape = { total: 'count'; items: 'results' } | { total: 'total_amount'; items: 'zones' };
export const CLOUD_LIST: ListShape = { total: 'count', items: 'results' };
export const DNS_ZONE_LIST: ListShape = { total: 'total_amount', items: 'zones' };

/**
 * What the errors about one list say. Each is a whole sentence with the list's name in it, so that a
 * translator never has to fit a name into another sentence; each is called only when it applies.
 */
export interface ListMessages {
  notAnObject: () => string;
  /** `field`: the items field the page lacks (`results`, `zones`). */
  noItems: (field: string) => string;
}

export interface PagedListMessages extends ListMessages {
  /** Refuses a reported `total` over `max`: "The Gcore API reports 100001 zones, more than the 100000 …". */
  tooMany: (total: number, max: number) => string;
}

/**
 * The total and the entries of one page, or an error naming what is wrong with it. A missing total is the
 * page's own length (the list is then one page).
 */
export function readListPage(value: unknown, shape: ListShape, messages: ListMessages): { body: Record<string, unknown>; total: number; entries: unknown[] } {
  const body = asObject(value, messages.notAnObject);
  const entries = body[shape.items];
  if (!Array.isArray(entries)) throw unexpected(messages.noItems(shape.items));
  const total = body[shape.total];
  if (total !== undefined && total !== null && (typeof total !== 'number' || !Number.isFinite(total))) {
    throw unexpected(l10n.t('{0} is not a number', shape.total));
  }
  return { body, total: typeof total === 'number' ? total : entries.length, entries };
}

/**
 * More than any list in this extension can sensibly hold or show. A server reporting a larger total is
 * refused at once instead of being walked towards page by page.
 */
export const MAX_LIST_ITEMS = 100_000;

export interface Page<T> {
  /** The total over all pages, as the server reports it (`count`, `total_amount`). */
  total: number;
  items: T[];
  /** How many entries the page held before decoding dropped any; the next offset moves by this. */
  size: number;
}

export interface PagingPlan<T> {
  tooMany: PagedListMessages['tooMany'];
  /** The first page is asked for with `offset` undefined (the caller decides what that request carries). */
  fetchPage(offset: number | undefined): Promise<Page<T>>;
  /** Items with the same key are one item: a server that repeats itself adds nothing. */
  keyOf(item: T): string;
}

export interface AllPages<T> {
  total: number;
  items: T[];
}

/**
 * Every page of a `{count, results}`-style list. Stops at the reported total, on an empty page, or on a
 * page that brings nothing new (a server ignoring `offset` would otherwise repeat its first page forever).
 */
export async function fetchAllPages<T>(plan: PagingPlan<T>): Promise<AllPages<T>> {
  const first = await plan.fetchPage(undefined);
  refuseHugeTotal(plan.tooMany, first.total);
  const seen = new Set<string>();
  const items: T[] = [];
  const addNew = (page: Page<T>): number => {
    let added = 0;
    for (const item of page.items) {
      const key = plan.keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
      added += 1;
    }
    return added;
  };
  addNew(first);
  let offset = first.size;
  while (offset < first.total) {
    const page = await plan.fetchPage(offset);
    if (page.size === 0 || addNew(page) === 0) break;
    offset += page.size;
  }
  return { total: first.total, items };
}

function refuseHugeTotal(tooMany: PagedListMessages['tooMany'], total: number): void {
  if (total <= MAX_LIST_ITEMS) return;
  throw new GcoreApiError('badResponse', tooMany(total, MAX_LIST_ITEMS));
}

export interface ListPlan<T> {
  messages: PagedListMessages;
  shape: ListShape;
  /** Asked on every request: the defaults of the API's lists differ (containers 1000, projects 100). */
  pageLimit: number;
  /** The list's GET: every page is asked for with these and `limit` and `offset`. */
  pipeline: Pick<RequestPipeline, 'send'>;
  segments: readonly (string | number)[];
  query?: ApiRequest['query'];
  options: CallOptions;
  /** An entry as the extension can use it, or undefined for one it cannot (left out, not fatal). */
  decodeItem(entry: unknown): T | undefined;
  keyOf(item: T): string;
}

/**
 * Every item of a list the API pages with `limit` and `offset`, with the paging bounds of fetchAllPages.
 * Resolves to the first page's body (its other fields kept) with the total and every item.
 */
export async function fetchList<T>(plan: ListPlan<T>): Promise<{ body: Record<string, unknown>; total: number; items: T[] }> {
  let first: Record<string, unknown> | undefined;
  const all = await fetchAllPages<T>({
    tooMany: plan.messages.tooMany,
    keyOf: plan.keyOf,
    fetchPage: async (offset) => {
      const { pipeline, segments, query, options } = plan;
      const page = await pipeline.send({
        method: 'GET',
        segments,
        query: { ...query, limit: String(plan.pageLimit), offset: String(offset ?? 0) },
        signal: options.signal,
        gate: options.gate,
      });
      const { body, total, entries } = readListPage(page.body, plan.shape, plan.messages);
      first ??= body;
      const items: T[] = [];
      for (const entry of entries) {
        const item = plan.decodeItem(entry);
        if (item !== undefined) items.push(item);
      }
      return { total, items, size: entries.length };
    },
  });
  return { body: first ?? {}, total: all.total, items: all.items };
}
