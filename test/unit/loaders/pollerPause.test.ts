import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { pollerPause } from '../../../src/loaders/pollerPause';
import { SYSTEM_CLOCK } from '../../../src/loaders/taskPoller';

describe('pollerPause', () => {
  it('waits its time, then leaves no abort listener behind, round after round', async () => {
    const controller = new AbortController();
    for (let round = 0; round < 20; round++) assert.equal(await pollerPause(SYSTEM_CLOCK, 1, controller.signal), true);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });

  it('ends at once, false, when its signal aborts, and when it had', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pause = pollerPause(SYSTEM_CLOCK, 60_000, controller.signal);
    controller.abort();
    assert.equal(await pause, false);
    assert.ok(Date.now() - started < 1_000);
    assert.equal(await pollerPause(SYSTEM_CLOCK, 60_000, controller.signal), false);
  });

  it('waits without a signal', async () => {
    assert.equal(await pollerPause(SYSTEM_CLOCK, 1, undefined), true);
  });
});
