import * as assert from 'node:assert/strict';
import { InvalidArgumentError } from '../../../../src/validation/problems';
import {
  sendInferenceDeploymentDelete,
  sendInferenceDeploymentStart,
  sendInferenceDeploymentStop,
  sendInferenceDeploymentUpdate,
} from '../../../../src/writes/inference/inferenceDeploymentWrites';
import { rejection, startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

/*
 * The write path of an existing inference deployment against the client harness: what Gcore receives. An update
 * sends each region's scale whole (Gcore has no defaults for it in a PATCH) and never a read `command` back.
 */

const REF = { projectId: 7, name: 'qwen' };
const DEPLOYMENT = '/cloud/v3/inference/7/deployments/qwen';

const HELD_SCALE_1 = {
  min: 1,
  max: 3,
  cooldown_period: 120,
  polling_interval: 15,
  triggers: { cpu: null, memory: null, gpu_utilization: { threshold: 70 }, gpu_memory: null, http: null, sqs: null },
};
const HELD_SCALE_2 = { min: 0, max: 1, cooldown_period: 60, polling_interval: 30, triggers: { http: { rate: 5, window: 60 } } };

/** The deployment as Gcore holds it: two regions, and its command read back as a string. */
const HELD = {
  name: 'qwen',
  status: 'ACTIVE',
  image: 'vllm/vllm-openai:v0.6.4',
  flavor_name: 'inference-1xl40s',
  command: 'vllm serve Qwen/Qwen2.5-7B',
  containers: [
    { region_id: 1, scale: HELD_SCALE_1, deploy_status: { total: 3, ready: 3 }, address: 'https://a', error_message: null },
    { region_id: 2, scale: HELD_SCALE_2, deploy_status: { total: 0, ready: 0 }, address: 'https://b', error_message: null },
  ],
};

describe("an inference deployment's write path", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  const deps = () => ({ client: h.client, log: recordedLog() });
  const patches = () => h.emulator.requests.filter((request) => request.method === 'PATCH');
  const holding = (deployment: object = HELD) => h.emulator.inject({ method: 'GET', path: DEPLOYMENT, status: 200, body: deployment });
  const answering = (tasks: string[]) => h.emulator.inject({ method: 'PATCH', path: DEPLOYMENT, status: 200, body: { tasks } });

  it("sends each region's scale whole, what the change does not give as Gcore holds it", async () => {
    holding();
    answering(['t1']);
    const sent = await sendInferenceDeploymentUpdate(deps(), REF, {
      timeout: 300,
      containers: [
        { region_id: 1, scale: { max: 5 } },
        { region_id: 2, scale: { min: 1, triggers: { cpu: { threshold: 60 } } } },
      ],
    });
    assert.deepEqual(patches()[0].json, {
      timeout: 300,
      containers: [
        { region_id: 1, scale: { ...HELD_SCALE_1, max: 5 } },
        { region_id: 2, scale: { ...HELD_SCALE_2, min: 1, triggers: { cpu: { threshold: 60 } } } },
      ],
    });
    assert.deepEqual(sent.result.tasks, ['t1']);
    assert.deepEqual(sent.change, { kind: 'inferenceDeployment', projectId: 7, regionId: 0, name: 'qwen', action: 'update' });
    assert.deepEqual(sent.stale, { projectId: 7 });
  });

  it('sends the regions given as the whole set: a region left out is removed, a new one gets the create defaults', async () => {
    holding();
    answering(['t1']);
    await sendInferenceDeploymentUpdate(deps(), REF, {
      containers: [
        { region_id: 1, scale: {} },
        { region_id: 3, scale: { min: 0, max: 2, cooldown_period: undefined } },
      ],
    });
    assert.deepEqual(patches()[0].json, {
      containers: [
        { region_id: 1, scale: HELD_SCALE_1 },
        { region_id: 3, scale: { min: 0, max: 2, cooldown_period: 60, polling_interval: 30 } },
      ],
    });
  });

  it('leaves out of the PATCH what it cannot take: the name, the read command, the regions left alone', async () => {
    holding();
    answering(['t1']);
    await sendInferenceDeploymentUpdate(deps(), REF, { name: 'other', command: HELD.command, image: 'vllm/vllm-openai:v0.7.0' });
    assert.deepEqual(patches()[0].json, { image: 'vllm/vllm-openai:v0.7.0' });
  });

  it('sends a command given as a list, and refuses one given as changed text before any PATCH', async () => {
    holding();
    answering(['t1']);
    await sendInferenceDeploymentUpdate(deps(), REF, { command: ['vllm', 'serve', 'Qwen/Qwen2.5-14B'] });
    assert.deepEqual(patches()[0].json, { command: ['vllm', 'serve', 'Qwen/Qwen2.5-14B'] });
    holding();
    const error = await rejection(sendInferenceDeploymentUpdate(deps(), REF, { command: 'vllm serve Qwen/Qwen2.5-14B' }));
    assert.ok(error instanceof InvalidArgumentError, String(error));
    assert.match(error.message, /^Invalid argument: command: must be a list of strings/);
    assert.equal(patches().length, 1);
  });

  it('refuses a new region without its bounds, naming the field, and sends nothing', async () => {
    holding();
    const error = await rejection(sendInferenceDeploymentUpdate(deps(), REF, { containers: [{ region_id: 4, scale: { max: 2 } }] }));
    assert.ok(error instanceof InvalidArgumentError, String(error));
    assert.match(error.message, /containers\[0\]\.scale\.min: is required for a new region/);
    assert.equal(patches().length, 0);
  });

  it('refuses to send the regions of a deployment Gcore answered with a region it cannot read', async () => {
    holding({ ...HELD, containers: [...HELD.containers, { region_id: 5, scale: 'odd' }] });
    const error = await rejection(sendInferenceDeploymentUpdate(deps(), REF, { containers: [{ region_id: 1, scale: { max: 4 } }] }));
    assert.ok(error instanceof InvalidArgumentError, String(error));
    assert.match(error.message, /containers: Gcore answered a region of qwen that the extension cannot read/);
    assert.equal(patches().length, 0);
  });

  it('reads the deployment again after a 429 and a 5xx, and sends the PATCH once', async () => {
    h.emulator.inject({ method: 'GET', path: DEPLOYMENT, status: 429 });
    h.emulator.inject({ method: 'GET', path: DEPLOYMENT, status: 500 });
    holding();
    answering(['t1']);
    await sendInferenceDeploymentUpdate(deps(), REF, { containers: [{ region_id: 2, scale: { max: 2 } }] });
    assert.deepEqual(
      h.emulator.requests.map((request) => [request.method, request.status]),
      [
        ['GET', 429],
        ['GET', 500],
        ['GET', 200],
        ['PATCH', 200],
      ],
    );
  });

  it('does not send a PATCH again after a 5xx', async () => {
    holding();
    h.emulator.inject({ method: 'PATCH', path: DEPLOYMENT, status: 503, times: 3 });
    await rejection(sendInferenceDeploymentUpdate(deps(), REF, { timeout: 60 }));
    assert.equal(patches().length, 1);
  });

  it('starts and stops with no task to follow, and deletes with its tasks', async () => {
    h.emulator.inject({ method: 'POST', path: `${DEPLOYMENT}/start`, status: 204 });
    h.emulator.inject({ method: 'POST', path: `${DEPLOYMENT}/stop`, status: 204 });
    h.emulator.inject({ method: 'DELETE', path: DEPLOYMENT, status: 200, body: { tasks: ['t-delete'] } });
    const log = recordedLog();
    const started = await sendInferenceDeploymentStart({ client: h.client, log }, REF);
    const stopped = await sendInferenceDeploymentStop({ client: h.client, log }, REF);
    const deleted = await sendInferenceDeploymentDelete({ client: h.client, log }, REF);
    assert.deepEqual(
      [started, stopped, deleted].map((sent) => [sent.change.action, sent.result.tasks]),
      [
        ['start', []],
        ['stop', []],
        ['delete', ['t-delete']],
      ],
    );
    assert.deepEqual(log.lines, [
      'info inference deployment qwen start sent (tasks none)',
      'info inference deployment qwen stop sent (tasks none)',
      'info inference deployment qwen delete sent (tasks t-delete)',
    ]);
  });
});
