import * as assert from 'node:assert/strict';
import { UnknownOutcomeError } from '../../../../src/api/errors';
import type { GpuCluster } from '../../../../src/api/gpu/gpuClusterTypes';
import type { GpuClusterCreate } from '../../../../src/models/gpu/gpuClusterCreate';
import { sendGpuClusterCreate } from '../../../../src/writes/gpu/gpuClusterCreates';
import type { Fault } from '../../../emulator/server';
import { virtualClusterBody } from '../../../support/gpuClusterBodies';
import { rejection, startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

/*
 * The one path of a new GPU cluster (the command's, the JSON document's, the agent tools' in VS Code and in the MCP
 * server) against the emulator: an answer lost after Gcore made the cluster, in every way an answer is lost, counts
 * as the create with its running task, and nothing is sent twice; a lookup that cannot tell says so.
 */

const LOCATION = { projectId: 7, regionId: 76, kind: 'virtual' as const };
const CLUSTERS = '/cloud/v3/gpu/virtual/7/76/clusters';
const ACTIVE_TASKS = '/cloud/v1/tasks/7/76/active';
const CLUSTER = virtualClusterBody({ name: 'lost-train' }) as unknown as GpuClusterCreate;

describe('a new GPU cluster whose answer is lost', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness(undefined, { demo: true });
  });
  afterEach(() => stopHarness(h));

  const send = () => sendGpuClusterCreate({ client: h.client, log: recordedLog() }, LOCATION, CLUSTER);
  const posts = () => h.emulator.requests.filter((request) => request.method === 'POST' && request.path === CLUSTERS);

  async function listedNamed(name: string): Promise<GpuCluster[]> {
    return (await h.client.gpuClusters.list(LOCATION)).results.filter((cluster) => cluster.name === name);
  }

  /** The task Gcore started for the one cluster of that name: what a lost answer would have named. */
  async function createTaskOf(name: string): Promise<string> {
    const [made, ...more] = await listedNamed(name);
    assert.ok(made, `Gcore made ${name}`);
    assert.deepEqual(more, []);
    const tasks = (await h.client.gpuClusters.activeTasks(LOCATION)).results;
    const task = tasks.find((candidate) => JSON.stringify(candidate.data).includes(made.id));
    assert.ok(task, `the create task of ${name}`);
    return task.id;
  }

  const lostAfterGcoreMadeIt: { name: string; fault: Omit<Fault, 'path'> }[] = [
    { name: "a gateway's 502", fault: { status: 502, afterApplying: true } },
    { name: "a gateway's 504", fault: { status: 504, afterApplying: true } },
    { name: 'a 200 whose body cannot be read', fault: { malformed: true, afterApplying: true } },
    { name: 'an answer cut short', fault: { resetMidBody: true } },
  ];
  for (const { name, fault } of lostAfterGcoreMadeIt) {
    it(`takes ${name} as the create, naming its running task, with one POST`, async () => {
      h.emulator.inject({ method: 'POST', path: CLUSTERS, ...fault });
      const sent = await send();
      assert.equal(posts().length, 1, 'one POST');
      assert.deepEqual(sent.result.tasks, [await createTaskOf('lost-train')]);
      assert.equal(sent.change.action, 'create');
      assert.match(sent.change.name, /^virtual:[0-9a-f-]{36}$/, "followed under the new cluster's id");
    });
  }

  it('names the running create of that name when its task does not name the cluster yet', async () => {
    h.emulator.inject({ method: 'POST', path: CLUSTERS, status: 502, afterApplying: true });
    // Gcore's running create names what it was asked for; only a finished one names the cluster it made.
    h.emulator.inject({
      method: 'GET',
      path: ACTIVE_TASKS,
      status: 200,
      body: {
        count: 2,
        results: [
          { id: 'other-create', state: 'RUNNING', task_type: 'create_gpu_virtual_cluster', data: { name: 'other-train' } },
          { id: 'this-create', state: 'RUNNING', task_type: 'create_gpu_virtual_cluster', data: { name: 'lost-train' } },
        ],
      },
    });
    const sent = await send();
    assert.deepEqual(sent.result.tasks, ['this-create']);
    assert.equal(posts().length, 1);
  });

  it('says the outcome is unknown, not that none was made, when the list comes too early but a create of that name runs', async () => {
    h.emulator.inject({ method: 'POST', path: CLUSTERS, status: 504, afterApplying: true });
    // The list before the create answers as Gcore has it; the one after comes a moment before the new cluster is listed.
    h.emulator.inject({ method: 'GET', path: CLUSTERS, times: 1, delayMs: 0 });
    h.emulator.inject({ method: 'GET', path: CLUSTERS, status: 200, body: { count: 0, results: [] } });
    const error = await rejection(send());
    assert.ok(error instanceof UnknownOutcomeError, String(error));
    assert.match(
      error.message,
      /^The answer to the creation of GPU cluster lost-train was lost \(Gateway Timeout\)\. Gcore lists no new cluster of that name yet, but the location's active tasks show a create of that name under way, so whether Gcore made it is unknown\./,
    );
    assert.doesNotMatch(error.message, /can be sent again/);
    assert.equal(posts().length, 1);
    assert.equal((await listedNamed('lost-train')).length, 1, 'Gcore did make it');
  });

  it('says the outcome is unknown when the active tasks cannot be read to rule a create out', async () => {
    h.emulator.inject({ method: 'POST', path: CLUSTERS, drop: true });
    h.emulator.inject({ method: 'GET', path: ACTIVE_TASKS, status: 500, times: 3 });
    const error = await rejection(send());
    assert.ok(error instanceof UnknownOutcomeError, String(error));
    assert.match(error.message, /the location's active tasks could not be read to rule out a create still under way/);
    assert.equal(posts().length, 1);
  });

  it('says none was made and it can be sent again when Gcore lists none and runs no create of that name', async () => {
    // A create of another cluster of the same name, listed before, is not this one.
    await sendGpuClusterCreate({ client: h.client, log: recordedLog() }, LOCATION, CLUSTER);
    h.emulator.requests.length = 0;
    h.emulator.inject({ method: 'POST', path: CLUSTERS, status: 502 });
    const error = await rejection(send());
    assert.ok(!(error instanceof UnknownOutcomeError), String(error));
    assert.match(error.message, /Gcore lists no new cluster of that name, so none was made and it can be sent again/);
    assert.equal(posts().length, 1);
    assert.equal((await listedNamed('lost-train')).length, 1);
  });
});
