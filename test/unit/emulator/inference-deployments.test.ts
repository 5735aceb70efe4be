import * as assert from 'node:assert/strict';
import { SEEDED_DEPLOYMENTS, start, type Emulator } from '../../emulator/server';
import { answer, cloudError, get, invalidFieldNames, task, taskOf, type Json, type List } from './gpu-requests';
import { API_KEY, rawRequest } from './raw-http';

const DEPLOY_MS = 4_000;
const TIMINGS = { deployMs: DEPLOY_MS, tasks: { newMs: 100, runningMs: 400 }, limitsRequestMs: 1_000 };
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';

interface Region {
  region_id: number;
  scale: Json & { min: number; max: number };
  deploy_status: { total: number; ready: number };
  error_message: string | null;
  address: string;
}

interface Deployment {
  name: string;
  status: string;
  image: string;
  address: string;
  containers: Region[];
  command: string | null;
  api_keys: string[];
  auth_enabled: boolean;
  object_references: Json[];
}

interface LogLine {
  time: string;
  region_id: number;
  pod: string;
  message: string;
}

function createBody(overrides: Json = {}): Json {
  return {
    name: 'vllm-test',
    image: 'registry.gcore.com/inference/vllm-openai:0.8.5',
    listening_port: 8000,
    flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
    containers: [
      { region_id: 76, scale: { min: 2, max: 2 } },
      { region_id: 38, scale: { min: 1, max: 2, cooldown_period: 120, polling_interval: 15 } },
    ],
    command: ['--model', 'Qwen/Qwen2.5-7B-Instruct'],
    ...overrides,
  };
}

describe('emulator inference deployments', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, inferenceTimings: TIMINGS });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  const deployment = (name: string, project = 1) => get<Deployment>(emulator, `/cloud/v3/inference/${project}/deployments/${name}`);
  const create = (body: Json) => rawRequest(emulator, 'POST', DEPLOYMENTS, { body });
  const patch = (name: string, body: Json) => rawRequest(emulator, 'PATCH', `${DEPLOYMENTS}/${name}`, { body });

  describe('the seeded project', () => {
    it('has one running in two regions, one scaled to zero and one being deployed; other projects none', async () => {
      const list = await get<List<Deployment>>(emulator, DEPLOYMENTS);
      assert.equal(list.count, 3);
      const byName = new Map(list.results.map((item) => [item.name, item]));
      const active = byName.get(SEEDED_DEPLOYMENTS.active)!;
      assert.equal(active.status, 'ACTIVE');
      assert.deepEqual(
        active.containers.map((region) => [region.region_id, region.deploy_status]),
        [
          [76, { total: 1, ready: 1 }],
          [38, { total: 1, ready: 1 }],
        ],
      );
      assert.ok(active.address.startsWith(`${emulator.url}/`), active.address);
      assert.ok(active.containers.every((region) => region.address.startsWith(`${emulator.url}/`) && region.error_message === null));
      assert.deepEqual([active.auth_enabled, active.api_keys], [true, ['team-key']]);
      assert.equal(active.command, '--model meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192');
      assert.equal(byName.get(SEEDED_DEPLOYMENTS.pending)!.status, 'PENDING');
      assert.deepEqual(byName.get(SEEDED_DEPLOYMENTS.pending)!.containers[0].deploy_status, { total: 0, ready: 0 });
      assert.equal(byName.get(SEEDED_DEPLOYMENTS.deploying)!.status, 'DEPLOYING');
      assert.deepEqual(await get<List<Deployment>>(emulator, '/cloud/v3/inference/482/deployments'), { count: 0, results: [] });
      // Half an hour, whatever the pace: the playground always shows one being deployed.
      emulator.advanceTasks(DEPLOY_MS * 2);
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.deploying)).status, 'DEPLOYING');
    });

    it('pages with limit (1000 by default) and offset, count staying the total', async () => {
      const page = await get<List<Deployment>>(emulator, `${DEPLOYMENTS}?limit=1&offset=1`);
      assert.deepEqual([page.count, page.results.map((item) => item.name)], [3, [SEEDED_DEPLOYMENTS.pending]]);
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'GET', `${DEPLOYMENTS}?limit=1001`)), ['limit']);
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'GET', '/cloud/v3/inference/0/deployments')), ['project_id']);
    });

    it('holds generated deployments in every project instead, when asked, paged as any', async () => {
      const many = await start({ apiKey: API_KEY, inferenceDeploymentsPerProject: 1_200 });
      try {
        for (const project of [1, 482, 7]) {
          const first = await get<List<Deployment>>(many, `/cloud/v3/inference/${project}/deployments`);
          assert.deepEqual([first.count, first.results.length], [1_200, 1_000]);
          assert.ok(first.results.every((item) => item.status === 'ACTIVE' && item.object_references.length === 0));
        }
        const rest = await get<List<Deployment>>(many, '/cloud/v3/inference/1/deployments?offset=1000');
        assert.equal(rest.results.length, 200);
      } finally {
        await many.close();
      }
    });

    it('answers 404 NotFoundError for a deployment that is not there, 401 without the key', async () => {
      assert.equal(cloudError(await rawRequest(emulator, 'GET', `${DEPLOYMENTS}/nothing-here`), 404).exception_class, 'NotFoundError');
      const refused = await rawRequest(emulator, 'GET', DEPLOYMENTS, { authorization: null });
      assert.equal(refused.status, 401);
    });
  });

  describe('create', () => {
    it('answers {tasks}, lists it DEPLOYING with each region readying, then ACTIVE; the task names it', async () => {
      const taskId = taskOf(await create(createBody()));
      const first = await deployment('vllm-test');
      assert.equal(first.status, 'DEPLOYING');
      assert.deepEqual(
        first.containers.map((region) => region.deploy_status),
        [
          { total: 2, ready: 0 },
          { total: 1, ready: 0 },
        ],
      );
      assert.deepEqual(first.containers[0].scale, {
        min: 2,
        max: 2,
        cooldown_period: 60,
        polling_interval: 30,
        triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, gpu_utilization: null, gpu_memory: null, http: null, sqs: null },
      });
      assert.equal(first.command, '--model Qwen/Qwen2.5-7B-Instruct');
      emulator.advanceTasks(DEPLOY_MS / 2);
      const halfway = await deployment('vllm-test');
      assert.deepEqual(halfway.containers[0].deploy_status, { total: 2, ready: 1 });
      const finished = await task(emulator, taskId);
      assert.deepEqual(
        [finished.task_type, finished.state, finished.created_resources],
        ['create_inference_instance', 'FINISHED', { inference_instances: ['vllm-test'] }],
      );
      emulator.advanceTasks(DEPLOY_MS / 2);
      const ready = await deployment('vllm-test');
      assert.equal(ready.status, 'ACTIVE');
      assert.deepEqual(
        ready.containers.map((region) => region.deploy_status),
        [
          { total: 2, ready: 2 },
          { total: 1, ready: 1 },
        ],
      );
    });

    it('sends triggers as given: every one not sent is null', async () => {
      const body = createBody({ containers: [{ region_id: 76, scale: { min: 1, max: 1, triggers: { http: { rate: 5, window: 60 } } } }] });
      taskOf(await create(body));
      const { triggers } = (await deployment('vllm-test')).containers[0].scale as unknown as { triggers: Json };
      assert.deepEqual(triggers, {
        cpu: null,
        memory: null,
        gpu_utilization: null,
        gpu_memory: null,
        http: { rate: 5, window: 60 },
        sqs: null,
      });
    });

    it('refuses what Gcore refuses with 400 naming each field, and creates nothing', async () => {
      const cases: [Json, string[]][] = [
        [{ name: 'ab' }, ['name']],
        [{ name: 'has_underscore' }, ['name']],
        [{ name: '-leading' }, ['name']],
        [{ image: 'Ghcr.io/x/y:1' }, ['image']],
        [{ image: 'registry.example.com:5000/x/y:1' }, ['image']],
        [{ image: 'ghcr.io/x/y@sha256:abcdef' }, ['image']],
        [{ listening_port: 0 }, ['listening_port']],
        [{ flavor_name: 'inference-9000vcpu' }, ['flavor_name']],
        [{ containers: [] }, ['containers']],
        [{ containers: [{ region_id: 20, scale: { min: 1, max: 1 } }] }, ['containers.0.region_id']],
        [{ containers: [{ region_id: 76, scale: { min: 3, max: 2 } }] }, ['containers.0.scale.max']],
        [{ containers: [{ region_id: 76, scale: { min: 0, max: 301 } }] }, ['containers.0.scale.max']],
        [
          { containers: [{ region_id: 76, scale: { min: 0, max: 1, cooldown_period: 0, polling_interval: 4 } }] },
          ['containers.0.scale.cooldown_period', 'containers.0.scale.polling_interval'],
        ],
        [
          { containers: [{ region_id: 76, scale: { min: 0, max: 1, triggers: { cpu: { threshold: 101 } } } }] },
          ['containers.0.scale.triggers.cpu.threshold'],
        ],
        [{ readiness_probe: { enabled: true, probe: { period_seconds: 10 } } }, ['readiness_probe.probe']],
        [{ command: '--model x' }, ['command']],
        [{ credentials_name: 'nobody' }, ['credentials_name']],
        [{ api_keys: ['no-such-key'] }, ['api_keys.0']],
        [{ colour: 'blue' }, ['colour']],
      ];
      for (const [overrides, fields] of cases) {
        assert.deepEqual(invalidFieldNames(await create(createBody(overrides))), fields, JSON.stringify(overrides));
      }
      assert.deepEqual(invalidFieldNames(await create({})), ['containers', 'flavor_name', 'image', 'listening_port', 'name']);
      assert.equal((await get<List<Deployment>>(emulator, DEPLOYMENTS)).count, 3);
    });

    it('accepts hyphens in names, Docker Hub images, probes and a registry credential', async () => {
      const body = createBody({
        name: 'my-model-2',
        image: 'vllm/vllm-openai:v0.6.3',
        credentials_name: 'ghcr-team',
        readiness_probe: { enabled: true, probe: { http_get: { port: 8000, path: '/v1/models' }, period_seconds: 5 } },
        envs: { HF_TOKEN: 'hf_x' },
        api_keys: ['team-key'],
      });
      taskOf(await create(body));
      const created = await deployment('my-model-2');
      assert.deepEqual([created.auth_enabled, created.api_keys], [true, ['team-key']]);
    });

    it('answers 409 for a name in use, and 400 QuotaExceededError past the account quota', async () => {
      assert.equal(cloudError(await create(createBody({ name: SEEDED_DEPLOYMENTS.active })), 409).exception_class, 'ConflictError');
      const tooMany = cloudError(await create(createBody({ containers: [{ region_id: 76, scale: { min: 1, max: 7 } }] })), 400);
      assert.equal(tooMany.exception_class, 'QuotaExceededError');
      assert.deepEqual(tooMany.info, {
        inference_gpu_l40s_count_limit: 12,
        inference_gpu_l40s_count_requested: 7,
        inference_gpu_l40s_count_usage: 6,
      });
    });

    it('ends PARTIALLYDEPLOYED for an image named failing, its first region with an error', async () => {
      taskOf(await create(createBody({ image: 'ghcr.io/example/failing-model:1' })));
      assert.equal((await deployment('vllm-test')).status, 'DEPLOYING');
      emulator.advanceTasks(DEPLOY_MS);
      const failed = await deployment('vllm-test');
      assert.equal(failed.status, 'PARTIALLYDEPLOYED');
      assert.match(failed.containers[0].error_message ?? '', /Back-off restarting failed container/);
      assert.deepEqual(failed.containers[0].deploy_status, { total: 2, ready: 0 });
      assert.deepEqual([failed.containers[1].error_message, failed.containers[1].deploy_status], [null, { total: 1, ready: 1 }]);
    });

    it('is PENDING once deployed with every minimum at zero', async () => {
      taskOf(await create(createBody({ containers: [{ region_id: 8, scale: { min: 0, max: 3 } }], flavor_name: 'inference-1vcpu-1gib' })));
      emulator.advanceTasks(DEPLOY_MS);
      assert.equal((await deployment('vllm-test')).status, 'PENDING');
    });
  });

  describe('update', () => {
    it('takes containers as the whole set of regions, and leaves what a scale does not send null', async () => {
      const taskId = taskOf(
        await patch(SEEDED_DEPLOYMENTS.active, { containers: [{ region_id: 76, scale: { min: 2, max: 3 } }], command: ['--model', 'x'] }),
      );
      assert.equal((await task(emulator, taskId)).task_type, 'update_inference_instance');
      const changed = await deployment(SEEDED_DEPLOYMENTS.active);
      assert.deepEqual(
        changed.containers.map((region) => region.region_id),
        [76],
      );
      assert.deepEqual([changed.containers[0].scale.cooldown_period, changed.containers[0].scale.polling_interval], [null, null]);
      assert.equal(changed.command, '--model x');
      assert.equal(changed.status, 'DEPLOYING', 'its pods restart');
      emulator.advanceTasks(DEPLOY_MS);
      assert.deepEqual((await deployment(SEEDED_DEPLOYMENTS.active)).containers[0].deploy_status, { total: 2, ready: 2 });
    });

    it('refuses a scale without min or max, a command read back as text, and a null image', async () => {
      assert.deepEqual(invalidFieldNames(await patch(SEEDED_DEPLOYMENTS.active, { containers: [{ region_id: 76, scale: { max: 2 } }] })), [
        'containers.0.scale.min',
      ]);
      assert.deepEqual(invalidFieldNames(await patch(SEEDED_DEPLOYMENTS.active, { command: '--model meta-llama/Llama-3.1-8B-Instruct' })), [
        'command',
      ]);
      assert.deepEqual(invalidFieldNames(await patch(SEEDED_DEPLOYMENTS.active, { image: null })), ['image']);
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.active)).status, 'ACTIVE');
    });

    it('turns auth off with api_keys: [] and leaves the pods running for a description', async () => {
      taskOf(await patch(SEEDED_DEPLOYMENTS.active, { api_keys: [], description: 'no auth' }));
      const changed = await deployment(SEEDED_DEPLOYMENTS.active);
      assert.deepEqual([changed.auth_enabled, changed.api_keys, changed.status], [false, [], 'ACTIVE']);
    });
  });

  describe('stop, start and delete', () => {
    it('stops with 204 (DISABLED, no pods) and starts back to each region minimum', async () => {
      const stopped = await rawRequest(emulator, 'POST', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}/stop`);
      assert.deepEqual([stopped.status, stopped.text], [204, '']);
      const disabled = await deployment(SEEDED_DEPLOYMENTS.active);
      assert.equal(disabled.status, 'DISABLED');
      assert.ok(disabled.containers.every((region) => region.deploy_status.total === 0 && region.deploy_status.ready === 0));
      assert.equal((await rawRequest(emulator, 'POST', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}/start`)).status, 204);
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.active)).status, 'DEPLOYING');
      emulator.advanceTasks(DEPLOY_MS);
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.active)).status, 'ACTIVE');
    });

    it('starts one whose minimums are all zero straight to PENDING', async () => {
      await rawRequest(emulator, 'POST', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.pending}/stop`);
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.pending)).status, 'DISABLED');
      await rawRequest(emulator, 'POST', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.pending}/start`);
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.pending)).status, 'PENDING');
    });

    it('deletes: {tasks}, DELETING until the task ends, then gone; a second delete meanwhile is a 409', async () => {
      const path = `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}`;
      taskOf(await rawRequest(emulator, 'DELETE', path));
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.active)).status, 'DELETING');
      assert.equal(cloudError(await rawRequest(emulator, 'DELETE', path), 409).exception_class, 'ConflictError');
      assert.equal(cloudError(await rawRequest(emulator, 'POST', `${path}/start`), 409).exception_class, 'ConflictError');
      emulator.advanceTasks(TIMINGS.tasks.newMs + TIMINGS.tasks.runningMs);
      assert.equal((await rawRequest(emulator, 'GET', path)).status, 404);
      assert.equal((await get<List<Deployment>>(emulator, DEPLOYMENTS)).count, 2);
    });
  });

  describe('logs', () => {
    const logs = (query: string, name: string = SEEDED_DEPLOYMENTS.active) =>
      get<List<LogLine>>(emulator, `${DEPLOYMENTS}/${name}/logs?${query}`);

    it('answers the newest first by default, oldest first when asked, each line with region and pod', async () => {
      emulator.holdTasks(true);
      const newest = await logs('limit=5');
      assert.equal(newest.results.length, 5);
      assert.ok(newest.count > 5);
      const times = newest.results.map((line) => line.time);
      assert.deepEqual(times, [...times].sort().reverse());
      assert.ok(newest.results.every((line) => [76, 38].includes(line.region_id) && line.pod.startsWith(`${SEEDED_DEPLOYMENTS.active}-`)));
      const oldest = await logs('limit=4&order_by=time.asc');
      assert.equal(oldest.count, newest.count);
      assert.deepEqual(oldest.results.map((line) => line.message).slice(0, 2), [
        'INFO: Starting model server',
        'INFO: Starting model server',
      ]);
    });

    it('keeps lines coming while it runs, the same line the same on every read', async () => {
      emulator.holdTasks(true);
      const before = await logs('limit=1000&order_by=time.asc');
      emulator.advanceTasks(60_000);
      const after = await logs('limit=1000&order_by=time.asc');
      assert.ok(after.count > before.count, 'newer lines');
      const known = new Map(after.results.map((line) => [`${line.time} ${line.pod}`, line.message]));
      for (const line of before.results.slice(-50)) assert.equal(known.get(`${line.time} ${line.pod}`), line.message);
    });

    it('filters by region, pages with offset, and stops writing when the deployment stops', async () => {
      emulator.holdTasks(true);
      const region = await logs('region_id=38&limit=1000');
      assert.ok(region.results.every((line) => line.region_id === 38));
      const second = await logs('region_id=38&limit=1&offset=1');
      assert.deepEqual(second.results, region.results.slice(1, 2));
      await rawRequest(emulator, 'POST', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}/stop`);
      const stopped = await logs('limit=1');
      emulator.advanceTasks(60_000);
      assert.deepEqual(await logs('limit=1'), stopped);
      assert.deepEqual(
        invalidFieldNames(await rawRequest(emulator, 'GET', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}/logs?limit=1001&order_by=time`)),
        ['limit', 'order_by'],
      );
    });

    it('writes a line every logLineMs when asked: pages of millions of lines, counted and ordered alike', async () => {
      const fast = await start({ apiKey: API_KEY, inferenceTimings: { ...TIMINGS, logLineMs: 1 } });
      try {
        fast.holdTasks(true);
        const page = (query: string) => get<List<LogLine>>(fast, `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}/logs?${query}`);
        const first = await page('limit=1000');
        const second = await page('limit=1000&offset=1000');
        // Two pods, one line each a millisecond, for the 45 minutes the seeded deployment has run.
        assert.ok(first.count > 2 * 44 * 60_000 && first.count <= 2 * 45 * 60_000, String(first.count));
        const times = [...first.results, ...second.results].map((line) => Date.parse(line.time));
        assert.equal(times.length, 2000);
        assert.ok(times.every((ms, index) => index === 0 || ms <= times[index - 1]));
        assert.ok(times[0] - times[1999] < 1000, 'a thousand lines a second from each of two pods');
        const both = await page('limit=1000&offset=999');
        assert.deepEqual(both.results.slice(0, 2), [first.results[999], second.results[0]]);
        const oldest = await page('limit=3&order_by=time.asc');
        assert.equal(oldest.count, first.count);
        assert.deepEqual(
          oldest.results.map((line) => line.message),
          ['INFO: Starting model server', 'INFO: Loading model weights (4 shards)', 'INFO: Model loaded; warming up CUDA graphs'],
        );
      } finally {
        await fast.close();
      }
    });

    it('has a crashing region write its crash', async () => {
      taskOf(await create(createBody({ image: 'ghcr.io/example/failing-model:1' })));
      emulator.advanceTasks(30_000);
      const crashing = await logs('region_id=76&limit=20', 'vllm-test');
      assert.ok(crashing.results.some((line) => line.message.includes('CUDA out of memory')));
    });
  });

  describe('faults', () => {
    it('answers injected 429 and 5xx on reads and writes in Gcore error shape', async () => {
      emulator.inject({ method: 'GET', path: DEPLOYMENTS, status: 429, headers: { 'Retry-After': '1' } });
      const limited = await rawRequest(emulator, 'GET', DEPLOYMENTS);
      assert.deepEqual([limited.status, limited.headers['retry-after']], [429, '1']);
      emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 503 });
      assert.equal(cloudError(await create(createBody()), 503).exception_class, 'ServiceUnavailable');
      assert.equal((await rawRequest(emulator, 'GET', `${DEPLOYMENTS}/vllm-test`)).status, 404, 'nothing created');
      emulator.inject({ method: 'POST', path: /\/deployments\/[^/]+\/stop$/, status: 502 });
      assert.equal((await rawRequest(emulator, 'POST', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}/stop`)).status, 502);
      assert.equal((await deployment(SEEDED_DEPLOYMENTS.active)).status, 'ACTIVE');
    });

    it('loses a create answer after the create was made', async () => {
      emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 504, afterApplying: true });
      assert.equal((await create(createBody())).status, 504);
      assert.equal((await deployment('vllm-test')).status, 'DEPLOYING');
      emulator.inject({ method: 'POST', path: DEPLOYMENTS, drop: true, afterApplying: true });
      await assert.rejects(create(createBody({ name: 'second', flavor_name: 'inference-4vcpu-16gib' })));
      assert.equal((await deployment('second')).name, 'second');
    });

    it('answers 404 to every inference path on a core-only server', async () => {
      const core = await start({ apiKey: API_KEY, coreOnly: true });
      try {
        assert.equal((await rawRequest(core, 'GET', DEPLOYMENTS)).status, 404);
        assert.equal((await rawRequest(core, 'GET', '/cloud/v2/client_quotas')).status, 404);
      } finally {
        await core.close();
      }
    });
  });

  it('answers every write {tasks} as a JSON object', async () => {
    const reply = answer<Json>(await create(createBody()));
    assert.deepEqual(Object.keys(reply), ['tasks']);
  });
});
