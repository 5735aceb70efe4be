import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import { SEEDED_API_KEY_SECRET } from '../emulator/inference-seed';
import { eventually, extensionApi, rejects, run, signedInAt, useUi } from './support/harness';
import { apiKeyRows, keyRow } from './support/inferenceKeyRows';
import { ScriptedUi } from './support/scriptedUi';
import { label } from './support/treeRows';

/*
 * Deployment API keys against the emulator's seeded project 1 (team-key attached to llama-chat, its secret made
 * "elsewhere"): the commands, the API Keys rows, and the secret Gcore answers once kept in SecretStorage and
 * nowhere else: not in the log channel, a notification, the command's result or a tool's.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const PROJECT = { projectId: 1 };
const KEYS = '/cloud/v3/inference/1/api_keys';
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';

describe('inference API keys', () => {
  let emulator: Emulator;
  let logLines: string[];

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
    logLines = [];
    (await extensionApi()).tapLog((line) => logLines.push(line));
  });

  after(async () => {
    (await extensionApi()).tapLog(undefined);
    (await extensionApi()).stopFollowingTasks();
    await useUi(undefined);
  });

  it('lists the keys without a secret, marking the one made elsewhere in the tree', async () => {
    const list = await run<{ count: number; results: { name: string; deployment_names: string[] }[] }>(
      'gcore.listInferenceApiKeys',
      PROJECT,
    );
    assert.deepEqual(
      list.results.filter((key) => key.name === 'team-key').map((key) => key.deployment_names),
      [['llama-chat']],
    );
    assert.ok(!JSON.stringify(list).includes(SEEDED_API_KEY_SECRET));
    const team = await keyRow('team-key');
    assert.equal(team.item.contextValue, 'inferenceApiKey.elsewhere');
    assert.equal(
      team.item.description,
      'secret not on this machine · Shared by the team for the chat deployment · never expires · used by llama-chat',
    );
    await rejects(
      vscode.commands.executeCommand('gcore.createInferenceApiKey', { ...PROJECT, name: 'team.key' }),
      /name: must not hold a dot/,
    );
    assert.equal(emulator.requests.filter((request) => request.method !== 'GET').length, 0);
  });

  it('creates a key interactively, keeps its secret in SecretStorage only, and copies it once when asked', async () => {
    const ui = new ScriptedUi(['ci-key', 'For CI', '2099-12-31']).answerNotification(/^API key ci-key was created/, 'Copy Secret');
    await useUi(ui);
    const { node } = await apiKeyRows();
    await vscode.commands.executeCommand('gcore.createInferenceApiKey', node);
    await eventually(() => assert.equal(ui.clipboard.length, 1));
    const secret = ui.clipboard[0];
    assert.ok(secret.length >= 16 && secret !== '***', 'the secret itself is copied');
    const created = emulator.requests.find((request) => request.method === 'POST' && request.path === KEYS);
    assert.deepEqual(created?.json, { name: 'ci-key', description: 'For CI', expires_at: '2099-12-31T23:59:59Z' });
    assert.ok(!JSON.stringify(ui.notifications).includes(secret), 'no notification shows the secret');
    assert.ok(!JSON.stringify(ui.shown).includes(secret), 'no prompt shows the secret');
    assert.ok(!logLines.join('\n').includes(secret), 'the log does not hold the secret');
    const row = await eventually(async () => {
      const found = await keyRow('ci-key');
      assert.equal(found.item.contextValue, 'inferenceApiKey');
      return found;
    });
    assert.equal(row.item.description, 'For CI · expires 2099-12-31 · not attached');
    ui.assertAllAnswersUsed();
  });

  it('creates a key programmatically, answering it without its secret, and deletes it with its stored secret', async () => {
    const created = await run<Record<string, unknown>>('gcore.createInferenceApiKey', { ...PROJECT, name: 'prog-key' });
    assert.equal(created.name, 'prog-key');
    assert.ok(!('secret' in created));
    await eventually(async () => assert.equal((await keyRow('prog-key')).item.contextValue, 'inferenceApiKey'));

    await run('gcore.deleteInferenceApiKey', { ...PROJECT, name: 'prog-key' });
    assert.ok(emulator.requests.some((request) => request.method === 'DELETE' && request.path === `${KEYS}/prog-key`));
    await eventually(async () => assert.ok(!(await apiKeyRows()).keys.some((row) => label(row.item) === 'prog-key')));
    // Listed again by Gcore (a key of the same name made elsewhere): this machine no longer holds a secret for it.
    emulator.inject({ method: 'GET', path: KEYS, status: 200, body: { count: 1, results: [{ name: 'prog-key', deployment_names: [] }] } });
    await vscode.commands.executeCommand('gcore.refresh');
    await eventually(async () => assert.equal((await keyRow('prog-key')).item.contextValue, 'inferenceApiKey.elsewhere'));
  });

  it('refuses to delete a key still attached, naming its deployments, after a confirmation that names them', async () => {
    const ui = new ScriptedUi([true]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.deleteInferenceApiKey', (await keyRow('team-key')).node);
    assert.match(
      ui.shown.find((shown) => shown.kind === 'confirm')?.detail ?? '',
      /^llama-chat use it: Gcore refuses to delete a key still attached/,
    );
    await eventually(() => assert.ok(ui.notifications.some((note) => /API key team-key is attached to llama-chat/.test(note.message))));
  });

  it('attaches a key to a deployment, saying first that it turns auth on, and detaches it, saying it turns auth off', async () => {
    await run('gcore.createInferenceApiKey', { ...PROJECT, name: 'coder-key' });
    const ui = new ScriptedUi(['qwen-coder', true]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.attachInferenceApiKey', (await keyRow('coder-key')).node);
    const confirm = ui.shown.find((shown) => shown.kind === 'confirm');
    assert.equal(confirm?.message, 'Attach API key coder-key to qwen-coder?');
    assert.match(confirm?.detail ?? '', /^This turns auth on: qwen-coder then answers only requests that send an attached key/);
    const patches = () => emulator.requests.filter((request) => request.method === 'PATCH').map((request) => [request.path, request.json]);
    assert.deepEqual(patches(), [[`${DEPLOYMENTS}/qwen-coder`, { api_keys: ['coder-key'] }]]);

    const detached = await run<{ tasks: string[] }>('gcore.detachInferenceApiKey', {
      ...PROJECT,
      name: 'coder-key',
      deployment: 'qwen-coder',
    });
    assert.ok(detached.tasks.length > 0);
    assert.deepEqual(patches().at(-1), [`${DEPLOYMENTS}/qwen-coder`, { api_keys: [] }]);
  });

  it('stores a pasted secret for a key made elsewhere, in SecretStorage only', async () => {
    const ui = new ScriptedUi([SEEDED_API_KEY_SECRET]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.pasteInferenceApiKeySecret', (await keyRow('team-key')).node);
    await eventually(async () => assert.equal((await keyRow('team-key')).item.contextValue, 'inferenceApiKey'));
    assert.ok(!logLines.join('\n').includes(SEEDED_API_KEY_SECRET));
    assert.ok(!JSON.stringify(ui.notifications).includes(SEEDED_API_KEY_SECRET));
    assert.ok(
      emulator.requests.every((request) => !JSON.stringify(request).includes(SEEDED_API_KEY_SECRET)),
      'never sent to the Gcore API',
    );
    // Detached and deleted, the key takes its stored secret with it, as the next test files expect none.
    await run('gcore.detachInferenceApiKey', { ...PROJECT, name: 'team-key', deployment: 'llama-chat' });
    await run('gcore.deleteInferenceApiKey', { ...PROJECT, name: 'team-key' });
    emulator.inject({ method: 'GET', path: KEYS, status: 200, body: { count: 1, results: [{ name: 'team-key', deployment_names: [] }] } });
    await vscode.commands.executeCommand('gcore.refresh');
    await eventually(async () => assert.equal((await keyRow('team-key')).item.contextValue, 'inferenceApiKey.elsewhere'));
  });

  it('answers the key tools without a secret', async () => {
    const result = await vscode.lm.invokeTool('gcore_listInferenceApiKeys', { input: PROJECT, toolInvocationToken: undefined });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : JSON.stringify(part))).join('');
    assert.match(text, /team-key: .+ used by llama-chat/);
    assert.ok(!text.includes(SEEDED_API_KEY_SECRET));
  });
});
