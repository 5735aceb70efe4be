import * as assert from 'node:assert/strict';
import { backoffDelayMs, DEFAULT_RETRY, parseRetryAfterMs } from '../../../src/api/http/retryPolicy';
import { ConcurrencyLimit } from '../../../src/loaders/concurrencyLimit';
import { rejection, startHarness, stopHarness, type Harness } from './clientHarness';

const FLAVORS = '/cloud/v3/gpu/virtual/1/76/flavors';

describe('GcoreClient retries', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  for (const fault of [{ status: 500 }, { status: 503 }, { status: 408 }, { status: 429 }, { drop: true }]) {
    it(`retries a GET after ${JSON.stringify(fault)} and succeeds`, async () => {
      h.emulator.inject({ path: FLAVORS, times: 2, ...fault });
      const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
      assert.ok(list.results.length > 0);
      assert.equal(h.emulator.requests.length, 3);
      assert.deepEqual(h.events.map((event) => event.attempt), [0, 1, 2]);
    });
  }

  it('gives up after 2 retries with the last error', async () => {
    h.emulator.inject({ path: FLAVORS, times: 5, status: 503, body: { message: 'Service Unavailable' } });
    const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
    assert.equal(error.kind, 'server');
    assert.equal(h.emulator.requests.length, 3);
  });

  for (const status of [400, 401, 403, 404]) {
    it(`does not retry a ${status}`, async () => {
      h.emulator.inject({ path: FLAVORS, status, body: { message: 'no' } });
      await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
      assert.equal(h.emulator.requests.length, 1);
    });
  }

  it('never retries a POST: a lost zone-create response is not sent twice', async () => {
    h.emulator.inject({ path: '/dns/v2/zones', drop: true });
    const error = await rejection(h.client.dns.createZone({ name: 'once.example' }));
    assert.equal(error.kind, 'network');
    assert.equal(h.emulator.requests.length, 1);
    h.emulator.inject({ path: '/dns/v2/zones', status: 503 });
    await rejection(h.client.dns.createZone({ name: 'once.example' }));
    assert.equal(h.emulator.requests.length, 2);
  });

  it('never retries a PATCH', async () => {
    h.emulator.inject({ path: '/cloud/v1/caas/1/76/containers/web-app', status: 500 });
    await rejection(h.client.containers.update({ projectId: 1, regionId: 76 }, 'web-app', { image: 'a' }));
    h.emulator.inject({ path: '/dns/v2/zones/a.example/dnssec', status: 429 });
    await rejection(h.client.dns.setDnssec('a.example', true));
    assert.equal(h.emulator.requests.length, 2);
  });

  it('honours Retry-After in seconds', async () => {
    h.emulator.inject({ path: FLAVORS, status: 429, headers: { 'Retry-After': '1' } });
    const started = Date.now();
    await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    const waited = Date.now() - started;
    assert.ok(waited >= 950, `waited only ${waited} ms`);
    assert.equal(h.emulator.requests.length, 2);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const inOneSecond = new Date(Date.now() + 1_500).toUTCString();
    h.emulator.inject({ path: FLAVORS, status: 503, headers: { 'Retry-After': inOneSecond } });
    const started = Date.now();
    await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    assert.ok(Date.now() - started >= 400);
    assert.equal(h.emulator.requests.length, 2);
  });

  it('stops waiting for a retry when cancelled', async () => {
    h.emulator.inject({ path: FLAVORS, status: 429, headers: { 'Retry-After': '8' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }, { signal: controller.signal }));
    assert.equal(error.kind, 'cancelled');
    assert.ok(Date.now() - started < 2_000);
    assert.equal(h.emulator.requests.length, 1);
  });

  it('reuses one keep-alive connection for sequential requests', async () => {
    for (let i = 0; i < 20; i++) await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    assert.equal(h.emulator.connectionCount, 1);
  });
});

describe('retry policy', () => {
  it('backs off 0.5 s × 2^n with jitter, capped at 8 s', () => {
    const low = () => 0;
    const high = () => 1;
    assert.deepEqual([0, 1, 2].map((n) => backoffDelayMs(n, DEFAULT_RETRY, high)), [500, 1000, 2000]);
    assert.deepEqual([0, 1, 2].map((n) => backoffDelayMs(n, DEFAULT_RETRY, low)), [250, 500, 1000]);
    assert.equal(backoffDelayMs(10, DEFAULT_RETRY, high), 8000);
  });

  const retryAfter: [string | null, number | undefined][] = [
    ['3', 3000],
    ['0', 0],
    ['1.5', 1500],
    [null, undefined],
    ['soon', undefined],
    ['Wed, 21 Oct 2015 07:28:10 GMT', 10_000],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0],
  ];
  for (const [header, expected] of retryAfter) {
    it(`reads Retry-After ${JSON.stringify(header)} as ${expected} ms`, () => {
      assert.equal(parseRetryAfterMs(header, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), expected);
    });
  }
});

describe('the attempt gate', () => {
  let h: Harness | undefined;
  afterEach(() => stopHarness(h));

  it('wraps each attempt, so a request waiting to retry holds no slot', async () => {
    h = await startHarness({ baseDelayMs: 400, maxDelayMs: 400 });
    const limit = new ConcurrencyLimit(1);
    const gate = <T>(attempt: () => Promise<T>) => limit.run(attempt);
    h.emulator.inject({ path: FLAVORS, status: 503 });
    const finished: string[] = [];
    const retrying = h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }, { gate }).then(() => finished.push('retried'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await h.client.gpu.listFlavors({ projectId: 2, regionId: 76 }, { gate }).then(() => finished.push('other'));
    await retrying;
    assert.deepEqual(finished, ['other', 'retried']);
    assert.deepEqual(h.emulator.requests.map((request) => request.path.split('/')[5]), ['1', '2', '1']);
  });
});
