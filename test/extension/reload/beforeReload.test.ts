import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import { dnssecRecordFor } from '../../emulator/dnssec-keys';
import { SEEDED_API_KEY_SECRET, start, type Emulator } from '../../emulator/server';
import { TEST_KEY, eventually, extensionApi, gcoreConfig, run, setKey, setLocations, sharedEmulator, useUi } from '../support/harness';
import { pasteKeySecret } from '../support/inferenceKeyRows';
import { ScriptedUi } from '../support/scriptedUi';
import { virtualClusterBody } from '../../support/gpuClusterBodies';
import type { TaskNode } from '../../../src/views/tasks/taskNodes';
import {
  ADDED_ZONE,
  CHAT_API_KEY,
  CHAT_DEPLOYMENT,
  CHAT_LOCATION,
  CHAT_MODELS,
  CREATED_GPU_CLUSTER,
  DNSSEC_ZONE,
  FOLLOWED_CONTAINER,
  LOCATION,
} from './reloadFixture';
import { reloadEndpointPortFrom } from './reloadPhase';
import { rowNamed, rowsUnder, sectionRow } from './treeReading';

/**
 * Runs last in the first start of VS Code and leaves state behind on purpose: afterReload.test checks it
 * after the driver has closed the window, stopped code-server and started it again on the same profile.
 */
describe('before a reload: state to keep', () => {
  let emulator: Emulator;

  before(async () => {
    // Against a server with only the four core operations, the zones shown are the ones remembered here:
    // what this suite checks survives a reload. (With the account's zone list, Gcore's state is shown.)
    emulator = await sharedEmulator({ coreOnly: true });
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
  });

  it(`creates ${DNSSEC_ZONE} and enables DNSSEC on it, so its DS record is known`, async () => {
    await vscode.commands.executeCommand('gcore.createZone', { name: DNSSEC_ZONE });
    const response = await vscode.commands.executeCommand<{ ds?: string }>('gcore.enableDnssec', DNSSEC_ZONE);
    const expectedDs = dnssecRecordFor(DNSSEC_ZONE).ds;
    assert.equal(response.ds, expectedDs);
    assert.equal(await vscode.commands.executeCommand('gcore.copyDsRecord', DNSSEC_ZONE), expectedDs);
    assert.equal(emulator.zone(DNSSEC_ZONE)?.dnssecEnabled, true);
    assert.ok(emulator.requests.every((request) => request.headers.authorization === `apikey ${TEST_KEY}`));
  });

  it(`adds ${ADDED_ZONE} by name, with its DNSSEC state unknown`, async () => {
    await vscode.commands.executeCommand('gcore.addKnownZone', ADDED_ZONE);
    const zones = await rowsUnder((await sectionRow('DNS Zones')).node);
    assert.equal(rowNamed(zones, ADDED_ZONE).description, 'DNSSEC unknown');
    assert.equal(rowNamed(zones, DNSSEC_ZONE).description, 'DNSSEC on');
  });

  it(`starts following an update of ${FOLLOWED_CONTAINER}, which the reload interrupts`, async () => {
    // No round before the window closes: the task is still followed then.
    await gcoreConfig().update('tasks.pollIntervalSeconds', 600, vscode.ConfigurationTarget.Global);
    const row = {
      nodeType: 'container',
      id: `containers/${LOCATION.projectId}/${LOCATION.regionId}/${FOLLOWED_CONTAINER}`,
      section: 'containers',
      location: { projectId: LOCATION.projectId, regionId: LOCATION.regionId },
      container: { name: FOLLOWED_CONTAINER, timeout: 60 },
    };
    const ui = new ScriptedUi([['Timeout'], '42', true]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.updateContainer', row);
    await eventually(() =>
      assert.ok(ui.progressTitles.includes(`Updating container ${FOLLOWED_CONTAINER}`), ui.notifications.map((n) => n.message).join(' | ')),
    );
  });

  it(`starts following the create of GPU cluster ${CREATED_GPU_CLUSTER}, not listed yet, which the reload interrupts`, async () => {
    // The full API, keeping the update above followed; the location's list shows nothing of the cluster yet.
    const gpu = await sharedEmulator({ keepFollowedTasks: true });
    const clusters = `/cloud/v3/gpu/virtual/${LOCATION.projectId}/${LOCATION.regionId}/clusters`;
    gpu.inject({ method: 'GET', path: clusters, status: 200, body: { count: 0, results: [] }, times: 2 });
    const { tasks } = await vscode.commands.executeCommand<{ tasks: string[] }>('gcore.createGpuCluster', {
      projectId: LOCATION.projectId,
      regionId: LOCATION.regionId,
      cluster: virtualClusterBody({ name: CREATED_GPU_CLUSTER }),
    });
    const row = rowNamed(await rowsUnder((await sectionRow('Tasks')).node), CREATED_GPU_CLUSTER);
    assert.equal(row.contextValue, 'task.following');
    const { task } = row.node as TaskNode;
    assert.equal(task.id, tasks[0]);
    assert.equal(task.subject?.name, `virtual:new:${CREATED_GPU_CLUSTER}`);
  });

  it('compiled its code at this first start, with no V8 code cache in the new profile yet (afterReload.test: the next start reads the one it saved)', async () => {
    const { codeCache } = await extensionApi();
    assert.equal(codeCache.use, 'absent');
    assert.equal(await codeCache.saved, true, 'saved a while after activation');
  });

  it('adds a project and region to gcore.locations', async () => {
    await vscode.commands.executeCommand('gcore.addLocation', { ...LOCATION });
    await eventually(() =>
      assert.ok(
        gcoreConfig()
          .get<unknown[]>('locations')
          ?.some((location) => isDeepStrictEqual(location, LOCATION)),
      ),
    );
  });
});

describe('before a reload: chat models to keep', function () {
  this.timeout(60_000);
  let gcore: Emulator;
  let kept: { apiBaseUrl?: string; locations?: Parameters<typeof setLocations>[0] };

  before(async () => {
    // Gcore for this part listens where the second start's emulator will: the address the chat keeps for the
    // deployment is then served after the reload too, as Gcore keeps a deployment's address.
    gcore = await start({ apiKey: TEST_KEY, port: reloadEndpointPortFrom(process.env) });
    kept = {
      apiBaseUrl: gcoreConfig().inspect<string>('apiBaseUrl')?.globalValue,
      locations: gcoreConfig().inspect<Parameters<typeof setLocations>[0]>('locations')?.globalValue,
    };
    await gcoreConfig().update('apiBaseUrl', gcore.url, vscode.ConfigurationTarget.Global);
    await setLocations([CHAT_LOCATION, ...(kept.locations ?? [])]);
    await vscode.commands.executeCommand('gcore.refresh');
  });

  after(async () => {
    // The settings the first suite left are what afterReload.test checks; the chat's kept models and the key's secret stay.
    await gcoreConfig().update('apiBaseUrl', kept.apiBaseUrl, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('locations', kept.locations, vscode.ConfigurationTarget.Global);
    await useUi(new ScriptedUi([]));
    await gcore.close();
  });

  it(`offers the models of ${CHAT_DEPLOYMENT.name} to the chat, its key's secret pasted on the key's row`, async () => {
    await pasteKeySecret(CHAT_API_KEY, SEEDED_API_KEY_SECRET, CHAT_LOCATION.label);
    const ids = await run<string[]>('gcore.addInferenceChatModels', { ...CHAT_DEPLOYMENT, apiKeyName: CHAT_API_KEY });
    assert.deepEqual(
      ids,
      CHAT_MODELS.map((model) => model.id),
    );
    await eventually(async () =>
      assert.deepEqual(
        (await vscode.lm.selectChatModels({ vendor: 'gcore' })).map((model) => ({ id: model.id, name: model.name })),
        CHAT_MODELS,
      ),
    );
    const models = gcore.requests.filter((request) => request.path.endsWith('/v1/models'));
    assert.deepEqual(
      models.map((request) => request.headers['x-api-key']),
      [SEEDED_API_KEY_SECRET],
    );
  });
});
