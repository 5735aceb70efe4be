import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GcoreClient } from '../../../src/api';
import { wasEmptyAnswer } from '../../../src/api/decode';
import { MAX_LIST_ITEMS } from '../../../src/api/paging';
import { TEST_KEY, rejection, startHarness, stopHarness, type Harness } from './clientHarness';

/** Faults a real network and real gateways produce, and servers that misbehave, against the client. */

const FLAVORS = '/cloud/v3/gpu/virtual/1/76/flavors';
const ZONES = '/dns/v2/zones';
const LOCATION = { projectId: 1, regionId: 76 };

describe('GcoreClient under faults', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  describe('a key that cannot go in an HTTP header', () => {
    const keys: [string, RegExp][] = [
      ['abc\u200bdef-0123', /invisible character \(U\+200B\) at position 4/],
      ['аbcdef-0123', /non-ASCII character U\+0430 at position 1/],
      ['abc def-0123', /space at position 4/],
      ['abc\tdef-0123', /control character \(U\+0009\) at position 4/],
    ];
    for (const [key, says] of keys) {
      it(`is refused before any request, without quoting it: ${JSON.stringify(key)}`, async () => {
        const client = new GcoreClient({ settings: () => h.settings, apiKey: () => key, userAgent: 'test' });
        try {
          const error = await rejection(client.gpu.listFlavors(LOCATION));
          assert.equal(error.kind, 'badApiKey');
          assert.match(error.message, says);
          assert.ok(!error.message.includes(key) && !error.message.includes(key.slice(0, 3)), error.message);
          assert.equal(h.emulator.requests.length, 0);
        } finally {
          client.dispose();
        }
      });
    }
  });

  it('retries a GET whose answer is cut off mid-body instead of waiting for the timeout', async () => {
    h.settings.timeoutMs = 20_000;
    h.emulator.inject({ path: FLAVORS, resetMidBody: true });
    const started = Date.now();
    const list = await h.client.gpu.listFlavors(LOCATION);
    assert.ok(list.results.length > 0);
    assert.equal(h.emulator.requests.length, 2);
    assert.ok(Date.now() - started < 5_000, 'the early close was noticed at once');
  });

  it('reports a write cut off mid-body as a network error that may have applied, without resending it', async () => {
    h.emulator.inject({ path: ZONES, resetMidBody: true });
    const error = await rejection(h.client.dns.createZone({ name: 'cut.example' }));
    assert.equal(error.kind, 'network');
    assert.equal(error.mayHaveApplied, true);
    assert.match(error.message, /closed before the answer was complete/);
    assert.equal(h.emulator.requests.length, 1);
  });

  it("takes a gateway's 502 or 504 and an unreadable 2xx body to a write as an answer lost, sent once; a read's or a 500 not", async () => {
    const lost = [
      { status: 502, kind: 'server' },
      { status: 504, kind: 'server' },
      { malformed: true, kind: 'badResponse' },
    ];
    for (const [index, { kind, ...fault }] of lost.entries()) {
      h.emulator.requests.length = 0;
      h.emulator.inject({ method: 'POST', path: ZONES, afterApplying: true, ...fault });
      const error = await rejection(h.client.dns.createZone({ name: `lost-${index}.example` }));
      assert.equal(error.kind, kind, JSON.stringify(fault));
      assert.equal(error.mayHaveApplied, true, JSON.stringify(fault));
      assert.equal(h.emulator.requests.length, 1, `${JSON.stringify(fault)} is not sent again`);
    }
    h.emulator.inject({ method: 'POST', path: ZONES, status: 500 });
    assert.ok(!(await rejection(h.client.dns.createZone({ name: 'refused.example' }))).mayHaveApplied, 'a 500 is an answer');
    h.emulator.inject({ method: 'GET', path: FLAVORS, status: 502, times: 3 });
    assert.ok(!(await rejection(h.client.gpu.listFlavors(LOCATION))).mayHaveApplied, 'a read changes nothing');
  });

  it('says a cancelled write may have applied once it was sent, and not before', async () => {
    h.emulator.inject({ method: 'PATCH', path: /\/containers\//, delayMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const inFlight = await rejection(h.client.containers.update(LOCATION, 'web-app', { timeout: 5 }, { signal: controller.signal }));
    assert.equal(inFlight.kind, 'cancelled');
    assert.equal(inFlight.mayHaveApplied, true);
    const before = await rejection(h.client.dns.createZone({ name: 'x.example' }, { signal: AbortSignal.abort() }));
    assert.equal(before.mayHaveApplied, undefined);
  });

  it('bounds one attempt by one deadline, head and body together', async () => {
    h.settings.timeoutMs = 500;
    h.emulator.inject({ path: FLAVORS, delayMs: 300, bodyDelayMs: 300, times: 3 });
    const started = Date.now();
    const error = await rejection(h.client.gpu.listFlavors(LOCATION));
    assert.equal(error.kind, 'timeout');
    // Three attempts of at most 500 ms each, plus short back-off.
    assert.ok(Date.now() - started < 2_500, `took ${Date.now() - started} ms`);
  });

  it("treats a timeout setting past Node's timer range as the longest allowed, not as 1 ms", async () => {
    h.settings.timeoutMs = 1e13;
    const list = await h.client.gpu.listFlavors(LOCATION);
    assert.ok(list.results.length > 0);
  });

  it('stops reading an answer larger than 16 MB and says so', async () => {
    const huge = JSON.stringify({ count: 1, results: [{ name: 'x', filler: 'y'.repeat(17 * 1024 * 1024) }] });
    h.emulator.inject({ path: FLAVORS, status: 200, body: huge });
    const error = await rejection(h.client.gpu.listFlavors(LOCATION));
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, /larger than 16 MB/);
    assert.equal(h.emulator.requests.length, 1, 'an oversized answer is not asked for again');
  });

  it('refuses at once a total beyond what any list here can hold', async () => {
    h.emulator.inject({ path: FLAVORS, status: 200, body: { count: 1e9, results: [{ name: 'a' }] } });
    const error = await rejection(h.client.gpu.listFlavors(LOCATION));
    assert.equal(error.kind, 'badResponse');
    assert.match(error.message, new RegExp(`reports 1000000000 GPU flavors, more than the ${MAX_LIST_ITEMS}`));
    assert.equal(h.emulator.requests.length, 1);
  });

  it('stops paging when a server ignores offset, without duplicates', async () => {
    const page = { count: 5_000, results: Array.from({ length: 1_000 }, (_, index) => ({ name: `f-${index}` })) };
    h.emulator.inject({ path: FLAVORS, status: 200, body: page, times: 10 });
    const list = await h.client.gpu.listFlavors(LOCATION);
    assert.equal(list.results.length, 1_000);
    assert.equal(new Set(list.results.map((flavor) => flavor.name)).size, 1_000);
    assert.equal(h.emulator.requests.length, 2);
  });

  it('stops paging on an empty page, and drops repeated names within an answer', async () => {
    h.emulator.inject({ path: FLAVORS, status: 200, body: { count: 10, results: [{ name: 'a' }, { name: 'b' }, { name: 'a' }] } });
    h.emulator.inject({ path: FLAVORS, status: 200, body: { count: 10, results: [] } });
    const list = await h.client.gpu.listFlavors(LOCATION);
    assert.deepEqual(
      list.results.map((flavor) => flavor.name),
      ['a', 'b'],
    );
    assert.equal(h.emulator.requests.length, 2);
  });

  it("shows a gateway's HTML page as its title, on one line", async () => {
    const page =
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>';
    h.emulator.inject({ path: FLAVORS, status: 502, body: page, times: 3 });
    const error = await rejection(h.client.gpu.listFlavors(LOCATION));
    assert.equal(error.message, '502 Bad Gateway');
  });

  it('gives up at once on a Retry-After longer than it waits for, and keeps how long', async () => {
    h.emulator.inject({ path: FLAVORS, status: 429, headers: { 'Retry-After': '999999' } });
    const started = Date.now();
    const error = await rejection(h.client.gpu.listFlavors(LOCATION));
    assert.equal(error.kind, 'rateLimited');
    assert.equal(error.retryAfterMs, 999_999_000);
    assert.equal(h.emulator.requests.length, 1);
    assert.ok(Date.now() - started < 1_000);
  });

  it('reads a DNS error from the `error` response header when the body says nothing', async () => {
    h.emulator.inject({ path: ZONES, status: 400, body: '', headers: { error: 'zone name is not valid: bad..example' } });
    const error = await rejection(h.client.dns.createZone({ name: 'bad.example' }));
    assert.equal(error.kind, 'invalidInput');
    assert.equal(error.message, 'zone name is not valid: bad..example');
  });

  it('does not repeat the field list that a validation message already quotes', async () => {
    const body = {
      exception_class: 'ValidationError',
      message: "Validation error: {'flavor': ['Not a valid flavor']}",
      invalid_fields: { flavor: ['Not a valid flavor'] },
    };
    h.emulator.inject({ method: 'PATCH', path: /\/containers\//, status: 400, body });
    const error = await rejection(h.client.containers.update(LOCATION, 'web-app', { flavor: 'x' }));
    assert.equal(error.message, body.message);
  });

  it('shows the numbers of a quota error', async () => {
    const body = {
      exception_class: 'QuotaExceeded',
      message: 'Quota exceeded.',
      info: { quota_name: 'caas_containers', limit: 10, used: 10, requested: 1 },
    };
    h.emulator.inject({ method: 'PATCH', path: /\/containers\//, status: 403, body });
    const error = await rejection(h.client.containers.update(LOCATION, 'web-app', { timeout: 5 }));
    assert.equal(error.message, 'Quota exceeded (quota name caas_containers, limit 10, used 10, requested 1)');
  });

  it('treats a zone create answered 200 with an error as a failure', async () => {
    h.emulator.inject({ path: ZONES, status: 200, body: { error: 'zone taken.example already exists' } });
    const error = await rejection(h.client.dns.createZone({ name: 'taken.example' }));
    assert.equal(error.kind, 'conflict');
    assert.equal(error.message, 'zone taken.example already exists');
  });

  it('tells an empty answer to a container update from one that started no task', async () => {
    h.emulator.inject({ method: 'PATCH', path: /\/containers\//, status: 200, body: '' });
    const empty = await h.client.containers.update(LOCATION, 'web-app', { timeout: 5 });
    assert.deepEqual(empty, { tasks: [] });
    assert.equal(wasEmptyAnswer(empty), true);
    h.emulator.inject({ method: 'PATCH', path: /\/containers\//, status: 200, body: { tasks: [] } });
    assert.equal(wasEmptyAnswer(await h.client.containers.update(LOCATION, 'web-app', { timeout: 5 })), false);
  });

  it('sends force_disable only when asked to', async () => {
    await h.client.dns.createZone({ name: 'force.example' });
    await h.client.dns.setDnssec('force.example', false);
    await h.client.dns.setDnssec('force.example', false, { forceDisable: true });
    await h.client.dns.setDnssec('force.example', true, { forceDisable: true });
    assert.deepEqual(
      h.emulator.requests.filter((request) => request.method === 'PATCH').map((request) => request.json),
      [{ enabled: false }, { enabled: false, force_disable: true }, { enabled: true }],
    );
  });
});

describe('GcoreClient against lists that lie', () => {
  const CONTAINERS = '/cloud/v1/caas/1/76/containers';
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  const named = (prefix: string, from: number, length: number) =>
    Array.from({ length }, (_, index) => ({ name: `${prefix}-${from + index}.example` }));
  const nameless = (from: number, length: number) => Array.from({ length }, (_, index) => ({ status: `nameless-${from + index}` }));
  const offsets = () => h.emulator.requests.map((request) => request.query.offset);

  it('does not end the list at pages of entries it cannot read: every readable entry arrives, and the others are counted', async () => {
    h.emulator.inject({ path: ZONES, status: 200, body: { total_amount: 350, zones: nameless(0, 100) } });
    h.emulator.inject({ path: ZONES, status: 200, body: { total_amount: 350, zones: nameless(100, 100) } });
    h.emulator.inject({ path: ZONES, status: 200, body: { total_amount: 350, zones: named('zone', 200, 100) } });
    h.emulator.inject({ path: ZONES, status: 200, body: { total_amount: 350, zones: named('zone', 300, 50) } });
    const list = await h.client.dns.listZones();
    assert.equal(list.zones.length, 150);
    assert.equal(list.total_amount, 150);
    assert.equal(list.unreadableCount, 200);
    assert.equal(list.missing, undefined);
    assert.deepEqual(offsets(), ['0', '100', '200', '300']);
  });

  it('reads a total sent as a string of digits', async () => {
    h.emulator.inject({ path: CONTAINERS, status: 200, body: { count: '2500', results: named('app', 0, 1_000) } });
    h.emulator.inject({ path: CONTAINERS, status: 200, body: { count: '2500', results: named('app', 1_000, 1_000) } });
    h.emulator.inject({ path: CONTAINERS, status: 200, body: { count: '2500', results: named('app', 2_000, 500) } });
    const list = await h.client.containers.list(LOCATION);
    assert.equal(list.results.length, 2_500);
    assert.equal(list.count, 2_500);
    assert.deepEqual(offsets(), ['0', '1000', '2000']);
  });

  it('keeps paging while pages come full when the total is absent', async () => {
    h.emulator.inject({ path: ZONES, status: 200, body: { zones: named('zone', 0, 100) } });
    h.emulator.inject({ path: ZONES, status: 200, body: { zones: named('zone', 100, 100) } });
    h.emulator.inject({ path: ZONES, status: 200, body: { zones: named('zone', 200, 40) } });
    const list = await h.client.dns.listZones();
    assert.equal(list.zones.length, 240);
    assert.equal(list.total_amount, 240);
    assert.deepEqual(offsets(), ['0', '100', '200']);
  });

  it('keeps paging a flavor list without a count while its pages come full', async () => {
    h.emulator.inject({ path: FLAVORS, status: 200, body: { results: named('g3', 0, 1_000) } });
    h.emulator.inject({ path: FLAVORS, status: 200, body: { results: named('g3', 1_000, 20) } });
    const list = await h.client.gpu.listFlavors(LOCATION);
    assert.equal(list.results.length, 1_020);
    assert.deepEqual(offsets(), [undefined, '1000']);
  });

  it('says a list without a total may be incomplete when its server repeats the first page', async () => {
    h.emulator.inject({ path: ZONES, status: 200, body: { zones: named('zone', 0, 100) }, times: 10 });
    const list = await h.client.dns.listZones();
    assert.equal(list.zones.length, 100);
    assert.equal(list.incomplete, true);
    assert.equal(list.missing, undefined);
    assert.equal(h.emulator.requests.length, 2);
  });

  it('keeps paging past a total lower than what the pages bring, and counts what came', async () => {
    h.emulator.inject({ path: CONTAINERS, status: 200, body: { count: 5, results: named('app', 0, 1_000) } });
    h.emulator.inject({ path: CONTAINERS, status: 200, body: { count: 5, results: named('app', 1_000, 1_000) } });
    h.emulator.inject({ path: CONTAINERS, status: 200, body: { count: 5, results: named('app', 2_000, 300) } });
    const list = await h.client.containers.list(LOCATION);
    assert.equal(list.results.length, 2_300);
    assert.equal(list.count, 2_300);
    assert.equal(list.missing, undefined);
  });

  it('stops a server that repeats its first page, unreadable entries and all, and says how many never came', async () => {
    const page = { total_amount: 500, zones: [...named('zone', 0, 50), ...nameless(0, 50)] };
    h.emulator.inject({ path: ZONES, status: 200, body: page, times: 10 });
    const list = await h.client.dns.listZones();
    assert.equal(list.zones.length, 50);
    assert.equal(list.unreadableCount, 50);
    assert.deepEqual(list.missing, { count: 400, reportedTotal: 500 });
    assert.equal(h.emulator.requests.length, 2);
  });

  it('lists a zone once however its name is written, without counting the other spellings as missing', async () => {
    const zones = [{ name: 'Example.COM' }, { name: 'example.com.' }, { name: 'bücher.example' }, { name: 'xn--bcher-kva.example' }];
    h.emulator.inject({ path: ZONES, status: 200, body: { total_amount: 4, zones } });
    const list = await h.client.dns.listZones();
    assert.deepEqual(
      list.zones.map((zone) => zone.name),
      ['Example.COM', 'bücher.example'],
    );
    assert.equal(list.total_amount, 2);
    assert.equal(list.missing, undefined);
  });
});

describe('GcoreClient against a server that closes a Content-Length body early', () => {
  it('fails the attempt at once rather than at its timeout', async () => {
    const server = http.createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      response.write('{"count": 1, "results": [');
      setImmediate(() => request.socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new GcoreClient({
      settings: () => ({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 30_000 }),
      apiKey: () => TEST_KEY,
      userAgent: 'test',
      retry: { maxRetries: 0 },
    });
    try {
      const started = Date.now();
      const error = await rejection(client.dns.createZone({ name: 'x.example' }));
      assert.equal(error.kind, 'network');
      assert.ok(Date.now() - started < 5_000);
    } finally {
      client.dispose();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
