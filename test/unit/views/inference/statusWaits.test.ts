import * as assert from 'node:assert/strict';
import { STATUS_WAIT_MS, StatusWaits } from '../../../../src/views/inference/statusWaits';

describe('the starts and stops waited for', () => {
  it('waits for a stop until the status is DISABLED, and for a start until it is no longer', () => {
    const waits = new StatusWaits();
    waits.expect({ projectId: 1, name: 'llama' }, 'stop');
    waits.expect({ projectId: 1, name: 'qwen' }, 'start');
    assert.equal(waits.changeOf(1, { name: 'llama', status: 'ACTIVE' }), 'stop');
    assert.equal(waits.changeOf(1, { name: 'qwen', status: 'DISABLED' }), 'start');
    assert.equal(waits.pending(1), true);
    assert.equal(waits.pending(2), false);
    assert.equal(waits.changeOf(1, { name: 'llama', status: 'DISABLED' }), undefined);
    assert.equal(waits.changeOf(1, { name: 'qwen', status: 'PENDING' }), undefined);
    assert.equal(waits.pending(1), false);
  });

  it('gives up after a while, and forgets a deployment its list no longer has', () => {
    let now = 0;
    const waits = new StatusWaits(() => now);
    waits.expect({ projectId: 1, name: 'llama' }, 'start');
    waits.expect({ projectId: 1, name: 'gone' }, 'stop');
    waits.forgetUnlisted(1, new Set(['llama']));
    now = STATUS_WAIT_MS + 1;
    assert.equal(waits.changeOf(1, { name: 'llama', status: 'DISABLED' }), undefined);
    assert.equal(waits.pending(1), false);
  });
});
