import * as assert from 'node:assert/strict';
import { GcoreApiError, UnknownOutcomeError } from '../../../../src/api/errors';
import type { Fault } from '../../../emulator/server';
import { sendInferenceApplicationCreate, sendInferenceDeploymentCreate } from '../../../../src/writes/inference/inferenceCreates';
import { rejection, startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

/*
 * The one path of a new inference deployment or application against the client harness: sent once; a lost answer
 * is looked up by name (and the project's running tasks) before anything says it may be sent again.
 */

const PROJECT = { projectId: 7 };
const DEPLOYMENTS = '/cloud/v3/inference/7/deployments';
const APPLICATIONS = '/cloud/v3/inference/applications/7/deployments';
const TASKS = '/cloud/v1/tasks';
const CREATE = {
  name: 'qwen',
  image: 'vllm/vllm-openai:v0.6.4',
  listening_port: 8000,
  flavor_name: 'inference-1xl40s',
  containers: [
    {
      region_id: 1,
      scale: { min: 0, max: 1, cooldown_period: 60, polling_interval: 30, triggers: { gpu_utilization: { threshold: 80 } } },
    },
  ],
};
const RUNNING_CREATE = { id: 'task-qwen', state: 'RUNNING', task_type: 'create_inference_instance', data: { name: 'qwen' } };
const OTHER_TASK = { id: 'task-other', state: 'RUNNING', task_type: 'create_inference_instance', data: { name: 'llama' } };

describe('a new inference deployment', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  const log = recordedLog();
  const send = () => sendInferenceDeploymentCreate({ client: h.client, log }, PROJECT, CREATE);
  const posts = () => h.emulator.requests.filter((request) => request.method === 'POST');
  const absent = () => h.emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/qwen`, status: 404 });
  const present = () =>
    h.emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/qwen`, status: 200, body: { name: 'qwen', status: 'DEPLOYING' } });
  const running = (...results: object[]) =>
    h.emulator.inject({ method: 'GET', path: TASKS, status: 200, body: { count: results.length, results } });

  it('reads the name, then sends the create once, exactly as given, answering its tasks', async () => {
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 200, body: { tasks: ['t-create'] } });
    const sent = await send();
    assert.deepEqual(
      h.emulator.requests.map((request) => [request.method, request.path, request.json]),
      [
        ['GET', `${DEPLOYMENTS}/qwen`, undefined],
        ['POST', DEPLOYMENTS, CREATE],
      ],
    );
    assert.deepEqual(sent.result.tasks, ['t-create']);
    assert.deepEqual(sent.change, { kind: 'inferenceDeployment', projectId: 7, regionId: 0, name: 'qwen', action: 'create' });
    assert.deepEqual(sent.stale, PROJECT);
  });

  it('refuses a name the project already has, sending nothing', async () => {
    present();
    const error = await rejection(send());
    assert.equal((error as unknown as GcoreApiError).kind, 'conflict');
    assert.match(error.message, /^Project 7 already has an inference deployment named qwen; nothing was sent/);
    assert.equal(posts().length, 0);
  });

  it('reads the name again after a 429 and a 5xx before it sends', async () => {
    h.emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/qwen`, status: 429 });
    h.emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/qwen`, status: 502 });
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 200, body: { tasks: ['t-create'] } });
    assert.deepEqual((await send()).result.tasks, ['t-create']);
    assert.equal(posts().length, 1);
  });

  const lostWays: { name: string; fault: Omit<Fault, 'path'> }[] = [
    { name: 'a dropped connection', fault: { drop: true } },
    { name: "a gateway's 502", fault: { status: 502 } },
    { name: "a gateway's 504", fault: { status: 504 } },
    { name: 'a 200 whose body cannot be read', fault: { malformed: true } },
  ];
  for (const { name, fault } of lostWays) {
    it(`takes ${name} as the create when Gcore then has the deployment, naming its running task, with one POST`, async () => {
      absent();
      h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, ...fault });
      present();
      running(OTHER_TASK, RUNNING_CREATE);
      const sent = await send();
      assert.equal(posts().length, 1, 'one POST');
      assert.deepEqual(sent.result.tasks, ['task-qwen']);
      assert.equal(sent.change.action, 'create');
      const taskList = h.emulator.requests.find((request) => request.path === TASKS);
      assert.match(taskList?.url ?? '', /^\/cloud\/v1\/tasks\?state=NEW&state=RUNNING&project_id=7&limit=100$/);
    });
  }

  it('takes a running create of that name as this one while Gcore does not list the deployment yet', async () => {
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 504 });
    absent();
    running(RUNNING_CREATE);
    assert.deepEqual((await send()).result.tasks, ['task-qwen']);
    assert.equal(posts().length, 1);
  });

  it('counts a deployment Gcore has as made when its task cannot be read, with no task to follow', async () => {
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, drop: true });
    present();
    h.emulator.inject({ method: 'GET', path: TASKS, status: 500, times: 3 });
    assert.deepEqual((await send()).result.tasks, []);
    assert.equal(posts().length, 1);
  });

  it('says none was made and it can be sent again when Gcore has none and runs no create of it', async () => {
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 502 });
    absent();
    running(OTHER_TASK);
    const error = await rejection(send());
    assert.ok(error instanceof GcoreApiError && !(error instanceof UnknownOutcomeError), String(error));
    assert.match(
      error.message,
      /^The answer to the creation of inference deployment qwen was lost \(Bad Gateway\); Gcore has no deployment of that name and no create of it under way, so none was made and it can be sent again$/,
    );
    assert.equal(posts().length, 1);
  });

  it('says the outcome is unknown when the deployment cannot be read after the lost answer', async () => {
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, drop: true });
    h.emulator.inject({ method: 'GET', path: `${DEPLOYMENTS}/qwen`, status: 503, times: 3 });
    const error = await rejection(send());
    assert.ok(error instanceof UnknownOutcomeError, String(error));
    assert.match(error.message, /could not be read to see whether Gcore made it/);
    assert.doesNotMatch(error.message, /can be sent again/);
    assert.equal(posts().length, 1);
  });

  it('says the outcome is unknown when Gcore has none but the running tasks cannot be read', async () => {
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 504 });
    absent();
    h.emulator.inject({ method: 'GET', path: TASKS, status: 429, times: 3 });
    const error = await rejection(send());
    assert.ok(error instanceof UnknownOutcomeError, String(error));
    assert.match(error.message, /running tasks could not be read to rule out a create still under way/);
    assert.equal(posts().length, 1);
  });

  it('passes a refusal on as it came, looking nothing up', async () => {
    absent();
    h.emulator.inject({ method: 'POST', path: DEPLOYMENTS, status: 400, body: { message: 'name: hyphens are not allowed' } });
    const error = await rejection(send());
    assert.equal((error as unknown as GcoreApiError).kind, 'invalidInput');
    assert.equal(h.emulator.requests.length, 2);
  });
});

describe('a new inference application', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  const APPLICATION = {
    name: 'chat1',
    application_name: 'qwen-chat',
    regions: [1],
    components_configuration: { model: { flavor: 'inference-1xl40s', exposed: true, scale: { min: 1, max: 1 } } },
  };

  it('is sent once and, its answer lost, found by the name it asked for', async () => {
    h.emulator.inject({ method: 'GET', path: `${APPLICATIONS}/chat1`, status: 404 });
    h.emulator.inject({ method: 'POST', path: APPLICATIONS, status: 502 });
    h.emulator.inject({ method: 'GET', path: `${APPLICATIONS}/chat1`, status: 200, body: { ...APPLICATION, status: null } });
    h.emulator.inject({ method: 'GET', path: TASKS, status: 200, body: { count: 0, results: [] } });
    const sent = await sendInferenceApplicationCreate({ client: h.client, log: recordedLog() }, PROJECT, APPLICATION);
    assert.deepEqual(sent.change, { kind: 'inferenceApplication', projectId: 7, regionId: 0, name: 'chat1', action: 'create' });
    assert.deepEqual(sent.result.tasks, []);
    const posts = h.emulator.requests.filter((request) => request.method === 'POST');
    assert.deepEqual(
      posts.map((request) => request.json),
      [APPLICATION],
    );
  });
});
