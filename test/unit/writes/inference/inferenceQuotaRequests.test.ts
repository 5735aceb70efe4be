import * as assert from 'node:assert/strict';
import { UnknownOutcomeError, type GcoreApiError } from '../../../../src/api/errors';
import type { LimitsRequest } from '../../../../src/api/inference/inferenceTypes';
import type { PollerClock } from '../../../../src/loaders/taskPoller';
import { followInferenceQuotaRequest, sendInferenceQuotaRequest } from '../../../../src/writes/inference/inferenceQuotaRequests';
import { rejection, startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

/* A request for more inference quota: sent once, then read by its id until Gcore answers it, on a fake clock. */

const REQUESTS = '/cloud/v2/limits_request';
const ASK = { limits: { inference_gpu_h100_count_limit: 2 }, description: 'Two H100 pods for Qwen' };
const BODY = { description: ASK.description, requested_limits: { global_limits: ASK.limits } };

/** A clock whose waits pass at once, each moving its time on by the wait and recorded. */
function fakeClock(): PollerClock & { waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    setTimeout: (run, ms) => {
      waits.push(ms);
      now += ms;
      return setImmediate(run);
    },
    clearTimeout: (handle) => clearImmediate(handle as NodeJS.Immediate),
  };
}

describe('a request for more inference quota', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  const deps = () => ({ client: h.client, log: recordedLog() });
  const posts = () => h.emulator.requests.filter((request) => request.method === 'POST');
  const reading = (status: number, body?: LimitsRequest, times = 1) =>
    h.emulator.inject({ method: 'GET', path: `${REQUESTS}/12`, status, body, times });

  it('is sent once with the limits wanted and the words given, answered as Gcore answered it', async () => {
    h.emulator.inject({ method: 'POST', path: REQUESTS, status: 201, body: { id: 12, status: 'in progress', ...BODY } });
    const request = await sendInferenceQuotaRequest(deps(), ASK);
    assert.equal(request.id, 12);
    assert.deepEqual(
      posts().map((recorded) => recorded.json),
      [BODY],
    );
  });

  it('answered without a body, is the newest of the list that asks for the same', async () => {
    h.emulator.inject({ method: 'POST', path: REQUESTS, status: 204 });
    h.emulator.inject({
      method: 'GET',
      path: REQUESTS,
      status: 200,
      body: {
        count: 4,
        results: [
          { id: 9, status: 'done', ...BODY },
          { id: 13, status: 'in progress', description: 'other words', requested_limits: BODY.requested_limits },
          { id: 12, status: 'in progress', ...BODY },
          {
            id: 11,
            status: 'in progress',
            description: ASK.description,
            requested_limits: { global_limits: { inference_gpu_h100_count_limit: 1 } },
          },
        ],
      },
    });
    assert.equal((await sendInferenceQuotaRequest(deps(), ASK)).id, 12);
    assert.equal(posts().length, 1);
  });

  it('answered without a body and missing from the list, says the outcome is unknown and is not sent again', async () => {
    h.emulator.inject({ method: 'POST', path: REQUESTS, status: 204 });
    h.emulator.inject({ method: 'GET', path: REQUESTS, status: 200, body: { count: 0, results: [] } });
    const error = await rejection(sendInferenceQuotaRequest(deps(), ASK));
    assert.ok(error instanceof UnknownOutcomeError, String(error));
    assert.match(error.message, /Look in the Gcore portal before asking again/);
    assert.equal(posts().length, 1);
  });

  it('is not sent again after a 5xx', async () => {
    h.emulator.inject({ method: 'POST', path: REQUESTS, status: 503, times: 3 });
    await rejection(sendInferenceQuotaRequest(deps(), ASK));
    assert.equal(posts().length, 1);
  });

  it('is followed by its id until Gcore answers it, through a round whose reads all failed', async () => {
    reading(200, { id: 12, status: 'in progress' });
    // One round's read and the pipeline's two retries of it.
    reading(500, undefined, 3);
    reading(200, { id: 12, status: 'in progress' });
    reading(200, { id: 12, status: 'done' });
    const clock = fakeClock();
    const seen: unknown[] = [];
    const request = await followInferenceQuotaRequest(deps(), 12, {
      clock,
      intervalMs: 20_000,
      onStatus: (read) => seen.push(read.status),
    });
    assert.equal(request.status, 'done');
    assert.deepEqual(seen, ['in progress', 'in progress', 'done']);
    assert.deepEqual(clock.waits, [20_000, 20_000, 20_000]);
    assert.ok(h.emulator.requests.every((recorded) => recorded.method === 'GET' && recorded.path === `${REQUESTS}/12`));
  });

  it('ends with a rejection as Gcore answers it', async () => {
    reading(200, { id: 12, status: 'rejected' });
    assert.equal((await followInferenceQuotaRequest(deps(), 12, { clock: fakeClock() })).status, 'rejected');
  });

  it('gives up after three rounds in a row whose reads failed, with the last failure', async () => {
    reading(429, undefined, 9);
    const error = await rejection(followInferenceQuotaRequest(deps(), 12, { clock: fakeClock() }));
    assert.equal((error as unknown as GcoreApiError).kind, 'rateLimited');
    assert.equal(h.emulator.requests.length, 9);
  });

  it('ends at once on a request Gcore does not know', async () => {
    reading(404);
    const error = await rejection(followInferenceQuotaRequest(deps(), 12, { clock: fakeClock() }));
    assert.equal((error as unknown as GcoreApiError).kind, 'notFound');
    assert.equal(h.emulator.requests.length, 1);
  });

  it('returns the request still in progress once the time given has passed', async () => {
    reading(200, { id: 12, status: 'in progress' }, 5);
    const clock = fakeClock();
    const request = await followInferenceQuotaRequest(deps(), 12, { clock, intervalMs: 30_000, timeoutMs: 90_000 });
    assert.equal(request.status, 'in progress');
    assert.deepEqual(clock.waits, [30_000, 30_000, 30_000]);
    assert.equal(h.emulator.requests.length, 4);
  });

  it('stops waiting when its signal is aborted', async () => {
    reading(200, { id: 12, status: 'in progress' });
    const controller = new AbortController();
    const clock: PollerClock = { now: () => 0, setTimeout: () => undefined, clearTimeout: () => undefined };
    const following = followInferenceQuotaRequest(deps(), 12, { clock, signal: controller.signal, onStatus: () => controller.abort() });
    const error = await rejection(following);
    assert.equal((error as unknown as GcoreApiError).kind, 'cancelled');
    assert.equal(h.emulator.requests.length, 1);
  });
});
