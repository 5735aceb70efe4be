import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import { TEST_KEY, eventually, extensionApi, gcoreConfig, setKey, sharedEmulator, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

describe('the API key in SecretStorage', () => {
  let emulator: Emulator;
  let ui: ScriptedUi;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    ui = new ScriptedUi([]);
    await useUi(ui);
  });

  after(async () => {
    await setKey(TEST_KEY);
    await useUi(undefined);
  });

  it('round-trips: the stored key is the one sent, and Sign Out removes it', async () => {
    await vscode.commands.executeCommand('gcore.setApiKey', { apiKey: '  round-trip-key  ' });
    await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 }).then(undefined, () => undefined);
    assert.equal(emulator.requests[0].headers.authorization, 'apikey round-trip-key');

    await vscode.commands.executeCommand('gcore.signOut');
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 })),
      /No Gcore API key is set/,
    );
    assert.equal(emulator.requests.length, 1, 'nothing is sent without a key');
    await eventually(async () => assert.deepEqual(await (await extensionApi()).tree.getChildren(), []));
  });

  it('never writes the key to settings, notifications or the error message', async () => {
    await setKey(TEST_KEY);
    emulator.inject({ path: '/cloud/v3/gpu/virtual/1/76/flavors', status: 401, body: { message: 'Invalid token.' } });
    await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 }).then(
      () => assert.fail('expected a rejection'),
      (error: Error) => assert.ok(!`${error.message}${error.stack}`.includes(TEST_KEY)),
    );
    const settings = JSON.stringify(gcoreConfig());
    assert.ok(!settings.includes(TEST_KEY));
    assert.ok(!JSON.stringify(ui.notifications).includes(TEST_KEY));
  });

  it('refuses a key argument that is not a printable string, naming the field', async () => {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.setApiKey', { apiKey: '' })), /apiKey/);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.setApiKey', { apiKey: 'two words' })), /apiKey/);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.setApiKey', { key: 'x' })), /apiKey|key/);
  });
});
