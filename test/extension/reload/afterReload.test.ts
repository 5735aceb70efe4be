import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import { dnssecRecordFor } from '../../emulator/dnssec-keys';
import { SEEDED_API_KEY_SECRET, start, type Emulator } from '../../emulator/server';
import { API_KEY_ENV } from '../../../src/auth/apiKeyStore';
import { TEST_KEY, eventually, extensionApi, gcoreConfig, run, sharedEmulator, useUi } from '../support/harness';
import { ScriptedUi } from '../support/scriptedUi';
import { virtualClusterBody } from '../../support/gpuClusterBodies';
import type { TaskNode } from '../../../src/views/tasks/taskNodes';
import {
  ADDED_ZONE,
  CHAT_API_KEY,
  CHAT_DEPLOYMENT,
  CHAT_MODELS,
  CREATED_GPU_CLUSTER,
  DNSSEC_ZONE,
  FOLLOWED_CONTAINER,
  LOCATION,
} from './reloadFixture';
import { reloadEndpointPortFrom } from './reloadPhase';
import { rowNamed, rowsUnder, sectionRow } from './treeReading';

/**
 * Runs alone in the second start of VS Code, on the profile beforeReload.test left behind. Its emulator is
 * a new one that has never seen those zones, so everything asserted here came back from globalState,
 * SecretStorage and the user settings; nothing is set up again.
 */
describe('after a reload: state kept', () => {
  let emulator: Emulator;
  let ui: ScriptedUi;

  beforeEach(async () => {
    // As before the reload: a server with only the four core operations, so the remembered zones are shown.
    // The task the reload interrupted stays followed: the first test checks that it is.
    emulator = await sharedEmulator({ coreOnly: true, keepFollowedTasks: true });
    ui = new ScriptedUi([]);
    await useUi(ui);
  });

  it(`follows again the create of GPU cluster ${CREATED_GPU_CLUSTER} by its name, and by its id once the location lists it`, async () => {
    // Still no poll round (the interval is 10 minutes): the task stays followed while the list is read.
    const gpu = await sharedEmulator({ keepFollowedTasks: true });
    const followed = rowNamed(await rowsUnder((await sectionRow('Tasks')).node), CREATED_GPU_CLUSTER);
    assert.equal(followed.contextValue, 'task.following');
    assert.equal((followed.node as TaskNode).task.subject?.name, `virtual:new:${CREATED_GPU_CLUSTER}`);

    // This emulator never saw the create: a cluster of that name being created stands for the one Gcore lists late.
    const response = await fetch(`${gpu.url}/cloud/v3/gpu/virtual/${LOCATION.projectId}/${LOCATION.regionId}/clusters`, {
      method: 'POST',
      headers: { authorization: `apikey ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(virtualClusterBody({ name: CREATED_GPU_CLUSTER })),
    });
    assert.equal(response.status, 200);
    const location = rowNamed(await rowsUnder((await sectionRow('GPU')).node), LOCATION.label);
    const clusters = rowNamed(await rowsUnder(location.node), 'Clusters');
    const cluster = rowNamed(await rowsUnder(clusters.node), CREATED_GPU_CLUSTER);
    assert.match(cluster.description, /^Creating… · /);
    const renamed = rowNamed(await rowsUnder((await sectionRow('Tasks')).node), CREATED_GPU_CLUSTER);
    assert.match((renamed.node as TaskNode).task.subject?.name ?? '', /^virtual:[0-9a-f-]{36}$/);
  });

  it(`follows again the update of ${FOLLOWED_CONTAINER} the reload interrupted, asking Gcore for its task`, async () => {
    const before = rowNamed(await rowsUnder((await sectionRow('Tasks')).node), FOLLOWED_CONTAINER);
    assert.equal(before.contextValue, 'task.following');
    await gcoreConfig().update('tasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    // This emulator has never seen the task: Gcore's 404 ends the following, and the row says so.
    await eventually(async () => {
      const row = rowNamed(await rowsUnder((await sectionRow('Tasks')).node), FOLLOWED_CONTAINER);
      assert.match(row.description ?? '', /^Unknown to Gcore/);
    }, 8_000);
    assert.ok(emulator.requests.some((request) => request.path.startsWith('/cloud/v1/tasks/')));
  });

  it('loads its code from the V8 code cache the first start saved', async () => {
    const { codeCache } = await extensionApi();
    assert.equal(codeCache.use, 'used');
    assert.equal(await codeCache.saved, false, 'a cache that was used is not written again');
  });

  it("times each part of its activation, every area's set-up among them, for the benchmark", async () => {
    const { setUpMs } = await extensionApi();
    assert.deepEqual(
      setUpMs.map((entry) => entry.part),
      ['core', 'tasks', 'gpu', 'dns', 'containers', 'inference', 'account', 'agents', 'view', 'commands', 'documents'],
    );
    assert.ok(setUpMs.every((entry) => Number.isFinite(entry.ms) && entry.ms >= 0));
  });

  it('runs against a new emulator, with no key in the environment', () => {
    assert.equal(emulator.zone(DNSSEC_ZONE), undefined);
    assert.equal(process.env[API_KEY_ENV], undefined);
  });

  it('still has the API key: the tree shows its sections and requests carry the key', async () => {
    await eventually(async () =>
      assert.deepEqual(
        (await rowsUnder()).map((row) => row.label),
        ['GPU', 'DNS Zones', 'Containers', 'Inference', 'Tasks'],
      ),
    );
    await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: LOCATION.projectId, regionId: LOCATION.regionId });
    assert.ok(emulator.requests.some((request) => request.path.includes('/gpu/')));
    assert.ok(emulator.requests.every((request) => request.headers.authorization === `apikey ${TEST_KEY}`));
  });

  it(`still lists ${DNSSEC_ZONE} with DNSSEC on and its DS record, and ${ADDED_ZONE} as unknown`, async () => {
    const zones = await rowsUnder((await sectionRow('DNS Zones')).node);
    const signed = rowNamed(zones, DNSSEC_ZONE);
    assert.deepEqual([signed.description, signed.contextValue], ['DNSSEC on', 'zone.dnssec.on']);
    const added = rowNamed(zones, ADDED_ZONE);
    assert.deepEqual([added.description, added.contextValue], ['DNSSEC unknown', 'zone.dnssec.unknown']);

    const dsRecord = rowNamed(await rowsUnder(signed.node), 'DS record');
    assert.equal(dsRecord.description, dnssecRecordFor(DNSSEC_ZONE).ds);
    assert.deepEqual(
      emulator.requests.filter((request) => request.path.includes(DNSSEC_ZONE)),
      [],
      'known zones and their DS records come from memory',
    );
  });

  it('copies the same DS record as before the reload, without asking the API', async () => {
    const expectedDs = dnssecRecordFor(DNSSEC_ZONE).ds;
    assert.equal(await vscode.commands.executeCommand('gcore.copyDsRecord', DNSSEC_ZONE), expectedDs);
    assert.deepEqual(ui.clipboard, [expectedDs]);
    assert.deepEqual(
      emulator.requests.filter((request) => request.path.includes(DNSSEC_ZONE)),
      [],
    );
  });

  it('still has the project and region in gcore.locations and under GPU', async () => {
    assert.ok(
      gcoreConfig()
        .get<unknown[]>('locations')
        ?.some((location) => isDeepStrictEqual(location, LOCATION)),
    );
    const locations = await rowsUnder((await sectionRow('GPU')).node);
    assert.equal(rowNamed(locations, LOCATION.label).node.id, `gpu/${LOCATION.projectId}/${LOCATION.regionId}`);
  });
});

describe('after a reload: chat models kept', function () {
  this.timeout(60_000);
  let gcore: Emulator;

  before(async () => {
    // The API the extension is pointed at has the core operations only: no inference read can stand in for what was kept.
    await sharedEmulator({ coreOnly: true, keepFollowedTasks: true });
    await useUi(new ScriptedUi([]));
    // A new process where the first start's Gcore listened: the deployment answers at the address the chat kept,
    // as Gcore's does across a reload. Nothing of the first start's requests is known to it.
    gcore = await start({ apiKey: TEST_KEY, port: reloadEndpointPortFrom(process.env) });
  });

  after(async () => {
    await run('gcore.removeInferenceChatModels', CHAT_DEPLOYMENT);
    // Detached and deleted, the key takes its stored secret with it (through the Gcore that has the full API).
    await gcoreConfig().update('apiBaseUrl', gcore.url, vscode.ConfigurationTarget.Global);
    await run('gcore.detachInferenceApiKey', {
      projectId: CHAT_DEPLOYMENT.projectId,
      name: CHAT_API_KEY,
      deployment: CHAT_DEPLOYMENT.name,
    });
    await run('gcore.deleteInferenceApiKey', { projectId: CHAT_DEPLOYMENT.projectId, name: CHAT_API_KEY });
    (await extensionApi()).stopFollowingTasks();
    await sharedEmulator({ coreOnly: true });
    await gcore.close();
  });

  it(`still offers the models of ${CHAT_DEPLOYMENT.name}, answering from the kept address with the key's stored secret`, async () => {
    const [model] = await eventually(async () => {
      const listed = await vscode.lm.selectChatModels({ vendor: 'gcore' });
      assert.deepEqual(
        listed.map(({ id, name }) => ({ id, name })),
        CHAT_MODELS,
      );
      return listed;
    });
    const response = await model.sendRequest(
      [vscode.LanguageModelChatMessage.User('hi after the reload')],
      {},
      new vscode.CancellationTokenSource().token,
    );
    let answer = '';
    for await (const text of response.text) answer += text;
    assert.equal(answer, 'Hello from meta-llama/Llama-3.1-8B-Instruct. You said: hi after the reload');
    assert.deepEqual(
      gcore.requests.map((request) => [
        request.method,
        request.path.replace(/^\/inference-endpoints\/[^/]+/, '{address}'),
        request.headers['x-api-key'],
      ]),
      [['POST', '{address}/v1/chat/completions', SEEDED_API_KEY_SECRET]],
      'one request, to the address kept at the add: neither the models nor the address were read again',
    );
  });
});
