import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest } from './raw-http';

const FLAVORS = '/cloud/v3/gpu/virtual/1/1/flavors';

describe('emulator fault injection', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('answers an injected status, body and headers before checking the key, and records it', async () => {
    emulator.inject({ path: FLAVORS, status: 429, body: { message: 'slow down' }, headers: { 'Retry-After': '1' } });
    const response = await rawRequest(emulator, 'GET', FLAVORS);
    assert.equal(response.status, 429);
    assert.deepEqual(response.json, { message: 'slow down' });
    assert.equal(response.headers['retry-after'], '1');
    assert.equal(emulator.requests.at(-1)?.status, 429);
    assert.equal((await rawRequest(emulator, 'GET', FLAVORS)).status, 200);
  });

  it('injects 401 even when the key is valid', async () => {
    emulator.inject({ path: FLAVORS, status: 401 });
    const response = await rawRequest(emulator, 'GET', FLAVORS);
    assert.equal(response.status, 401);
    assert.equal((response.json as Record<string, unknown>).exception_class, 'NotAuthenticated');
  });

  it('fills in an error body in the shape of the path area when none is given', async () => {
    emulator.inject({ path: FLAVORS, status: 503 });
    emulator.inject({ path: '/dns/v2/zones', status: 500 });
    const cloud = await rawRequest(emulator, 'GET', FLAVORS);
    const body = cloud.json as Record<string, unknown>;
    assert.equal(body.exception_class, 'ServiceUnavailable');
    assert.equal(body.request_id, cloud.headers['x-request-id']);
    const dns = await rawRequest(emulator, 'POST', '/dns/v2/zones', { body: { name: 'f.com' } });
    assert.equal(dns.status, 500);
    assert.deepEqual(Object.keys(dns.json as object), ['error']);
    assert.equal(emulator.zone('f.com'), undefined);
  });

  it('sends a string body as given', async () => {
    emulator.inject({ path: FLAVORS, status: 502, body: '<html>Bad Gateway</html>', headers: { 'Content-Type': 'text/html' } });
    const response = await rawRequest(emulator, 'GET', FLAVORS);
    assert.equal(response.text, '<html>Bad Gateway</html>');
    assert.equal(response.headers['content-type'], 'text/html');
  });

  it('applies a fault the given number of times, then answers normally', async () => {
    emulator.inject({ path: FLAVORS, status: 500, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await rawRequest(emulator, 'GET', FLAVORS)).status);
    assert.deepEqual(statuses, [500, 500, 200]);
  });

  it('matches the method, and string paths against the decoded path', async () => {
    emulator.inject({ method: 'PATCH', path: '/dns/v2/zones/bücher.de/dnssec', status: 503 });
    assert.equal((await rawRequest(emulator, 'DELETE', '/dns/v2/zones/b%C3%BCcher.de/dnssec')).status, 405);
    const patched = await rawRequest(emulator, 'PATCH', '/dns/v2/zones/b%C3%BCcher.de/dnssec', { body: { enabled: true } });
    assert.equal(patched.status, 503);
  });

  it('tests RegExp paths on the decoded path, and the first matching fault wins', async () => {
    emulator.inject({ path: /\/containers\/web app$/g, status: 418 });
    emulator.inject({ path: /containers/, status: 409 });
    const path = '/cloud/v1/caas/1/1/containers/web%20app';
    assert.equal((await rawRequest(emulator, 'PATCH', path, { body: {} })).status, 418);
    assert.equal((await rawRequest(emulator, 'PATCH', path, { body: {} })).status, 409);
  });

  it('sends the head and half the body at once, and the rest after bodyDelayMs', async () => {
    emulator.inject({ path: FLAVORS, bodyDelayMs: 300 });
    const started = Date.now();
    const response = await rawRequest(emulator, 'GET', FLAVORS);
    assert.ok(Date.now() - started >= 290, 'the body must arrive late');
    assert.equal(response.status, 200);
    assert.ok(Array.isArray((response.json as { results?: unknown }).results), 'the whole body still arrives');
  });

  it('drops the connection without a response and records status 0', async () => {
    emulator.inject({ path: FLAVORS, drop: true });
    await assert.rejects(rawRequest(emulator, 'GET', FLAVORS), (error: NodeJS.ErrnoException) => {
      return error.code === 'ECONNRESET';
    });
    assert.equal(emulator.requests.at(-1)?.status, 0);
  });

  it('answers a malformed JSON body with status 200', async () => {
    emulator.inject({ path: FLAVORS, malformed: true });
    const response = await rawRequest(emulator, 'GET', FLAVORS);
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.ok(response.text.length > 0);
    assert.throws(() => JSON.parse(response.text));
  });

  it('carries a request out before a fault marked afterApplying answers or drops it, and not otherwise', async () => {
    emulator.inject({ method: 'POST', path: '/dns/v2/zones', status: 502 });
    assert.equal((await rawRequest(emulator, 'POST', '/dns/v2/zones', { body: { name: 'untouched.com' } })).status, 502);
    assert.equal(emulator.zone('untouched.com'), undefined);

    emulator.inject({ method: 'POST', path: '/dns/v2/zones', status: 504, afterApplying: true });
    const gateway = await rawRequest(emulator, 'POST', '/dns/v2/zones', { body: { name: 'made.com' } });
    assert.equal(gateway.status, 504);
    assert.equal((gateway.json as Record<string, unknown>).error, 'Gateway Timeout');
    assert.ok(emulator.zone('made.com'));

    emulator.inject({ method: 'POST', path: '/dns/v2/zones', malformed: true, afterApplying: true });
    const unreadable = await rawRequest(emulator, 'POST', '/dns/v2/zones', { body: { name: 'read-not.com' } });
    assert.equal(unreadable.status, 200);
    assert.throws(() => JSON.parse(unreadable.text));
    assert.ok(emulator.zone('read-not.com'));

    emulator.inject({ method: 'POST', path: '/dns/v2/zones', drop: true, afterApplying: true });
    await assert.rejects(rawRequest(emulator, 'POST', '/dns/v2/zones', { body: { name: 'dropped.com' } }));
    assert.ok(emulator.zone('dropped.com'));
  });

  it('delays a response and then answers normally', async () => {
    emulator.inject({ path: FLAVORS, delayMs: 150 });
    const startedAt = Date.now();
    const response = await rawRequest(emulator, 'GET', FLAVORS);
    assert.ok(Date.now() - startedAt >= 140);
    assert.equal(response.status, 200);
  });

  it('forgets faults on clearFaults', async () => {
    emulator.inject({ path: FLAVORS, status: 500, times: 5 });
    emulator.clearFaults();
    assert.equal((await rawRequest(emulator, 'GET', FLAVORS)).status, 200);
  });

  it('refuses a fault with a non-positive times', () => {
    assert.throws(() => emulator.inject({ path: FLAVORS, status: 500, times: 0 }), RangeError);
  });
});
