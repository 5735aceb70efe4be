import * as assert from 'node:assert/strict';
import { describeFailure } from '../../../src/logging/failureMessage';
import { rejection, startHarness, stopHarness, TEST_KEY, type Harness } from './clientHarness';

const LOCATION = { projectId: 7, regionId: 76 };
const CONTAINERS = '/cloud/v1/caas/7/76/containers';

/* A request ID comes from the server, in a header or the body: one that echoes the key must not show it. */
describe('request IDs that echo the key', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  it('keeps the key out of the request ID of a failure, from the X-Request-ID header', async () => {
    h = await startHarness();
    h.emulator.inject({ path: CONTAINERS, status: 400, headers: { 'X-Request-ID': `req-${TEST_KEY}-1` } });
    const error = await rejection(h.client.containers.list(LOCATION));
    assert.equal(error.requestId, 'req-***-1');
    const failure = describeFailure(error, 'List containers');
    assert.doesNotMatch(`${failure.message} ${failure.requestId}`, new RegExp(TEST_KEY.replace(/\$/g, '\\$')));
  });

  it('keeps the key out of a request_id in the body, and out of the request log of an answer that succeeded', async () => {
    h = await startHarness();
    h.emulator.inject({
      path: CONTAINERS,
      status: 404,
      body: { exception_class: 'NotFoundError', message: 'gone', request_id: `id ${TEST_KEY}` },
      headers: { 'X-Request-ID': '' },
    });
    const error = await rejection(h.client.containers.list(LOCATION));
    assert.equal(error.requestId, 'id ***');
    h.emulator.inject({ path: CONTAINERS, status: 200, body: { count: 0, results: [] }, headers: { 'X-Request-ID': TEST_KEY } });
    await h.client.containers.list(LOCATION);
    assert.equal(h.events[h.events.length - 1].requestId, '***');
  });
});
