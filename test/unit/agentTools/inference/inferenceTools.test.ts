import * as assert from 'node:assert/strict';
import type { ToolWrite, ToolWrites } from '../../../../src/agentTools';
import { inferenceDeploymentChange } from '../../../../src/models/inference/inferenceKinds';
import { inferenceDeploymentBody } from '../../../support/inferenceBodies';
import { SEEDED_API_KEY_SECRET, SEEDED_REGISTRY_PASSWORD } from '../../../emulator/inference-seed';
import { assertRefused, confirmation, received, run, startTools, stopTools, tool, writesReceived, type ToolHarness } from '../toolHarness';

/*
 * The inference tools against the emulator's seeded project 1 (llama-chat running in regions 76 and 38, qwen-coder
 * scaled to zero, mistral-rag being deployed): what an agent reads, what a person confirms, and exactly what Gcore
 * receives, on the same write paths as the commands.
 */

const PROJECT = { projectId: 1 };
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';
const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';

const newDeployment = inferenceDeploymentBody;

describe('inference tools against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  /** The write a tool declares, caught where a surface would send it. */
  async function declared(name: string, input: unknown): Promise<ToolWrite<unknown>> {
    const caught: ToolWrite<unknown>[] = [];
    const catching: ToolWrites = {
      send: async (write) => {
        caught.push(write as ToolWrite<unknown>);
        return { tasks: ['t-1'] } as never;
      },
    };
    const definition = tool(name);
    await definition.invoke(definition.parse(input), { ...h.context, writes: catching });
    assert.equal(caught.length, 1);
    return caught[0];
  }

  describe('reads', () => {
    it('lists the deployments of a project with their status in words', async () => {
      const result = await run(tool('gcore_listInferenceDeployments'), PROJECT, h);
      assert.match(result.text, /^3 inference deployments in project 1:$/m);
      assert.match(result.text, /^- qwen-coder: scaled to zero · inference-16vcpu-232gib-1xl40s-48gb · .+ · 1 region$/m);
      assert.match(result.text, /^- llama-chat: .+ · 2 regions$/m);
      assert.deepEqual(
        received(h).map((request) => [request.method, request.path]),
        [['GET', DEPLOYMENTS]],
      );
    });

    it("reads a deployment with each region's readiness and address, and no secret", async () => {
      const result = await run(tool('gcore_getInferenceDeployment'), { ...PROJECT, name: 'llama-chat' }, h);
      assert.match(result.text, /^Address: http:\/\/127\.0\.0\.1:\d+\/\S+$/m);
      assert.match(result.text, /^- region 76: 1\/1 pods ready · min 1, max 2 · http:\/\/127\.0\.0\.1:\d+\/\S+$/m);
      assert.match(result.text, /^- region 38: 1\/1 pods ready · min 1, max 2 · http:\/\/127\.0\.0\.1:\d+\/\S+$/m);
      const everything = result.text + JSON.stringify(result.json);
      assert.ok(!everything.includes(SEEDED_API_KEY_SECRET));
      assert.ok(!everything.includes(SEEDED_REGISTRY_PASSWORD));
    });

    it('reads the newest log lines, asked of Gcore newest first, as many as the limit', async () => {
      const result = await run(tool('gcore_getInferenceLogs'), { ...PROJECT, name: 'llama-chat', limit: 5, regionId: 76 }, h);
      const page = result.json as { count: number; results: { region_id: number }[] };
      assert.equal(page.results.length, 5);
      assert.ok(page.results.every((line) => line.region_id === 76));
      const [request] = received(h);
      assert.deepEqual(request.query, { order_by: 'time.desc', region_id: '76', limit: '5', offset: '0' });
    });

    it("reads the account's inference quotas", async () => {
      const result = await run(tool('gcore_getInferenceQuota'), {}, h);
      assert.match(result.text, /^- inference_gpu_l40s_count: \d+ of \d+ used$/m);
    });

    it('previews a deployment with its quota and price ceiling, sending no create', async () => {
      const result = await run(tool('gcore_previewInferenceDeployment'), { ...PROJECT, deployment: newDeployment() }, h);
      assert.match(result.text, /nothing was sent/);
      assert.match(result.text, /^Price: up to .+ per hour at 2 pods; nothing while stopped or at zero\.$/m);
      assert.deepEqual(
        writesReceived(h)
          .map((request) => [request.method, request.path])
          .sort(),
        [
          ['POST', '/cloud/v2/pricing/inference/deployments'],
          ['POST', `${DEPLOYMENTS}/check_limits`],
        ],
      );
      const price = writesReceived(h).find((request) => request.path.startsWith('/cloud/v2/pricing'));
      assert.deepEqual(price?.body, { flavor_name: L40S, containers: [{ region_id: 76, scale: { max: 2 } }] });
    });
  });

  describe('writes', () => {
    it('confirms a create with what runs, where and the price ceiling, then sends the payload exactly, once', async () => {
      const input = { ...PROJECT, deployment: newDeployment() };
      const { title, message } = await confirmation('gcore_createInferenceDeployment', input, h);
      assert.equal(title, 'Create inference deployment vllmtest in project 1?');
      assert.match(message, /^Runs registry\.gcore\.com\/inference\/vllm-openai:0\.8\.5 on flavor inference-16vcpu-232gib-1xl40s-48gb/m);
      assert.match(message, /^Where: region 76 \(0 to 2 pods\)\.$/m);
      assert.match(message, /^Price: up to .+ per hour at 2 pods; nothing while stopped or at zero\.$/m);
      const from = h.emulator.requests.length;
      const result = await run(tool('gcore_createInferenceDeployment'), input, h);
      const posts = writesReceived(h, from).filter((request) => request.path === DEPLOYMENTS);
      assert.deepEqual(posts, [{ method: 'POST', path: DEPLOYMENTS, query: {}, body: newDeployment() }]);
      assert.match(result.text, /^Gcore is creating inference deployment vllmtest in project 1: task /);
    });

    it('sends a create whose answer was lost once, and finds it by its name', async () => {
      h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 502, afterApplying: true });
      await run(tool('gcore_createInferenceDeployment'), { ...PROJECT, deployment: newDeployment() }, h);
      assert.equal(writesReceived(h).filter((request) => request.path === DEPLOYMENTS).length, 1);
    });

    it("updates a region's max with its scale sent whole, saying current → new and the new ceiling", async () => {
      const input = { ...PROJECT, name: 'qwen-coder', changes: { containers: [{ region_id: 76, scale: { min: 0, max: 3 } }] } };
      const { title, message } = await confirmation('gcore_updateInferenceDeployment', input, h);
      assert.equal(title, 'Update inference deployment qwen-coder in project 1?');
      assert.match(message, /→/);
      assert.match(message, /^Price: up to .+ per hour at 3 pods; nothing while stopped or at zero\.$/m);
      const write = await declared('gcore_updateInferenceDeployment', input);
      assert.equal(write.command, 'gcore.updateInferenceDeployment');
      assert.deepEqual(write.follows, inferenceDeploymentChange({ projectId: 1, name: 'qwen-coder' }, 'update'));
      const from = h.emulator.requests.length;
      await run(tool('gcore_updateInferenceDeployment'), input, h);
      const [patch, ...more] = writesReceived(h, from);
      assert.deepEqual(more, []);
      assert.equal(patch.method, 'PATCH');
      assert.equal(patch.path, `${DEPLOYMENTS}/qwen-coder`);
      const [region] = (patch.body as { containers: { region_id: number; scale: Record<string, unknown> }[] }).containers;
      assert.equal(region.scale.max, 3);
      assert.equal(region.scale.min, 0);
      assert.ok('cooldown_period' in region.scale && 'polling_interval' in region.scale, 'the scale is sent whole');
    });

    it('confirms a stop with what it does, and sends one POST to stop', async () => {
      const input = { ...PROJECT, name: 'llama-chat' };
      const { message } = await confirmation('gcore_stopInferenceDeployment', input, h);
      assert.match(message, /nothing is billed while it is stopped, and it does not start again by itself/);
      assert.match(message, /^Now: /m);
      const from = h.emulator.requests.length;
      const result = await run(tool('gcore_stopInferenceDeployment'), input, h);
      assert.deepEqual(writesReceived(h, from), [{ method: 'POST', path: `${DEPLOYMENTS}/llama-chat/stop`, query: {} }]);
      assert.match(result.text, /gcore_getInferenceDeployment/);
    });

    it('confirms a start with its price ceiling, and sends one POST to start', async () => {
      const input = { ...PROJECT, name: 'qwen-coder' };
      const { message } = await confirmation('gcore_startInferenceDeployment', input, h);
      assert.match(message, /^Price: up to .+ per hour at 2 pods; nothing while stopped or at zero\.$/m);
      const from = h.emulator.requests.length;
      await run(tool('gcore_startInferenceDeployment'), input, h);
      assert.deepEqual(writesReceived(h, from), [{ method: 'POST', path: `${DEPLOYMENTS}/qwen-coder/start`, query: {} }]);
    });

    it('deletes with one DELETE and names its task', async () => {
      const input = { ...PROJECT, name: 'llama-chat' };
      const { title } = await confirmation('gcore_deleteInferenceDeployment', input, h);
      assert.equal(title, 'Delete inference deployment llama-chat in project 1?');
      const from = h.emulator.requests.length;
      const result = await run(tool('gcore_deleteInferenceDeployment'), input, h);
      assert.deepEqual(writesReceived(h, from), [{ method: 'DELETE', path: `${DEPLOYMENTS}/llama-chat`, query: {} }]);
      assert.match(result.text, /Tasks: /);
    });

    it('refuses a bad argument naming the field before any request', () => {
      assertRefused(
        tool('gcore_createInferenceDeployment'),
        { ...PROJECT, deployment: newDeployment({ name: 'ab' }) },
        /deployment\.name/,
        h,
      );
      assertRefused(
        tool('gcore_createInferenceDeployment'),
        { ...PROJECT, deployment: newDeployment({ containers: [] }) },
        /containers/,
        h,
      );
      assertRefused(tool('gcore_updateInferenceDeployment'), { ...PROJECT, name: 'qwen-coder', changes: { name: 'other' } }, /name/, h);
      assertRefused(tool('gcore_stopInferenceDeployment'), { projectId: 0, name: 'llama-chat' }, /projectId/, h);
      assertRefused(tool('gcore_getInferenceLogs'), { ...PROJECT, name: 'llama-chat', limit: 100001 }, /limit/, h);
    });
  });
});
