import * as assert from 'node:assert/strict';
import { validateApiKeyArg } from '../../../src/models/account/apiKeyArgs';
import { validateListGpuFlavorsArgs, validateUpdateContainerArgs, validateZoneNameArg } from '../../../src/models/commandArgs';
import { describeProblems } from '../../../src/validation/problems';
import { validatorRows } from '../validation/expectations';
import type { ExpectedProblem } from '../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

validatorRows('validateUpdateContainerArgs', validateUpdateContainerArgs, {
  valid: [
    {
      input: { projectId: 1, regionId: 2, containerName: ' app1 ', changes: { timeout: 5 } },
      expected: { projectId: 1, regionId: 2, containerName: 'app1', changes: { timeout: 5 } },
    },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: { image: ' nginx ', is_disabled: true } },
      expected: { projectId: 1, regionId: 2, containerName: 'app1', changes: { image: 'nginx', is_disabled: true } },
    },
  ],
  invalid: [
    { input: 'app1', problems: [p('', /object with projectId, regionId, containerName, changes/)] },
    {
      input: {},
      problems: [
        p('projectId', /is required/),
        p('regionId', /is required/),
        p('containerName', /is required/),
        p('changes', /is required/),
      ],
    },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: {} },
      problems: [p('changes', /must change at least one field/)],
    },
    { input: { projectId: 1, regionId: 2, containerName: 'app1', changes: null }, problems: [p('changes', /must be an object/)] },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: { scale: { min: 3, max: 1 }, bogus: 1 } },
      problems: [p('changes.scale.min', /must not be greater than changes\.scale\.max/), p('changes.bogus', /unknown field/)],
    },
    { input: { projectId: 1, regionId: 2, containerName: 'a', changes: { timeout: 1 } }, problems: [p('containerName', /at least 3/)] },
    {
      input: { projectId: '1', regionId: 0, containerName: 'app1', changes: { timeout: 1 } },
      problems: [p('projectId', /whole number/), p('regionId', /at least 1/)],
    },
    {
      input: { projectId: 1, regionId: 2, containerName: 'app1', changes: { timeout: 1 }, dryRun: true },
      problems: [p('dryRun', /unknown field/)],
    },
  ],
});

validatorRows('validateListGpuFlavorsArgs', validateListGpuFlavorsArgs, {
  valid: [
    { input: { projectId: 1, regionId: 2 }, expected: { projectId: 1, regionId: 2 } },
    {
      input: { projectId: 1, regionId: 2, hideDisabled: true, includePrices: false },
      expected: { projectId: 1, regionId: 2, hideDisabled: true, includePrices: false },
    },
  ],
  invalid: [
    { input: undefined, problems: [p('', /object with projectId, regionId$/)] },
    { input: { projectId: 1 }, problems: [p('regionId', /is required/)] },
    { input: { projectId: 1, regionId: 2, hideDisabled: 'true' }, problems: [p('hideDisabled', /true or false/)] },
    { input: { projectId: 1, regionId: 2, includePrices: 1 }, problems: [p('includePrices', /true or false/)] },
    { input: { projectId: 1, regionId: 2, hide_disabled: true }, problems: [p('hide_disabled', /unknown field/)] },
  ],
});

validatorRows('validateZoneNameArg', validateZoneNameArg, {
  valid: [
    { input: 'Example.com.', expected: 'example.com' },
    { input: { zoneName: 'bücher.de' }, expected: 'xn--bcher-kva.de' },
  ],
  invalid: [
    { input: 'x-', problems: [p('zoneName', /at least two labels/), p('zoneName', /end with a hyphen/)] },
    { input: { zoneName: '' }, problems: [p('zoneName', /must not be empty/)] },
    { input: {}, problems: [p('zoneName', /is required/)] },
    { input: { zoneName: 'example.com', extra: 1 }, problems: [p('extra', /unknown field/)] },
    { input: { zoneName: 'x-.com', extra: 1 }, problems: [p('extra', /unknown field/), p('zoneName', /end with a hyphen/)] },
    { input: { zoneName: 5 }, problems: [p('zoneName', /must be a string/)] },
    { input: 5, problems: [p('zoneName', /zone name or an object such as/)] },
    { input: null, problems: [p('zoneName', /zone name or an object such as/)] },
  ],
});

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
