import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { GcoreClient } from '../../../src/api';
import { TEST_KEY, rejection, startHarness, stopHarness, type Harness } from './clientHarness';

const FLAVORS = '/cloud/v3/gpu/virtual/1/76/flavors';
const ZONES = '/dns/v2/zones';

describe('GcoreClient errors', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ maxRetries: 0 });
  });
  afterEach(() => stopHarness(h));

  const statusCases: { status: number; body: unknown; kind: string; message: RegExp }[] = [
    { status: 400, body: { exception_class: 'ValidationError', message: 'Bad input' }, kind: 'invalidInput', message: /Bad input/ },
    {
      status: 401,
      body: { exception_class: 'NotAuthenticated', message: 'Invalid token.' },
      kind: 'unauthorized',
      message: /Invalid token/,
    },
    {
      status: 403,
      body: { exception_class: 'ForbiddenError', message: 'Region is out of capacity' },
      kind: 'forbidden',
      message: /out of capacity/,
    },
    { status: 404, body: { error: 'zone not found' }, kind: 'notFound', message: /zone not found/ },
    { status: 405, body: { message: 'is_disabled must be sent alone' }, kind: 'notAllowed', message: /sent alone/ },
    { status: 409, body: { code: 3, error: 'exists', message: 'zone already exists' }, kind: 'conflict', message: /zone already exists/ },
    { status: 429, body: { detail: 'Slow down' }, kind: 'rateLimited', message: /Slow down/ },
    { status: 502, body: 'upstream connect error', kind: 'server', message: /upstream connect error/ },
    { status: 418, body: {}, kind: 'http', message: /request failed/ },
  ];
  for (const { status, body, kind, message } of statusCases) {
    it(`maps ${status} to kind ${kind} with the API's own message`, async () => {
      h.emulator.inject({ path: FLAVORS, status, body });
      const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
      assert.equal(error.name, 'GcoreApiError');
      assert.equal(error.kind, kind);
      assert.equal(error.status, status);
      assert.match(error.message, message);
    });
  }

  it('keeps the request id and per-field messages of a Cloud validation error', async () => {
    const error = await rejection(h.client.containers.update({ projectId: 1, regionId: 76 }, 'web-app', { scale: { min: 5, max: 2 } }));
    assert.equal(error.kind, 'invalidInput');
    assert.equal(typeof error.requestId, 'string');
    assert.ok(Object.keys(error.fieldErrors as object).some((field) => field.startsWith('scale')));
    assert.match(error.message, /scale/);
  });

  it('reads a DNS error body ({"error": ...})', async () => {
    const error = await rejection(h.client.dns.setDnssec('missing.example', true));
    assert.equal(error.kind, 'notFound');
    assert.equal(error.apiMessage, 'zone not found');
  });

  it('answers a real 401 from a wrong key as unauthorized', async () => {
    const client = new GcoreClient({ settings: () => h.settings, apiKey: () => 'wrong', userAgent: 'test' });
    const error = await rejection(client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
    client.dispose();
    assert.equal(error.kind, 'unauthorized');
    assert.equal(error.status, 401);
  });

  it('turns a malformed 200 body into badResponse, never a raw parser error', async () => {
    h.emulator.inject({ path: FLAVORS, malformed: true });
    const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
    assert.equal(error.kind, 'badResponse');
    assert.doesNotMatch(error.message, /JSON at position|Unexpected token/);
  });

  const unusableLists: { body: unknown; what: RegExp }[] = [
    { body: [], what: /not an object/ },
    { body: { count: 1 }, what: /no results array/ },
    { body: { count: 'many', results: [] }, what: /count is not a number/ },
  ];
  for (const { body, what } of unusableLists) {
    it(`refuses an unusable flavor list: ${JSON.stringify(body)}`, async () => {
      h.emulator.inject({ path: FLAVORS, status: 200, body });
      const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
      assert.equal(error.kind, 'badResponse');
      assert.match(error.message, what);
    });
  }

  const unreadableFlavors: { flavor: unknown; what: RegExp }[] = [
    { flavor: { capacity: 1 }, what: /name is missing/ },
    { flavor: 'g1', what: /results\[1\] is not an object/ },
    { flavor: { name: 'x', capacity: 'many' }, what: /capacity is string/ },
    { flavor: { name: 'x', hardware_description: [] }, what: /results\[1\]\.hardware_description is array, expected object/ },
    {
      flavor: { name: 'x', hardware_properties: { gpu_count: '2' } },
      what: /results\[1\]\.hardware_properties\.gpu_count is string, expected number/,
    },
    { flavor: { name: 'x', price: { price_per_hour: [] } }, what: /results\[1\]\.price\.price_per_hour is array, expected number/ },
  ];
  for (const { flavor, what } of unreadableFlavors) {
    it(`keeps the readable flavors and describes an unreadable one: ${JSON.stringify(flavor)}`, async () => {
      h.emulator.inject({ path: FLAVORS, status: 200, body: { count: 3, results: [{ name: 'good-1' }, flavor, { name: 'good-2' }] } });
      const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
      assert.deepEqual(
        list.results.map((entry) => entry.name),
        ['good-1', 'good-2'],
      );
      assert.equal(list.unreadable?.length, 1);
      assert.match(list.unreadable?.[0]?.problem ?? '', what);
    });
  }

  it('checks the type of every field the tree reads of a flavor, and accepts each one null', async () => {
    const read: [object: string, field: string, type: string][] = [
      ['', 'capacity', 'number'],
      ['', 'disabled', 'boolean'],
      ['', 'architecture', 'string'],
      ['', 'hardware_description', 'object'],
      ['', 'hardware_properties', 'object'],
      ['', 'price', 'object'],
      ['hardware_description', 'gpu', 'string'],
      ['hardware_description', 'ram', 'number'],
      ['hardware_description', 'vcpus', 'number'],
      ['hardware_properties', 'gpu_count', 'number'],
      ['hardware_properties', 'gpu_model', 'string'],
      ['hardware_properties', 'gpu_manufacturer', 'string'],
      ['price', 'price_per_hour', 'number'],
      ['price', 'price_per_month', 'number'],
      ['price', 'currency_code', 'string'],
      ['price', 'price_status', 'string'],
    ];
    // A value of another type than the one read: a list for an object, text for anything else.
    const wrongValue = (type: string) => (type === 'object' ? [] : type === 'string' ? 7 : 'text');
    const flavorWith = (object: string, field: string, value: unknown) =>
      object === '' ? { name: `bad-${field}`, [field]: value } : { name: `bad-${field}`, [object]: { [field]: value } };
    const nullEverywhere = Object.fromEntries(read.filter(([object]) => object === '').map(([, field]) => [field, null]));
    h.emulator.inject({
      path: FLAVORS,
      status: 200,
      body: {
        results: [
          { name: 'all-null', ...nullEverywhere },
          ...read.map(([object, field, type]) => flavorWith(object, field, wrongValue(type))),
        ],
      },
    });
    const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    assert.deepEqual(
      list.results.map((flavor) => flavor.name),
      ['all-null'],
    );
    assert.deepEqual(
      list.unreadable?.map((entry) => entry.problem),
      read.map(([object, field, type], index) => {
        const wrong = wrongValue(type);
        return `results[${index + 1}].${object === '' ? '' : `${object}.`}${field} is ${Array.isArray(wrong) ? 'array' : typeof wrong}, expected ${type}`;
      }),
    );
  });

  it('tolerates missing count and fields, and keeps unknown ones', async () => {
    h.emulator.inject({ path: FLAVORS, status: 200, body: { results: [{ name: 'g1', nic_ib: 2 }], next: null } });
    const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    assert.deepEqual(list, { results: [{ name: 'g1', nic_ib: 2 }], next: null, count: 1 });
  });

  it('tolerates a zone response with neither id nor warnings', async () => {
    h.emulator.inject({ path: ZONES, status: 200, body: {} });
    assert.deepEqual(await h.client.dns.createZone({ name: 'a.example' }), { id: undefined, warnings: [] });
  });

  it('reports a dropped connection as a network error', async () => {
    h.emulator.inject({ path: FLAVORS, drop: true });
    const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
    assert.equal(error.kind, 'network');
  });

  it('reports a refused connection as a network error naming the host', async () => {
    const port = await closedPort();
    h.settings.baseUrl = `http://127.0.0.1:${port}`;
    const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
    assert.equal(error.kind, 'network');
    assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${port}.*ECONNREFUSED`));
  });

  const lateAnswers: { what: string; fault: { delayMs?: number; bodyDelayMs?: number } }[] = [
    { what: 'an answer that has not started', fault: { delayMs: 1_000 } },
    { what: 'an answer whose body stalls after the head', fault: { bodyDelayMs: 1_000 } },
  ];
  for (const { what, fault } of lateAnswers) {
    it(`times out ${what} once the configured time has passed`, async () => {
      h.settings.timeoutMs = 200;
      h.emulator.inject({ path: FLAVORS, ...fault });
      const started = Date.now();
      const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }));
      assert.equal(error.kind, 'timeout');
      assert.ok(Date.now() - started < 900, 'it must not wait for the rest of the answer');
    });

    it(`cancels ${what} by AbortSignal`, async () => {
      h.emulator.inject({ path: FLAVORS, ...fault });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 }, { signal: controller.signal }));
      assert.equal(error.kind, 'cancelled');
    });
  }

  it('sends nothing when the signal is already aborted', async () => {
    const error = await rejection(h.client.dns.createZone({ name: 'x.example' }, { signal: AbortSignal.abort() }));
    assert.equal(error.kind, 'cancelled');
    assert.equal(h.emulator.requests.length, 0);
  });

  const refusedBaseUrls = ['http://api.gcore.com', 'ftp://127.0.0.1', 'http://10.0.0.1:8080', 'https://user:pw@api.gcore.com', 'not a url'];
  for (const baseUrl of refusedBaseUrls) {
    it(`never sends the key to a refused base URL: ${baseUrl}`, async () => {
      h.settings.baseUrl = baseUrl;
      const error = await rejection(h.client.dns.setDnssec('a.example', true));
      assert.equal(error.kind, 'badBaseUrl');
    });
  }

  it('never puts the key in an error message, stack or serialization', async () => {
    const failures: Promise<unknown>[] = [];
    for (const fault of [
      { status: 401 },
      { status: 500 },
      { drop: true },
      { malformed: true },
      { status: 400, body: TEST_KEY.slice(0, 5) },
    ]) {
      h.emulator.inject({ path: FLAVORS, ...fault });
      failures.push(rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 })));
      await failures[failures.length - 1];
    }
    h.settings.timeoutMs = 50;
    h.emulator.inject({ path: FLAVORS, delayMs: 300 });
    failures.push(rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 76 })));
    for (const failure of failures) {
      const error = (await failure) as Error;
      const seen = `${error.message}\n${error.stack}\n${JSON.stringify(error)}\n${String(error)}`;
      assert.ok(!seen.includes(TEST_KEY), `the key leaked into: ${seen}`);
    }
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
