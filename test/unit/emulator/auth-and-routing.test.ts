import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, UUID_PATTERN, rawRequest } from './raw-http';

const FLAVORS = '/cloud/v3/gpu/virtual/1/1/flavors';

describe('emulator authentication and routing', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  after(() => emulator.close());

  it('accepts both spellings of the apikey scheme', async () => {
    for (const scheme of ['apikey', 'APIKey', 'ApiKey']) {
      const response = await rawRequest(emulator, 'GET', FLAVORS, { authorization: `${scheme} ${API_KEY}` });
      assert.equal(response.status, 200, scheme);
    }
  });

  it('answers a missing key on a Cloud path with NotAuthenticated and a request id matching the header', async () => {
    const response = await rawRequest(emulator, 'GET', FLAVORS, { authorization: null });
    assert.equal(response.status, 401);
    const body = response.json as Record<string, unknown>;
    assert.equal(body.exception_class, 'NotAuthenticated');
    assert.equal(body.message, 'Authentication credentials were not provided.');
    assert.match(String(body.request_id), UUID_PATTERN);
    assert.equal(response.headers['x-request-id'], body.request_id);
  });

  it('answers a wrong key on a Cloud path with AuthenticationFailed', async () => {
    const response = await rawRequest(emulator, 'GET', FLAVORS, { authorization: 'apikey not-the-key' });
    assert.equal(response.status, 401);
    assert.equal((response.json as Record<string, unknown>).exception_class, 'AuthenticationFailed');
  });

  it('refuses the right key under the Bearer scheme or with extra spacing', async () => {
    for (const authorization of [`Bearer ${API_KEY}`, `apikey  ${API_KEY}`, API_KEY]) {
      const response = await rawRequest(emulator, 'GET', FLAVORS, { authorization });
      assert.equal(response.status, 401, authorization);
    }
  });

  it('answers DNS authentication failures in the DNS error shape', async () => {
    const missing = await rawRequest(emulator, 'POST', '/dns/v2/zones', { authorization: null, body: { name: 'a.com' } });
    const wrong = await rawRequest(emulator, 'POST', '/dns/v2/zones', { authorization: 'apikey nope', body: { name: 'a.com' } });
    for (const response of [missing, wrong]) {
      assert.equal(response.status, 401);
      assert.deepEqual(Object.keys(response.json as object), ['error']);
    }
    assert.equal(emulator.zone('a.com'), undefined);
  });

  it('sends a fresh X-Request-ID on every response, successes included', async () => {
    const first = await rawRequest(emulator, 'GET', FLAVORS);
    const second = await rawRequest(emulator, 'GET', FLAVORS);
    assert.match(String(first.headers['x-request-id']), UUID_PATTERN);
    assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id']);
  });

  it('answers unknown paths with 404 in each area shape', async () => {
    const cloud = await rawRequest(emulator, 'GET', '/cloud/v1/nothing');
    assert.equal(cloud.status, 404);
    assert.equal((cloud.json as Record<string, unknown>).exception_class, 'NotFoundError');
    const dns = await rawRequest(emulator, 'GET', '/dns/v2/zones/example.com/records');
    assert.equal(dns.status, 404);
    assert.equal(typeof (dns.json as Record<string, unknown>).error, 'string');
  });

  it('answers a wrong method on a known path with 405 and an Allow header', async () => {
    const cloud = await rawRequest(emulator, 'DELETE', FLAVORS);
    assert.equal(cloud.status, 405);
    assert.equal(cloud.headers.allow, 'GET');
    assert.equal((cloud.json as Record<string, unknown>).exception_class, 'MethodNotAllowed');
    const dns = await rawRequest(emulator, 'DELETE', '/dns/v2/zones');
    assert.equal(dns.status, 405);
    assert.equal(dns.headers.allow, 'POST, GET');
    assert.equal(typeof (dns.json as Record<string, unknown>).error, 'string');
  });

  it('with coreOnly, serves the four core operations (docs/gcore-api.md#core-operations) and answers every read endpoint as missing', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true, demo: true });
    try {
      const zones = await rawRequest(core, 'GET', '/dns/v2/zones');
      assert.equal(zones.status, 405);
      assert.equal(zones.headers.allow, 'POST');
      for (const path of [
        '/cloud/v1/caas/1/76/containers',
        '/cloud/v1/caas/flavors/1/76',
        '/cloud/v1/projects',
        '/cloud/v1/regions',
        '/iam/clients/me',
        '/dns/v2/zones/example.com',
        '/cloud/v1/tasks/x',
      ]) {
        assert.equal((await rawRequest(core, 'GET', path)).status, 404, path);
      }
      assert.equal((await rawRequest(core, 'GET', '/cloud/v1/caas/1/76/containers/web-app')).status, 405);
      assert.equal((await rawRequest(core, 'GET', FLAVORS)).status, 200);
    } finally {
      await core.close();
    }
  });

  it('refuses bodies that are not declared as JSON', async () => {
    const response = await rawRequest(emulator, 'POST', '/dns/v2/zones', {
      body: '{"name":"plain.com"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    assert.equal(response.status, 415);
    assert.equal(emulator.zone('plain.com'), undefined);
  });
});
