import * as assert from 'node:assert/strict';
import { CONTAINER_UPDATE_FIELDS, validateContainerName, validateContainerUpdate } from '../../../../src/models/containers/containerUpdate';
import type { ContainerUpdate } from '../../../../src/models/containers/containerUpdate';
import { splitDisabledChange } from '../../../../src/api/containers/containersClient';
import { assertProblems, assertValid, label } from '../../validation/expectations';
import type { ExpectedProblem } from '../../validation/expectations';
import { CONTAINER_UPDATE_FIELD_NAMES } from '../../../support/containerFields';

const a = (n: number) => 'a'.repeat(n);

interface ValidRow {
  input: object;
  expected?: ContainerUpdate;
}

interface InvalidRow {
  name?: string;
  input: unknown;
  problems: ExpectedProblem[];
}

const fullUpdate: ContainerUpdate = {
  commands: 'npm start',
  description: 'api',
  envs: { MY_VAR: 'x' },
  flavor: '250mCPU-512MiB',
  image: 'nginx:1.27',
  is_api_key_auth: false,
  is_disabled: false,
  listening_port: 8080,
  logging: { destination_region_id: 76, enabled: true, retention_policy: { period: 30 }, topic_name: 'my.logs' },
  pull_secret: 'registry-secret',
  scale: {
    min: 0,
    max: 3,
    cooldown_period: 60,
    triggers: { cpu: { threshold: 80 }, memory: { threshold: 75 }, http: { rate: 100, window: 60 } },
  },
  timeout: 60,
};

const validRows: ValidRow[] = [
  { input: fullUpdate },
  { input: { commands: 'npm start' } },
  { input: { commands: '  keep  spaces ' } },
  { input: { commands: null } },
  { input: { description: '' } },
  { input: { description: a(255) } },
  { input: { description: '😀'.repeat(255) } },
  { input: { description: null } },
  { input: { envs: { MY_VAR: 'x', _A1: '', b: a(255) } } },
  { input: { envs: { PADDED: '  value with spaces  ' } } },
  { input: { envs: {} } },
  { input: { envs: null } },
  { input: { flavor: '80mCPU-128MiB' } },
  { input: { flavor: '250mCPU-512MB' } },
  { input: { flavor: '123456789012mCPU-123456789012MiB' } },
  { input: { flavor: ' 250mCPU-512MiB ' }, expected: { flavor: '250mCPU-512MiB' } },
  { input: { flavor: null } },
  { input: { image: 'ghcr.io/org/app:1.0' } },
  { input: { image: ' nginx ' }, expected: { image: 'nginx' } },
  { input: { image: a(230) } },
  { input: { image: null } },
  { input: { is_api_key_auth: true } },
  { input: { is_api_key_auth: null } },
  { input: { is_disabled: true } },
  { input: { is_disabled: null } },
  { input: { listening_port: 1 } },
  { input: { listening_port: 65535 } },
  { input: { listening_port: null } },
  { input: { logging: {} } },
  { input: { logging: null } },
  { input: { logging: { enabled: false } } },
  { input: { logging: { enabled: null, destination_region_id: null, retention_policy: null, topic_name: null } } },
  { input: { logging: { destination_region_id: 1 } } },
  { input: { logging: { retention_policy: { period: 1 } } } },
  { input: { logging: { retention_policy: { period: 1825 } } } },
  { input: { logging: { topic_name: 'a' } } },
  { input: { logging: { topic_name: 'my-topic.logs-1.x' } } },
  { input: { logging: { topic_name: a(223) } } },
  { input: { logging: { topic_name: ' logs ' } }, expected: { logging: { topic_name: 'logs' } } },
  { input: { pull_secret: a(400) } },
  { input: { pull_secret: ' secret ' }, expected: { pull_secret: 'secret' } },
  { input: { pull_secret: null } },
  { input: { scale: { min: 0, max: 1 } } },
  { input: { scale: { min: 25, max: 25 } } },
  { input: { scale: { min: 3, max: 3 } } },
  { input: { scale: null } },
  // autoscaling: the cooldown and each trigger on their bounds, null for none
  { input: { scale: { min: 1, max: 2, cooldown_period: 1 } } },
  { input: { scale: { min: 1, max: 2, cooldown_period: 3600 } } },
  { input: { scale: { min: 1, max: 2, cooldown_period: null, triggers: null } } },
  { input: { scale: { min: 1, max: 2, triggers: {} } } },
  { input: { scale: { min: 1, max: 2, triggers: { cpu: null, memory: null, http: null } } } },
  { input: { scale: { min: 1, max: 2, triggers: { cpu: { threshold: 1 }, memory: { threshold: 99 } } } } },
  { input: { scale: { min: 0, max: 2, triggers: { http: { rate: 1, window: 1 } } } } },
  { input: { scale: { min: 0, max: 2, triggers: { http: { rate: 1000, window: 3600 } } } } },
  { input: { timeout: 0 } },
  { input: { timeout: 180 } },
  { input: { timeout: null } },
  { input: { image: undefined, timeout: 5 }, expected: { timeout: 5 } },
];

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });

const invalidRows: InvalidRow[] = [
  // the input as a whole
  { input: null, problems: [p('', /must be an object/)] },
  { input: undefined, problems: [p('', /must be an object/)] },
  { input: 'image', problems: [p('', /must be an object/)] },
  { input: [{ image: 'x' }], problems: [p('', /must be an object/)] },
  { name: 'a Date', input: new Date(0), problems: [p('', /must be an object/)] },
  { input: {}, problems: [p('', /at least one field/)] },
  { input: { image: undefined }, problems: [p('', /at least one field/)] },
  // unknown fields, alone and among valid ones
  { input: { name: 'x' }, problems: [p('name', /^unknown field$/)] },
  { input: { timeout: 5, isDisabled: true }, problems: [p('isDisabled', /^unknown field$/)] },
  // all problems are collected, in input order
  {
    input: { timeout: 200, listening_port: 0, image: '', nope: 1 },
    problems: [
      p('timeout', /between 0 and 180/),
      p('listening_port', /between 1 and 65535/),
      p('image', /must not be empty/),
      p('nope', /unknown field/),
    ],
  },
  // strings
  { input: { commands: 5 }, problems: [p('commands', /must be a string or null/)] },
  { input: { description: a(256) }, problems: [p('description', /at most 255 characters/)] },
  { input: { description: ['x'] }, problems: [p('description', /must be a string/)] },
  { input: { image: a(231) }, problems: [p('image', /at most 230 characters/)] },
  { input: { image: '   ' }, problems: [p('image', /must not be empty/)] },
  { input: { image: 1 }, problems: [p('image', /must be a string or null/)] },
  { input: { pull_secret: a(401) }, problems: [p('pull_secret', /at most 400 characters/)] },
  { input: { pull_secret: '' }, problems: [p('pull_secret', /must not be empty/)] },
  // flavor pattern
  { input: { flavor: '250m-512MiB' }, problems: [p('flavor', /250mCPU-512MiB/)] },
  { input: { flavor: 'mCPU-MiB' }, problems: [p('flavor', /250mCPU-512MiB/)] },
  { input: { flavor: '250mcpu-512MiB' }, problems: [p('flavor', /250mCPU-512MiB/)] },
  { input: { flavor: '250mCPU-512GiB' }, problems: [p('flavor', /250mCPU-512MiB/)] },
  { input: { flavor: '250mCPU-512MiB-x' }, problems: [p('flavor', /250mCPU-512MiB/)] },
  { input: { flavor: '1234567890123mCPU-1MiB' }, problems: [p('flavor', /250mCPU-512MiB/)] },
  { input: { flavor: 250 }, problems: [p('flavor', /must be a string/)] },
  // booleans
  { input: { is_api_key_auth: 'true' }, problems: [p('is_api_key_auth', /true, false or null/)] },
  { input: { is_disabled: 1 }, problems: [p('is_disabled', /true, false or null/)] },
  // integers: bounds, fractions, strings and non-finite numbers
  { input: { listening_port: 0 }, problems: [p('listening_port', /between 1 and 65535/)] },
  { input: { listening_port: 65536 }, problems: [p('listening_port', /between 1 and 65535/)] },
  { input: { listening_port: 80.5 }, problems: [p('listening_port', /whole number/)] },
  { input: { listening_port: '80' }, problems: [p('listening_port', /whole number/)] },
  { input: { timeout: -1 }, problems: [p('timeout', /between 0 and 180/)] },
  { input: { timeout: 181 }, problems: [p('timeout', /between 0 and 180/)] },
  { input: { timeout: 1.5 }, problems: [p('timeout', /whole number/)] },
  { input: { timeout: '5' }, problems: [p('timeout', /whole number/)] },
  { input: { timeout: NaN }, problems: [p('timeout', /whole number/)] },
  { input: { timeout: Infinity }, problems: [p('timeout', /whole number/)] },
  { input: { timeout: true }, problems: [p('timeout', /whole number or null/)] },
  // envs keys and values
  { input: { envs: { '1A': 'x' } }, problems: [p('envs', /name '1A' must start with a letter or underscore/)] },
  { input: { envs: { 'MY-VAR': 'x' } }, problems: [p('envs', /name 'MY-VAR'/)] },
  { input: { envs: { '': 'x' } }, problems: [p('envs', /name ''/)] },
  { input: { envs: { 'MY VAR': 'x' } }, problems: [p('envs', /name 'MY VAR'/)] },
  { input: { envs: { MY_VAR: a(256) } }, problems: [p('envs.MY_VAR', /at most 255 characters/)] },
  { input: { envs: { PORT: 5 } }, problems: [p('envs.PORT', /must be a string/)] },
  { input: { envs: { X: null } }, problems: [p('envs.X', /must be a string/)] },
  { input: { envs: { A: 1, B: 'ok', C: true } }, problems: [p('envs.A', /must be a string/), p('envs.C', /must be a string/)] },
  { input: { envs: ['A=1'] }, problems: [p('envs', /must be an object/)] },
  { input: { envs: 'A=1' }, problems: [p('envs', /must be an object/)] },
  // scale
  { input: { scale: { min: -1, max: 1 } }, problems: [p('scale.min', /between 0 and 25/)] },
  { input: { scale: { min: 26, max: 25 } }, problems: [p('scale.min', /between 0 and 25/)] },
  { input: { scale: { min: 0, max: 0 } }, problems: [p('scale.max', /between 1 and 25/)] },
  { input: { scale: { min: 1, max: 26 } }, problems: [p('scale.max', /between 1 and 25/)] },
  { input: { scale: { min: 5, max: 4 } }, problems: [p('scale.min', /must not be greater than scale\.max/)] },
  { input: { scale: { min: 1 } }, problems: [p('scale.max', /is required/)] },
  { input: { scale: {} }, problems: [p('scale.min', /is required/), p('scale.max', /is required/)] },
  { input: { scale: { min: 1, max: 2, step: 1 } }, problems: [p('scale.step', /unknown field/)] },
  { input: { scale: { min: '1', max: 2 } }, problems: [p('scale.min', /whole number/)] },
  { input: { scale: { min: 1.5, max: 2 } }, problems: [p('scale.min', /whole number/)] },
  { input: { scale: { min: null, max: 2 } }, problems: [p('scale.min', /whole number/)] },
  { input: { scale: [1, 2] }, problems: [p('scale', /must be an object or null/)] },
  { input: { scale: 3 }, problems: [p('scale', /must be an object or null/)] },
  // autoscaling: bounds, types, a trigger's parts, unknown sub-fields
  { input: { scale: { min: 1, max: 2, cooldown_period: 0 } }, problems: [p('scale.cooldown_period', /^must be between 1 and 3600$/)] },
  { input: { scale: { min: 1, max: 2, cooldown_period: 3601 } }, problems: [p('scale.cooldown_period', /^must be between 1 and 3600$/)] },
  {
    input: { scale: { min: 1, max: 2, cooldown_period: '60' } },
    problems: [p('scale.cooldown_period', /^must be a whole number or null$/)],
  },
  { input: { scale: { min: 1, max: 2, triggers: [] } }, problems: [p('scale.triggers', /^must be an object or null$/)] },
  {
    input: { scale: { min: 1, max: 2, triggers: { cpu: { threshold: 0 } } } },
    problems: [p('scale.triggers.cpu.threshold', /^must be between 1 and 99$/)],
  },
  {
    input: { scale: { min: 1, max: 2, triggers: { cpu: { threshold: 100 } } } },
    problems: [p('scale.triggers.cpu.threshold', /^must be between 1 and 99$/)],
  },
  {
    input: { scale: { min: 1, max: 2, triggers: { memory: { threshold: 100 } } } },
    problems: [p('scale.triggers.memory.threshold', /^must be between 1 and 99$/)],
  },
  {
    input: { scale: { min: 1, max: 2, triggers: { memory: { threshold: 50.5 } } } },
    problems: [p('scale.triggers.memory.threshold', /^must be a whole number$/)],
  },
  { input: { scale: { min: 1, max: 2, triggers: { cpu: {} } } }, problems: [p('scale.triggers.cpu.threshold', /^is required$/)] },
  {
    input: { scale: { min: 1, max: 2, triggers: { cpu: { threshold: null } } } },
    problems: [p('scale.triggers.cpu.threshold', /^must be a whole number$/)],
  },
  { input: { scale: { min: 1, max: 2, triggers: { cpu: 80 } } }, problems: [p('scale.triggers.cpu', /^must be an object or null$/)] },
  {
    input: { scale: { min: 1, max: 2, triggers: { http: { rate: 0, window: 60 } } } },
    problems: [p('scale.triggers.http.rate', /^must be between 1 and 1000$/)],
  },
  {
    input: { scale: { min: 1, max: 2, triggers: { http: { rate: 1001, window: 60 } } } },
    problems: [p('scale.triggers.http.rate', /^must be between 1 and 1000$/)],
  },
  {
    input: { scale: { min: 1, max: 2, triggers: { http: { rate: 10, window: 0 } } } },
    problems: [p('scale.triggers.http.window', /^must be between 1 and 3600$/)],
  },
  {
    input: { scale: { min: 1, max: 2, triggers: { http: { rate: 10, window: 3601 } } } },
    problems: [p('scale.triggers.http.window', /^must be between 1 and 3600$/)],
  },
  { input: { scale: { min: 1, max: 2, triggers: { http: { rate: 10 } } } }, problems: [p('scale.triggers.http.window', /^is required$/)] },
  { input: { scale: { min: 1, max: 2, triggers: { disk: { threshold: 80 } } } }, problems: [p('scale.triggers.disk', /^unknown field$/)] },
  {
    input: { scale: { min: 1, max: 2, triggers: { cpu: { threshold: 80, above: true } } } },
    problems: [p('scale.triggers.cpu.above', /^unknown field$/)],
  },
  {
    input: { scale: { min: 1, max: 2, triggers: { http: { rate: 10, window: 60, burst: 5 } } } },
    problems: [p('scale.triggers.http.burst', /^unknown field$/)],
  },
  // logging
  { input: { logging: 'on' }, problems: [p('logging', /must be an object or null/)] },
  { input: { logging: { level: 'debug' } }, problems: [p('logging.level', /unknown field/)] },
  { input: { logging: { enabled: 'yes' } }, problems: [p('logging.enabled', /true, false or null/)] },
  { input: { logging: { destination_region_id: 0 } }, problems: [p('logging.destination_region_id', /at least 1/)] },
  { input: { logging: { destination_region_id: 1.5 } }, problems: [p('logging.destination_region_id', /whole number/)] },
  { input: { logging: { destination_region_id: 2 ** 53 } }, problems: [p('logging.destination_region_id', /at most 9007199254740991/)] },
  { input: { logging: { retention_policy: { period: 0 } } }, problems: [p('logging.retention_policy.period', /between 1 and 1825/)] },
  { input: { logging: { retention_policy: { period: 1826 } } }, problems: [p('logging.retention_policy.period', /between 1 and 1825/)] },
  { input: { logging: { retention_policy: {} } }, problems: [p('logging.retention_policy.period', /is required/)] },
  { input: { logging: { retention_policy: { period: null } } }, problems: [p('logging.retention_policy.period', /whole number/)] },
  { input: { logging: { retention_policy: { period: 30, unit: 'd' } } }, problems: [p('logging.retention_policy.unit', /unknown field/)] },
  { input: { logging: { retention_policy: 30 } }, problems: [p('logging.retention_policy', /must be an object/)] },
  { input: { logging: { topic_name: a(224) } }, problems: [p('logging.topic_name', /at most 223 characters/)] },
  { input: { logging: { topic_name: '' } }, problems: [p('logging.topic_name', /must not be empty/)] },
  ...['My.Topic', 'a..b', '-a', 'a-', 'a.-b', 'a.b-', '.a', 'a.', 'a_b', 'a b'].map((topic) => ({
    input: { logging: { topic_name: topic } },
    problems: [p('logging.topic_name', /lower-case letters, digits and hyphens/)],
  })),
  {
    name: 'a long topic name that would make a nested-quantifier pattern backtrack',
    input: { logging: { topic_name: `a.${a(200)}!` } },
    problems: [p('logging.topic_name', /lower-case letters, digits and hyphens/)],
  },
  { input: { logging: { topic_name: 7 } }, problems: [p('logging.topic_name', /must be a string/)] },
];

describe('validateContainerUpdate', () => {
  describe('accepts', () => {
    for (const row of validRows) {
      it(label(row.input), () => {
        assertValid(validateContainerUpdate(row.input), row.expected ?? (row.input as ContainerUpdate));
      });
    }
  });

  describe('refuses', () => {
    for (const row of invalidRows) {
      it(row.name ?? label(row.input), () => {
        assertProblems(validateContainerUpdate(row.input), row.problems);
      });
    }
  });

  it('keeps an env var named __proto__ as an ordinary key', () => {
    const result = validateContainerUpdate(JSON.parse('{"envs": {"__proto__": "x"}}'));
    assert.ok(result.ok);
    assert.deepEqual(Object.keys(result.value.envs ?? {}), ['__proto__']);
    assert.equal(JSON.stringify(result.value), '{"envs":{"__proto__":"x"}}');
  });

  it('returns a copy, leaving the input untouched', () => {
    const input = { image: ' nginx ', envs: { A: 'b' } };
    const result = validateContainerUpdate(input);
    assert.ok(result.ok);
    assert.deepEqual(input, { image: ' nginx ', envs: { A: 'b' } });
    assert.notEqual(result.value.envs, input.envs);
  });
});

describe('CONTAINER_UPDATE_FIELDS', () => {
  it('lists every field of the update payload once, with a label and a description', () => {
    assert.deepEqual(
      CONTAINER_UPDATE_FIELDS.map((s) => s.name),
      CONTAINER_UPDATE_FIELD_NAMES,
    );
    for (const spec of CONTAINER_UPDATE_FIELDS) {
      assert.ok(spec.label.length > 0 && spec.description.length > 0, spec.name);
      assert.equal(spec.nullable, true, `${spec.name} is nullable in the API`);
    }
  });

  const integerBounds = CONTAINER_UPDATE_FIELDS.flatMap((spec) => (spec.kind === 'integer' ? [spec] : []));
  for (const spec of integerBounds) {
    it(`enforces the table's bounds for ${spec.name} (${spec.minimum}..${spec.maximum})`, () => {
      assert.ok(validateContainerUpdate({ [spec.name]: spec.minimum }).ok);
      assert.ok(validateContainerUpdate({ [spec.name]: spec.maximum }).ok);
      assertProblems(validateContainerUpdate({ [spec.name]: spec.minimum - 1 }), [{ field: spec.name, message: /between/ }]);
      assertProblems(validateContainerUpdate({ [spec.name]: spec.maximum + 1 }), [{ field: spec.name, message: /between/ }]);
    });
  }
});

describe('splitDisabledChange', () => {
  const rows: { update: ContainerUpdate; expected: ContainerUpdate[] }[] = [
    { update: { image: 'x', is_disabled: true }, expected: [{ image: 'x' }, { is_disabled: true }] },
    { update: { is_disabled: false, timeout: 5, image: 'x' }, expected: [{ timeout: 5, image: 'x' }, { is_disabled: false }] },
    { update: { is_disabled: null, timeout: 5 }, expected: [{ timeout: 5 }, { is_disabled: null }] },
    { update: { is_disabled: false }, expected: [{ is_disabled: false }] },
    { update: { image: 'x', scale: { min: 0, max: 1 } }, expected: [{ image: 'x', scale: { min: 0, max: 1 } }] },
    { update: { is_disabled: undefined, timeout: 5 }, expected: [{ timeout: 5 }] },
    { update: { image: undefined, is_disabled: true }, expected: [{ is_disabled: true }] },
    { update: { image: undefined, timeout: 5, is_disabled: true }, expected: [{ timeout: 5 }, { is_disabled: true }] },
    { update: {}, expected: [] },
  ];
  for (const row of rows) {
    it(label(row.update), () => {
      assert.deepStrictEqual(splitDisabledChange(row.update), row.expected);
    });
  }
});

describe('validateContainerName', () => {
  const valid: { input: unknown; expected: string }[] = [
    { input: 'abc', expected: 'abc' },
    { input: 'my-app.v2', expected: 'my-app.v2' },
    { input: 'A1b', expected: 'A1b' },
    { input: ' my-app ', expected: 'my-app' },
    { input: a(43), expected: a(43) },
    { input: a(63), expected: a(63) },
  ];
  for (const row of valid) {
    it(`accepts ${label(row.input)}`, () => assertValid(validateContainerName(row.input), row.expected));
  }

  const invalid: { input: unknown; message: RegExp }[] = [
    { input: '', message: /must not be empty/ },
    { input: '  ', message: /must not be empty/ },
    { input: 'ab', message: /at least 3 characters/ },
    { input: a(64), message: /at most 63 characters/ },
    { input: '-abc', message: /start and end with a letter or digit/ },
    { input: 'abc-', message: /start and end with a letter or digit/ },
    { input: '.abc', message: /start and end with a letter or digit/ },
    { input: 'ab_c', message: /letters, digits, dots and hyphens/ },
    { input: 'a b c', message: /letters, digits, dots and hyphens/ },
    { input: 'app/../x', message: /letters, digits, dots and hyphens/ },
    { input: 5, message: /must be a string/ },
    { input: null, message: /must be a string/ },
    { input: undefined, message: /is required/ },
  ];
  for (const row of invalid) {
    it(`refuses ${label(row.input)}`, () => {
      assertProblems(validateContainerName(row.input), [{ field: 'containerName', message: row.message }]);
    });
  }
});
