import * as assert from 'node:assert/strict';
import { GcoreApiError } from '../../../../src/api/errors';
import { rejection, startHarness, stopHarness, type Harness } from '../clientHarness';

const PROJECT = { projectId: 7 };
const DEPLOYMENTS = '/cloud/v3/inference/7/deployments';

/** A deployment as Gcore's published spec shows one (docs/gcore-api.md, "Everywhere Inference"). */
function publishedDeployment(name: string): Record<string, unknown> {
  return {
    name,
    project_id: 7,
    address: `https://${name}-7.ai.gcore.dev`,
    status: 'ACTIVE',
    image: 'vllm/vllm-openai:v0.6.4',
    listening_port: 8000,
    flavor_name: 'inference-16vcpu-232gib-1xh100-80gb',
    containers: [
      {
        region_id: 1,
        scale: {
          min: 1,
          max: 3,
          cooldown_period: 60,
          polling_interval: 30,
          triggers: { cpu: { threshold: 80 }, memory: { threshold: 70 }, gpu_memory: null, gpu_utilization: null, http: null, sqs: null },
        },
        deploy_status: { total: 3, ready: 1 },
        address: `https://${name}-7-luxembourg.ai.gcore.dev`,
        error_message: null,
      },
    ],
    credentials_name: 'dockerhub',
    envs: { DEBUG_MODE: 'False' },
    command: 'python3 -m vllm.entrypoints.openai.api_server',
    api_keys: ['chat'],
    auth_enabled: true,
    timeout: 120,
    description: null,
    readiness_probe: { enabled: true, probe: { http_get: { port: 8000, path: '/v1/models', schema: 'HTTP' }, period_seconds: 10 } },
    liveness_probe: null,
    startup_probe: null,
    object_references: [],
    logging: { enabled: false, destination_region_id: null, topic_name: null, retention_policy: null },
    created_at: '2025-03-01T10:00:00Z',
  };
}

describe('GcoreClient inference', () => {
  let h: Harness | undefined;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });
  const harness = (): Harness => h as Harness;
  const requests = () => harness().emulator.requests;

  describe('deployments', () => {
    it("lists a project's deployments page by page, asking for Gcore's largest page", async () => {
      const page = (from: number, to: number) => ({
        count: 1003,
        results: Array.from({ length: to - from + 1 }, (_, index) => publishedDeployment(`model${from + index}`)),
      });
      harness().emulator.inject({ method: 'GET', path: DEPLOYMENTS, status: 200, body: page(1, 1000) });
      harness().emulator.inject({ method: 'GET', path: DEPLOYMENTS, status: 200, body: page(1001, 1003) });
      const list = await harness().client.inference.listDeployments(PROJECT);
      assert.equal(list.count, 1003);
      assert.equal(list.results[1002].name, 'model1003');
      assert.deepEqual(
        requests().map((request) => [request.method, request.path, request.query]),
        [
          ['GET', DEPLOYMENTS, { limit: '1000', offset: '0' }],
          ['GET', DEPLOYMENTS, { limit: '1000', offset: '1000' }],
        ],
      );
    });

    it("reads Gcore's published deployment as it came, its read command a string", async () => {
      const published = publishedDeployment('qwen');
      harness().emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/qwen`, status: 200, body: published });
      const deployment = await harness().client.inference.getDeployment({ ...PROJECT, name: 'qwen' });
      assert.deepEqual(deployment, published);
      assert.equal(deployment.unreadable_fields, undefined);
    });

    it('keeps a deployment with an odd field, naming the field, and leaves out one without a name', async () => {
      const odd = {
        ...publishedDeployment('odd1'),
        listening_port: '8000',
        envs: ['A=1'],
        containers: [publishedDeployment('x').containers, { region_id: 2, scale: { min: 0, max: 2 } }, { region_id: 3 }].flat(),
      };
      harness().emulator.inject({
        method: 'GET',
        path: DEPLOYMENTS,
        status: 200,
        body: { count: 3, results: [odd, { status: 'ACTIVE' }, { ...publishedDeployment('fine'), unreadable_fields: ['image'] }] },
      });
      const list = await harness().client.inference.listDeployments(PROJECT);
      assert.deepEqual(
        list.results.map((deployment) => [deployment.name, deployment.unreadable_fields]),
        [
          ['odd1', ['listening_port', 'envs', 'containers']],
          ['fine', undefined],
        ],
      );
      const [first] = list.results;
      assert.equal(first.listening_port, undefined);
      assert.deepEqual(
        first.containers?.map((container) => container.region_id),
        [1, 2],
        'the regions that read stay',
      );
      assert.equal(first.image, 'vllm/vllm-openai:v0.6.4');
      assert.equal(list.unreadableCount, 1);
    });

    it('puts a name in its own path segment, encoded', async () => {
      harness().emulator.inject({ method: 'GET', path: /\/deployments\//, status: 200, body: publishedDeployment('a b/c') });
      await harness().client.inference.getDeployment({ ...PROJECT, name: 'a b/c' });
      assert.equal(requests()[0].path, `${DEPLOYMENTS}/a%20b%2Fc`);
    });

    it('answers an unknown deployment with a GcoreApiError of kind notFound', async () => {
      harness().emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/gone`, status: 404 });
      const error = await rejection(harness().client.inference.getDeployment({ ...PROJECT, name: 'gone' }));
      assert.ok(error instanceof GcoreApiError);
      assert.equal(error.kind, 'notFound');
    });

    it('sends a create, an update and a delete exactly as given, answering their tasks', async () => {
      const create = { name: 'qwen', image: 'vllm/vllm-openai:v0.6.4', listening_port: 8000, flavor_name: 'f', containers: [] };
      const changes = { containers: [{ region_id: 1, scale: { min: 0, max: 2, cooldown_period: 60, polling_interval: 30 } }] };
      harness().emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 200, body: { tasks: ['t-create'] } });
      harness().emulator.inject({ method: 'PATCH', path: `${DEPLOYMENTS}/qwen`, status: 200, body: { tasks: ['t-update'] } });
      harness().emulator.inject({ method: 'DELETE', path: `${DEPLOYMENTS}/qwen`, status: 200, body: { tasks: ['t-delete'] } });
      const { inference } = harness().client;
      assert.deepEqual(await inference.createDeployment(PROJECT, create), { tasks: ['t-create'] });
      assert.deepEqual(await inference.updateDeployment({ ...PROJECT, name: 'qwen' }, changes), { tasks: ['t-update'] });
      assert.deepEqual(await inference.deleteDeployment({ ...PROJECT, name: 'qwen' }), { tasks: ['t-delete'] });
      assert.deepEqual(
        requests().map((request) => [request.method, request.path, request.json]),
        [
          ['POST', DEPLOYMENTS, create],
          ['PATCH', `${DEPLOYMENTS}/qwen`, changes],
          ['DELETE', `${DEPLOYMENTS}/qwen`, undefined],
        ],
      );
    });

    it('sends a create once, even when its answer is a 502', async () => {
      harness().emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 502, times: 3 });
      const error = await rejection(harness().client.inference.createDeployment(PROJECT, { name: 'qwen' }));
      assert.equal((error as unknown as GcoreApiError).mayHaveApplied, true);
      assert.equal(requests().length, 1);
    });

    it('starts and stops with a bodiless POST, answered 204', async () => {
      harness().emulator.inject({ method: 'POST', path: `${DEPLOYMENTS}/qwen/start`, status: 204 });
      harness().emulator.inject({ method: 'POST', path: `${DEPLOYMENTS}/qwen/stop`, status: 204 });
      const { inference } = harness().client;
      assert.equal(await inference.startDeployment({ ...PROJECT, name: 'qwen' }), undefined);
      assert.equal(await inference.stopDeployment({ ...PROJECT, name: 'qwen' }), undefined);
      assert.deepEqual(
        requests().map((request) => [request.method, request.path, request.body]),
        [
          ['POST', `${DEPLOYMENTS}/qwen/start`, ''],
          ['POST', `${DEPLOYMENTS}/qwen/stop`, ''],
        ],
      );
    });

    it('reads one page of logs per call, newest first unless asked, at most 1000 lines', async () => {
      const logs = `${DEPLOYMENTS}/qwen/logs`;
      const lines = [
        { time: '2025-03-01T10:00:02Z', region_id: 1, pod: 'qwen-7f9c-abcde', message: 'INFO: Application startup complete.' },
        { time: '2025-03-01T10:00:01Z', region_id: 1, pod: 'qwen-7f9c-abcde', message: 'INFO: Started server process' },
        { region_id: 1, message: 'no time' },
      ];
      harness().emulator.inject({ method: 'GET', path: logs, status: 200, body: { count: 5000, results: lines } });
      harness().emulator.inject({ method: 'GET', path: logs, status: 200, body: { count: 5000, results: [] } });
      const { inference } = harness().client;
      const page = await inference.logs({ ...PROJECT, name: 'qwen' }, { regionId: 1, limit: 50, offset: 100 });
      assert.deepEqual(page, { count: 5000, results: lines.slice(0, 2) });
      await inference.logs({ ...PROJECT, name: 'qwen' }, { limit: 100_000, order: 'time.asc' });
      assert.deepEqual(
        requests().map((request) => request.query),
        [
          { order_by: 'time.desc', region_id: '1', limit: '50', offset: '100' },
          { order_by: 'time.asc', limit: '1000', offset: '0' },
        ],
      );
    });

    it('checks limits and prices a deployment with the bodies given', async () => {
      const request = { flavor_name: 'f', containers: [{ region_id: 1, scale: { max: 2 } }] };
      harness().emulator.inject({ method: 'POST', path: `${DEPLOYMENTS}/check_limits`, status: 200, body: {} });
      harness().emulator.inject({
        method: 'POST',
        path: '/cloud/v2/pricing/inference/deployments',
        status: 200,
        body: { price_per_hour: 5.6, currency_code: 'EUR', price_status: 'show' },
      });
      harness().emulator.inject({
        method: 'POST',
        path: '/cloud/v2/pricing/inference/applications',
        status: 200,
        body: { price_per_hour: '1.2', currency_code: 'EUR' },
      });
      const { inference } = harness().client;
      assert.deepEqual(await inference.checkLimits(PROJECT, request), {});
      assert.equal((await inference.priceDeployment(request)).price_per_hour, 5.6);
      assert.equal((await inference.priceApplication({ application_name: 'x' })).price_per_hour, '1.2');
      assert.deepEqual(
        requests().map((request) => request.json),
        [request, request, { application_name: 'x' }],
      );
    });
  });

  describe('the catalogue, flavors and capacity', () => {
    it("reads the catalogue, its applications, the flavors and each region's capacity", async () => {
      const application = {
        name: 'qwen-chat',
        display_name: 'Qwen Chat',
        description: 'A chat model with its UI',
        readme: '# Qwen',
        tags: { category: 'llm' },
        components: {
          model: {
            display_name: 'Model',
            required: true,
            exposable: true,
            license_url: 'https://example.com/license',
            suitable_flavors: [{ name: 'inference-1xl40s' }],
            parameters: { max_len: { type: 'integer', default_value: 4096, min_value: 512, max_value: 32768, required: false } },
          },
          ui: { display_name: 'Chat UI', required: false, exposable: true, suitable_flavors: [{ name: 'inference-4vcpu' }] },
        },
      };
      const emulator = harness().emulator;
      emulator.inject({ path: '/cloud/v3/inference/applications/catalog', status: 200, body: { count: 2, results: [application, {}] } });
      emulator.inject({ path: '/cloud/v3/inference/applications/catalog/qwen-chat', status: 200, body: application });
      emulator.inject({
        path: '/cloud/v3/inference/flavors',
        status: 200,
        body: { count: 1, results: [{ name: 'inference-1xl40s', cpu: 16, memory: 232, gpu: 1, gpu_model: 'L40S', gpu_memory: 48 }] },
      });
      emulator.inject({
        path: '/cloud/v3/inference/capacity',
        status: 200,
        body: {
          count: 2,
          results: [{ region_id: 1, capacity: [{ flavor_name: 'inference-1xl40s', capacity: 4 }, { flavor_name: 'x' }] }, { capacity: [] }],
        },
      });
      const { inference } = harness().client;
      const catalog = await inference.catalog();
      assert.deepEqual(catalog.results, [application]);
      assert.equal(catalog.unreadableCount, 1);
      assert.deepEqual(await inference.catalogApplication('qwen-chat'), application);
      assert.deepEqual(
        (await inference.flavors()).results.map((flavor) => flavor.gpu_model),
        ['L40S'],
      );
      assert.deepEqual((await inference.capacity()).results, [
        { region_id: 1, capacity: [{ flavor_name: 'inference-1xl40s', capacity: 4 }] },
      ]);
      assert.deepEqual(
        requests().map((request) => request.query),
        [{}, {}, { limit: '100', offset: '0' }, {}],
        'the catalogue and capacity come in one answer',
      );
    });
  });

  describe('applications', () => {
    const APPLICATIONS = '/cloud/v3/inference/applications/7/deployments';

    it("lists a project's application deployments in one answer and sends their writes as given", async () => {
      const application = {
        name: 'chat1',
        application_name: 'qwen-chat',
        regions: [1],
        components_configuration: { model: { flavor: 'inference-1xl40s', exposed: true, scale: { min: 1, max: 1 } } },
        status: {
          consolidated_status: 'PartiallyDeployed',
          regions: [{ region_id: 1, status: 'Active', components: { model: { status: 'Active', error: null } } }],
          expose_addresses: { model: { address: 'https://chat1.ai.gcore.dev' } },
        },
        api_keys: [],
      };
      const emulator = harness().emulator;
      emulator.inject({ method: 'GET', path: APPLICATIONS, status: 200, body: { count: 1, results: [application] } });
      emulator.inject({ method: 'GET', path: `${APPLICATIONS}/chat1`, status: 200, body: application });
      emulator.inject({ method: 'POST', path: APPLICATIONS, status: 200, body: { tasks: ['a1'] } });
      emulator.inject({ method: 'PATCH', path: `${APPLICATIONS}/chat1`, status: 200, body: { tasks: ['a2'] } });
      emulator.inject({ method: 'DELETE', path: `${APPLICATIONS}/chat1`, status: 200, body: { tasks: ['a3'] } });
      const { inference } = harness().client;
      const ref = { ...PROJECT, name: 'chat1' };
      assert.deepEqual((await inference.listApplications(PROJECT)).results, [application]);
      assert.deepEqual(await inference.getApplication(ref), application);
      const create = { name: 'chat1', application_name: 'qwen-chat', regions: [1], components_configuration: {} };
      assert.deepEqual(await inference.createApplication(PROJECT, create), { tasks: ['a1'] });
      assert.deepEqual(await inference.updateApplication(ref, { components_configuration: { ui: null } }), { tasks: ['a2'] });
      assert.deepEqual(await inference.deleteApplication(ref), { tasks: ['a3'] });
      assert.deepEqual(
        requests().map((request) => [request.method, request.path, request.query, request.json]),
        [
          ['GET', APPLICATIONS, {}, undefined],
          ['GET', `${APPLICATIONS}/chat1`, {}, undefined],
          ['POST', APPLICATIONS, {}, create],
          ['PATCH', `${APPLICATIONS}/chat1`, {}, { components_configuration: { ui: null } }],
          ['DELETE', `${APPLICATIONS}/chat1`, {}, undefined],
        ],
      );
    });
  });

  describe('API keys and registry credentials', () => {
    it('lists keys 100 a page, never with a secret, and answers a new key with its secret once', async () => {
      const keys = '/cloud/v3/inference/7/api_keys';
      const key = (index: number) => ({ name: `key${index}`, description: null, expires_at: null, deployment_names: ['qwen'] });
      const emulator = harness().emulator;
      emulator.inject({
        method: 'GET',
        path: keys,
        status: 200,
        body: { count: 101, results: [...Array.from({ length: 99 }, (_, index) => key(index)), { ...key(99), secret: 'leaked' }] },
      });
      emulator.inject({ method: 'GET', path: keys, status: 200, body: { count: 101, results: [key(100)] } });
      emulator.inject({ method: 'POST', path: keys, status: 201, body: { ...key(200), secret: 'sk-once' } });
      emulator.inject({ method: 'DELETE', path: `${keys}/key200`, status: 204 });
      const { inference } = harness().client;
      const list = await inference.listApiKeys(PROJECT);
      assert.equal(list.count, 101);
      assert.ok(!JSON.stringify(list).includes('leaked'));
      assert.equal((await inference.createApiKey(PROJECT, { name: 'key200' })).secret, 'sk-once');
      await inference.deleteApiKey({ ...PROJECT, name: 'key200' });
      assert.deepEqual(
        requests().map((request) => [request.method, request.query, request.json]),
        [
          ['GET', { limit: '100', offset: '0' }, undefined],
          ['GET', { limit: '100', offset: '100' }, undefined],
          ['POST', {}, { name: 'key200' }],
          ['DELETE', {}, undefined],
        ],
      );
    });

    it('creates and replaces a credential with the body given, and never answers its password', async () => {
      const credentials = '/cloud/v3/inference/7/registry_credentials';
      const given = { name: 'ghcr', username: 'me', password: 'pa$$', registry_url: 'ghcr.io' };
      const emulator = harness().emulator;
      emulator.inject({ method: 'GET', path: credentials, status: 200, body: { count: 1, results: [{ ...given, project_id: 7 }] } });
      emulator.inject({ method: 'POST', path: credentials, status: 201, body: given });
      emulator.inject({ method: 'PUT', path: `${credentials}/ghcr`, status: 200 });
      emulator.inject({ method: 'DELETE', path: `${credentials}/ghcr`, status: 204 });
      const { inference } = harness().client;
      assert.deepEqual((await inference.listRegistryCredentials(PROJECT)).results, [
        { name: 'ghcr', username: 'me', registry_url: 'ghcr.io', project_id: 7 },
      ]);
      assert.deepEqual(await inference.createRegistryCredential(PROJECT, given), { name: 'ghcr', username: 'me', registry_url: 'ghcr.io' });
      const replaced = { username: 'me', password: 'new', registry_url: 'ghcr.io' };
      assert.deepEqual(await inference.replaceRegistryCredential({ ...PROJECT, name: 'ghcr' }, replaced), { name: 'ghcr' });
      await inference.deleteRegistryCredential({ ...PROJECT, name: 'ghcr' });
      assert.deepEqual(
        requests().map((request) => [request.method, request.path, request.json]),
        [
          ['GET', credentials, undefined],
          ['POST', credentials, given],
          ['PUT', `${credentials}/ghcr`, replaced],
          ['DELETE', `${credentials}/ghcr`, undefined],
        ],
      );
    });
  });

  describe('quota', () => {
    it("keeps only the global quotas' inference entries, split into limits and usage", async () => {
      harness().emulator.inject({
        method: 'GET',
        path: '/cloud/v2/client_quotas',
        status: 200,
        body: {
          global_quotas: {
            inference_gpu_h100_count_limit: 2,
            inference_gpu_h100_count_usage: 1,
            inference_instance_count_limit: 10,
            inference_instance_count_usage: 0,
            inference_gpu_l40s_count_limit: '4',
            keypair_count_limit: 100,
            keypair_count_usage: 3,
          },
          regional_quotas: [{ region_id: 1, inference_gpu_a100_count_limit: 8 }],
        },
      });
      assert.deepEqual(await harness().client.inference.quota(), {
        limits: { inference_gpu_h100_count_limit: 2, inference_instance_count_limit: 10 },
        usage: { inference_gpu_h100_count_usage: 1, inference_instance_count_usage: 0 },
      });
    });

    it('sends a limits request as given, answering undefined on an empty body, and reads one by id', async () => {
      const request = { description: 'Two H100 for Qwen', requested_limits: { global_limits: { inference_gpu_h100_count_limit: 2 } } };
      const emulator = harness().emulator;
      emulator.inject({ method: 'POST', path: '/cloud/v2/limits_request', status: 204 });
      emulator.inject({
        method: 'POST',
        path: '/cloud/v2/limits_request',
        status: 201,
        body: { id: 12, status: 'in progress', ...request },
      });
      emulator.inject({ method: 'GET', path: '/cloud/v2/limits_request/12', status: 200, body: { id: 12, status: 'done' } });
      emulator.inject({
        method: 'GET',
        path: '/cloud/v2/limits_request',
        status: 200,
        body: { count: 1, results: [{ id: 12, status: 'done' }] },
      });
      const { inference } = harness().client;
      assert.equal(await inference.requestLimits(request), undefined);
      assert.equal((await inference.requestLimits(request))?.id, 12);
      assert.equal((await inference.getLimitsRequest(12)).status, 'done');
      assert.deepEqual((await inference.listLimitsRequests()).results, [{ id: 12, status: 'done' }]);
      assert.deepEqual(
        requests().map((recorded) => recorded.json),
        [request, request, undefined, undefined],
      );
    });

    it('refuses a limits request answered without an id', async () => {
      harness().emulator.inject({ method: 'POST', path: '/cloud/v2/limits_request', status: 201, body: { status: 'in progress' } });
      const error = await rejection(harness().client.inference.requestLimits({ description: 'x' }));
      assert.equal((error as unknown as GcoreApiError).kind, 'badResponse');
      assert.match(error.message, /the quota request has no id/);
    });
  });

  it('retries a read that met a 429 or a 5xx, and gives up with the error after its attempts', async () => {
    const emulator = harness().emulator;
    emulator.inject({ method: 'GET', path: DEPLOYMENTS, status: 429 });
    emulator.inject({ method: 'GET', path: DEPLOYMENTS, status: 503 });
    emulator.inject({ method: 'GET', path: DEPLOYMENTS, status: 200, body: { count: 0, results: [] } });
    assert.equal((await harness().client.inference.listDeployments(PROJECT)).count, 0);
    emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/qwen`, status: 500, times: 3 });
    const error = await rejection(harness().client.inference.getDeployment({ ...PROJECT, name: 'qwen' }));
    assert.equal((error as unknown as GcoreApiError).kind, 'server');
    assert.equal(requests().length, 6);
  });
});
