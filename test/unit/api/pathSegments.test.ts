import * as assert from 'node:assert/strict';
import { rejection, startHarness, stopHarness, type Harness } from './clientHarness';

const LOCATION = { projectId: 7, regionId: 76 };

/*
 * Names go into request paths one segment each. Whatever a server's list or a document's URI holds, no
 * name may address another resource than itself, and one that cannot be encoded fails in words.
 */
describe('names in request paths', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  it('refuses ".", ".." and an empty name before any request, instead of reaching the collection or its parent', async () => {
    h = await startHarness();
    for (const name of ['..', '.', '']) {
      const update = await rejection(h.client.containers.update(LOCATION, name, { timeout: 30 }));
      assert.match(update.message, /cannot be sent as a name in a request path: it would address another resource/, JSON.stringify(name));
      const dnssec = await rejection(h.client.dns.setDnssec(name, true));
      assert.match(dnssec.message, /cannot be sent as a name in a request path/);
    }
    assert.deepEqual(h.emulator.requests, []);
  });

  it('says that a name with a lone surrogate cannot be sent, instead of "URI malformed"', async () => {
    h = await startHarness();
    const error = await rejection(h.client.containers.get(LOCATION, 'web\ud800app'));
    assert.doesNotMatch(error.message, /URI malformed/);
    assert.match(error.message, /The name "web\uFFFDapp" holds a character that cannot be sent in a URL/);
    assert.deepEqual(h.emulator.requests, []);
  });

  it('still sends names with dots inside them', async () => {
    h = await startHarness();
    await rejection(h.client.containers.get(LOCATION, 'my.app.v2'));
    assert.equal(h.emulator.requests[0]?.path, '/cloud/v1/caas/7/76/containers/my.app.v2');
  });
});
