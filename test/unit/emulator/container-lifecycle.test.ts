import * as assert from 'node:assert/strict';
import { SEEDED_CONTAINER_NAMES, start, type Emulator } from '../../emulator/server';
import { API_KEY, UUID_PATTERN, rawRequest, type RawResponse } from './raw-http';

type Json = Record<string, unknown>;

const CONTAINERS = '/cloud/v1/caas/7/76/containers';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A valid create payload; `overrides` replace its fields (undefined leaves one out). */
function payload(overrides: Json = {}): Json {
  const base: Json = { name: 'new-app', image: 'nginx:1.27', listening_port: 80, flavor: '250mCPU-512MiB', scale: { min: 2, max: 3 } };
  return Object.fromEntries(Object.entries({ ...base, ...overrides }).filter(([, value]) => value !== undefined));
}

async function json(response: RawResponse, status: number): Promise<Json> {
  assert.equal(response.status, status, response.text);
  return response.json as Json;
}

async function create(emulator: Emulator, body: unknown, location = '7/76'): Promise<string> {
  const answer = await json(await rawRequest(emulator, 'POST', `/cloud/v1/caas/${location}/containers`, { body }), 200);
  const tasks = answer.tasks as string[];
  assert.equal(tasks.length, 1);
  assert.match(tasks[0], UUID_PATTERN);
  return tasks[0];
}

async function remove(emulator: Emulator, name: string, location = '7/76'): Promise<string> {
  const answer = await json(await rawRequest(emulator, 'DELETE', `/cloud/v1/caas/${location}/containers/${name}`), 200);
  return (answer.tasks as string[])[0];
}

async function get(emulator: Emulator, path: string, status = 200): Promise<Json> {
  return json(await rawRequest(emulator, 'GET', path), status);
}

async function names(emulator: Emulator, location = '7/76'): Promise<string[]> {
  const list = await get(emulator, `/cloud/v1/caas/${location}/containers`);
  const results = list.results as Json[];
  assert.equal(list.count, results.length);
  return results.map((container) => String(container.name));
}

async function limits(emulator: Emulator, body: Json = { flavor: '250mCPU-512MiB', max_replicas: 3 }, location = '7/76'): Promise<Json> {
  return json(await rawRequest(emulator, 'POST', `/cloud/v1/caas/${location}/check_limits`, { body }), 200);
}

function invalidFields(response: RawResponse): Record<string, string[]> {
  assert.equal(response.status, 400, response.text);
  const body = response.json as Json;
  assert.equal(body.exception_class, 'ValidationError');
  assert.match(String(body.request_id), UUID_PATTERN);
  return body.invalid_fields as Record<string, string[]>;
}

describe('emulator container create and delete', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, taskTimings: { newMs: 100, runningMs: 200 }, createTimings: { newMs: 300, runningMs: 600 } });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  describe('create', () => {
    it('lists the container at once after the seeded ones; Pending, then Deploying, then Ready as its own create task goes', async () => {
      const taskId = await create(emulator, payload({ envs: { A: '1' } }));
      const update = (await json(await rawRequest(emulator, 'PATCH', `${CONTAINERS}/web-app`, { body: { timeout: 5 } }), 200))
        .tasks as string[];
      assert.deepEqual(await names(emulator), [...SEEDED_CONTAINER_NAMES, 'new-app']);
      const pending = await get(emulator, `${CONTAINERS}/new-app`);
      assert.equal(pending.status, 'Pending');
      assert.deepEqual(pending.deploy_status, { total: 2, ready: 0 });
      assert.equal(pending.status_message, null);
      assert.deepEqual(pending.envs, { A: '1' });
      assert.equal(pending.pull_secret, null);
      assert.equal(pending.source, 'cloud');
      assert.deepEqual(pending.scale, { min: 2, max: 3, cooldown_period: 60, triggers: null });
      assert.match(String(pending.address), /^https:\/\/new-app-7-[0-9a-f]{7}-caas\./);
      assert.ok(Math.abs(Date.parse(String(pending.created_at)) - Date.now()) < 5_000);
      const task = await get(emulator, `/cloud/v1/tasks/${taskId}`);
      assert.equal(task.task_type, 'create_caas_container');
      assert.equal(task.state, 'NEW');

      await pause(450);
      assert.equal((await get(emulator, `${CONTAINERS}/new-app`)).status, 'Deploying');
      assert.equal((await get(emulator, `/cloud/v1/tasks/${taskId}`)).state, 'RUNNING');
      assert.equal((await get(emulator, `/cloud/v1/tasks/${update[0]}`)).state, 'FINISHED', 'other tasks keep taskTimings');

      await pause(600);
      const ready = await get(emulator, `${CONTAINERS}/new-app`);
      assert.equal(ready.status, 'Ready');
      assert.deepEqual(ready.deploy_status, { total: 2, ready: 2 });
      const finished = await get(emulator, `/cloud/v1/tasks/${taskId}`);
      assert.equal(finished.state, 'FINISHED');
      assert.deepEqual(finished.created_resources, { caas_containers: ['new-app'] });
      assert.equal(emulator.container(7, 76, 'new-app')?.config.image, 'nginx:1.27');
      assert.equal(
        (await get(emulator, '/cloud/v1/caas/8/76/containers/new-app', 404)).exception_class,
        'NotFoundError',
        'only at its location',
      );
    });

    it('starts one instance for a container that scales from zero, and shows one created disabled as Disabled', async () => {
      await create(emulator, payload({ name: 'from-zero', scale: { min: 0, max: 1 } }));
      assert.deepEqual((await get(emulator, `${CONTAINERS}/from-zero`)).deploy_status, { total: 1, ready: 0 });
      await create(emulator, payload({ name: 'sleeping', is_disabled: true, timeout: 30 }));
      await pause(1_000);
      assert.deepEqual((await get(emulator, `${CONTAINERS}/from-zero`)).deploy_status, { total: 1, ready: 1 });
      const sleeping = await get(emulator, `${CONTAINERS}/sleeping`);
      assert.equal(sleeping.status, 'Disabled');
      assert.equal(sleeping.is_disabled, true);
    });

    it('ends in Error with the task error when the image cannot be pulled, and stays listed', async () => {
      const image = 'ghcr.io/example/does-not-exist:2';
      const taskId = await create(emulator, payload({ image }));
      assert.equal((await get(emulator, `${CONTAINERS}/new-app`)).status, 'Pending');
      await pause(1_000);
      const task = await get(emulator, `/cloud/v1/tasks/${taskId}`);
      assert.equal(task.state, 'ERROR');
      assert.equal(task.error, `Failed to pull image "${image}": not found`);
      assert.equal(task.created_resources, null);
      const failed = await get(emulator, `${CONTAINERS}/new-app`);
      assert.equal(failed.status, 'Error');
      assert.equal(failed.status_message, task.error);
      assert.equal((failed.deploy_status as Json).ready, 0);
      assert.ok((await names(emulator)).includes('new-app'));
    });

    it('ends in Error when the pull secret is not one of the location, and deploys with one that is', async () => {
      const missing = await create(emulator, payload({ name: 'private-a', image: 'registry.example.com/a:1', pull_secret: 'nope' }));
      const seeded = await create(
        emulator,
        payload({ name: 'private-b', image: 'registry.example.com/b:1', pull_secret: 'registry-example' }),
      );
      const secret = { name: 'ghcr', registry: 'ghcr.io', login: 'bot', password: 'p' };
      assert.equal((await rawRequest(emulator, 'POST', '/cloud/v1/caas/secrets/7/76', { body: secret })).status, 200);
      const created = await create(emulator, payload({ name: 'private-c', image: 'ghcr.io/example/c:1', pull_secret: 'ghcr' }));
      const elsewhere = await create(emulator, payload({ name: 'private-c', image: 'ghcr.io/example/c:1', pull_secret: 'ghcr' }), '8/76');
      await pause(1_000);
      const missingTask = await get(emulator, `/cloud/v1/tasks/${missing}`);
      assert.equal(missingTask.state, 'ERROR');
      assert.equal(missingTask.error, 'Failed to pull image "registry.example.com/a:1": pull secret "nope" not found');
      assert.equal((await get(emulator, `${CONTAINERS}/private-a`)).status_message, missingTask.error);
      assert.equal((await get(emulator, `/cloud/v1/tasks/${seeded}`)).state, 'FINISHED');
      assert.equal((await get(emulator, `/cloud/v1/tasks/${created}`)).state, 'FINISHED');
      assert.equal((await get(emulator, `/cloud/v1/tasks/${elsewhere}`)).state, 'ERROR', 'secrets are per location');
    });

    it('answers 409 ConflictError for a name the location has, seeded or created, and creates nothing', async () => {
      await create(emulator, payload());
      for (const name of ['web-app', 'new-app']) {
        const conflict = await json(await rawRequest(emulator, 'POST', CONTAINERS, { body: payload({ name, image: 'other:1' }) }), 409);
        assert.equal(conflict.exception_class, 'ConflictError');
        assert.equal(conflict.message, `Container ${name} already exists`);
        assert.match(String(conflict.request_id), UUID_PATTERN);
      }
      assert.equal((await names(emulator)).length, SEEDED_CONTAINER_NAMES.length + 1);
      assert.equal(emulator.container(7, 76, 'new-app')?.config.image, 'nginx:1.27');
      assert.equal((await get(emulator, '/cloud/v1/tasks?task_type=create_caas_container')).count, 1);
    });

    const invalidPayloads: [string, Json, string, string?][] = [
      ['no name', payload({ name: undefined }), 'name', 'Missing data for required field.'],
      ['a null name', payload({ name: null }), 'name', 'Field may not be null.'],
      ['no image', payload({ image: undefined }), 'image'],
      ['no port', payload({ listening_port: undefined }), 'listening_port'],
      ['no flavor', payload({ flavor: undefined }), 'flavor'],
      ['no scale', payload({ scale: undefined }), 'scale'],
      ['a name starting with a dash', payload({ name: '-app' }), 'name', 'String does not match expected pattern.'],
      ['a two-character name', payload({ name: 'ab' }), 'name'],
      ['a name with an underscore', payload({ name: 'my_app' }), 'name'],
      ['a 44-character name', payload({ name: 'a'.repeat(44) }), 'name', 'Longer than maximum length 43.'],
      ['an empty image', payload({ image: '' }), 'image', 'Length must be between 1 and 230.'],
      ['a long image', payload({ image: 'x'.repeat(231) }), 'image'],
      ['port 0', payload({ listening_port: 0 }), 'listening_port'],
      ['port 65536', payload({ listening_port: 65536 }), 'listening_port'],
      ['an unknown size', payload({ flavor: '999mCPU-999MiB' }), 'flavor'],
      ['a size off the pattern', payload({ flavor: '1CPU-1GB' }), 'flavor'],
      ['scale min above max', payload({ scale: { min: 3, max: 2 } }), 'scale.min'],
      ['scale max 26', payload({ scale: { min: 0, max: 26 } }), 'scale.max'],
      ['scale without min', payload({ scale: { max: 2 } }), 'scale.min'],
      [
        'a cooldown of 0 s',
        payload({ scale: { min: 1, max: 2, cooldown_period: 0 } }),
        'scale.cooldown_period',
        'Must be greater than or equal to 1 and less than or equal to 3600.',
      ],
      [
        'a CPU threshold of 0',
        payload({ scale: { min: 1, max: 2, triggers: { cpu: { threshold: 0 } } } }),
        'scale.triggers.cpu.threshold',
        'Must be greater than or equal to 1 and less than or equal to 99.',
      ],
      [
        'a memory trigger without its threshold',
        payload({ scale: { min: 1, max: 2, triggers: { memory: {} } } }),
        'scale.triggers.memory.threshold',
        'Missing data for required field.',
      ],
      [
        'an HTTP rate of 0',
        payload({ scale: { min: 1, max: 2, triggers: { http: { rate: 0, window: 60 } } } }),
        'scale.triggers.http.rate',
        'Must be greater than or equal to 1 and less than or equal to 1000.',
      ],
      [
        'an HTTP trigger without its window',
        payload({ scale: { min: 1, max: 2, triggers: { http: { rate: 10 } } } }),
        'scale.triggers.http.window',
        'Missing data for required field.',
      ],
      [
        'an unknown part of a trigger',
        payload({ scale: { min: 1, max: 2, triggers: { cpu: { threshold: 80, unit: '%' } } } }),
        'scale.triggers.cpu.unit',
        'Unknown field.',
      ],
      ['an unknown field', payload({ colour: 'red' }), 'colour', 'Unknown field.'],
      ['a timeout above 180', payload({ timeout: 181 }), 'timeout'],
      ['a bad env name', payload({ envs: { '1A': 'x' } }), 'envs.1A'],
      ['a long pull secret', payload({ pull_secret: 'x'.repeat(401) }), 'pull_secret'],
      ['a string is_disabled', payload({ is_disabled: 'yes' }), 'is_disabled'],
    ];
    for (const [label, body, field, message] of invalidPayloads) {
      it(`refuses ${label}, naming ${field}`, async () => {
        const fields = invalidFields(await rawRequest(emulator, 'POST', CONTAINERS, { body }));
        assert.ok(fields[field]?.length, JSON.stringify(fields));
        if (message) assert.deepEqual(fields[field], [message]);
        assert.deepEqual(await names(emulator), SEEDED_CONTAINER_NAMES);
      });
    }

    it('keeps the cooldown and triggers it is given, null triggers among them, and reads them back', async () => {
      const scale = {
        min: 1,
        max: 3,
        cooldown_period: 1,
        triggers: { cpu: { threshold: 99 }, memory: null, http: { rate: 1, window: 3600 } },
      };
      await create(emulator, payload({ scale }));
      assert.deepEqual((await get(emulator, `${CONTAINERS}/new-app`)).scale, scale);
      await create(emulator, payload({ name: 'no-cooldown', scale: { min: 1, max: 3, triggers: { memory: { threshold: 1 } } } }));
      assert.deepEqual((await get(emulator, `${CONTAINERS}/no-cooldown`)).scale, {
        min: 1,
        max: 3,
        cooldown_period: 60,
        triggers: { memory: { threshold: 1 } },
      });
    });

    it('lists the sizes a flavor must be one of', async () => {
      const fields = invalidFields(await rawRequest(emulator, 'POST', CONTAINERS, { body: payload({ flavor: '999mCPU-999MiB' }) }));
      assert.match(fields.flavor[0], /^Must be one of: 80mCPU-128MiB, .*2260mCPU-4096MiB\.$/);
    });

    it('accepts every update field at creation, is_disabled among them, on their bounds', async () => {
      await create(emulator, {
        ...payload({
          name: `a${'b'.repeat(41)}c`,
          image: 'x'.repeat(230),
          listening_port: 65535,
          flavor: '2260mCPU-4096MiB',
          scale: { min: 0, max: 1 },
        }),
        timeout: 180,
        envs: { _A1: 'x'.repeat(255) },
        description: 'x'.repeat(255),
        is_api_key_auth: true,
        is_disabled: false,
        commands: 'serve --port 65535',
        logging: { enabled: true, destination_region_id: 1, topic_name: 'a.b', retention_policy: { period: 1825 } },
      });
    });

    it('refuses malformed JSON, another media type and a body that is not an object as an update does', async () => {
      const malformed = await json(await rawRequest(emulator, 'POST', CONTAINERS, { body: '{"name": ' }), 400);
      assert.equal(malformed.exception_class, 'ValidationError');
      assert.match(String(malformed.message), /^Malformed JSON in request body/);
      const text = await json(
        await rawRequest(emulator, 'POST', CONTAINERS, { body: JSON.stringify(payload()), headers: { 'Content-Type': 'text/plain' } }),
        415,
      );
      assert.equal(text.exception_class, 'UnsupportedMediaType');
      assert.deepEqual(Object.keys(invalidFields(await rawRequest(emulator, 'POST', CONTAINERS, { body: [payload()] }))), ['_schema']);
      assert.deepEqual(
        Object.keys(invalidFields(await rawRequest(emulator, 'POST', '/cloud/v1/caas/x/76/containers', { body: payload() }))),
        ['project_id'],
      );
    });

    it('takes 1 s NEW and 3 s RUNNING by default', async () => {
      const plain = await start({ apiKey: API_KEY });
      try {
        const taskId = await create(plain, payload());
        await pause(500);
        assert.equal((await get(plain, `/cloud/v1/tasks/${taskId}`)).state, 'NEW');
        assert.equal((await get(plain, `${CONTAINERS}/new-app`)).status, 'Pending');
      } finally {
        await plain.close();
      }
    });
  });

  describe('quota', () => {
    it('refuses a create past the quota with 400 QuotaExceededError, its numbers in info, and creates nothing', async () => {
      emulator.setQuota({ cpu: 15_000 });
      const refused = await json(
        await rawRequest(emulator, 'POST', CONTAINERS, { body: payload({ flavor: '1140mCPU-2048MiB', scale: { min: 1, max: 2 } }) }),
        400,
      );
      assert.equal(refused.exception_class, 'QuotaExceededError');
      assert.equal(refused.message, 'Quota exceeded: caas_cpu_count requested 2280, usage 13320, limit 15000');
      assert.deepEqual(refused.info, { caas_cpu_count_limit: 15_000, caas_cpu_count_usage: 13_320, caas_cpu_count_requested: 2_280 });
      assert.match(String(refused.request_id), UUID_PATTERN);
      assert.deepEqual(await names(emulator), SEEDED_CONTAINER_NAMES);
      assert.equal((await get(emulator, '/cloud/v1/tasks')).count, 0);
      await create(emulator, payload({ flavor: '80mCPU-128MiB', scale: { min: 1, max: 2 } }));
    });

    it('names every quota a create passes', async () => {
      emulator.setQuota({ containers: 7, ramMiB: 24_000 });
      const refused = await json(await rawRequest(emulator, 'POST', CONTAINERS, { body: payload() }), 400);
      assert.equal(
        refused.message,
        'Quota exceeded: caas_container_count requested 1, usage 7, limit 7; caas_ram_size requested 1536, usage 23936, limit 24000',
      );
      assert.deepEqual(refused.info, {
        caas_container_count_limit: 7,
        caas_container_count_usage: 7,
        caas_container_count_requested: 1,
        caas_ram_size_limit: 24_000,
        caas_ram_size_usage: 23_936,
        caas_ram_size_requested: 1_536,
      });
    });

    it('leaves room for 13 more containers by default, and a reset restores it', async () => {
      emulator.setQuota({ containers: 1 });
      emulator.reset();
      for (let i = 0; i < 13; i++) {
        await create(emulator, payload({ name: `small-${i}`, flavor: '80mCPU-128MiB', scale: { min: 0, max: 1 } }));
      }
      const refused = await json(
        await rawRequest(emulator, 'POST', CONTAINERS, {
          body: payload({ name: 'small-13', flavor: '80mCPU-128MiB', scale: { min: 0, max: 1 } }),
        }),
        400,
      );
      assert.equal(refused.message, 'Quota exceeded: caas_container_count requested 1, usage 20, limit 20');
      assert.throws(() => emulator.setQuota({ cpu: -1 }), RangeError);
    });

    it('check_limits answers limit, usage and request; usage follows creates and deletes at that location only', async () => {
      assert.deepEqual(await limits(emulator), {
        caas_container_count_limit: 20,
        caas_container_count_usage: 7,
        caas_container_count_requested: 1,
        caas_cpu_count_limit: 40_000,
        caas_cpu_count_usage: 13_320,
        caas_cpu_count_requested: 750,
        caas_ram_size_limit: 81_920,
        caas_ram_size_usage: 23_936,
        caas_ram_size_requested: 1_536,
      });
      await create(emulator, payload({ flavor: '580mCPU-1024MiB', scale: { min: 1, max: 4 } }));
      const grown = await limits(emulator, { flavor: '2260mCPU-4096MiB', max_replicas: 25 });
      assert.equal(grown.caas_container_count_usage, 8);
      assert.equal(grown.caas_cpu_count_usage, 13_320 + 2_320);
      assert.equal(grown.caas_ram_size_usage, 23_936 + 4_096);
      assert.equal(grown.caas_cpu_count_requested, 56_500, 'answered even past the limit');
      assert.equal(grown.caas_ram_size_requested, 102_400);
      assert.equal((await limits(emulator, undefined, '8/76')).caas_cpu_count_usage, 13_320);

      await remove(emulator, 'web-app');
      assert.equal((await limits(emulator)).caas_container_count_usage, 8, 'a container being deleted holds its quota until it is gone');
      await pause(400);
      const shrunk = await limits(emulator);
      assert.equal(shrunk.caas_container_count_usage, 7);
      assert.equal(shrunk.caas_cpu_count_usage, 13_320 + 2_320 - 750);
      emulator.setQuota({ cpu: 20_000 });
      assert.equal((await limits(emulator)).caas_cpu_count_limit, 20_000);
    });

    it('counts disabled containers and an update of scale.max', async () => {
      await json(await rawRequest(emulator, 'PATCH', `${CONTAINERS}/web-app`, { body: { is_disabled: true } }), 200);
      assert.equal((await limits(emulator)).caas_cpu_count_usage, 13_320);
      await json(await rawRequest(emulator, 'PATCH', `${CONTAINERS}/staging-api`, { body: { scale: { min: 1, max: 3 } } }), 200);
      assert.equal((await limits(emulator)).caas_cpu_count_usage, 13_320 + 660);
    });

    const invalidLimits: [Json, string][] = [
      [{ max_replicas: 1 }, 'flavor'],
      [{ flavor: '999mCPU-1MiB', max_replicas: 1 }, 'flavor'],
      [{ flavor: '80mCPU-128MiB' }, 'max_replicas'],
      [{ flavor: '80mCPU-128MiB', max_replicas: 0 }, 'max_replicas'],
      [{ flavor: '80mCPU-128MiB', max_replicas: 26 }, 'max_replicas'],
      [{ flavor: '80mCPU-128MiB', max_replicas: 1.5 }, 'max_replicas'],
      [{ flavor: '80mCPU-128MiB', max_replicas: 1, scale: 2 }, 'scale'],
    ];
    for (const [body, field] of invalidLimits) {
      it(`check_limits refuses ${JSON.stringify(body)}, naming ${field}`, async () => {
        assert.ok(invalidFields(await rawRequest(emulator, 'POST', '/cloud/v1/caas/7/76/check_limits', { body }))[field]);
      });
    }
  });

  describe('pricing', () => {
    const price = async (body: Json) => json(await rawRequest(emulator, 'POST', '/cloud/v1/pricing/7/76/caas', { body }), 200);

    it('prices a size and scale by scale.max, in euros, as numbers', async () => {
      assert.deepEqual(await price({ flavor: '250mCPU-512MiB', scale: { min: 1, max: 3 } }), {
        currency_code: 'EUR',
        price_per_hour: 0.0236,
        price_per_month: 17.23,
        price_status: 'show',
        discount_percent: 0,
      });
      const large = await price({ flavor: '1140mCPU-2048MiB', scale: { min: 0, max: 5 } });
      assert.equal(large.price_per_hour, 0.1717);
      assert.equal(large.price_per_month, 125.34);
      const small = await price({ flavor: '80mCPU-128MiB', scale: { min: 1, max: 1 } });
      assert.equal(small.price_per_hour, 0.0023);
      assert.equal(small.price_per_month, 1.68);
    });

    const invalidPrices: [Json, string][] = [
      [{ scale: { min: 1, max: 1 } }, 'flavor'],
      [{ flavor: '999mCPU-1MiB', scale: { min: 1, max: 1 } }, 'flavor'],
      [{ flavor: '80mCPU-128MiB' }, 'scale'],
      [{ flavor: '80mCPU-128MiB', scale: { min: 3, max: 1 } }, 'scale.min'],
      [{ flavor: '80mCPU-128MiB', scale: { min: 0, max: 26 } }, 'scale.max'],
      [{ flavor: '80mCPU-128MiB', scale: 'big' }, 'scale'],
    ];
    for (const [body, field] of invalidPrices) {
      it(`refuses ${JSON.stringify(body)}, naming ${field}`, async () => {
        assert.ok(invalidFields(await rawRequest(emulator, 'POST', '/cloud/v1/pricing/7/76/caas', { body }))[field]);
      });
    }
  });

  describe('delete', () => {
    it('lists and reads the container as Deleting while its task runs, then answers 404 everywhere', async () => {
      const taskId = await remove(emulator, 'web-app');
      const task = await get(emulator, `/cloud/v1/tasks/${taskId}`);
      assert.equal(task.task_type, 'delete_caas_container');
      assert.equal((await get(emulator, `${CONTAINERS}/web-app`)).status, 'Deleting');
      const listed = (await get(emulator, CONTAINERS)).results as Json[];
      assert.equal(listed.find((container) => container.name === 'web-app')?.status, 'Deleting');
      const again = await json(await rawRequest(emulator, 'DELETE', `${CONTAINERS}/web-app`), 409);
      assert.equal(again.exception_class, 'ConflictError');
      assert.equal(again.message, 'Container web-app is already being deleted');

      await pause(400);
      const finished = await get(emulator, `/cloud/v1/tasks/${taskId}`);
      assert.equal(finished.state, 'FINISHED');
      assert.equal(finished.created_resources, null);
      assert.deepEqual(
        await names(emulator),
        SEEDED_CONTAINER_NAMES.filter((name) => name !== 'web-app'),
      );
      for (const [method, path] of [
        ['GET', `${CONTAINERS}/web-app`],
        ['GET', `${CONTAINERS}/web-app/logs`],
        ['PATCH', `${CONTAINERS}/web-app`],
        ['DELETE', `${CONTAINERS}/web-app`],
      ]) {
        const gone = await json(await rawRequest(emulator, method, path, { body: method === 'PATCH' ? { timeout: 5 } : undefined }), 404);
        assert.equal(gone.exception_class, 'NotFoundError', `${method} ${path}`);
        assert.equal(gone.message, 'Container web-app not found');
      }
      assert.equal(emulator.container(7, 76, 'web-app'), undefined);
      assert.ok((await names(emulator, '8/76')).includes('web-app'), 'other locations keep theirs');
      assert.ok(emulator.container(7, 77, 'web-app'));
    });

    it('answers 404 NotFoundError for a name the location does not have', async () => {
      const missing = await json(await rawRequest(emulator, 'DELETE', `${CONTAINERS}/no-such-app`), 404);
      assert.equal(missing.exception_class, 'NotFoundError');
      assert.equal(missing.message, 'Container no-such-app not found');
    });

    it('deletes a created container, even while it is being created, and lets the name be created again, listed last', async () => {
      await create(emulator, payload());
      await remove(emulator, 'new-app');
      assert.equal((await get(emulator, `${CONTAINERS}/new-app`)).status, 'Deleting');
      await remove(emulator, 'batch-worker');
      await pause(400);
      assert.deepEqual(
        await names(emulator),
        SEEDED_CONTAINER_NAMES.filter((name) => name !== 'batch-worker'),
      );
      await create(emulator, payload({ name: 'batch-worker', image: 'worker:2' }));
      assert.deepEqual(await names(emulator), [...SEEDED_CONTAINER_NAMES.filter((name) => name !== 'batch-worker'), 'batch-worker']);
      assert.equal((await get(emulator, `${CONTAINERS}/batch-worker`)).image, 'worker:2');
    });

    it('keeps a deleted container while tasks are held, and a reset brings it back', async () => {
      emulator.holdTasks(true);
      await remove(emulator, 'web-app');
      await pause(400);
      assert.equal((await get(emulator, `${CONTAINERS}/web-app`)).status, 'Deleting');
      emulator.holdTasks(false);
      await pause(400);
      await get(emulator, `${CONTAINERS}/web-app`, 404);
      emulator.reset();
      assert.equal((await get(emulator, `${CONTAINERS}/web-app`)).status, 'Ready');
    });
  });

  it('keeps a location of 5,000 generated containers fast to list while containers come and go', async () => {
    const big = await start({
      apiKey: API_KEY,
      containersPerLocation: 5_000,
      taskTimings: { newMs: 10, runningMs: 10 },
      createTimings: { newMs: 10, runningMs: 10 },
    });
    try {
      await create(big, payload());
      await remove(big, 'svc-00010');
      await pause(50);
      const startedAt = Date.now();
      const seen: string[] = [];
      for (let offset = 0; offset < 5_000; offset += 1_000) {
        const page = await get(big, `${CONTAINERS}?limit=1000&offset=${offset}`);
        assert.equal(page.count, 5_000);
        seen.push(...(page.results as Json[]).map((container) => String(container.name)));
      }
      assert.ok(Date.now() - startedAt < 3_000, `listed in ${Date.now() - startedAt} ms`);
      assert.equal(seen.length, 5_000);
      assert.equal(seen.at(-1), 'new-app');
      assert.equal(seen.includes('svc-00010'), false);
      assert.equal(
        (await limits(big, { flavor: '80mCPU-128MiB', max_replicas: 1 })).caas_container_count_limit,
        5_020,
        'room on top of the generated ones',
      );
    } finally {
      await big.close();
    }
  });

  it('is not served by a core-only emulator', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true });
    try {
      for (const [method, path, status] of [
        ['POST', CONTAINERS, 404],
        ['DELETE', `${CONTAINERS}/web-app`, 405],
        ['POST', '/cloud/v1/caas/7/76/check_limits', 404],
        ['POST', '/cloud/v1/pricing/7/76/caas', 404],
      ] as const) {
        const response = await rawRequest(core, method, path, { body: method === 'DELETE' ? undefined : payload() });
        assert.equal(response.status, status, `${method} ${path}`);
        assert.equal((response.json as Json).exception_class, status === 404 ? 'NotFoundError' : 'MethodNotAllowed');
      }
      assert.equal((await rawRequest(core, 'DELETE', `${CONTAINERS}/web-app`)).headers.allow, 'PATCH');
      assert.equal((await rawRequest(core, 'PATCH', `${CONTAINERS}/web-app`, { body: { timeout: 5 } })).status, 200, 'the update stays');
      assert.equal(core.container(7, 76, 'new-app'), undefined);
    } finally {
      await core.close();
    }
  });
});
