import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import { TEST_KEY, extensionApi, gcoreConfig, setLocations, signedInAt, useUi } from './support/harness';
import { label, rows } from './support/treeRows';
import { ScriptedUi } from './support/scriptedUi';

/*
 * Gcore's words are data: a task state, a container status or an account field that happens to be named
 * like a property of every JavaScript object, or of another type than documented, is shown and followed as
 * any other value.
 */

const LOCATION = { projectId: 1, regionId: 76 };

async function containerRow(name: string): Promise<{ item: vscode.TreeItem }> {
  const section = (await rows()).find((row) => label(row.item) === 'Containers');
  assert.ok(section, 'the Containers section is shown');
  const [location] = await rows(section.node);
  const found = (await rows(location.node)).find((row) => label(row.item) === name);
  assert.ok(found, `container ${name} is listed`);
  return found;
}

describe('values from Gcore named like JavaScript properties, or of unexpected types', () => {
  let emulator: Emulator;

  before(async () => {
    await gcoreConfig().update('tasks.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await setLocations([]);
    (await extensionApi()).stopFollowingTasks();
    await gcoreConfig().update('tasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  it('follows a task whose state is "constructor" until Gcore says it finished', async () => {
    const { tasks } = (await vscode.commands.executeCommand('gcore.updateContainer', {
      ...LOCATION,
      containerName: 'web-app',
      changes: { timeout: 55 },
    })) as { tasks: string[] };
    const [id] = tasks;
    emulator.inject({
      path: `/cloud/v1/tasks/${id}`,
      status: 200,
      body: { id, state: 'constructor', task_type: 'patch_caas_container', error: null },
      times: 2,
    });
    const result = (await vscode.commands.executeCommand('gcore.waitForTasks', { taskIds: [id] })) as {
      tasks: { id: string; state: string }[];
    };
    assert.deepEqual(
      result.tasks.map((task) => [task.id, task.state]),
      [[id, 'FINISHED']],
    );
    const polls = emulator.requests.filter((request) => request.path === `/cloud/v1/tasks/${id}`);
    assert.ok(polls.length >= 3, `asked ${polls.length} times: twice "constructor", then the real state`);
  });

  it('lists a container whose status is "__proto__" or "constructor", with the status as it came', async () => {
    const results = [
      { name: 'odd-proto', status: '__proto__' },
      { name: 'odd-constructor', status: 'constructor' },
    ];
    emulator.inject({
      method: 'GET',
      path: '/cloud/v1/caas/1/76/containers',
      status: 200,
      body: { count: results.length, results },
      times: 5,
    });
    await vscode.commands.executeCommand('gcore.refresh');
    for (const { name, status } of results) {
      const row = await containerRow(name);
      assert.equal(row.item.description, status);
      assert.equal((row.item.iconPath as vscode.ThemeIcon).id, 'question');
    }
  });

  it('stores a key whose account Gcore answers as {"id": null}, and says so without an error', async () => {
    emulator.inject({ path: '/iam/clients/me', status: 200, body: { id: null }, times: 10 });
    const ui = new ScriptedUi([TEST_KEY]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.setApiKey');
    ui.assertAllAnswersUsed();
    assert.ok(
      emulator.requests.some((request) => request.path === '/iam/clients/me' && request.headers.authorization === `apikey ${TEST_KEY}`),
    );
    assert.deepEqual(
      ui.notifications.map((notification) => [notification.severity, notification.message]),
      [['info', 'Gcore API key saved in VS Code secret storage. It signs in to the account.']],
    );
  });
});
