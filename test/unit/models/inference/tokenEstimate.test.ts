import * as assert from 'node:assert/strict';
import { estimateTokens } from '../../../../src/models/inference/tokenEstimate';

describe('estimateTokens', () => {
  it('counts about four characters a token, rounded up', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('abc'), 1);
    assert.equal(estimateTokens('a'.repeat(401)), 101);
  });
});
