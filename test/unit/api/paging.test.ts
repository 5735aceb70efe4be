import * as assert from 'node:assert/strict';
import { CLOUD_LIST, DNS_ZONE_LIST, MAX_LIST_ITEMS, fetchAllPages, readListPage, type ListMessages, type Page } from '../../../src/api/paging';

describe('readListPage', () => {
  const list: ListMessages = { notAnObject: () => 'the list is not an object', noItems: (field) => `the zone list has no ${field} array` };

  it('reads both list shapes of the API', () => {
    assert.deepEqual(readListPage({ count: 3, results: [1] }, CLOUD_LIST, list), { body: { count: 3, results: [1] }, total: 3, entries: [1] });
    const zones = readListPage({ total_amount: 250, zones: [{ name: 'a.example' }] }, DNS_ZONE_LIST, list);
    assert.equal(zones.total, 250);
    assert.deepEqual(zones.entries, [{ name: 'a.example' }]);
  });

  it('takes a missing total as the page length, and names what is wrong with a bad page', () => {
    assert.equal(readListPage({ zones: [1, 2] }, DNS_ZONE_LIST, list).total, 2);
    assert.throws(() => readListPage({ total_amount: 1 }, DNS_ZONE_LIST, list), /the zone list has no zones array/);
    assert.throws(() => readListPage({ total_amount: '1', zones: [] }, DNS_ZONE_LIST, list), /total_amount is not a number/);
    assert.throws(() => readListPage([], CLOUD_LIST, list), /the list is not an object/);
  });
});

describe('fetchAllPages', () => {
  /** A server with `total` items whose pages hold up to `limit`; `ignoresOffset` answers page one every time. */
  function server(total: number, limit: number, options: { ignoresOffset?: boolean; reportedTotal?: number } = {}) {
    const offsets: (number | undefined)[] = [];
    const fetchPage = async (offset: number | undefined): Promise<Page<string>> => {
      offsets.push(offset);
      const start = options.ignoresOffset ? 0 : (offset ?? 0);
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, index) => `item-${start + index}`);
      return { total: options.reportedTotal ?? total, items, size: items.length };
    };
    const tooMany = (reported: number, max: number) => `reports ${reported} items, more than the ${max} this extension lists at once`;
    return { offsets, plan: { tooMany, keyOf: (item: string) => item, fetchPage } };
  }

  it('asks page by page, moving the offset by what each page held, until the total', async () => {
    const { offsets, plan } = server(2_500, 1_000);
    const all = await fetchAllPages(plan);
    assert.equal(all.items.length, 2_500);
    assert.deepEqual(offsets, [undefined, 1_000, 2_000]);
  });

  it('stops on an empty page and on a page that brings nothing new', async () => {
    const short = server(1_500, 1_000, { reportedTotal: 9_000 });
    assert.equal((await fetchAllPages(short.plan)).items.length, 1_500);
    assert.deepEqual(short.offsets, [undefined, 1_000, 1_500]);
    const repeating = server(5_000, 1_000, { ignoresOffset: true });
    assert.equal((await fetchAllPages(repeating.plan)).items.length, 1_000);
    assert.equal(repeating.offsets.length, 2);
  });

  it(`refuses a total over ${MAX_LIST_ITEMS} after the first page`, async () => {
    const huge = server(10, 10, { reportedTotal: MAX_LIST_ITEMS + 1 });
    await assert.rejects(fetchAllPages(huge.plan), /reports 100001 items, more than the 100000 this extension lists at once/);
    assert.equal(huge.offsets.length, 1);
  });
});
