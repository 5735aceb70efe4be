import * as assert from 'node:assert/strict';
import { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS, SEEDED_REGISTRY_PASSWORD, start, type Emulator } from '../../emulator/server';
import { cloudError, get, invalidFieldNames, task, taskOf, type Json, type List } from './gpu-requests';
import { API_KEY, rawRequest } from './raw-http';

const DEPLOY_MS = 2_000;
const TASK_MS = 400;
const TIMINGS = { deployMs: DEPLOY_MS, tasks: { newMs: 100, runningMs: TASK_MS - 100 }, limitsRequestMs: 1_000 };
const APPS = '/cloud/v3/inference/applications/1/deployments';
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';
const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';

interface Application {
  name: string;
  application_name: string;
  regions: number[];
  components_configuration: Record<string, Json>;
  status: {
    consolidated_status: string;
    regions: { region_id: number; status: string; components: Record<string, { status: string; error: string | null }> }[];
    expose_addresses: Record<string, { address: string }>;
  };
}

interface Deployment {
  name: string;
  status: string;
  flavor_name: string;
  envs: Record<string, string>;
  containers: { region_id: number }[];
  object_references: { kind: string; name: string }[];
}

function chatBody(overrides: Json = {}): Json {
  return {
    name: 'team-chat',
    application_name: 'chat-llm',
    regions: [76, 38],
    components_configuration: {
      vllm: {
        flavor: L40S,
        exposed: true,
        scale: { min: 1, max: 1 },
        parameter_overrides: { model_id: { value: 'Qwen/Qwen2.5-7B-Instruct' }, max_model_len: { value: '16384' } },
      },
      'open-webui': { flavor: 'inference-1vcpu-1gib', exposed: true, scale: { min: 1, max: 1 } },
    },
    ...overrides,
  };
}

describe('emulator inference applications, API keys and registry credentials', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, inferenceTimings: TIMINGS });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  const application = (name = 'team-chat') => get<Application>(emulator, `${APPS}/${name}`);
  const deployments = async () => (await get<List<Deployment>>(emulator, DEPLOYMENTS)).results;

  describe('application deployments', () => {
    it('creates one whose components run as deployments referring to it, Active once they are ready', async () => {
      const taskId = taskOf(await rawRequest(emulator, 'POST', APPS, { body: chatBody() }));
      assert.equal((await task(emulator, taskId)).task_type, 'create_inference_application');
      const components = (await deployments()).filter((item) => item.object_references.length > 0);
      assert.deepEqual(
        components.map((item) => [item.name, item.object_references, item.status]),
        [
          ['team-chat-vllm', [{ kind: 'AppDeployment', name: 'team-chat' }], 'DEPLOYING'],
          ['team-chat-open-webui', [{ kind: 'AppDeployment', name: 'team-chat' }], 'DEPLOYING'],
        ],
      );
      assert.equal(components[0].envs.MODEL_ID, 'Qwen/Qwen2.5-7B-Instruct');
      assert.deepEqual(
        components[0].containers.map((region) => region.region_id),
        [76, 38],
      );
      const deploying = await application();
      assert.equal(deploying.status.consolidated_status, 'Unknown');
      emulator.advanceTasks(DEPLOY_MS);
      const active = await application();
      assert.equal(active.status.consolidated_status, 'Active');
      assert.deepEqual(
        active.status.regions.map((region) => [region.region_id, region.status]),
        [
          [76, 'Active'],
          [38, 'Active'],
        ],
      );
      assert.deepEqual(Object.keys(active.status.expose_addresses), ['vllm', 'open-webui']);
      assert.ok(active.status.expose_addresses.vllm.address.startsWith(`${emulator.url}/`));
      assert.deepEqual(
        (await get<List<Application>>(emulator, APPS)).results.map((item) => item.name),
        ['team-chat'],
      );
    });

    it('shows a failing region as PartiallyDeployed, and Failed when it has no other', async () => {
      taskOf(await rawRequest(emulator, 'POST', APPS, { body: chatBody({ name: 'failing-chat' }) }));
      taskOf(
        await rawRequest(emulator, 'POST', APPS, {
          body: {
            name: 'failing-asr',
            application_name: 'whisper',
            regions: [76],
            components_configuration: { whisper: { flavor: L40S, scale: { min: 1, max: 1 } } },
          },
        }),
      );
      emulator.advanceTasks(DEPLOY_MS);
      const partly = await application('failing-chat');
      assert.equal(partly.status.consolidated_status, 'PartiallyDeployed');
      assert.equal(partly.status.regions[0].status, 'Failed');
      assert.match(partly.status.regions[0].components.vllm.error ?? '', /Back-off/);
      assert.equal((await application('failing-asr')).status.consolidated_status, 'Failed');
    });

    it('refuses a long name, an unknown application, a missing required component, parameters out of bounds', async () => {
      const cases: [Json, string[]][] = [
        [{ name: 'a-name-far-too-long' }, ['name']],
        [{ application_name: 'nope' }, ['application_name']],
        [{ regions: [20] }, ['regions.0']],
        [
          { components_configuration: { 'open-webui': { flavor: 'inference-1vcpu-1gib', scale: { min: 1, max: 1 } } } },
          ['components_configuration.vllm'],
        ],
        [
          {
            components_configuration: {
              vllm: { flavor: 'inference-1vcpu-1gib', scale: { min: 1, max: 1 }, parameter_overrides: { max_model_len: { value: '100' } } },
            },
          },
          ['components_configuration.vllm.flavor', 'components_configuration.vllm.parameter_overrides.max_model_len.value'],
        ],
        [
          // Gcore takes a value as text whatever the parameter's type.
          {
            components_configuration: {
              vllm: { flavor: L40S, scale: { min: 1, max: 1 }, parameter_overrides: { max_model_len: { value: 16384 } } },
            },
          },
          ['components_configuration.vllm.parameter_overrides.max_model_len.value'],
        ],
        [
          {
            components_configuration: {
              vllm: {
                flavor: L40S,
                scale: { min: 1, max: 1 },
                parameter_overrides: { model_id: { value: 'gpt-5' }, hf_token: { value: 'nope' } },
              },
            },
          },
          [
            'components_configuration.vllm.parameter_overrides.hf_token.value',
            'components_configuration.vllm.parameter_overrides.model_id.value',
          ],
        ],
      ];
      for (const [overrides, fields] of cases) {
        assert.deepEqual(
          invalidFieldNames(await rawRequest(emulator, 'POST', APPS, { body: chatBody(overrides) })),
          fields,
          JSON.stringify(overrides),
        );
      }
      assert.equal((await get<List<Application>>(emulator, APPS)).count, 0);
    });

    it('disables an optional component with null, refuses to disable a required one, changes only what is given', async () => {
      taskOf(await rawRequest(emulator, 'POST', APPS, { body: chatBody() }));
      const path = `${APPS}/team-chat`;
      assert.deepEqual(
        invalidFieldNames(await rawRequest(emulator, 'PATCH', path, { body: { components_configuration: { vllm: null } } })),
        ['components_configuration.vllm'],
      );
      taskOf(
        await rawRequest(emulator, 'PATCH', path, {
          body: { components_configuration: { 'open-webui': null, vllm: { scale: { min: 0, max: 2 } } } },
        }),
      );
      const changed = await application();
      assert.deepEqual(Object.keys(changed.components_configuration), ['vllm']);
      assert.equal(changed.components_configuration.vllm.flavor, L40S);
      assert.deepEqual(
        (await deployments()).filter((item) => item.object_references.length > 0).map((item) => item.name),
        ['team-chat-vllm'],
      );
    });

    it('refuses changes to a component deployment itself: they go through its application', async () => {
      taskOf(await rawRequest(emulator, 'POST', APPS, { body: chatBody() }));
      assert.equal(cloudError(await rawRequest(emulator, 'DELETE', `${DEPLOYMENTS}/team-chat-vllm`), 409).exception_class, 'ConflictError');
      assert.equal(
        cloudError(await rawRequest(emulator, 'PATCH', `${DEPLOYMENTS}/team-chat-vllm`, { body: { description: 'x' } }), 409)
          .exception_class,
        'ConflictError',
      );
    });

    it('deletes it and its components when the task ends', async () => {
      taskOf(await rawRequest(emulator, 'POST', APPS, { body: chatBody() }));
      taskOf(await rawRequest(emulator, 'DELETE', `${APPS}/team-chat`));
      assert.ok((await deployments()).filter((item) => item.object_references.length > 0).every((item) => item.status === 'DELETING'));
      emulator.advanceTasks(TASK_MS);
      assert.equal((await rawRequest(emulator, 'GET', `${APPS}/team-chat`)).status, 404);
      assert.equal((await deployments()).length, 3);
    });
  });

  describe('API keys', () => {
    const KEYS = '/cloud/v3/inference/1/api_keys';

    it('answers the secret once at create, never in the list, which names the deployments using each key', async () => {
      const created = await rawRequest(emulator, 'POST', KEYS, {
        body: { name: 'ci-key', description: 'for CI', expires_at: '2027-01-01T00:00:00Z' },
      });
      const secret = (created.json as { secret: string }).secret;
      assert.ok(secret.length > 16);
      assert.equal(emulator.inferenceApiKeySecret(1, 'ci-key'), secret);
      const list = await rawRequest(emulator, 'GET', KEYS);
      assert.ok(!list.text.includes(secret) && !list.text.includes(SEEDED_API_KEY_SECRET));
      assert.deepEqual(
        (list.json as List<{ name: string; deployment_names: string[] }>).results.map((key) => [key.name, key.deployment_names]),
        [
          ['team-key', [SEEDED_DEPLOYMENTS.active]],
          ['ci-key', []],
        ],
      );
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'POST', KEYS, { body: { name: 'k', description: 'x'.repeat(301) } })), [
        'description',
      ]);
    });

    it('creates a key whose name holds a dot but cannot read or delete it by name', async () => {
      assert.equal((await rawRequest(emulator, 'POST', KEYS, { body: { name: 'my.key' } })).status, 200);
      assert.equal((await rawRequest(emulator, 'GET', `${KEYS}/my.key`)).status, 404);
      assert.equal((await rawRequest(emulator, 'DELETE', `${KEYS}/my.key`)).status, 404);
      assert.ok((await get<List<{ name: string }>>(emulator, KEYS)).results.some((key) => key.name === 'my.key'));
    });

    it('refuses to delete a key still attached (409), deletes it once detached, and pages 100 by default', async () => {
      assert.equal(cloudError(await rawRequest(emulator, 'DELETE', `${KEYS}/team-key`), 409).exception_class, 'ConflictError');
      taskOf(await rawRequest(emulator, 'PATCH', `${DEPLOYMENTS}/${SEEDED_DEPLOYMENTS.active}`, { body: { api_keys: [] } }));
      assert.equal((await rawRequest(emulator, 'DELETE', `${KEYS}/team-key`)).status, 204);
      for (let index = 0; index < 101; index++) await rawRequest(emulator, 'POST', KEYS, { body: { name: `key-${index}` } });
      const page = await get<List<Json>>(emulator, KEYS);
      assert.deepEqual([page.count, page.results.length], [101, 100]);
    });
  });

  describe('registry credentials', () => {
    const CREDENTIALS = '/cloud/v3/inference/1/registry_credentials';
    const body = { name: 'docker-hub', username: 'me', password: 'hunter2-secret', registry_url: 'registry.hub.docker.com' };

    it('creates, lists and gets without a password; replaces only with all three fields', async () => {
      const created = await rawRequest(emulator, 'POST', CREDENTIALS, { body });
      assert.deepEqual(created.json, { name: 'docker-hub', username: 'me', registry_url: 'registry.hub.docker.com', project_id: 1 });
      const list = await rawRequest(emulator, 'GET', CREDENTIALS);
      assert.ok(!list.text.includes('hunter2') && !list.text.includes(SEEDED_REGISTRY_PASSWORD));
      assert.deepEqual(
        (list.json as List<{ name: string }>).results.map((item) => item.name),
        ['ghcr-team', 'docker-hub'],
      );
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'PUT', `${CREDENTIALS}/docker-hub`, { body: { password: 'new' } })), [
        'registry_url',
        'username',
      ]);
      const replaced = await rawRequest(emulator, 'PUT', `${CREDENTIALS}/docker-hub`, {
        body: { username: 'bot', password: 'changed', registry_url: 'ghcr.io' },
      });
      assert.deepEqual([replaced.status, (replaced.json as Json).username, (replaced.json as Json).password], [200, 'bot', undefined]);
      assert.equal(emulator.inferenceRegistryPassword(1, 'docker-hub'), 'changed');
    });

    it('takes a host name only, answers 409 for a name in use or a credential a deployment pulls with', async () => {
      for (const url of ['https://ghcr.io', 'ghcr.io/org', 'registry.example.com:5000']) {
        assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'POST', CREDENTIALS, { body: { ...body, registry_url: url } })), [
          'registry_url',
        ]);
      }
      assert.equal(
        cloudError(await rawRequest(emulator, 'POST', CREDENTIALS, { body: { ...body, name: 'ghcr-team' } }), 409).exception_class,
        'ConflictError',
      );
      assert.equal(cloudError(await rawRequest(emulator, 'DELETE', `${CREDENTIALS}/ghcr-team`), 409).exception_class, 'ConflictError');
      await rawRequest(emulator, 'POST', CREDENTIALS, { body });
      assert.equal((await rawRequest(emulator, 'DELETE', `${CREDENTIALS}/docker-hub`)).status, 204);
      assert.equal((await rawRequest(emulator, 'GET', `${CREDENTIALS}/docker-hub`)).status, 404);
    });

    it('never quotes a malformed body, which may hold the password', async () => {
      const refused = await rawRequest(emulator, 'POST', CREDENTIALS, { body: '{"password": "hunter2-secret"' });
      assert.equal(refused.status, 400);
      assert.ok(!refused.text.includes('hunter2'));
    });
  });
});
