import * as assert from 'node:assert/strict';
import { CLOUD_LIST, MAX_LIST_ITEMS, fetchAllPages, readListPage, type ListMessages, type Page } from '../../../src/api/paging';
import { DNS_ZONE_LIST } from '../../../src/api/dns/dnsListShapes';

describe('readListPage', () => {
  const list: ListMessages = { notAnObject: () => 'the list is not an object', noItems: (field) => `the zone list has no ${field} array` };

  it('reads both list shapes of the API', () => {
    assert.deepEqual(readListPage({ count: 3, results: [1] }, CLOUD_LIST, list), {
      body: { count: 3, results: [1] },
      total: 3,
      entries: [1],
    });
    const zones = readListPage({ total_amount: 250, zones: [{ name: 'a.example' }] }, DNS_ZONE_LIST, list);
    assert.equal(zones.total, 250);
    assert.deepEqual(zones.entries, [{ name: 'a.example' }]);
  });

  it('reads a total sent as a string of digits, leaves a missing one undefined, and names what is wrong with a bad page', () => {
    assert.equal(readListPage({ count: '2500', results: [] }, CLOUD_LIST, list).total, 2_500);
    assert.equal(readListPage({ zones: [1, 2] }, DNS_ZONE_LIST, list).total, undefined);
    assert.throws(() => readListPage({ total_amount: 1 }, DNS_ZONE_LIST, list), /the zone list has no zones array/);
    assert.throws(() => readListPage({ total_amount: '-1', zones: [] }, DNS_ZONE_LIST, list), /total_amount is not a number/);
    assert.throws(() => readListPage({ count: 'many', results: [] }, CLOUD_LIST, list), /count is not a number/);
    assert.throws(() => readListPage([], CLOUD_LIST, list), /the list is not an object/);
  });
});

describe('fetchAllPages', () => {
  /**
   * A server with `total` items whose pages hold up to `limit`; `ignoresOffset` answers page one every time;
   * the entries at `unreadableFrom` and after, up to `unreadableTo`, cannot be read.
   */
  function server(
    total: number,
    limit: number,
    options: {
      ignoresOffset?: boolean;
      reportedTotal?: number | null;
      /** The total each page reports, by its offset: a server whose later pages count themselves only. */
      totalAt?: (offset: number) => number;
      /** The server's own page size, below what is asked for (`limit`). */
      servesAtMost?: number;
      unreadableFrom?: number;
      unreadableTo?: number;
    } = {},
  ) {
    const offsets: (number | undefined)[] = [];
    const fetchPage = async (offset: number | undefined): Promise<Page<string>> => {
      offsets.push(offset);
      const start = options.ignoresOffset ? 0 : (offset ?? 0);
      const size = Math.min(limit, options.servesAtMost ?? limit);
      const entries = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, index) => start + index);
      const unreadable = (index: number) => index >= (options.unreadableFrom ?? total) && index < (options.unreadableTo ?? total);
      return {
        total: options.totalAt?.(offset ?? 0) ?? (options.reportedTotal === null ? undefined : (options.reportedTotal ?? total)),
        items: entries.filter((index) => !unreadable(index)).map((index) => `item-${index}`),
        unreadable: entries.filter(unreadable).map((index) => ({ broken: index })),
      };
    };
    const tooMany = (reported: number, max: number) => `reports ${reported} items, more than the ${max} this extension lists at once`;
    return { offsets, plan: { tooMany, pageLimit: limit, keyOf: (item: string) => item, fetchPage } };
  }

  it('asks page by page, moving the offset by what each page held, until the total', async () => {
    const { offsets, plan } = server(2_500, 1_000);
    const all = await fetchAllPages(plan);
    assert.equal(all.items.length, 2_500);
    assert.deepEqual(offsets, [undefined, 1_000, 2_000]);
  });

  it('stops on an empty page and on a page that brings nothing new, and says how many of the total never came', async () => {
    const short = server(1_500, 1_000, { reportedTotal: 9_000 });
    const shortList = await fetchAllPages(short.plan);
    assert.equal(shortList.items.length, 1_500);
    assert.deepEqual(shortList.gaps, { missing: { count: 7_500, reportedTotal: 9_000 } });
    assert.deepEqual(short.offsets, [undefined, 1_000, 1_500]);
    const repeating = server(5_000, 1_000, { ignoresOffset: true });
    assert.equal((await fetchAllPages(repeating.plan)).items.length, 1_000);
    assert.equal(repeating.offsets.length, 2);
  });

  it('reads on after pages shorter than asked for while a total says more, though later pages count only themselves', async () => {
    const { offsets, plan } = server(25, 1_000, { servesAtMost: 10, totalAt: (offset) => (offset === 0 ? 25 : Math.min(10, 25 - offset)) });
    const all = await fetchAllPages(plan);
    assert.equal(all.items.length, 25);
    assert.deepEqual(all.gaps, {});
    assert.deepEqual(offsets, [undefined, 10, 20]);
  });

  it('says, without a total, that a list may be incomplete when a page repeats entries already listed', async () => {
    const repeating = server(5_000, 1_000, { ignoresOffset: true, reportedTotal: null });
    const all = await fetchAllPages(repeating.plan);
    assert.equal(all.items.length, 1_000);
    assert.deepEqual(all.gaps, { incomplete: true });
    assert.equal(repeating.offsets.length, 2);
    const belowWhatCame = server(5_000, 1_000, { ignoresOffset: true, reportedTotal: 10 });
    assert.deepEqual((await fetchAllPages(belowWhatCame.plan)).gaps, { incomplete: true });
  });

  it('goes past a page of entries it cannot read, and counts them once', async () => {
    const { offsets, plan } = server(2_500, 1_000, { unreadableFrom: 1_000, unreadableTo: 2_000 });
    const all = await fetchAllPages(plan);
    assert.equal(all.items.length, 1_500);
    assert.deepEqual(all.gaps, { unreadableCount: 1_000 });
    assert.deepEqual(offsets, [undefined, 1_000, 2_000]);
    const repeating = server(5_000, 1_000, { ignoresOffset: true, unreadableFrom: 0 });
    assert.deepEqual((await fetchAllPages(repeating.plan)).gaps, {
      unreadableCount: 1_000,
      missing: { count: 4_000, reportedTotal: 5_000 },
    });
    assert.equal(repeating.offsets.length, 2);
  });

  it('without a total, pages on while pages come full: a list ending at a full page costs one empty page', async () => {
    const { offsets, plan } = server(2_000, 1_000, { reportedTotal: null });
    const all = await fetchAllPages(plan);
    assert.equal(all.items.length, 2_000);
    assert.deepEqual(all.gaps, {});
    assert.deepEqual(offsets, [undefined, 1_000, 2_000]);
  });

  it(`stops at ${MAX_LIST_ITEMS} entries when pages keep coming full, and says the list may be incomplete`, async () => {
    const { offsets, plan } = server(MAX_LIST_ITEMS * 2, 1_000, { reportedTotal: 5 });
    const all = await fetchAllPages(plan);
    assert.equal(all.items.length, MAX_LIST_ITEMS);
    assert.deepEqual(all.gaps, { incomplete: true });
    assert.equal(offsets.length, MAX_LIST_ITEMS / 1_000);
  });

  it(`refuses a total over ${MAX_LIST_ITEMS} after the first page`, async () => {
    const huge = server(10, 10, { reportedTotal: MAX_LIST_ITEMS + 1 });
    await assert.rejects(fetchAllPages(huge.plan), /reports 100001 items, more than the 100000 this extension lists at once/);
    assert.equal(huge.offsets.length, 1);
  });

  it(`takes a first page that already holds a total over ${MAX_LIST_ITEMS} whole, asking nothing more`, async () => {
    const whole = server(MAX_LIST_ITEMS + 1, MAX_LIST_ITEMS + 1);
    const all = await fetchAllPages(whole.plan);
    assert.equal(all.items.length, MAX_LIST_ITEMS + 1);
    assert.deepEqual(all.gaps, {});
    assert.deepEqual(whole.offsets, [undefined]);
  });
});
