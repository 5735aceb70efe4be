import * as assert from 'node:assert/strict';
import { validateApiKeyArg } from '../../../../src/models/account/apiKeyArgs';
import { describeProblems } from '../../../../src/validation/problems';
import { validatorRows } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

validatorRows('validateApiKeyArg', validateApiKeyArg, {
  valid: [
    { input: { apiKey: 'abc$def' }, expected: 'abc$def' },
    { input: { apiKey: '  12345$abcdef\n' }, expected: '12345$abcdef' },
  ],
  invalid: [
    { input: 'abc', problems: [p('', /object with apiKey/)] },
    { input: {}, problems: [p('apiKey', /is required/)] },
    { input: { apiKey: '' }, problems: [p('apiKey', /must not be empty/)] },
    { input: { apiKey: '   ' }, problems: [p('apiKey', /must not be empty/)] },
    { input: { apiKey: 5 }, problems: [p('apiKey', /must be a string/)] },
    { input: { apiKey: 'two words' }, problems: [p('apiKey', /contains a space at position 4/)] },
    { input: { apiKey: 'clé' }, problems: [p('apiKey', /non-ASCII character U\+00E9 at position 3/)] },
    { input: { apiKey: 'abc\u200bdef' }, problems: [p('apiKey', /invisible character \(U\+200B\) at position 4/)] },
    { input: { apiKey: 'abc', token: 'x' }, problems: [p('token', /unknown field/)] },
  ],
});

describe('validateApiKeyArg messages', () => {
  it('never repeat the key', () => {
    const result = validateApiKeyArg({ apiKey: 'sekrit value with spaces' });
    assert.equal(result.ok, false);
    assert.ok(!result.ok && !describeProblems(result.problems).includes('sekrit'));
  });
});
