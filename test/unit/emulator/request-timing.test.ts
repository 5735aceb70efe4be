import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest } from './raw-http';

const FLAVORS = '/cloud/v3/gpu/virtual/1/1/flavors';

function overlaps(a: Emulator['requests'][number], b: Emulator['requests'][number]): boolean {
  return a.receivedAtMs < (b.finishedAtMs ?? Infinity) && b.receivedAtMs < (a.finishedAtMs ?? Infinity);
}

describe('emulator request timing', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY, latencyMs: 40 });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('stamps when each request arrived and when it was answered, the latency apart', async () => {
    await rawRequest(emulator, 'GET', FLAVORS);
    const [record] = emulator.requests;
    assert.ok(record.finishedAtMs !== undefined);
    assert.ok(record.finishedAtMs - record.receivedAtMs >= 35);
  });

  it('shows concurrent requests as overlapping and sequential ones as not', async () => {
    await Promise.all([rawRequest(emulator, 'GET', FLAVORS), rawRequest(emulator, 'GET', FLAVORS)]);
    await rawRequest(emulator, 'GET', FLAVORS);
    const [first, second, third] = emulator.requests;
    assert.equal(overlaps(first, second), true);
    assert.equal(overlaps(second, third), false);
  });

  it('leaves a request without a finish time while it is still in flight', async () => {
    const pending = rawRequest(emulator, 'GET', FLAVORS);
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(emulator.requests[0].finishedAtMs, undefined);
    await pending;
    assert.notEqual(emulator.requests[0].finishedAtMs, undefined);
  });

  it('stamps a dropped request too', async () => {
    emulator.inject({ path: FLAVORS, drop: true });
    await assert.rejects(rawRequest(emulator, 'GET', FLAVORS));
    assert.notEqual(emulator.requests[0].finishedAtMs, undefined);
  });
});
