import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest } from './raw-http';

const FLAVORS = '/cloud/v3/gpu/virtual/1/1/flavors';

describe('emulator server', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('listens on loopback at an ephemeral port', () => {
    assert.ok(emulator.port > 0);
    assert.equal(emulator.url, `http://127.0.0.1:${emulator.port}`);
  });

  it('records every request as received', async () => {
    await rawRequest(emulator, 'PATCH', '/dns/v2/zones/b%C3%BCcher.de/dnssec?x=1&x=2', {
      body: '{"enabled": true}',
      headers: { 'X-Trace': 'abc' },
    });
    await rawRequest(emulator, 'GET', FLAVORS);
    assert.equal(emulator.requests.length, 2);
    const [patch, get] = emulator.requests;
    assert.equal(patch.method, 'PATCH');
    assert.equal(patch.url, '/dns/v2/zones/b%C3%BCcher.de/dnssec?x=1&x=2');
    assert.equal(patch.path, '/dns/v2/zones/b%C3%BCcher.de/dnssec');
    assert.deepEqual(patch.query, { x: '1' });
    assert.equal(patch.headers.authorization, `apikey ${API_KEY}`);
    assert.equal(patch.headers['x-trace'], 'abc');
    assert.equal(patch.body, '{"enabled": true}');
    assert.deepEqual(patch.json, { enabled: true });
    assert.equal(patch.status, 404);
    assert.equal(get.body, '');
    assert.equal('json' in get, false);
    assert.equal(get.status, 200);
  });

  it('reuses one connection with a keep-alive agent and opens one per request without', async () => {
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const closing = new http.Agent({ keepAlive: false });
    try {
      let before = emulator.connectionCount;
      for (let i = 0; i < 3; i++) await rawRequest(emulator, 'GET', FLAVORS, { agent: keepAlive });
      assert.equal(emulator.connectionCount - before, 1);
      before = emulator.connectionCount;
      for (let i = 0; i < 3; i++) await rawRequest(emulator, 'GET', FLAVORS, { agent: closing });
      assert.equal(emulator.connectionCount - before, 3);
    } finally {
      keepAlive.destroy();
      closing.destroy();
    }
  });

  it('adds the configured latency and changes it with setLatency', async () => {
    const slow = await start({ apiKey: API_KEY, latencyMs: 120 });
    try {
      const timed = async () => {
        const startedAt = Date.now();
        assert.equal((await rawRequest(slow, 'GET', FLAVORS)).status, 200);
        return Date.now() - startedAt;
      };
      assert.ok((await timed()) >= 110);
      slow.setLatency(0);
      assert.ok((await timed()) < 100);
    } finally {
      await slow.close();
    }
  });

  it('applies a change even when its response is still delayed', async () => {
    emulator.setLatency(200);
    try {
      const pending = rawRequest(emulator, 'POST', '/dns/v2/zones', { body: { name: 'late.com' } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok(emulator.zone('late.com'));
      assert.equal((await pending).status, 200);
    } finally {
      emulator.setLatency(0);
    }
  });

  it('reset clears requests and faults and restores seeded containers', async () => {
    const requests = emulator.requests;
    emulator.inject({ path: FLAVORS, status: 500 });
    await rawRequest(emulator, 'PATCH', '/cloud/v1/caas/1/1/containers/web-app', { body: { timeout: 1 } });
    emulator.reset();
    assert.equal(requests.length, 0);
    assert.equal(emulator.container(1, 1, 'web-app')?.config.timeout, 60);
    assert.equal(emulator.container(1, 1, 'web-app')?.updates, 0);
    assert.equal((await rawRequest(emulator, 'GET', FLAVORS)).status, 200);
  });

  it('close() returns promptly with an idle keep-alive socket and with a response pending', async () => {
    const closable = await start({ apiKey: API_KEY });
    const agent = new http.Agent({ keepAlive: true });
    try {
      await rawRequest(closable, 'GET', FLAVORS, { agent });
      const socketClosed = new Promise<void>((resolve) => {
        const [socket] = Object.values(agent.freeSockets).flat();
        assert.ok(socket, 'the agent keeps an idle socket');
        socket.once('close', () => resolve());
      });
      closable.setLatency(10_000);
      const pending = rawRequest(closable, 'GET', FLAVORS).catch((error: Error) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const startedAt = Date.now();
      await closable.close();
      assert.ok(Date.now() - startedAt < 1000);
      await socketClosed;
      assert.ok((await pending) instanceof Error);
      await assert.rejects(rawRequest(closable, 'GET', FLAVORS), { code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
    }
  });
});
