import * as assert from 'node:assert/strict';
import { SEEDED_DEPLOYMENTS, start, type Emulator } from '../../emulator/server';
import { cloudError, get, invalidFieldNames, taskOf, type Json, type List } from './gpu-requests';
import { API_KEY, rawRequest } from './raw-http';

const NEW_KEY = 'new-account-key';
const REQUEST_MS = 2_000;
const TIMINGS = { deployMs: 1_000, tasks: { newMs: 100, runningMs: 300 }, limitsRequestMs: REQUEST_MS };
const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';

interface Quotas {
  global_quotas: Record<string, number>;
}

interface LimitsRequest {
  id: number;
  status: string;
  description: string;
  requested_limits: { global_limits: Record<string, number> };
}

function deploymentBody(overrides: Json = {}): Json {
  return {
    name: 'first-model',
    image: 'vllm/vllm-openai:v0.6.3',
    listening_port: 8000,
    flavor_name: L40S,
    containers: [{ region_id: 76, scale: { min: 1, max: 2 } }],
    ...overrides,
  };
}

describe('emulator inference quota, prices and catalogue', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, newAccountApiKey: NEW_KEY, inferenceTimings: TIMINGS });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  const asNew = { authorization: `apikey ${NEW_KEY}` };
  const quotas = async (authorization?: string) =>
    (await rawRequest(emulator, 'GET', '/cloud/v2/client_quotas', { authorization })).json as Quotas;

  describe('quota', () => {
    it('answers the account limits and what its running deployments take at scale.max', async () => {
      const { global_quotas: global } = await quotas();
      assert.deepEqual(
        Object.fromEntries(Object.entries(global).filter(([name]) => name.startsWith('inference_') && name.endsWith('_usage'))),
        {
          inference_cpu_millicore_count_usage: 112_000,
          inference_gpu_a100_count_usage: 1,
          inference_gpu_h100_count_usage: 0,
          inference_gpu_l40s_count_usage: 6,
          inference_instance_count_usage: 3,
          inference_public_model_api_key_count_usage: 0,
        },
      );
      assert.equal(global.inference_gpu_l40s_count_limit, 12);
      await rawRequest(emulator, 'POST', `/cloud/v3/inference/1/deployments/${SEEDED_DEPLOYMENTS.active}/stop`);
      assert.equal((await quotas()).global_quotas.inference_gpu_l40s_count_usage, 2, 'a stopped deployment takes nothing');
    });

    it('gives the second key an account of its own with zero inference quota and nothing deployed', async () => {
      const account = await rawRequest(emulator, 'GET', '/iam/clients/me', asNew);
      assert.equal((account.json as { email: string }).email, 'new@example.com');
      const global = (await quotas(asNew.authorization)).global_quotas;
      assert.ok(
        Object.entries(global)
          .filter(([name]) => name.startsWith('inference_'))
          .every(([, value]) => value === 0),
      );
      const list = await rawRequest(emulator, 'GET', '/cloud/v3/inference/1/deployments', asNew);
      assert.deepEqual(list.json, { count: 0, results: [] });
      const refused = cloudError(
        await rawRequest(emulator, 'POST', '/cloud/v3/inference/1/deployments', { ...asNew, body: deploymentBody() }),
        400,
      );
      assert.equal(refused.exception_class, 'QuotaExceededError');
      assert.equal(refused.info?.inference_gpu_l40s_count_limit, 0);
      const check = await rawRequest(emulator, 'POST', '/cloud/v3/inference/1/deployments/check_limits', {
        ...asNew,
        body: { flavor_name: L40S, containers: [{ region_id: 76, scale: { min: 1, max: 2 } }] },
      });
      assert.deepEqual(check.json, {
        inference_cpu_millicore_count_limit: 0,
        inference_cpu_millicore_count_requested: 32_000,
        inference_cpu_millicore_count_usage: 0,
        inference_gpu_l40s_count_limit: 0,
        inference_gpu_l40s_count_requested: 2,
        inference_gpu_l40s_count_usage: 0,
        inference_instance_count_limit: 0,
        inference_instance_count_requested: 1,
        inference_instance_count_usage: 0,
      });
    });

    it('answers {} to check_limits when it fits, 400 naming an unknown flavor', async () => {
      const fits = await rawRequest(emulator, 'POST', '/cloud/v3/inference/1/deployments/check_limits', {
        body: { flavor_name: L40S, containers: [{ region_id: 76, scale: { min: 0, max: 6 } }] },
      });
      assert.deepEqual([fits.status, fits.json], [200, {}]);
      const past = await rawRequest(emulator, 'POST', '/cloud/v3/inference/1/deployments/check_limits', {
        body: { flavor_name: L40S, containers: [{ region_id: 76, scale: { min: 0, max: 7 } }] },
      });
      assert.equal((past.json as Json).inference_gpu_l40s_count_requested, 7);
      assert.deepEqual(
        invalidFieldNames(
          await rawRequest(emulator, 'POST', '/cloud/v3/inference/1/deployments/check_limits', {
            body: { flavor_name: 'x', containers: [] },
          }),
        ),
        ['containers', 'flavor_name'],
      );
    });

    it('grants a limits request after a while, raising the limits so that the create goes through', async () => {
      const body = {
        description: 'A first model',
        requested_limits: {
          global_limits: {
            inference_gpu_l40s_count_limit: 2,
            inference_cpu_millicore_count_limit: 32_000,
            inference_instance_count_limit: 1,
          },
        },
      };
      const created = await rawRequest(emulator, 'POST', '/cloud/v2/limits_request', { ...asNew, body });
      const request = created.json as LimitsRequest;
      assert.deepEqual(
        [created.status, request.status, request.requested_limits.global_limits.inference_gpu_l40s_count_limit],
        [200, 'in progress', 2],
      );
      const followed = await rawRequest(emulator, 'GET', `/cloud/v2/limits_request/${request.id}`, asNew);
      assert.equal((followed.json as LimitsRequest).status, 'in progress');
      assert.equal((await rawRequest(emulator, 'GET', `/cloud/v2/limits_request/${request.id}`)).status, 404, "another account's");
      emulator.advanceTasks(REQUEST_MS);
      const list = (await rawRequest(emulator, 'GET', '/cloud/v2/limits_request', asNew)).json as List<LimitsRequest>;
      assert.deepEqual(
        list.results.map((item) => [item.id, item.status]),
        [[request.id, 'done']],
      );
      assert.equal((await quotas(asNew.authorization)).global_quotas.inference_gpu_l40s_count_limit, 2);
      taskOf(await rawRequest(emulator, 'POST', '/cloud/v3/inference/1/deployments', { ...asNew, body: deploymentBody() }));
    });

    it('rejects a request whose description says so, and refuses an unknown limit name', async () => {
      const created = await rawRequest(emulator, 'POST', '/cloud/v2/limits_request', {
        body: { description: 'please reject this', requested_limits: { global_limits: { inference_gpu_h100_count_limit: 8 } } },
      });
      emulator.advanceTasks(REQUEST_MS);
      const request = await get<LimitsRequest>(emulator, `/cloud/v2/limits_request/${(created.json as LimitsRequest).id}`);
      assert.equal(request.status, 'rejected');
      assert.equal((await quotas()).global_quotas.inference_gpu_h100_count_limit, 2);
      assert.deepEqual(
        invalidFieldNames(
          await rawRequest(emulator, 'POST', '/cloud/v2/limits_request', {
            body: { description: 'x', requested_limits: { global_limits: { gpu_count_limit: 1 } } },
          }),
        ),
        ['requested_limits.global_limits.gpu_count_limit'],
      );
    });

    it('lets a test change the limits; a reset restores them', async () => {
      emulator.setInferenceLimits({ inference_gpu_l40s_count_limit: 0 });
      assert.equal((await quotas()).global_quotas.inference_gpu_l40s_count_limit, 0);
      assert.throws(() => emulator.setInferenceLimits({ gpu_count_limit: 1 }), RangeError);
      emulator.reset();
      assert.equal((await quotas()).global_quotas.inference_gpu_l40s_count_limit, 12);
    });
  });

  describe('prices', () => {
    it('prices a deployment as a ceiling: the flavor hourly price for every pod at scale.max', async () => {
      const one = await rawRequest(emulator, 'POST', '/cloud/v2/pricing/inference/deployments', {
        body: { flavor_name: L40S, containers: [{ region_id: 76, scale: { max: 1 } }] },
      });
      assert.deepEqual(one.json, {
        price_per_hour: 1.65,
        price_per_month: 1204.5,
        currency_code: 'EUR',
        price_status: 'show',
        discount_percent: 0,
      });
      const four = await rawRequest(emulator, 'POST', '/cloud/v2/pricing/inference/deployments', {
        body: {
          flavor_name: L40S,
          containers: [
            { region_id: 76, scale: { min: 0, max: 1 } },
            { region_id: 38, scale: { max: 3 } },
          ],
        },
      });
      assert.equal((four.json as Json).price_per_hour, 6.6);
      assert.deepEqual(
        invalidFieldNames(
          await rawRequest(emulator, 'POST', '/cloud/v2/pricing/inference/deployments', {
            body: { flavor_name: 'x', containers: [{ scale: {} }] },
          }),
        ),
        ['containers.0.scale.max', 'flavor_name'],
      );
    });

    it('prices an application: each component at scale.max in every region', async () => {
      const price = await rawRequest(emulator, 'POST', '/cloud/v2/pricing/inference/applications', {
        body: {
          application_name: 'chat-llm',
          regions: [76, 38],
          components_configuration: {
            vllm: { flavor: L40S, scale: { min: 1, max: 2 } },
            'open-webui': { flavor: 'inference-1vcpu-1gib', scale: { min: 1, max: 1 } },
          },
        },
      });
      assert.equal((price.json as Json).price_per_hour, 6.624);
    });
  });

  describe('flavors, capacity and regions', () => {
    it('lists CPU-only and GPU flavors (L40S, A100, H100), paged, and gets one by name', async () => {
      const flavors = await get<List<Json>>(emulator, '/cloud/v3/inference/flavors');
      assert.deepEqual(
        flavors.results.map((flavor) => flavor.gpu_model),
        [null, null, 'L40S', 'A100', 'H100'],
      );
      assert.equal('eurPerHour' in flavors.results[0], false);
      const second = await get<List<Json>>(emulator, '/cloud/v3/inference/flavors?limit=2&offset=2');
      assert.deepEqual([second.count, second.results.map((flavor) => flavor.gpu_model)], [5, ['L40S', 'A100']]);
      const one = await get<Json>(emulator, `/cloud/v3/inference/flavors/${L40S}`);
      assert.deepEqual([one.gpu, one.gpu_memory], [1, 48]);
      assert.equal((await rawRequest(emulator, 'GET', '/cloud/v3/inference/flavors/none')).status, 404);
    });

    it("answers each AI region's free capacity per flavor, and marks those regions has_ai", async () => {
      const capacity = await get<List<{ region_id: number; capacity: { flavor_name: string; capacity: number }[] }>>(
        emulator,
        '/cloud/v3/inference/capacity',
      );
      assert.deepEqual(
        capacity.results.map((region) => region.region_id),
        [76, 8, 38],
      );
      assert.ok(capacity.results[0].capacity.some((entry) => entry.flavor_name === L40S && entry.capacity > 0));
      const regions = await get<List<{ id: number; has_ai: boolean }>>(emulator, '/cloud/v1/regions?product=inference');
      assert.deepEqual(
        regions.results.map((region) => [region.id, region.has_ai]),
        [
          [76, true],
          [8, true],
          [38, true],
        ],
      );
      const all = await get<List<{ id: number; has_ai: boolean }>>(emulator, '/cloud/v1/regions');
      assert.equal(all.results.find((region) => region.id === 20)?.has_ai, false);
    });
  });

  describe('catalogue', () => {
    it('lists a two-component and a one-component application, with flavors and bounded parameters', async () => {
      const catalog = await get<List<{ name: string; components: Record<string, Json> }>>(
        emulator,
        '/cloud/v3/inference/applications/catalog',
      );
      assert.deepEqual(
        catalog.results.map((application) => [application.name, Object.keys(application.components)]),
        [
          ['chat-llm', ['vllm', 'open-webui']],
          ['whisper', ['whisper']],
        ],
      );
      const chat = await get<{
        components: Record<string, { parameters: Record<string, Json>; suitable_flavors: Json[]; image?: string }>;
      }>(emulator, '/cloud/v3/inference/applications/catalog/chat-llm');
      const parameters = chat.components.vllm.parameters;
      assert.deepEqual(
        Object.values(parameters).map((parameter) => parameter.type),
        ['enum', 'integer', 'float', 'string'],
      );
      assert.deepEqual([parameters.max_model_len.min_value, parameters.max_model_len.max_value], [512, 32768]);
      assert.equal(chat.components.vllm.image, undefined);
      assert.equal((await rawRequest(emulator, 'GET', '/cloud/v3/inference/applications/catalog/none')).status, 404);
    });
  });
});
