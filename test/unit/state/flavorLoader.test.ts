import * as assert from 'node:assert/strict';
import type { CallOptions, FlavorQuery, GpuFlavorList } from '../../../src/api';
import { ConcurrencyLimit } from '../../../src/state/concurrencyLimit';
import { FlavorLoader, MAX_CONCURRENT_FLAVOR_REQUESTS } from '../../../src/state/flavorLoader';

/** A client whose answers the test releases by hand, so timing never decides the outcome. */
class ControlledClient {
  readonly calls: FlavorQuery[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly pending: { query: FlavorQuery; settle: (fail: boolean) => void }[] = [];

  /** One attempt per call, taken through the caller's gate as the real client does. */
  listGpuFlavors(query: FlavorQuery, options: CallOptions = {}): Promise<GpuFlavorList> {
    const attempt = () => this.answer(query);
    return options.gate ? options.gate(attempt) : attempt();
  }

  private answer(query: FlavorQuery): Promise<GpuFlavorList> {
    this.calls.push(query);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise((resolve, reject) => {
      this.pending.push({
        query,
        settle: (fail) => {
          this.inFlight--;
          if (fail) reject(new Error(`failed ${query.projectId}`));
          else resolve({ count: 1, results: [{ name: `flavor-${query.projectId}-${this.calls.length}` }] });
        },
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
