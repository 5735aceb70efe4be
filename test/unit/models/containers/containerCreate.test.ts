import * as assert from 'node:assert/strict';
import {
  CONTAINER_CREATE_FIELDS,
  OPTIONAL_CREATE_FIELDS,
  quotaRequest,
  validateContainerCreate,
  type ContainerCreate,
} from '../../../../src/models/containers/containerCreate';
import { assertProblems, assertValid, label, type ExpectedProblem } from '../../validation/expectations';
import { CONTAINER_UPDATE_FIELD_NAMES } from '../../../support/containerFields';

const p = (field: string, message: RegExp): ExpectedProblem => ({ field, message });
const a = (n: number) => 'a'.repeat(n);

/** Gcore's own example of a create request (its CaaS API reference). */
const DOCS_EXAMPLE: ContainerCreate = {
  name: 'my-container',
  image: 'nginx:latest',
  listening_port: 80,
  flavor: '80mCPU-128MiB',
  scale: { min: 1, max: 1 },
};

/** Every field the create payload has, each set. */
const EVERY_FIELD: ContainerCreate = {
  name: 'api.v2-prod',
  image: 'ghcr.io/org/api:1.4',
  listening_port: 8080,
  flavor: '250mCPU-512MiB',
  scale: { min: 0, max: 3 },
  commands: 'npm start',
  description: 'the public API',
  envs: { NODE_ENV: 'production', _DEBUG: '' },
  is_api_key_auth: false,
  is_disabled: true,
  logging: { destination_region_id: 76, enabled: true, retention_policy: { period: 30 }, topic_name: 'api.logs' },
  pull_secret: 'ghcr-deploy',
  timeout: 120,
};

const REQUIRED = ['name', 'image', 'listening_port', 'flavor', 'scale'] as const;

describe('validateContainerCreate', () => {
  describe('accepts', () => {
    it("Gcore's documented example as it is", () => assertValid(validateContainerCreate(DOCS_EXAMPLE), DOCS_EXAMPLE));

    it('a payload with every optional field set', () => assertValid(validateContainerCreate(EVERY_FIELD), EVERY_FIELD));

    it('names of 3 and of 43 characters, with upper case, digits, dots and hyphens inside', () => {
      for (const name of ['abc', a(43), 'My.App-2', '9lives']) {
        assertValid(validateContainerCreate({ ...DOCS_EXAMPLE, name }), { ...DOCS_EXAMPLE, name });
      }
    });

    it('surrounding spaces of the name, image and size, trimmed', () => {
      assertValid(
        validateContainerCreate({ ...DOCS_EXAMPLE, name: ' my-container ', image: ' nginx:latest ', flavor: ' 80mCPU-128MiB ' }),
        DOCS_EXAMPLE,
      );
    });

    it('a scale whose minimum equals its maximum, and a minimum of zero', () => {
      assertValid(validateContainerCreate({ ...DOCS_EXAMPLE, scale: { min: 25, max: 25 } }), {
        ...DOCS_EXAMPLE,
        scale: { min: 25, max: 25 },
      });
      assertValid(validateContainerCreate({ ...DOCS_EXAMPLE, scale: { min: 0, max: 1 } }), { ...DOCS_EXAMPLE, scale: { min: 0, max: 1 } });
    });

    it('a scale with its cooldown and triggers, a null trigger kept as "none" (only a null field of the payload is left out)', () => {
      const scale = { min: 1, max: 1, cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } };
      assertValid(validateContainerCreate({ ...DOCS_EXAMPLE, scale }), { ...DOCS_EXAMPLE, scale });
      const bounds = {
        min: 0,
        max: 25,
        cooldown_period: 3600,
        triggers: { cpu: { threshold: 1 }, memory: { threshold: 99 }, http: { rate: 1000, window: 1 } },
      };
      assertValid(validateContainerCreate({ ...DOCS_EXAMPLE, scale: bounds }), { ...DOCS_EXAMPLE, scale: bounds });
      assertValid(validateContainerCreate({ ...DOCS_EXAMPLE, scale: { min: 1, max: 1, cooldown_period: null, triggers: null } }), {
        ...DOCS_EXAMPLE,
        scale: { min: 1, max: 1, cooldown_period: null, triggers: null },
      });
    });

    it('a null optional field by leaving it out of the payload, not sending it', () => {
      const result = validateContainerCreate({
        ...DOCS_EXAMPLE,
        description: null,
        envs: null,
        logging: null,
        pull_secret: null,
        timeout: null,
      });
      assertValid(result, DOCS_EXAMPLE);
      assert.ok(result.ok);
      assert.equal(JSON.stringify(result.value), JSON.stringify(DOCS_EXAMPLE));
    });

    it('an undefined optional field as absent', () => {
      assertValid(validateContainerCreate({ ...DOCS_EXAMPLE, commands: undefined }), DOCS_EXAMPLE);
    });
  });

  describe('refuses', () => {
    for (const field of REQUIRED) {
      it(`a payload without ${field}, naming it`, () => {
        const { [field]: _left, ...rest } = DOCS_EXAMPLE;
        assertProblems(validateContainerCreate(rest), [p(field, /^is required$/)]);
      });

      it(`a null ${field} as missing, since a null is dropped`, () => {
        assertProblems(validateContainerCreate({ ...DOCS_EXAMPLE, [field]: null }), [p(field, /^is required$/)]);
      });
    }

    it('an empty object, naming each required field in the order of the fields', () => {
      assertProblems(
        validateContainerCreate({}),
        ['name', 'flavor', 'image', 'listening_port', 'scale'].map((field) => p(field, /is required/)),
      );
    });

    const invalidRows: { input: Record<string, unknown>; problems: ExpectedProblem[] }[] = [
      { input: { name: a(44) }, problems: [p('name', /at most 43 characters/)] },
      { input: { name: 'a' }, problems: [p('name', /at least 3 characters/)] },
      { input: { name: '' }, problems: [p('name', /must not be empty/)] },
      { input: { name: '-x-' }, problems: [p('name', /start and end with a letter or digit/)] },
      { input: { name: 'my_app' }, problems: [p('name', /letters, digits, dots and hyphens/)] },
      { input: { name: 'my app' }, problems: [p('name', /letters, digits, dots and hyphens/)] },
      { input: { name: 42 }, problems: [p('name', /^must be a string$/)] },
      { input: { image: '' }, problems: [p('image', /must not be empty/)] },
      { input: { image: a(231) }, problems: [p('image', /at most 230 characters/)] },
      { input: { listening_port: 0 }, problems: [p('listening_port', /between 1 and 65535/)] },
      { input: { listening_port: '80' }, problems: [p('listening_port', /^must be a whole number$/)] },
      { input: { flavor: '80mCPU' }, problems: [p('flavor', /250mCPU-512MiB/)] },
      { input: { scale: { min: 2, max: 1 } }, problems: [p('scale.min', /must not be greater than scale\.max/)] },
      { input: { scale: { min: 1 } }, problems: [p('scale.max', /is required/)] },
      { input: { scale: 1 }, problems: [p('scale', /^must be an object$/)] },
      { input: { scale: { min: 1, max: 2, cooldown_period: 0 } }, problems: [p('scale.cooldown_period', /^must be between 1 and 3600$/)] },
      {
        input: { scale: { min: 1, max: 2, triggers: { cpu: { threshold: 100 }, http: { rate: 1001 } } } },
        problems: [
          p('scale.triggers.cpu.threshold', /^must be between 1 and 99$/),
          p('scale.triggers.http.rate', /^must be between 1 and 1000$/),
          p('scale.triggers.http.window', /^is required$/),
        ],
      },
      {
        input: { scale: { min: 1, max: 2, triggers: { requests: { rate: 5 } } } },
        problems: [p('scale.triggers.requests', /^unknown field$/)],
      },
      { input: { timeout: 181 }, problems: [p('timeout', /between 0 and 180/)] },
      { input: { pull_secret: '' }, problems: [p('pull_secret', /must not be empty/)] },
      { input: { replicas: 2 }, problems: [p('replicas', /^unknown field$/)] },
      { input: { containerName: 'my-container' }, problems: [p('containerName', /^unknown field$/)] },
    ];
    for (const row of invalidRows) {
      it(label(row.input), () => assertProblems(validateContainerCreate({ ...DOCS_EXAMPLE, ...row.input }), row.problems));
    }

    for (const input of [null, undefined, 'my-container', [DOCS_EXAMPLE], 5]) {
      it(`${label(input)} as a whole`, () =>
        assertProblems(validateContainerCreate(input), [p('', /must be an object with name, image, listening_port, flavor and scale/)]));
    }

    it('collecting every problem, in the order the fields came', () => {
      assertProblems(validateContainerCreate({ name: 'a', image: 'nginx', flavor: 'big', bogus: true, scale: { min: 3, max: 1 } }), [
        p('name', /at least 3/),
        p('flavor', /250mCPU-512MiB/),
        p('bogus', /unknown field/),
        p('scale.min', /must not be greater than scale\.max/),
        p('listening_port', /is required/),
      ]);
    });
  });

  describe('under a prefix', () => {
    it('names a problem of a nested field as container.scale.min', () => {
      assertProblems(validateContainerCreate({ ...DOCS_EXAMPLE, scale: { min: 4, max: 2 } }, 'container'), [
        p('container.scale.min', /must not be greater than container\.scale\.max/),
      ]);
    });

    it("names a trigger's part as container.scale.triggers.memory.threshold", () => {
      assertProblems(
        validateContainerCreate(
          { ...DOCS_EXAMPLE, scale: { min: 1, max: 2, triggers: { memory: { threshold: 0, unit: '%' } } } },
          'container',
        ),
        [
          p('container.scale.triggers.memory.threshold', /^must be between 1 and 99$/),
          p('container.scale.triggers.memory.unit', /^unknown field$/),
        ],
      );
    });

    it('names a missing or unknown field under the prefix, and the whole under the prefix itself', () => {
      const { image: _image, ...withoutImage } = DOCS_EXAMPLE;
      assertProblems(validateContainerCreate({ ...withoutImage, extra: 1 }, 'container'), [
        p('container.extra', /unknown field/),
        p('container.image', /is required/),
      ]);
      assertProblems(validateContainerCreate('nginx', 'container'), [p('container', /must be an object/)]);
    });

    it('accepts a valid payload the same with or without a prefix', () => {
      assertValid(validateContainerCreate(EVERY_FIELD, 'container'), EVERY_FIELD);
    });
  });

  it('leaves its input untouched', () => {
    const input = { ...DOCS_EXAMPLE, name: ' my-container ', description: null };
    validateContainerCreate(input);
    assert.deepEqual(input, { ...DOCS_EXAMPLE, name: ' my-container ', description: null });
  });
});

describe('CONTAINER_CREATE_FIELDS', () => {
  it('marks exactly name, image, listening_port, flavor and scale as required, none of them nullable', () => {
    assert.deepEqual(
      CONTAINER_CREATE_FIELDS.filter((spec) => spec.required)
        .map((spec) => spec.name)
        .sort(),
      [...REQUIRED].sort(),
    );
    for (const spec of CONTAINER_CREATE_FIELDS.filter((candidate) => candidate.required)) assert.notEqual(spec.nullable, true, spec.name);
  });

  it('lists the name, then every field of the update once', () => {
    assert.deepEqual(
      CONTAINER_CREATE_FIELDS.map((spec) => spec.name),
      ['name', ...CONTAINER_UPDATE_FIELD_NAMES],
    );
  });

  it('leaves the other fields optional: OPTIONAL_CREATE_FIELDS are the rest', () => {
    assert.deepEqual(
      OPTIONAL_CREATE_FIELDS.map((spec) => spec.name),
      ['commands', 'description', 'envs', 'is_api_key_auth', 'is_disabled', 'logging', 'pull_secret', 'timeout'],
    );
    for (const spec of OPTIONAL_CREATE_FIELDS) assert.notEqual(spec.required, true, spec.name);
  });
});

describe('quotaRequest', () => {
  it('asks about the size and the most instances the container may run', () => {
    assert.deepEqual(quotaRequest({ flavor: '250mCPU-512MiB', scale: { min: 1, max: 3 } }), { flavor: '250mCPU-512MiB', max_replicas: 3 });
    assert.deepEqual(quotaRequest(DOCS_EXAMPLE), { flavor: '80mCPU-128MiB', max_replicas: 1 });
  });
});
