import * as assert from 'node:assert/strict';
import { endsWithNote, mayHaveMoved, saysWaking } from '../../../../src/models/inference/chatAnswerRules';

describe('inference chat answer rules', () => {
  it('says a slow start is a wake from zero for a deployment at zero or of unknown status only', () => {
    assert.equal(saysWaking('PENDING'), true);
    assert.equal(saysWaking(undefined), true);
    for (const status of ['ACTIVE', 'PARTIALLYDEPLOYED', 'DISABLED', 'DEPLOYING']) assert.equal(saysWaking(status), false, status);
  });

  it('ends an answer with a note only for a failure mid-answer after some text', () => {
    assert.equal(endsWithNote({ kind: 'broken', midStream: true }, 12), true);
    assert.equal(endsWithNote({ kind: 'server', midStream: true }, 1), true);
    assert.equal(endsWithNote({ kind: 'broken', midStream: true }, 0), false, 'nothing shown yet: the error is the answer');
    assert.equal(endsWithNote({ kind: 'server' }, 12), false, 'a status before the stream is not mid-answer');
    assert.equal(endsWithNote({ kind: 'cancelled', midStream: true }, 12), false);
  });

  it('asks Gcore where the deployment is now only when nothing answered at its address', () => {
    assert.equal(mayHaveMoved('notFound'), true);
    assert.equal(mayHaveMoved('network'), true);
    for (const kind of ['unauthorized', 'modelNotFound', 'unavailable', 'badAddress', 'server', 'broken', 'cancelled'] as const) {
      assert.equal(mayHaveMoved(kind), false, kind);
    }
  });
});
