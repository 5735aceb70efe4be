import * as assert from 'node:assert/strict';
import {
  backoffDelayMs,
  DEFAULT_RETRY,
  parseRetryAfterMs,
  retryDecision,
  type AttemptFailure,
  type RetriedRequest,
} from '../../../src/api/http/retryPolicy';
import { formatWait, type RetryWait } from '../../../src/api/http/retryWords';
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
      assert.deepEqual(
        h.events.map((event) => event.attempt),
        [0, 1, 2],
      );
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
    const started = Date.now();
    const listing = rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }, { signal: controller.signal }));
    // Cancelled while it waits for the retry: once the first answer is in, not after a guessed delay.
    while (h.emulator.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const error = await listing;
    assert.equal(error.kind, 'cancelled');
    assert.ok(Date.now() - started < 2_000);
    assert.equal(h.emulator.requests.length, 1);
  });

  it('reuses one keep-alive connection for sequential requests', async () => {
    for (let i = 0; i < 20; i++) await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    assert.equal(h.emulator.connectionCount, 1);
  });
});

describe('GcoreClient retries of writes', () => {
  let h: Harness;
  const RECORD = '/dns/v2/zones/example.com/mail.example.com/A';
  const body = { ttl: 300, resource_records: [{ content: ['192.0.2.80'] }] };
  beforeEach(async () => {
    h = await startHarness(undefined, { demo: true });
  });
  afterEach(() => stopHarness(h));

  const methods = () => h.emulator.requests.map((request) => `${request.method} ${request.path}`);

  it("waits as a 429's Retry-After asks before sending a PUT again, and tells onWait", async () => {
    h.emulator.inject({ method: 'PUT', path: RECORD, status: 429, headers: { 'Retry-After': '1' } });
    const waits: RetryWait[] = [];
    await h.client.dns.replaceRecord('example.com', 'mail.example.com', 'A', body, { onWait: (wait) => waits.push(wait) });
    assert.deepEqual(methods(), [`PUT ${RECORD}`, `PUT ${RECORD}`]);
    assert.deepEqual(waits, [{ delayMs: 1000, status: 429, asked: true, attempt: 2, attempts: 3 }]);
    assert.deepEqual(JSON.parse(String(h.emulator.requests[1].body)), body);
  });

  it('waits as an HTTP-date Retry-After asks', async () => {
    h.emulator.inject({
      method: 'DELETE',
      path: RECORD,
      status: 503,
      headers: { 'Retry-After': new Date(Date.now() + 2_000).toUTCString() },
    });
    const waits: RetryWait[] = [];
    await h.client.dns.deleteRecord('example.com', 'mail.example.com', 'A', { onWait: (wait) => waits.push(wait) });
    assert.deepEqual(methods(), [`DELETE ${RECORD}`, `DELETE ${RECORD}`]);
    assert.equal(waits.length, 1);
    assert.ok(waits[0].asked && waits[0].delayMs > 0 && waits[0].delayMs <= 2_000, JSON.stringify(waits));
  });

  it('tries a DELETE, a zone PUT and an enable or disable again after a 503 without Retry-After, and nothing after a 502', async () => {
    h.emulator.inject({ method: 'DELETE', path: RECORD, status: 503 });
    assert.deepEqual(await h.client.dns.deleteRecord('example.com', 'mail.example.com', 'A'), { alreadyGone: false });
    h.emulator.inject({ method: 'PATCH', path: '/dns/v2/zones/example.com/disable', status: 503 });
    await h.client.dns.setZoneEnabled('example.com', false);
    h.emulator.inject({ method: 'PUT', path: '/dns/v2/zones/example.com', status: 429 });
    await h.client.dns.updateZone('example.com', { name: 'example.com', enabled: false, nx_ttl: 300 });
    h.emulator.inject({ method: 'PUT', path: '/dns/v2/zones/example.com', status: 502 });
    assert.equal((await rejection(h.client.dns.updateZone('example.com', { name: 'example.com', enabled: false }))).kind, 'server');
    assert.deepEqual(
      methods().map((line) => line.split(' ')[0]),
      ['DELETE', 'DELETE', 'PATCH', 'PATCH', 'PUT', 'PUT', 'PUT'],
    );
  });

  it('never sends a create twice on a 429 or 503, and says to wait as Gcore asked', async () => {
    h.emulator.inject({ method: 'POST', path: '/dns/v2/zones', status: 429, headers: { 'Retry-After': '5' } });
    const limited = await rejection(h.client.dns.createZone({ name: 'busy.example' }));
    assert.equal(limited.kind, 'rateLimited');
    assert.equal(
      limited.message,
      "Gcore is limiting the rate of requests (429): Too Many Requests. Wait 5 s (Gcore's Retry-After) and try again.",
    );
    h.emulator.inject({ method: 'POST', path: RECORD, status: 503 });
    const unavailable = await rejection(
      h.client.dns.createRecord('example.com', 'mail.example.com', 'A', body, {
        onWait: () => assert.fail('a create never waits to be sent again'),
      }),
    );
    assert.match(unavailable.message, /^Gcore is unavailable for now \(503\): .*Wait a moment and try again\.$/);
    assert.deepEqual(methods(), ['POST /dns/v2/zones', `POST ${RECORD}`]);
  });

  it('says Gcore is unavailable and how long to wait when every attempt was refused', async () => {
    h.emulator.inject({ method: 'PUT', path: RECORD, status: 503, headers: { 'Retry-After': '1' }, times: 3 });
    const error = await rejection(h.client.dns.replaceRecord('example.com', 'mail.example.com', 'A', body));
    assert.equal(error.kind, 'server');
    assert.equal(error.retryAfterMs, 1000);
    assert.match(
      error.message,
      /^Gcore is unavailable for now \(503\): Service Unavailable\. It answered so to each of 3 attempts, waiting as it asked\. Wait 1 s \(Gcore's Retry-After\) and try again\.$/,
    );
    assert.equal(h.emulator.requests.length, 3);
  });

  it('stops at once when Gcore asks for a longer wait than it waits on its own, and says how long it asked', async () => {
    h.emulator.inject({ method: 'PUT', path: RECORD, status: 429, headers: { 'Retry-After': '600' } });
    const error = await rejection(
      h.client.dns.replaceRecord('example.com', 'mail.example.com', 'A', body, { onWait: () => assert.fail('no wait beyond the cap') }),
    );
    assert.match(
      error.message,
      /Gcore asked to wait 10 min \(its Retry-After\), longer than the extension waits on its own \(60 s\): try again after that\.$/,
    );
    assert.equal(h.emulator.requests.length, 1);
  });

  it('does not wait in silence longer than 10 s: a read nobody follows stops, saying how long Gcore asked', async () => {
    h.emulator.inject({ method: 'GET', path: '/dns/v2/zones', status: 429, headers: { 'Retry-After': '30' } });
    const error = await rejection(h.client.dns.listZones());
    assert.match(
      error.message,
      /Gcore asked to wait 30 s \(its Retry-After\), longer than the extension waits on its own \(10 s\): try again after that\.$/,
    );
    assert.equal(h.emulator.requests.length, 1);
  });
});

describe('retry policy', () => {
  const decide = (request: RetriedRequest, failure: AttemptFailure, retryIndex = 0) =>
    retryDecision(request, failure, retryIndex, DEFAULT_RETRY, () => 1);
  const GET = { method: 'GET' };
  const PUT = { method: 'PUT' };
  const DELETE = { method: 'DELETE' };
  const POST = { method: 'POST' };

  it('retries a read after a lost connection, 408, 429 and 5xx, with backoff or what Retry-After asks', () => {
    assert.deepEqual(decide(GET, { kind: 'network' }), { retry: true, delayMs: 500 });
    assert.deepEqual(decide(GET, { kind: 'server', status: 502 }, 1), { retry: true, delayMs: 1000 });
    assert.deepEqual(decide(GET, { kind: 'rateLimited', status: 429, retryAfterMs: 3000 }), { retry: true, delayMs: 3000 });
    assert.deepEqual(decide(GET, { kind: 'notFound', status: 404 }), { retry: false, reason: 'notRetried' });
  });

  it('retries PUT, DELETE and an idempotent PATCH only when Gcore says to come back (429, 503)', () => {
    assert.deepEqual(decide(PUT, { kind: 'rateLimited', status: 429, retryAfterMs: 1000 }), { retry: true, delayMs: 1000 });
    assert.deepEqual(decide(DELETE, { kind: 'server', status: 503 }), { retry: true, delayMs: 500 });
    assert.deepEqual(decide({ method: 'PATCH', idempotent: true }, { kind: 'server', status: 503 }), { retry: true, delayMs: 500 });
    assert.deepEqual(decide({ method: 'PATCH' }, { kind: 'rateLimited', status: 429, retryAfterMs: 1000 }), {
      retry: false,
      reason: 'notRetried',
    });
    for (const failure of [
      { kind: 'server', status: 500 },
      { kind: 'server', status: 502 },
      { kind: 'network' },
      { kind: 'timeout' },
    ] as AttemptFailure[]) {
      assert.deepEqual(decide(PUT, failure), { retry: false, reason: 'notRetried' }, JSON.stringify(failure));
    }
  });

  it('never retries a POST, whatever Gcore answers', () => {
    for (const failure of [
      { kind: 'rateLimited', status: 429, retryAfterMs: 1000 },
      { kind: 'server', status: 503 },
      { kind: 'network' },
    ] as AttemptFailure[]) {
      assert.deepEqual(decide(POST, failure), { retry: false, reason: 'notRetried' }, JSON.stringify(failure));
    }
  });

  it('waits up to 60 s as Retry-After asks when the wait is shown, 10 s when nobody sees it, stops on a longer wait, and after three attempts', () => {
    const shownPut = { ...PUT, waitShown: true };
    assert.deepEqual(decide(shownPut, { kind: 'rateLimited', status: 429, retryAfterMs: 60_000 }), { retry: true, delayMs: 60_000 });
    assert.deepEqual(decide(shownPut, { kind: 'rateLimited', status: 429, retryAfterMs: 60_001 }), {
      retry: false,
      reason: 'askedTooLong',
    });
    assert.deepEqual(decide(PUT, { kind: 'rateLimited', status: 429, retryAfterMs: 10_000 }), { retry: true, delayMs: 10_000 });
    assert.deepEqual(decide(PUT, { kind: 'rateLimited', status: 429, retryAfterMs: 10_001 }), { retry: false, reason: 'askedTooLong' });
    assert.deepEqual(decide(GET, { kind: 'rateLimited', status: 429, retryAfterMs: 30_000 }), { retry: false, reason: 'askedTooLong' });
    assert.deepEqual(decide(GET, { kind: 'server', status: 503, retryAfterMs: 999_000 }), { retry: false, reason: 'askedTooLong' });
    assert.deepEqual(decide(PUT, { kind: 'server', status: 503, retryAfterMs: 1000 }, 2), { retry: false, reason: 'attemptsUsed' });
  });

  it('reads Retry-After as an HTTP date into the wait it asks for', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    const retryAfterMs = parseRetryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', now);
    assert.deepEqual(decide(DELETE, { kind: 'server', status: 503, retryAfterMs }), { retry: true, delayMs: 5_000 });
  });

  it('says a wait in words, instead of seconds by the million', () => {
    assert.deepEqual([0, 5_000, 90_000, 3_600_000, 172_800_000, 999_999_000].map(formatWait), [
      '1 s',
      '5 s',
      '90 s',
      '60 min',
      '2 days',
      '12 days',
    ]);
  });

  it('backs off 0.5 s × 2^n with jitter, capped at 8 s', () => {
    const low = () => 0;
    const high = () => 1;
    assert.deepEqual(
      [0, 1, 2].map((n) => backoffDelayMs(n, DEFAULT_RETRY, high)),
      [500, 1000, 2000],
    );
    assert.deepEqual(
      [0, 1, 2].map((n) => backoffDelayMs(n, DEFAULT_RETRY, low)),
      [250, 500, 1000],
    );
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
    assert.deepEqual(
      h.emulator.requests.map((request) => request.path.split('/')[5]),
      ['1', '2', '1'],
    );
  });
});
