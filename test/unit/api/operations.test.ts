import * as assert from 'node:assert/strict';
import { GcoreClient } from '../../../src/api';
import { TEST_KEY, rejection, startHarness, stopHarness, type Harness } from './clientHarness';

describe('GcoreClient operations against the emulator', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  it('lists GPU flavors with the exact auth header, user agent and no query when flags are off', async () => {
    const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    assert.ok(list.results.length > 0);
    assert.equal(list.count, list.results.length);
    const [request] = h.emulator.requests;
    assert.equal(request.method, 'GET');
    assert.equal(request.url, '/cloud/v3/gpu/virtual/1/76/flavors');
    assert.equal(request.headers.authorization, `apikey ${TEST_KEY}`);
    assert.equal(request.headers['user-agent'], 'gcore-vscode-tests/1.0');
    assert.equal(request.headers['content-type'], undefined);
    assert.equal(request.body, '');
  });

  it('sends hide_disabled=true and include_prices=true when asked, and keeps unknown fields', async () => {
    const all = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76, hideDisabled: true, includePrices: true });
    assert.deepEqual(h.emulator.requests[1].query, { hide_disabled: 'true', include_prices: 'true' });
    assert.ok(list.results.every((flavor) => flavor.disabled !== true));
    assert.ok(list.results.length < all.results.length, 'the emulator seeds disabled flavors that must be hidden');
    assert.ok(list.results.every((flavor) => typeof flavor.price === 'object'));
    assert.ok(all.results.every((flavor) => !('price' in flavor)));
    assert.ok(
      list.results.some((flavor) => 'supported_features' in flavor),
      'unknown fields survive decoding',
    );
  });

  it('updates a container with exactly the given fields and returns the task ids', async () => {
    const changes = { image: 'nginx:1.27', scale: { min: 1, max: 3 } };
    const result = await h.client.containers.update({ projectId: 1, regionId: 76 }, 'web-app', changes);
    assert.ok(result.tasks.length >= 1);
    assert.equal(result.tasks[0], h.emulator.container(1, 76, 'web-app')?.rolloutTaskId);
    const [request] = h.emulator.requests;
    assert.equal(request.method, 'PATCH');
    assert.equal(request.path, '/cloud/v1/caas/1/76/containers/web-app');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(request.body), changes);
    assert.equal(h.emulator.container(1, 76, 'web-app')?.config.image, 'nginx:1.27');
  });

  it('percent-encodes path segments', async () => {
    const error = await rejection(h.client.containers.update({ projectId: 1, regionId: 76 }, 'a b/c?d', { image: 'x' }));
    assert.equal(error.kind, 'notFound');
    assert.equal(h.emulator.requests[0].path, '/cloud/v1/caas/1/76/containers/a%20b%2Fc%3Fd');
    await rejection(h.client.dns.setDnssec('bücher.de', true));
    assert.equal(h.emulator.requests[1].path, '/dns/v2/zones/b%C3%BCcher.de/dnssec');
  });

  it('creates a zone, then refuses the duplicate as a conflict with the API message', async () => {
    const created = await h.client.dns.createZone({ name: 'client-test.example' });
    const held = h.emulator.zone('client-test.example');
    assert.ok(held, 'the emulator holds the zone');
    assert.deepEqual(created, { id: held.id, warnings: [] });
    assert.deepEqual(JSON.parse(h.emulator.requests[0].body), { name: 'client-test.example' });
    const error = await rejection(h.client.dns.createZone({ name: 'client-test.example' }));
    assert.equal(error.kind, 'conflict');
    assert.equal(error.status, 409);
    assert.match(error.message, /already exists/);
  });

  it('toggles DNSSEC with exactly {"enabled": true} / {"enabled": false} and decodes the DS record', async () => {
    await h.client.dns.createZone({ name: 'dnssec-test.example' });
    const on = await h.client.dns.setDnssec('dnssec-test.example', true);
    assert.match(on.ds ?? '', /^dnssec-test\.example\. \d+ IN DS \d+ 13 2 [0-9A-F]+$/);
    const key = h.emulator.zone('dnssec-test.example')?.dnssec;
    assert.ok(key, "the emulator holds the zone's key");
    assert.equal(on.key_tag, key.key_tag);
    const off = await h.client.dns.setDnssec('dnssec-test.example', false);
    assert.deepEqual(off, { ...key, message: 'DNSSEC disabled' });
    assert.equal(h.emulator.requests[1].body, '{"enabled":true}');
    assert.equal(h.emulator.requests[2].body, '{"enabled":false}');
    assert.equal(h.emulator.zone('dnssec-test.example')?.dnssecEnabled, false);
  });

  it('reads the settings before each request, so a new base URL applies at once', async () => {
    h.settings.baseUrl = 'http://example.com';
    const error = await rejection(h.client.gpu.listFlavors({ projectId: 1, regionId: 1 }));
    assert.equal(error.kind, 'badBaseUrl');
    h.settings.baseUrl = `${h.emulator.url}/`;
    await h.client.gpu.listFlavors({ projectId: 1, regionId: 1 });
    assert.equal(h.emulator.requests.length, 1);
    assert.equal(h.emulator.requests[0].path, '/cloud/v3/gpu/virtual/1/1/flavors');
  });

  it('refuses to send anything when no key is set', async () => {
    const client = new GcoreClient({
      settings: () => h.settings,
      apiKey: async () => undefined,
      userAgent: 'test',
    });
    const error = await rejection(client.gpu.listFlavors({ projectId: 1, regionId: 1 }));
    assert.equal(error.kind, 'unauthorized');
    assert.equal(h.emulator.requests.length, 0);
    client.dispose();
  });

  it('reports every attempt to the request log without the key', async () => {
    const startedAt = performance.now();
    await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    h.emulator.inject({ path: '/dns/v2/zones', status: 500, body: { error: 'boom' } });
    await rejection(h.client.dns.createZone({ name: 'log-test.example' }));
    assert.deepEqual(
      h.events.map((event) => [event.method, event.path, event.status, event.outcome]),
      [
        ['GET', '/cloud/v3/gpu/virtual/1/76/flavors', 200, 'ok'],
        ['POST', '/dns/v2/zones', 500, 'server'],
      ],
    );
    const elapsedMs = Math.ceil(performance.now() - startedAt);
    assert.ok(h.events.every((event) => event.durationMs >= 0 && event.durationMs <= elapsedMs && event.requestId));
    assert.ok(!JSON.stringify(h.events).includes(TEST_KEY));
  });
});

describe('GcoreClient paging of GPU flavors', () => {
  let h: Harness | undefined;
  afterEach(() => stopHarness(h));

  it('fetches every page when a location has more flavors than one page holds', async () => {
    h = await startHarness(undefined, { flavorsPerLocation: 2_345 });
    const { emulator } = h;
    const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76, includePrices: true });
    assert.equal(list.results.length, 2_345);
    assert.equal(list.count, 2_345);
    assert.equal(new Set(list.results.map((flavor) => flavor.name)).size, 2_345, 'no page is fetched twice');
    assert.deepEqual(
      emulator.requests.map((request) => request.query),
      [
        { include_prices: 'true' },
        { include_prices: 'true', limit: '1000', offset: '1000' },
        { include_prices: 'true', limit: '1000', offset: '2000' },
      ],
    );
  });

  it('stops when a page comes back empty even if count promised more', async () => {
    h = await startHarness();
    h.emulator.inject({
      path: '/cloud/v3/gpu/virtual/1/76/flavors',
      status: 200,
      body: { count: 5, results: [{ name: 'a' }, { name: 'b' }] },
    });
    h.emulator.inject({ path: '/cloud/v3/gpu/virtual/1/76/flavors', status: 200, body: { count: 5, results: [] } });
    const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76 });
    assert.deepEqual(
      list.results.map((flavor) => flavor.name),
      ['a', 'b'],
    );
    assert.equal(h.emulator.requests.length, 2);
  });
});
