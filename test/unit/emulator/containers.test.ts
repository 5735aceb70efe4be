import * as assert from 'node:assert/strict';
import { SEEDED_CONTAINER_NAMES, start, type Emulator } from '../../emulator/server';
import { UUID_PATTERN, API_KEY, rawRequest, type RawResponse } from './raw-http';

function patch(emulator: Emulator, body: unknown, name = 'web-app', location = '7/76'): Promise<RawResponse> {
  return rawRequest(emulator, 'PATCH', `/cloud/v1/caas/${location}/containers/${name}`, { body });
}

function invalidFields(response: RawResponse): Record<string, string[]> {
  assert.equal(response.status, 400, response.text);
  const body = response.json as Record<string, unknown>;
  assert.equal(body.exception_class, 'ValidationError');
  assert.match(String(body.request_id), UUID_PATTERN);
  return body.invalid_fields as Record<string, string[]>;
}

describe('emulator container update', () => {
  let emulator: Emulator;

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('merges a valid update and answers one task id', async () => {
    const response = await patch(emulator, { image: 'nginx:1.28', envs: { ONLY: 'this' }, description: null });
    assert.equal(response.status, 200);
    const { tasks } = response.json as { tasks: string[] };
    assert.equal(tasks.length, 1);
    assert.match(tasks[0], UUID_PATTERN);
    const stored = emulator.container(7, 76, 'web-app');
    assert.equal(stored?.config.image, 'nginx:1.28');
    assert.deepEqual(stored?.config.envs, { ONLY: 'this' });
    assert.equal('description' in (stored?.config ?? {}), false);
    assert.equal(stored?.config.flavor, '250mCPU-512MiB');
    assert.equal(stored?.updates, 1);
  });

  it('answers two task ids when image and scale change together', async () => {
    const response = await patch(emulator, { image: 'nginx:1.28', scale: { min: 2, max: 4 } });
    assert.equal((response.json as { tasks: string[] }).tasks.length, 2);
  });

  it('merges logging sub-fields instead of replacing the object', async () => {
    await patch(emulator, { logging: { enabled: false } }, 'inference-api');
    const logging = emulator.container(7, 76, 'inference-api')?.config.logging as Record<string, unknown>;
    assert.equal(logging.enabled, false);
    assert.equal(logging.topic_name, 'inference.api');
  });

  it('has the seeded containers in every location and decodes the name segment', async () => {
    assert.deepEqual([...SEEDED_CONTAINER_NAMES].sort(), [
      'batch-worker',
      'broken-build',
      'inference-api',
      'legacy-site',
      'nightly-report',
      'staging-api',
      'web-app',
    ]);
    for (const name of SEEDED_CONTAINER_NAMES) {
      assert.equal((await patch(emulator, { timeout: 5 }, name, '424242/1')).status, 200, name);
    }
    const response = await patch(emulator, { timeout: 5 }, '%62atch-worker', '123456/999');
    assert.equal(response.status, 200);
    assert.equal(emulator.container(123456, 999, 'batch-worker')?.config.timeout, 5);
  });

  it('answers 404 NotFoundError for other containers', async () => {
    const response = await patch(emulator, { timeout: 5 }, 'no-such-app');
    assert.equal(response.status, 404);
    const body = response.json as Record<string, unknown>;
    assert.equal(body.exception_class, 'NotFoundError');
    assert.equal(body.message, 'Container no-such-app not found');
  });

  it('rejects ids that are not positive integers', async () => {
    assert.deepEqual(Object.keys(invalidFields(await patch(emulator, {}, 'web-app', 'abc/1'))), ['project_id']);
    assert.deepEqual(Object.keys(invalidFields(await patch(emulator, {}, 'web-app', '1/0'))), ['region_id']);
  });

  it('rejects malformed JSON and bodies that are not objects', async () => {
    const malformed = await patch(emulator, '{"image": ');
    assert.equal(malformed.status, 400);
    assert.equal((malformed.json as Record<string, unknown>).exception_class, 'ValidationError');
    invalidFields(await patch(emulator, [1, 2]));
  });

  const invalidPayloads: [string, unknown, string][] = [
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a non-string image', { image: 42 }, 'image'],
    ['a long image', { image: 'x'.repeat(231) }, 'image'],
    ['a long description', { description: 'x'.repeat(256) }, 'description'],
    ['a long pull secret', { pull_secret: 'x'.repeat(401) }, 'pull_secret'],
    ['a flavor off the pattern', { flavor: '1CPU-1GB' }, 'flavor'],
    ['a timeout above 180', { timeout: 181 }, 'timeout'],
    ['a fractional timeout', { timeout: 1.5 }, 'timeout'],
    ['port 0', { listening_port: 0 }, 'listening_port'],
    ['port 65536', { listening_port: 65536 }, 'listening_port'],
    ['a string boolean', { is_api_key_auth: 'true' }, 'is_api_key_auth'],
    ['envs as a list', { envs: ['A=1'] }, 'envs'],
    ['a bad env name', { envs: { '1ABC': 'x' } }, 'envs.1ABC'],
    ['a long env value', { envs: { OK: 'x'.repeat(256) } }, 'envs.OK'],
    ['a non-string env value', { envs: { OK: 1 } }, 'envs.OK'],
    ['scale without max', { scale: { min: 1 } }, 'scale.max'],
    ['scale min above 25', { scale: { min: 26, max: 25 } }, 'scale.min'],
    ['scale max 0', { scale: { min: 0, max: 0 } }, 'scale.max'],
    ['scale min above max', { scale: { min: 5, max: 2 } }, 'scale.min'],
    ['a CPU threshold of 100', { scale: { min: 1, max: 2, triggers: { cpu: { threshold: 100 } } } }, 'scale.triggers.cpu.threshold'],
    ['a memory threshold of 0', { scale: { min: 1, max: 2, triggers: { memory: { threshold: 0 } } } }, 'scale.triggers.memory.threshold'],
    ['an HTTP rate above 1000', { scale: { min: 1, max: 2, triggers: { http: { rate: 1001, window: 60 } } } }, 'scale.triggers.http.rate'],
    [
      'an HTTP window above 3600 s',
      { scale: { min: 1, max: 2, triggers: { http: { rate: 10, window: 3601 } } } },
      'scale.triggers.http.window',
    ],
    ['an unknown trigger', { scale: { min: 1, max: 2, triggers: { disk: { threshold: 80 } } } }, 'scale.triggers.disk'],
    ['a long retention period', { logging: { retention_policy: { period: 1826 } } }, 'logging.retention_policy.period'],
    ['an upper-case topic', { logging: { topic_name: 'Logs' } }, 'logging.topic_name'],
    ['an empty topic', { logging: { topic_name: '' } }, 'logging.topic_name'],
    ['an unknown logging field', { logging: { level: 'debug' } }, 'logging.level'],
    ['a string region id', { logging: { destination_region_id: '76' } }, 'logging.destination_region_id'],
  ];
  for (const [label, payload, field] of invalidPayloads) {
    it(`rejects ${label}, naming ${field}`, async () => {
      const fields = invalidFields(await patch(emulator, payload));
      assert.ok(fields[field]?.length, JSON.stringify(fields));
      assert.equal(emulator.container(7, 76, 'web-app')?.updates, 0);
    });
  }

  it('accepts values on the documented bounds', async () => {
    const response = await patch(emulator, {
      flavor: '80mCPU-128MiB',
      timeout: 180,
      listening_port: 65535,
      scale: { min: 0, max: 25 },
      envs: { _A1: 'x'.repeat(255) },
      description: 'x'.repeat(255),
      logging: { enabled: true, destination_region_id: 1, topic_name: 'a.b-c.d', retention_policy: { period: 1825 } },
    });
    assert.equal(response.status, 200, response.text);
  });

  it("names each autoscaling bound and missing part in Gcore's words", async () => {
    const fields = invalidFields(
      await patch(emulator, {
        scale: {
          min: 1,
          max: 2,
          cooldown_period: 0,
          triggers: { cpu: { threshold: 100 }, memory: { threshold: null }, http: { rate: 5, burst: 1 } },
        },
      }),
    );
    assert.deepEqual(fields, {
      'scale.cooldown_period': ['Must be greater than or equal to 1 and less than or equal to 3600.'],
      'scale.triggers.cpu.threshold': ['Must be greater than or equal to 1 and less than or equal to 99.'],
      'scale.triggers.memory.threshold': ['Field may not be null.'],
      'scale.triggers.http.window': ['Missing data for required field.'],
      'scale.triggers.http.burst': ['Unknown field.'],
    });
    assert.deepEqual(invalidFields(await patch(emulator, { scale: { min: 1, max: 2, cooldown_period: 3601, triggers: ['cpu'] } })), {
      'scale.cooldown_period': ['Must be greater than or equal to 1 and less than or equal to 3600.'],
      'scale.triggers': ['Not a valid mapping type.'],
    });
    assert.equal(emulator.container(7, 76, 'web-app')?.updates, 0);
  });

  it("keeps the cooldown and triggers a scale brings, on their bounds, and gives Gcore's defaults to what a scale leaves out", async () => {
    const scale = {
      min: 1,
      max: 4,
      cooldown_period: 3600,
      triggers: { cpu: { threshold: 1 }, memory: { threshold: 99 }, http: { rate: 1000, window: 1 } },
    };
    assert.equal((await patch(emulator, { scale }, 'web-app', '1/76')).status, 200);
    const read = await rawRequest(emulator, 'GET', '/cloud/v1/caas/1/76/containers/web-app');
    assert.deepEqual((read.json as { scale: unknown }).scale, scale);
    assert.equal(
      (
        await patch(
          emulator,
          { scale: { min: 1, max: 2, cooldown_period: 1, triggers: { cpu: null, memory: null, http: { rate: 1, window: 3600 } } } },
          'web-app',
          '1/76',
        )
      ).status,
      200,
    );
    assert.equal((await patch(emulator, { scale: { min: 2, max: 5 } }, 'web-app', '1/76')).status, 200);
    assert.deepEqual(
      emulator.container(1, 76, 'web-app')?.config.scale,
      { min: 2, max: 5, cooldown_period: 60, triggers: null },
      'a scale without them drops them',
    );
  });

  it('accepts is_disabled alone and answers 405 when it comes with other fields', async () => {
    assert.equal((await patch(emulator, { is_disabled: true })).status, 200);
    assert.equal(emulator.container(7, 76, 'web-app')?.config.is_disabled, true);
    const mixed = await patch(emulator, { is_disabled: false, timeout: 10 });
    assert.equal(mixed.status, 405);
    const body = mixed.json as Record<string, unknown>;
    assert.equal(body.exception_class, 'MethodNotAllowed');
    assert.equal(body.message, 'is_disabled must be sent alone');
    assert.equal(emulator.container(7, 76, 'web-app')?.config.is_disabled, true);
  });
});
