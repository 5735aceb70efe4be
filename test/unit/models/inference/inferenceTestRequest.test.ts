import * as assert from 'node:assert/strict';
import { secondsText, TestAnswer } from '../../../../src/models/inference/inferenceTestRequest';

describe('inference test request figures', () => {
  it('times the first token and the whole answer from the moment of sending', () => {
    let now = 1_000;
    const answer = new TestAnswer(() => now);
    now = 1_400;
    answer.add('');
    now = 1_840;
    answer.add('Hel');
    now = 2_100;
    answer.add('lo!');
    now = 3_310;
    assert.deepEqual(answer.end(), { answer: 'Hello!', firstTokenMs: 840, totalMs: 2_310 });
  });

  it('has no first token when no text came', () => {
    let now = 0;
    const answer = new TestAnswer(() => now);
    answer.add('');
    now = 500;
    assert.deepEqual(answer.end(), { answer: '', firstTokenMs: undefined, totalMs: 500 });
  });

  it('says short times to the hundredth, longer ones to the tenth, and long waits in minutes', () => {
    assert.equal(secondsText(840), '0.84 s');
    assert.equal(secondsText(9_994), '9.99 s');
    assert.equal(secondsText(9_996), '10.0 s');
    assert.equal(secondsText(12_345), '12.3 s');
    assert.equal(secondsText(59_960), '1 min');
    assert.equal(secondsText(125_000), '2 min 5 s');
    assert.equal(secondsText(-5), '0.00 s');
  });
});
