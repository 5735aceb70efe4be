import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { SEEDED_REGISTRY_PASSWORD } from '../emulator/inference-seed';
import { REALISTIC_INFERENCE_TIMINGS } from '../emulator/inference-state';
import { BACK } from '../../src/ui/promptUi';
import { inferenceDeploymentBody } from '../support/inferenceBodies';
import { eventually, rejects, run, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';
import { signInEachTest } from './support/signedInTests';
import { label, rows } from './support/treeRows';

/*
 * The contract's inference commands, programmatically, against the emulator's seeded project 1 (llama-chat running
 * in regions 76 and 38, qwen-coder scaled to zero, mistral-rag being deployed): what each resolves to, exactly what
 * Gcore receives, a lost create answer, Gcore's refusals, and arguments refused naming the field before any request.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const PROJECT = { projectId: 1 };
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';
const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

describe('inference commands', () => {
  const emulator = signInEachTest(LOCATION);

  describe('reads', () => {
    it('lists the account-wide flavors, capacity, catalogue and quota without an argument', async () => {
      const flavors = await run<{ count: number; results: { name: string }[] }>('gcore.listInferenceFlavors');
      assert.ok(flavors.results.some((flavor) => flavor.name === L40S));
      assert.equal(flavors.count, flavors.results.length);
      const capacity = await run<{ results: { region_id: number }[] }>('gcore.listInferenceCapacity', {});
      assert.ok(capacity.results.some((region) => region.region_id === 76));
      const catalog = await run<{ results: { name: string }[] }>('gcore.listInferenceCatalog');
      assert.deepEqual(catalog.results.map((application) => application.name).sort(), ['chat-llm', 'whisper']);
      const quota = await run<{ limits: Record<string, number>; usage: Record<string, number> }>('gcore.getInferenceQuota');
      assert.ok(Object.keys(quota.limits).every((name) => /^inference_.*_limit$/.test(name)));
      assert.ok(Object.keys(quota.usage).every((name) => /^inference_.*_usage$/.test(name)));
      assert.equal(typeof quota.limits.inference_gpu_l40s_count_limit, 'number');
    });

    it("lists a project's deployments, applications and credentials, and reads a deployment by argument or row", async () => {
      const deployments = await run<{ count: number; results: { name: string }[] }>('gcore.listInferenceDeployments', PROJECT);
      assert.deepEqual(deployments.results.map((deployment) => deployment.name).sort(), ['llama-chat', 'mistral-rag', 'qwen-coder']);
      const credentials = await run<{ results: Record<string, unknown>[] }>('gcore.listInferenceRegistryCredentials', PROJECT);
      assert.deepEqual(
        credentials.results.map((credential) => credential.name),
        ['ghcr-team'],
      );
      assert.ok(!JSON.stringify(credentials).includes(SEEDED_REGISTRY_PASSWORD));
      const applications = await run<{ count: number }>('gcore.listInferenceApplications', PROJECT);
      assert.equal(applications.count, 0);
      const deployment = await run<{ name: string; status: string }>('gcore.getInferenceDeployment', { ...PROJECT, name: 'llama-chat' });
      assert.deepEqual([deployment.name, deployment.status], ['llama-chat', 'ACTIVE']);
      const node = {
        nodeType: 'inferenceDeployment',
        id: 'inference/1/deployments/llama-chat',
        section: 'inference',
        projectId: 1,
        deployment,
      };
      emulator().requests.length = 0;
      await vscode.commands.executeCommand('gcore.getInferenceDeployment', node);
      assert.ok(emulator().requests.some((request) => request.path === `${DEPLOYMENTS}/llama-chat`));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    it('reads more log lines than a page in pages, newest first, as many as asked', async () => {
      const page = await run<{ count: number; results: { time: string }[] }>('gcore.getInferenceLogs', {
        ...PROJECT,
        name: 'llama-chat',
        limit: 1005,
      });
      assert.ok(page.count > 1005, `the emulator() holds more than 1005 lines (${page.count})`);
      assert.equal(page.results.length, 1005);
      const times = page.results.map((line) => Date.parse(line.time));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
      assert.deepEqual(
        emulator().requests.map((request) => request.query),
        [
          { order_by: 'time.desc', limit: '1000', offset: '0' },
          { order_by: 'time.desc', limit: '5', offset: '1000' },
        ],
      );
    });

    it('previews the quota and price ceiling of a deployment, sending no create', async () => {
      const preview = await run<{ quota: unknown; price: { price_per_hour: unknown } }>('gcore.previewInferenceDeployment', {
        ...PROJECT,
        deployment: inferenceDeploymentBody(),
      });
      assert.deepEqual(preview.quota, {});
      assert.ok(preview.price.price_per_hour);
      assert.deepEqual(
        writes(emulator())
          .map((request) => request.path)
          .sort(),
        ['/cloud/v2/pricing/inference/deployments', `${DEPLOYMENTS}/check_limits`],
      );
    });

    it('retries a read Gcore answered 429 or 503, as it asked', async () => {
      emulator().inject({ method: 'GET', path: DEPLOYMENTS, status: 429, headers: { 'retry-after': '0' } });
      emulator().inject({ method: 'GET', path: DEPLOYMENTS, status: 503 });
      const deployments = await run<{ count: number }>('gcore.listInferenceDeployments', PROJECT);
      assert.equal(deployments.count, 3);
      assert.equal(emulator().requests.filter((request) => request.path === DEPLOYMENTS).length, 3);
    });
  });

  describe('deployment writes', () => {
    it('creates with the payload exactly, once, and follows its tasks in the Tasks view under its name', async () => {
      const result = await run<{ tasks: string[] }>('gcore.createInferenceDeployment', {
        ...PROJECT,
        deployment: inferenceDeploymentBody(),
      });
      assert.deepEqual(Object.keys(result), ['tasks']);
      assert.equal(result.tasks.length, 1);
      const posts = writes(emulator()).filter((request) => request.path === DEPLOYMENTS);
      assert.deepEqual(
        posts.map((request) => request.json),
        [inferenceDeploymentBody()],
      );
      const tasksSection = (await rows()).find((row) => label(row.item) === 'Tasks');
      assert.ok(tasksSection);
      await eventually(async () => assert.ok((await rows(tasksSection.node)).some((row) => label(row.item) === 'vllmtest')));
    });

    it('never sends a create twice when its answer is lost: the name is looked up', async () => {
      emulator().inject({ method: 'POST', path: DEPLOYMENTS, status: 502, afterApplying: true });
      await run('gcore.createInferenceDeployment', { ...PROJECT, deployment: inferenceDeploymentBody({ name: 'lostone' }) });
      assert.equal(writes(emulator()).filter((request) => request.path === DEPLOYMENTS).length, 1);
      const made = await run<{ name: string }>('gcore.getInferenceDeployment', { ...PROJECT, name: 'lostone' });
      assert.equal(made.name, 'lostone');
    });

    it("passes Gcore's refusal of a create through, with one POST", async () => {
      await rejects(
        vscode.commands.executeCommand('gcore.createInferenceDeployment', {
          ...PROJECT,
          deployment: inferenceDeploymentBody({ name: 'llama-chat' }),
        }),
        /llama-chat/,
      );
      assert.deepEqual(writes(emulator()), []);
      emulator().inject({ method: 'POST', path: DEPLOYMENTS, status: 500 });
      await rejects(
        vscode.commands.executeCommand('gcore.createInferenceDeployment', { ...PROJECT, deployment: inferenceDeploymentBody() }),
        /./,
      );
      assert.equal(writes(emulator()).filter((request) => request.path === DEPLOYMENTS).length, 1);
    });

    it("updates a region's maximum with its scale sent whole, and the regions as the whole set", async () => {
      const result = await run<{ tasks: string[] }>('gcore.updateInferenceDeployment', {
        ...PROJECT,
        name: 'llama-chat',
        changes: { containers: [{ region_id: 76, scale: { max: 3 } }] },
      });
      assert.equal(result.tasks.length, 1);
      const [patch, ...more] = writes(emulator());
      assert.deepEqual(more, []);
      assert.equal(patch.method, 'PATCH');
      assert.equal(patch.path, `${DEPLOYMENTS}/llama-chat`);
      const [region, ...others] = (patch.json as { containers: { region_id: number; scale: Record<string, unknown> }[] }).containers;
      assert.deepEqual(others, [], 'region 38, left out, is removed');
      assert.equal(region.region_id, 76);
      assert.deepEqual([region.scale.min, region.scale.max], [1, 3]);
      assert.equal(typeof region.scale.cooldown_period, 'number', 'the scale is sent whole');
      assert.equal(typeof region.scale.polling_interval, 'number', 'the scale is sent whole');
      assert.deepEqual(
        (region.scale.triggers as Record<string, unknown>).gpu_utilization,
        { threshold: 80 },
        'the triggers as Gcore holds them',
      );
    });

    it('stops and starts with one POST each, resolving to nothing, and deletes resolving to its tasks', async () => {
      assert.equal(await run('gcore.stopInferenceDeployment', { ...PROJECT, name: 'llama-chat' }), undefined);
      assert.equal((await run<{ status: string }>('gcore.getInferenceDeployment', { ...PROJECT, name: 'llama-chat' })).status, 'DISABLED');
      assert.equal(await run('gcore.startInferenceDeployment', { ...PROJECT, name: 'llama-chat' }), undefined);
      const deleted = await run<{ tasks: string[] }>('gcore.deleteInferenceDeployment', { ...PROJECT, name: 'qwen-coder' });
      assert.equal(deleted.tasks.length, 1);
      assert.deepEqual(
        writes(emulator()).map((request) => [request.method, request.path, request.body ?? '']),
        [
          ['POST', `${DEPLOYMENTS}/llama-chat/stop`, ''],
          ['POST', `${DEPLOYMENTS}/llama-chat/start`, ''],
          ['DELETE', `${DEPLOYMENTS}/qwen-coder`, ''],
        ],
      );
    });

    it('stops from a row after confirming, and follows the status until it says stopped', async () => {
      const deployment = await run<Record<string, unknown>>('gcore.getInferenceDeployment', { ...PROJECT, name: 'llama-chat' });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      const ui = new ScriptedUi([true]);
      await useUi(ui);
      emulator().requests.length = 0;
      const node = {
        nodeType: 'inferenceDeployment',
        id: 'inference/1/deployments/llama-chat',
        section: 'inference',
        projectId: 1,
        deployment,
      };
      await vscode.commands.executeCommand('gcore.stopInferenceDeployment', node);
      ui.assertAllAnswersUsed();
      assert.match(ui.shown[0].message ?? '', /Stop inference deployment llama-chat\?/);
      await eventually(() => assert.ok(ui.notifications.some((note) => /Inference deployment llama-chat is stopped\./.test(note.message))));
      assert.deepEqual(
        writes(emulator()).map((request) => request.path),
        [`${DEPLOYMENTS}/llama-chat/stop`],
      );
      // Started again, so that its row awaits no stop once the next suite's emulator() has it running.
      await run('gcore.startInferenceDeployment', { ...PROJECT, name: 'llama-chat' });
    });
  });

  describe('from the palette and the rows', () => {
    it("lists a project's deployments after asking for the project, and copies the one picked", async () => {
      const ui = new ScriptedUi(['Prod', 'llama-chat']);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.listInferenceDeployments');
      ui.assertAllAnswersUsed();
      assert.match(ui.clipboard[0] ?? '', /^http:\/\/127\.0\.0\.1:\d+\/inference-endpoints\/llama-chat-/);
    });

    it('deletes from a row only once the name is typed, then follows its task', async () => {
      const deployment = await run<Record<string, unknown>>('gcore.getInferenceDeployment', { ...PROJECT, name: 'qwen-coder' });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      const ui = new ScriptedUi(['qwen', 'qwen-coder']);
      await useUi(ui);
      emulator().requests.length = 0;
      const node = {
        nodeType: 'inferenceDeployment',
        id: 'inference/1/deployments/qwen-coder',
        section: 'inference',
        projectId: 1,
        deployment,
      };
      await vscode.commands.executeCommand('gcore.deleteInferenceDeployment', node);
      ui.assertAllAnswersUsed();
      assert.equal(ui.shown[0].validationMessages.length, 1, 'a name not typed whole is refused');
      assert.deepEqual(
        writes(emulator()).map((request) => [request.method, request.path]),
        [['DELETE', `${DEPLOYMENTS}/qwen-coder`]],
      );
    });
  });

  describe('applications, credentials and quota', () => {
    it('creates a catalogue application once and deletes it', async () => {
      const application = {
        name: 'whisperone',
        application_name: 'whisper',
        regions: [76],
        components_configuration: { whisper: { flavor: L40S, exposed: true, scale: { min: 1, max: 1 } } },
      };
      const created = await run<{ tasks: string[] }>('gcore.createInferenceApplication', { ...PROJECT, deployment: application });
      assert.equal(created.tasks.length, 1);
      const applications = '/cloud/v3/inference/applications/1/deployments';
      assert.deepEqual(
        writes(emulator()).map((request) => [request.method, request.path, request.json]),
        [['POST', applications, application]],
      );
      emulator().advanceTasks(60 * 60_000);
      const deleted = await run<{ tasks: string[] }>('gcore.deleteInferenceApplication', { ...PROJECT, name: 'whisperone' });
      assert.equal(deleted.tasks.length, 1);
      assert.deepEqual(writes(emulator()).at(-1)?.path, `${applications}/whisperone`);
    });

    it('sets a registry credential: created when new, replaced with all three fields when it exists, never answering its password', async () => {
      const credential = {
        ...PROJECT,
        name: 'hubcreds',
        registryUrl: 'registry.hub.docker.com',
        username: 'me',
        password: 'hunter2-long-secret',
      };
      const created = await run<Record<string, unknown>>('gcore.setInferenceRegistryCredential', credential);
      assert.equal(created.name, 'hubcreds');
      assert.ok(!JSON.stringify(created).includes('hunter2'));
      await run('gcore.setInferenceRegistryCredential', { ...credential, username: 'other' });
      const credentials = '/cloud/v3/inference/1/registry_credentials';
      assert.deepEqual(
        writes(emulator()).map((request) => [request.method, request.path, request.json]),
        [
          [
            'POST',
            credentials,
            { name: 'hubcreds', username: 'me', password: 'hunter2-long-secret', registry_url: 'registry.hub.docker.com' },
          ],
          [
            'PUT',
            `${credentials}/hubcreds`,
            { username: 'other', password: 'hunter2-long-secret', registry_url: 'registry.hub.docker.com' },
          ],
        ],
      );
      assert.equal(await run('gcore.deleteInferenceRegistryCredential', { ...PROJECT, name: 'hubcreds' }), undefined);
      assert.deepEqual(writes(emulator()).at(-1)?.method, 'DELETE');
    });

    it('requests more quota once, resolving to the request Gcore took', async () => {
      const request = await run<{ id: unknown; status: string }>('gcore.requestInferenceQuota', {
        limits: { inference_gpu_h100_count_limit: 4 },
        description: 'A 70B model in two regions',
      });
      assert.ok(request.id !== undefined);
      assert.equal(request.status, 'in progress');
      assert.deepEqual(
        writes(emulator()).map((sent) => [sent.method, sent.path, sent.json]),
        [
          [
            'POST',
            '/cloud/v2/limits_request',
            { description: 'A 70B model in two regions', requested_limits: { global_limits: { inference_gpu_h100_count_limit: 4 } } },
          ],
        ],
      );
    });
  });

  it('requests quota from the palette: the limits, how many and the words asked with Back, followed to the grant', async () => {
    const ui = new ScriptedUi([['H100'], BACK, ['H100', 'L40S'], '2', '3', '16', 'Two 70B models for the team']);
    // Gcore answers a limits request after a while: it has passed once the wait for the answer starts.
    ui.beforeProgress(/Waiting for Gcore to answer/, () => emulator().advanceTasks(REALISTIC_INFERENCE_TIMINGS.limitsRequestMs + 1));
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.requestInferenceQuota');

    const [limits, firstH100, again, h100, l40s, description] = ui.shown;
    assert.equal(limits.kind, 'pickMany');
    assert.ok(limits.labels?.includes('H100') && limits.labels.includes('L40S'));
    assert.equal(firstH100.step, 2);
    assert.equal(again.kind, 'pickMany');
    assert.equal(h100.value, '3', 'one more than the account has');
    assert.deepEqual(h100.validationMessages, ['H100: more than the 2 the account has now']);
    assert.equal(h100.canGoBack, true);
    assert.equal(l40s.value, '13');
    assert.equal(description.value, 'More Everywhere Inference quota for our deployments: H100: 3 (now 2), L40S: 16 (now 12).');
    assert.deepEqual(
      writes(emulator()).map((sent) => [sent.method, sent.path, sent.json]),
      [
        [
          'POST',
          '/cloud/v2/limits_request',
          {
            description: 'Two 70B models for the team',
            requested_limits: { global_limits: { inference_gpu_h100_count_limit: 3, inference_gpu_l40s_count_limit: 16 } },
          },
        ],
      ],
    );
    await eventually(() => assert.match(ui.notifications.at(-1)?.message ?? '', /^Gcore granted quota request \S+\.$/));
    const quota = await run<{ limits: Record<string, number> }>('gcore.getInferenceQuota');
    assert.equal(quota.limits.inference_gpu_h100_count_limit, 3);
  });

  it('refuses bad arguments naming the field, before any request', async () => {
    const refused: [string, unknown, RegExp][] = [
      ['gcore.listInferenceDeployments', { projectId: 0 }, /projectId/],
      ['gcore.getInferenceDeployment', { projectId: 1, name: 'ab' }, /name/],
      ['gcore.getInferenceLogs', { projectId: 1, name: 'llama-chat', limit: 100_001 }, /limit/],
      [
        'gcore.createInferenceDeployment',
        { projectId: 1, deployment: inferenceDeploymentBody({ listening_port: 0 }) },
        /deployment\.listening_port/,
      ],
      [
        'gcore.createInferenceDeployment',
        { projectId: 1, deployment: inferenceDeploymentBody({ containers: [] }) },
        /deployment\.containers/,
      ],
      ['gcore.updateInferenceDeployment', { projectId: 1, name: 'llama-chat', changes: { name: 'other' } }, /changes\.name/],
      ['gcore.stopInferenceDeployment', { projectId: 1 }, /name/],
      ['gcore.createInferenceApplication', { projectId: 1, deployment: { name: 'a-name-far-too-long' } }, /deployment\.name/],
      [
        'gcore.setInferenceRegistryCredential',
        { projectId: 1, name: 'x1', registryUrl: 'https://ghcr.io/x', username: 'u', password: 'p' },
        /registryUrl/,
      ],
      ['gcore.requestInferenceQuota', { limits: { gpu: 1 }, description: 'more' }, /limits\.gpu/],
      ['gcore.listInferenceFlavors', { surprise: 1 }, /surprise/],
    ];
    for (const [id, argument, field] of refused) {
      await rejects(vscode.commands.executeCommand(id, argument), field);
    }
    assert.deepEqual(emulator().requests, []);
  });
});
