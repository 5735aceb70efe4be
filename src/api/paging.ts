import * as l10n from '@vscode/l10n';
import { asObject, unexpected } from './decode';
import type { CallOptions } from './callOptions';
import { GcoreApiError } from './errors';
import type { ApiRequest, RequestPipeline } from './http/requestPipeline';
import type { ListGaps } from './types';

/** A list's shape: the fields of its total and its items. Cloud's is `{count, results}`; an area's own are in api/<area>/. */
export interface ListShape {
  readonly total: string;
  readonly items: string;
}
export const CLOUD_LIST: ListShape = { total: 'count', items: 'results' };

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

/** The total (undefined when the page reports none) and the entries of one page, or an error naming what is wrong with it. */
export function readListPage(
  value: unknown,
  shape: ListShape,
  messages: ListMessages,
): { body: Record<string, unknown>; total: number | undefined; entries: unknown[] } {
  const body = asObject(value, messages.notAnObject);
  const entries = body[shape.items];
  if (!Array.isArray(entries)) throw unexpected(messages.noItems(shape.items));
  return { body, total: readTotal(body[shape.total], shape.total), entries };
}

/** Some servers send the total as a string of digits ("2500"); that is the number it spells. */
function readTotal(total: unknown, field: string): number | undefined {
  if (total === undefined || total === null) return undefined;
  if (typeof total === 'number' && Number.isFinite(total)) return total;
  if (typeof total === 'string' && /^\d+$/.test(total)) return Number(total);
  throw unexpected(l10n.t('{0} is not a number', field));
}

/**
 * More than any list in this extension can sensibly hold or show. A server reporting a larger total is
 * refused at once instead of being walked towards page by page.
 */
export const MAX_LIST_ITEMS = 100_000;

export interface Page<T> {
  /** The total over all pages as this page reports it (`count`, `total_amount`); undefined when it reports none. */
  total: number | undefined;
  items: T[];
  /**
   * The page's entries that could not be read, each as it came or as what describes it. They are left out
   * of `items` but count as entries: the next offset moves past them, and a page of them does not end the list.
   */
  unreadable: readonly unknown[];
}

export interface PagingPlan<T> {
  tooMany: PagedListMessages['tooMany'];
  /** The most entries a page holds: a page this full may have more after it, whatever the total says. */
  pageLimit: number;
  /** The first page is asked for with `offset` undefined (the caller decides what that request carries). */
  fetchPage(offset: number | undefined): Promise<Page<T>>;
  /** Items with the same key are one item: a server that repeats itself adds nothing. */
  keyOf(item: T): string;
}

export interface AllPages<T> {
  items: T[];
  gaps: ListGaps;
}

/**
 * Every page of a `{count, results}`-style list, and what it could not bring (`gaps`). Totals lie (absent,
 * lower than what the pages hold, a count of one page, lower on a later page than on the first), so the largest
 * total a page reported counts, and paging goes on while the offset is below it, however short the pages come. A
 * total at least as large as what came is trusted, so that a truthful one costs no extra request; when there is
 * none, or it is below what already came, paging goes on while the last page came full (a list that then ends
 * exactly at a full page costs one empty page more). Paging stops on an empty page, on a page that brings nothing
 * new, read or unreadable (a server ignoring `offset` would otherwise repeat its first page forever), and at
 * MAX_LIST_ITEMS entries; stopped by either of the last two without a trusted total to count what is missing, the
 * gaps say the list may be incomplete. A total over MAX_LIST_ITEMS is refused at once, unless the first page
 * already brought all of it.
 */
export async function fetchAllPages<T>(plan: PagingPlan<T>): Promise<AllPages<T>> {
  const first = await plan.fetchPage(undefined);
  // A first answer that holds every entry its total reports is the whole list (a zone's record sets come at
  // once, `all=true`): only a list still to be walked is refused for its size.
  if (first.total !== undefined && sizeOf(first) < first.total) refuseHugeTotal(plan.tooMany, first.total);
  const seen = new Set<string>();
  const seenUnreadable = new Set<string>();
  const items: T[] = [];
  const addNew = (page: Page<T>): boolean => {
    let added = false;
    for (const item of page.items) {
      const key = plan.keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
      added = true;
    }
    for (const entry of page.unreadable) {
      const key = JSON.stringify(entry);
      if (seenUnreadable.has(key)) continue;
      seenUnreadable.add(key);
      added = true;
    }
    return added;
  };
  addNew(first);
  let received = sizeOf(first);
  let reported = first.total;
  const totalTrusted = (): boolean => reported !== undefined && reported >= received;
  // More may come while the total says so, or, without a total to trust, while the last page came full.
  const mayHaveMore = (last: Page<T>): boolean => (totalTrusted() ? received < (reported as number) : sizeOf(last) >= plan.pageLimit);
  let stoppedEarly = false;
  let last = first;
  while (mayHaveMore(last)) {
    if (received >= MAX_LIST_ITEMS) {
      stoppedEarly = true;
      break;
    }
    last = await plan.fetchPage(received);
    if (sizeOf(last) === 0) break;
    if (!addNew(last)) {
      stoppedEarly = true;
      break;
    }
    received += sizeOf(last);
    if (last.total !== undefined) reported = Math.max(reported ?? 0, last.total);
  }
  return { items, gaps: gapsOf(seenUnreadable.size, reported, received, stoppedEarly && !totalTrusted()) };
}

function sizeOf(page: Page<unknown>): number {
  return page.items.length + page.unreadable.length;
}

/**
 * `received` counts every entry of the pages taken, repeats among them too: a zone listed under two
 * spellings arrived twice, and neither is missing. `incomplete`: paging stopped before an empty page with no
 * trusted total to count what is missing.
 */
function gapsOf(unreadable: number, reported: number | undefined, received: number, incomplete: boolean): ListGaps {
  const gaps: ListGaps = {};
  if (unreadable > 0) gaps.unreadableCount = unreadable;
  if (reported !== undefined && reported > received) gaps.missing = { count: reported - received, reportedTotal: reported };
  if (incomplete) gaps.incomplete = true;
  return gaps;
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
 * Resolves to the first page's body (its other fields kept) with every item and what the list left out.
 */
export async function fetchList<T>(plan: ListPlan<T>): Promise<{ body: Record<string, unknown> } & AllPages<T>> {
  let first: Record<string, unknown> | undefined;
  const all = await fetchAllPages<T>({
    tooMany: plan.messages.tooMany,
    pageLimit: plan.pageLimit,
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
      const unreadable: unknown[] = [];
      for (const entry of entries) {
        const item = plan.decodeItem(entry);
        if (item !== undefined) items.push(item);
        else unreadable.push(entry);
      }
      return { total, items, unreadable };
    },
  });
  return { body: first ?? {}, ...all };
}
