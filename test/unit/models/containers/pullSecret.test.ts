import * as assert from 'node:assert/strict';
import {
  pullSecretChanges,
  validateCreatePullSecretArgs,
  validatePullSecretRef,
  validateUpdatePullSecretArgs,
} from '../../../../src/models/containers/pullSecret';
import { describeProblems, type Validated } from '../../../../src/validation/problems';
import { assertProblems, validatorRows, type ExpectedProblem } from '../../validation/expectations';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });
const WHERE = { projectId: 1, regionId: 76 };
const CREATE = { ...WHERE, name: 'ghcr-deploy', registry: 'ghcr.io', login: 'deploy-bot', password: 'ghp_s3cret' };

validatorRows('validatePullSecretRef', validatePullSecretRef, {
  valid: [
    { input: { ...WHERE, name: 'ghcr-deploy' }, expected: { ...WHERE, name: 'ghcr-deploy' } },
    { input: { ...WHERE, name: ' ab ' }, expected: { ...WHERE, name: 'ab' } },
    { input: { ...WHERE, name: `a${'-'.repeat(24)}9` }, expected: { ...WHERE, name: `a${'-'.repeat(24)}9` } },
  ],
  invalid: [
    { input: 'ghcr-deploy', problems: [p('', /object with projectId, regionId, name$/)] },
    { input: {}, problems: [p('projectId', /is required/), p('regionId', /is required/), p('name', /is required/)] },
    { input: { ...WHERE, name: 'a' }, problems: [p('name', /at least 2 characters/)] },
    { input: { ...WHERE, name: `a${'b'.repeat(26)}` }, problems: [p('name', /at most 26 characters/)] },
    ...['Ghcr', '1abc', 'ab-', 'ab_c', 'a.b', 'ab c', '-ab'].map((name) => ({
      input: { ...WHERE, name },
      problems: [p('name', /must start with a lower-case letter, end with a letter or digit/)],
    })),
    { input: { ...WHERE, name: 'ghcr-deploy', registry: 'ghcr.io' }, problems: [p('registry', /unknown field/)] },
    { input: { projectId: 0, regionId: '76', name: 'ab' }, problems: [p('projectId', /at least 1/), p('regionId', /whole number/)] },
  ],
});

validatorRows('validateCreatePullSecretArgs', validateCreatePullSecretArgs, {
  valid: [
    { input: CREATE, expected: CREATE },
    {
      input: { ...CREATE, registry: ' registry.example.com:5000/team ', login: ' bot ', password: '  spaces kept  ' },
      expected: { ...CREATE, registry: 'registry.example.com:5000/team', login: 'bot', password: '  spaces kept  ' },
    },
    { input: { ...CREATE, password: 'x' }, expected: { ...CREATE, password: 'x' } },
    { input: { ...CREATE, password: 'p'.repeat(5000) }, expected: { ...CREATE, password: 'p'.repeat(5000) } },
    { input: { ...CREATE, login: 'l'.repeat(100) }, expected: { ...CREATE, login: 'l'.repeat(100) } },
  ],
  invalid: [
    { input: null, problems: [p('', /object with projectId, regionId, name, registry, login, password$/)] },
    {
      input: WHERE,
      problems: [p('name', /is required/), p('registry', /is required/), p('login', /is required/), p('password', /is required/)],
    },
    { input: { ...CREATE, registry: 'https://ghcr.io' }, problems: [p('registry', /without https:\/\//)] },
    { input: { ...CREATE, registry: 'ghcr .io' }, problems: [p('registry', /registry host/)] },
    { input: { ...CREATE, registry: '' }, problems: [p('registry', /must not be empty/)] },
    { input: { ...CREATE, login: '   ' }, problems: [p('login', /must not be empty/)] },
    { input: { ...CREATE, login: 'l'.repeat(101) }, problems: [p('login', /at most 100 characters/)] },
    { input: { ...CREATE, password: '' }, problems: [p('password', /must not be empty/)] },
    { input: { ...CREATE, password: 'p'.repeat(5001) }, problems: [p('password', /at most 5000 characters/)] },
    { input: { ...CREATE, name: 'Deploy' }, problems: [p('name', /lower-case letter/)] },
    { input: { ...CREATE, token: 'x' }, problems: [p('token', /unknown field/)] },
  ],
});

validatorRows('validateUpdatePullSecretArgs', validateUpdatePullSecretArgs, {
  valid: [
    { input: { ...WHERE, name: 'ghcr-deploy', password: 'new' }, expected: { ...WHERE, name: 'ghcr-deploy', password: 'new' } },
    {
      input: { ...WHERE, name: 'ghcr-deploy', registry: ' docker.io ' },
      expected: { ...WHERE, name: 'ghcr-deploy', registry: 'docker.io' },
    },
    { input: { ...WHERE, name: 'ghcr-deploy', login: 'bot' }, expected: { ...WHERE, name: 'ghcr-deploy', login: 'bot' } },
    { input: CREATE, expected: CREATE },
  ],
  invalid: [
    { input: [], problems: [p('', /object with projectId, regionId, name$/)] },
    { input: { ...WHERE, name: 'ghcr-deploy' }, problems: [p('', /must change at least one of registry, login and password/)] },
    { input: { ...WHERE, name: 'ghcr-deploy', password: '' }, problems: [p('password', /must not be empty/)] },
    { input: { ...WHERE, name: 'ghcr-deploy', registry: 'http://docker.io' }, problems: [p('registry', /without https:\/\//)] },
    { input: { ...WHERE, password: 'x' }, problems: [p('name', /is required/)] },
  ],
});

describe('validateUpdatePullSecretArgs with parts given as undefined', () => {
  it('counts them as absent: there is nothing to change', () => {
    assertProblems(
      validateUpdatePullSecretArgs({ ...WHERE, name: 'ghcr-deploy', registry: undefined, login: undefined, password: undefined }),
      [p('', /at least one of registry, login and password/)],
    );
  });
});

describe('a pull secret password in problems', () => {
  const PASSWORD = 'Tr0ub4dor&3-do-not-echo-';
  const problemText = (result: Validated<unknown>): string => {
    assert.equal(result.ok, false);
    return result.ok ? '' : `${describeProblems(result.problems)} ${JSON.stringify(result.problems)}`;
  };
  const tooLong = PASSWORD.repeat(Math.ceil(5001 / PASSWORD.length));

  it('names only the bound of a password that is too long, never the password', () => {
    for (const validate of [validateCreatePullSecretArgs, validateUpdatePullSecretArgs]) {
      const text = problemText(validate({ ...CREATE, password: tooLong }));
      assert.match(text, /password: must be at most 5000 characters/);
      assert.ok(!text.includes(PASSWORD), text);
      assert.ok(!text.includes('Tr0ub4dor'), text);
    }
  });

  it('names only the type of a password that is not a string, never its value', () => {
    for (const password of [{ value: PASSWORD }, [PASSWORD], 12345678901]) {
      const text = problemText(validateCreatePullSecretArgs({ ...CREATE, password }));
      assert.match(text, /password: must be a string/);
      assert.ok(!text.includes(PASSWORD) && !text.includes('12345678901'), text);
    }
  });

  it('keeps the password out of the problems of the other fields', () => {
    const text = problemText(
      validateCreatePullSecretArgs({ ...CREATE, name: 'X', registry: 'https://x', login: '', password: PASSWORD, extra: 1 }),
    );
    assert.ok(!text.includes(PASSWORD), text);
  });
});

describe('pullSecretChanges', () => {
  it('sends only the parts given, never the location or the name', () => {
    assert.deepStrictEqual(pullSecretChanges({ ...WHERE, name: 'ghcr-deploy', password: 'new' }), { password: 'new' });
    assert.deepStrictEqual(pullSecretChanges({ ...WHERE, name: 'ghcr-deploy', registry: 'docker.io', login: 'bot' }), {
      registry: 'docker.io',
      login: 'bot',
    });
    assert.deepStrictEqual(pullSecretChanges(CREATE), { registry: 'ghcr.io', login: 'deploy-bot', password: 'ghp_s3cret' });
  });

  it('leaves out a part given as undefined', () => {
    const changes = pullSecretChanges({ ...WHERE, name: 'ghcr-deploy', registry: undefined, login: 'bot', password: undefined });
    assert.deepStrictEqual(changes, { login: 'bot' });
    assert.deepEqual(Object.keys(changes), ['login']);
  });

  it('sends what the validator made of the arguments', () => {
    const checked = validateUpdatePullSecretArgs({ ...WHERE, name: 'ghcr-deploy', registry: ' ghcr.io ' });
    assert.ok(checked.ok);
    assert.deepStrictEqual(pullSecretChanges(checked.value), { registry: 'ghcr.io' });
  });
});
