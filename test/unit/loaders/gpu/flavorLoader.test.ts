import * as assert from 'node:assert/strict';
import type { CallOptions } from '../../../../src/api';
import type { GpuBaremetalFlavorList, GpuFlavorList } from '../../../../src/api/gpu/gpuFlavorTypes';
import type { FlavorQuery } from '../../../../src/api/gpu/gpuClient';
import { ConcurrencyLimit } from '../../../../src/loaders/concurrencyLimit';
import { FlavorLoader, MAX_CONCURRENT_FLAVOR_REQUESTS } from '../../../../src/loaders/gpu/flavorLoader';

/** A client whose answers the test releases by hand, so timing never decides the outcome. */
class ControlledClient {
  readonly calls: FlavorQuery[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly pending: { query: FlavorQuery; settle: (fail: boolean) => void }[] = [];

  /** `honoursCancel`: a cancelled signal ends the attempt at once, as the real client does mid-request. */
  constructor(private readonly honoursCancel = false) {}

  /** One attempt per call, taken through the caller's gate as the real client does; a cancelled signal ends it. */
  listFlavors(query: FlavorQuery, options: CallOptions = {}): Promise<GpuFlavorList> {
    const attempt = () => this.answer(query, options.signal);
    return options.gate ? options.gate(attempt) : attempt();
  }

  /** Bare metal is not what these tests load: an empty list. */
  async listBaremetalFlavors(): Promise<GpuBaremetalFlavorList> {
    return { count: 0, results: [] };
  }

  private answer(query: FlavorQuery, signal: AbortSignal | undefined): Promise<GpuFlavorList> {
    this.calls.push(query);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise((resolve, reject) => {
      const entry = {
        query,
        settle: (fail: boolean) => {
          this.inFlight--;
          if (fail) reject(new Error(`failed ${query.projectId}`));
          else resolve({ count: 1, results: [{ name: `flavor-${query.projectId}-${this.calls.length}` }] });
        },
      };
      this.pending.push(entry);
      if (!this.honoursCancel) return;
      signal?.addEventListener('abort', () => {
        this.pending.splice(this.pending.indexOf(entry), 1);
        this.inFlight--;
        reject(new Error('cancelled'));
      });
    });
  }

  release(fail = false): void {
    const next = this.pending.shift();
    assert.ok(next, 'a request is pending');
    next.settle(fail);
  }

  get waiting(): number {
    return this.pending.length;
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const filters = { hideDisabled: true, includePrices: false };

describe('FlavorLoader', () => {
  it('cancels what is in flight on invalidation, so fresh loads take the slots at once', async () => {
    const client = new ControlledClient(true);
    const loader = new FlavorLoader(client, () => filters);
    const locations = Array.from({ length: 6 }, (_, index) => ({ projectId: index + 1, regionId: 1 }));
    let stale = locations.map((location) => loader.load(location));
    // Four quick refreshes of six locations, each one before anything answered.
    for (let refresh = 0; refresh < 4; refresh++) {
      await tick();
      loader.invalidate();
      const outcomes = await Promise.all(stale);
      assert.ok(
        outcomes.every((outcome) => outcome.state === 'failed'),
        'a cancelled load reports failure to whoever waited for it',
      );
      assert.equal(client.waiting, 0, 'every stale request was cancelled and gave its slot back');
      stale = locations.map((location) => loader.load(location));
    }
    await tick();
    assert.equal(client.waiting, MAX_CONCURRENT_FLAVOR_REQUESTS, 'the fresh loads run without waiting for stale ones');
    for (let index = 0; index < locations.length; index++) client.release();
    const fresh = await Promise.all(stale);
    assert.ok(fresh.every((outcome) => outcome.state === 'loaded'));
    assert.equal(client.calls.length, 5 * locations.length);
    assert.ok(client.maxInFlight <= MAX_CONCURRENT_FLAVOR_REQUESTS);
    // Nothing cancelled was cached: the next load is served from the fresh answers.
    assert.equal((await loader.load(locations[0])).state, 'loaded');
    assert.equal(client.calls.length, 5 * locations.length);
  });

  it('takes a load still waiting for a slot out of the line when it is invalidated', async () => {
    const client = new ControlledClient(true);
    const loader = new FlavorLoader(client, () => filters);
    const locations = Array.from({ length: MAX_CONCURRENT_FLAVOR_REQUESTS + 2 }, (_, index) => ({ projectId: index + 1, regionId: 1 }));
    const loads = locations.map((location) => loader.load(location));
    await tick();
    assert.equal(client.waiting, MAX_CONCURRENT_FLAVOR_REQUESTS);
    loader.invalidate(locations.at(-1));
    const last = await loads.at(-1);
    assert.equal(last?.state, 'failed');
    for (let index = 0; index < MAX_CONCURRENT_FLAVOR_REQUESTS; index++) client.release();
    await tick();
    client.release();
    await Promise.all(loads.slice(0, -1));
    assert.equal(client.calls.length, MAX_CONCURRENT_FLAVOR_REQUESTS + 1, 'the invalidated load never sent its request');
  });

  it('shares one request between two loads of the same location, and serves the next from cache', async () => {
    const client = new ControlledClient();
    const loader = new FlavorLoader(client, () => filters);
    const first = loader.load({ projectId: 1, regionId: 2 });
    const second = loader.load({ projectId: 1, regionId: 2 });
    await tick();
    client.release();
    const [a, b] = await Promise.all([first, second]);
    assert.equal(client.calls.length, 1);
    assert.equal(a, b);
    assert.equal((await loader.load({ projectId: 1, regionId: 2 })).state, 'loaded');
    assert.equal(client.calls.length, 1);
  });

  it('passes the filters to the client and keeps separate entries per filter', async () => {
    const client = new ControlledClient();
    let current = filters;
    const loader = new FlavorLoader(client, () => current);
    const first = loader.load({ projectId: 1, regionId: 2 });
    await tick();
    client.release();
    await first;
    current = { hideDisabled: false, includePrices: true };
    const second = loader.load({ projectId: 1, regionId: 2 });
    await tick();
    client.release();
    await second;
    assert.deepEqual(client.calls, [
      { projectId: 1, regionId: 2, hideDisabled: true, includePrices: false },
      { projectId: 1, regionId: 2, hideDisabled: false, includePrices: true },
    ]);
  });

  it('remembers a failure until invalidated, then fetches anew', async () => {
    const client = new ControlledClient();
    const loader = new FlavorLoader(client, () => filters);
    const failing = loader.load({ projectId: 1, regionId: 2 });
    await tick();
    client.release(true);
    assert.equal((await failing).state, 'failed');
    assert.equal((await loader.load({ projectId: 1, regionId: 2 })).state, 'failed');
    assert.equal(client.calls.length, 1);
    loader.invalidate({ projectId: 1, regionId: 2 });
    const retried = loader.load({ projectId: 1, regionId: 2 });
    await tick();
    client.release();
    assert.equal((await retried).state, 'loaded');
    assert.equal(client.calls.length, 2);
  });

  it('does not cache a response that arrives after its location was invalidated', async () => {
    const client = new ControlledClient();
    const loader = new FlavorLoader(client, () => filters);
    const stale = loader.load({ projectId: 1, regionId: 2 });
    await tick();
    loader.invalidate();
    const fresh = loader.load({ projectId: 1, regionId: 2 });
    await tick();
    client.release();
    client.release();
    await Promise.all([stale, fresh]);
    const cached = await loader.load({ projectId: 1, regionId: 2 });
    assert.equal(cached, await fresh);
    assert.equal(client.calls.length, 2);
  });

  it(`keeps at most ${MAX_CONCURRENT_FLAVOR_REQUESTS} requests in flight, and a slow one holds up no other`, async () => {
    const client = new ControlledClient();
    const loader = new FlavorLoader(client, () => filters);
    const loads = Array.from({ length: 20 }, (_, index) => loader.load({ projectId: index + 1, regionId: 1 }));
    await tick();
    assert.equal(client.waiting, MAX_CONCURRENT_FLAVOR_REQUESTS);
    assert.equal(loader.activeRequests, MAX_CONCURRENT_FLAVOR_REQUESTS);
    const slow = client['pending'].shift();
    for (let settled = 0; settled < 19; settled++) {
      await tick();
      client.release(settled === 3);
    }
    slow?.settle(false);
    const results = await Promise.all(loads);
    assert.equal(client.maxInFlight, MAX_CONCURRENT_FLAVOR_REQUESTS);
    assert.equal(results.filter((result) => result.state === 'failed').length, 1);
    assert.equal(loader.activeRequests, 0);
  });
});

describe('ConcurrencyLimit', () => {
  it('runs queued tasks in arrival order and releases on failure', async () => {
    const limit = new ConcurrencyLimit(1);
    const order: string[] = [];
    const failing = limit.run(async () => {
      order.push('a');
      throw new Error('a failed');
    });
    const next = limit.run(async () => {
      order.push('b');
      return 'b';
    });
    await assert.rejects(failing, /a failed/);
    assert.equal(await next, 'b');
    assert.deepEqual(order, ['a', 'b']);
    assert.equal(limit.active, 0);
  });
});
