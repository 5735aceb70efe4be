import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/treeNodes';
import type { Emulator } from '../emulator/server';
import {
  eventually,
  extensionApi,
  gcoreConfig,
  setKey,
  setLocations,
  sharedEmulator,
  signedInAt,
  TEST_KEY,
  useUi,
} from './support/harness';
import { label, rows } from './support/treeRows';
import { ScriptedUi } from './support/scriptedUi';

/*
 * Container logs: gcore.getContainerLogs as the contract says, Show Logs in a read-only editor (local
 * time, pod, message, the newest at the bottom), following while it is shown, and Show Logs from the
 * notification of a failed update.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const WEB_APP = { ...LOCATION, containerName: 'web-app' };
const LOG_PATH = '/cloud/v1/caas/1/76/containers/web-app/logs';
const LINE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {2}\[(f4vzd|k8x2q)\] {2}\S/;

function logReads(emulator: Emulator): string[] {
  return emulator.requests.filter((request) => request.path === LOG_PATH).map((request) => new URLSearchParams(request.query).toString());
}

async function containerRow(name: string): Promise<TreeNode> {
  const containers = (await rows()).find((row) => label(row.item) === 'Containers');
  assert.ok(containers);
  const [location] = await rows(containers.node);
  const found = (await rows(location.node)).find((row) => label(row.item) === name);
  assert.ok(found, `container ${name} is listed`);
  return found.node;
}

function lines(document: vscode.TextDocument): string[] {
  return document
    .getText()
    .split('\n')
    .filter((text) => text !== '');
}

/** The next log editor to become the active one. */
function nextLogEditor(): Promise<vscode.TextEditor> {
  return new Promise((resolve) => {
    const subscription = vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor?.document.uri.scheme !== 'gcore-logs') return;
      subscription.dispose();
      resolve(editor);
    });
  });
}

/** The documents of the log tabs open, in every group. */
function logTabs(): string[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .flatMap((tab) =>
      tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === 'gcore-logs' ? [tab.input.uri.toString()] : [],
    );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('container logs', () => {
  let emulator: Emulator;

  before(async () => {
    await gcoreConfig().update('logs.followIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('tasks.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    (await extensionApi()).stopFollowingTasks();
    await gcoreConfig().update('logs.followIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('tasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("gcore.getContainerLogs returns the API's answer, asking for the setting's number of lines or the one given", async () => {
    const answer = await vscode.commands.executeCommand<{ logs: { time: string; pod: string; message: string }[] }>(
      'gcore.getContainerLogs',
      WEB_APP,
    );
    assert.equal(answer.logs.length, 1000);
    assert.deepEqual(Object.keys(answer.logs[0]), ['time', 'pod', 'message']);
    const five = await vscode.commands.executeCommand<{ logs: unknown[] }>('gcore.getContainerLogs', { ...WEB_APP, limit: 5 });
    assert.equal(five.logs.length, 5);
    assert.deepEqual(logReads(emulator), ['limit=1000', 'limit=5']);
  });

  it('gcore.getContainerLogs refuses bad arguments before any request, naming the field', async () => {
    for (const [arg, field] of [
      [{ ...WEB_APP, limit: 0 }, /limit/],
      [{ ...WEB_APP, limit: 100_001 }, /limit/],
      [{ ...WEB_APP, limit: 2.5 }, /limit/],
      [{ ...LOCATION, containerName: '-x' }, /containerName/],
      [undefined, /projectId/],
    ] as const) {
      await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.getContainerLogs', arg)), field);
    }
    assert.deepEqual(emulator.requests, []);
  });

  it('Show Logs on a container row opens its lines read-only: local time, pod, message, the newest at the bottom', async () => {
    await gcoreConfig().update('logs.lines', 50, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('gcore.showContainerLogs', await containerRow('web-app'));
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    const { document } = editor;
    assert.equal(document.uri.scheme, 'gcore-logs');
    assert.equal(document.uri.path, '/1/76/web-app · Prod.log');
    assert.equal(document.languageId, 'log');
    const shown = lines(document);
    assert.equal(shown.length, 50);
    for (const text of shown) assert.match(text, LINE);
    assert.deepEqual(new Set(shown.map((text) => LINE.exec(text)?.[1])), new Set(['f4vzd', 'k8x2q']), 'both pods, told apart');
    const times = shown.map((text) => text.slice(0, 23));
    assert.deepEqual(times, [...times].sort());
    assert.deepEqual(logReads(emulator), ['limit=50']);
    // The end is in view, the cursor on the last line.
    await eventually(() =>
      assert.ok(
        editor.visibleRanges.some((range) => range.end.line >= document.lineCount - 2),
        JSON.stringify(editor.visibleRanges),
      ),
    );
    assert.equal(editor.selection.active.line, document.lineCount - 2);
    assert.ok(editor.selection.isEmpty);
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
  });

  it('shows a long log newest first: its newest lines at once, then every line in their tab, with the end still in view', async () => {
    await gcoreConfig().update('logs.lines', 30_000, vscode.ConfigurationTarget.Global);
    const firstShown = nextLogEditor();
    const uri = await vscode.commands.executeCommand<string>('gcore.showContainerLogs', WEB_APP);
    const first = (await firstShown).document.getText().split('\n');
    assert.equal(first[0], '… 29,500 older lines are on their way');
    assert.equal(first.length, 500 + 2, 'the note, the newest 500 lines and the last newline');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    assert.equal(editor.document.uri.toString(), uri, 'Show Logs resolves with the log shown');
    assert.equal(editor.document.uri.path, '/1/76/web-app · Prod.log');
    assert.equal(editor.document.languageId, 'log');
    const shown = lines(editor.document);
    assert.equal(shown.length, 30_000, 'show resolves once every line is in');
    for (const text of [shown[0], shown[29_999]]) assert.match(text, LINE);
    assert.deepEqual(shown.slice(-500), first.slice(1, -1), 'the newest lines stay the same');
    await eventually(() =>
      assert.ok(
        editor.visibleRanges.some((range) => range.end.line >= editor.document.lineCount - 2),
        JSON.stringify(editor.visibleRanges),
      ),
    );
    await eventually(() => assert.deepEqual(logTabs(), [uri], "the newest lines' tab gave way to the whole log"));
    assert.deepEqual(logReads(emulator), ['limit=30000']);

    // Read again while shown: still one tab for the container, with every line.
    const again = await vscode.commands.executeCommand<string>('gcore.showContainerLogs', WEB_APP);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), again);
    assert.equal(lines(await vscode.workspace.openTextDocument(vscode.Uri.parse(again))).length, 30_000);
    await eventually(() => assert.deepEqual(logTabs(), [again]));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
  });

  it("a long log's whole text stays behind the tab the reader turned to, and the focus where they put it", async () => {
    await gcoreConfig().update('logs.lines', 30_000, vscode.ConfigurationTarget.Global);
    const other = await vscode.workspace.openTextDocument({ content: 'read while the log loads', language: 'plaintext' });
    // As soon as the newest lines show, the reader turns to another tab of the same group.
    const turnedAway = nextLogEditor().then(() => vscode.window.showTextDocument(other, { preview: false }));
    const uri = await vscode.commands.executeCommand<string>('gcore.showContainerLogs', WEB_APP);
    await turnedAway;
    assert.equal(vscode.window.activeTextEditor?.document, other, 'the other tab stays in front');
    await eventually(() => assert.deepEqual(logTabs(), [uri]));
    const [tab] = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((candidate) => candidate.input instanceof vscode.TabInputText && candidate.input.uri.toString() === uri);
    assert.equal(tab.isActive, false);
    assert.equal(tab.group.viewColumn, vscode.ViewColumn.One);
    const log = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    assert.equal(lines(log).length, 30_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
  });

  it("Follow, chosen while a long log's newest lines show, follows the whole log once it is in", async () => {
    await gcoreConfig().update('logs.lines', 30_000, vscode.ConfigurationTarget.Global);
    const followed = nextLogEditor().then((editor) => vscode.commands.executeCommand('gcore.followContainerLogs', editor.document.uri));
    const uri = await vscode.commands.executeCommand<string>('gcore.showContainerLogs', WEB_APP);
    await followed;
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri);
    // The interval is 1 s: the whole log is read again while shown.
    await eventually(() => assert.deepEqual(logReads(emulator), ['limit=30000', 'limit=30000']), 5_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sleep(200);
    const reads = logReads(emulator).length;
    await sleep(2_500);
    assert.equal(logReads(emulator).length, reads, 'no read once the editor is closed');
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
  });

  it('follows while shown: each interval appends only newer lines, and closing the editor stops the reads', async () => {
    await gcoreConfig().update('logs.lines', 20, vscode.ConfigurationTarget.Global);
    const uri = vscode.Uri.parse(await vscode.commands.executeCommand<string>('gcore.showContainerLogs', WEB_APP));
    const document = await vscode.workspace.openTextDocument(uri);
    const before = lines(document);
    await vscode.commands.executeCommand('gcore.followContainerLogs', uri);
    // The emulator's pods write every 2 s.
    await eventually(() => assert.ok(lines(document).length > before.length, `${lines(document).length} lines`), 8_000);
    const after = lines(document);
    assert.deepEqual(after.slice(0, before.length), before, 'what was shown stays');
    assert.equal(new Set(after).size, after.length, 'no line twice');
    const times = after.map((text) => text.slice(0, 23));
    assert.deepEqual(times, [...times].sort());

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sleep(200);
    const reads = logReads(emulator).length;
    await sleep(2_500);
    assert.equal(logReads(emulator).length, reads, 'no read once the editor is closed');
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
  });

  it('stops following on a failure, says why (Set API Key on a rejected key) and keeps the lines shown', async () => {
    const ui = new ScriptedUi([]);
    await useUi(ui);
    const uri = vscode.Uri.parse(await vscode.commands.executeCommand<string>('gcore.showContainerLogs', WEB_APP));
    const document = await vscode.workspace.openTextDocument(uri);
    const shown = document.getText();
    emulator.inject({
      method: 'GET',
      path: LOG_PATH,
      status: 401,
      body: { exception_class: 'AuthenticationFailed', message: 'Invalid token.' },
    });
    await vscode.commands.executeCommand('gcore.followContainerLogs', uri);
    const stopped = await eventually(() => {
      const found = ui.notifications.find((notification) => notification.message.startsWith('Stopped following the logs of web-app'));
      assert.ok(found);
      return found;
    }, 8_000);
    assert.match(stopped.message, /Invalid token\..* The lines shown are kept\.$/);
    assert.deepEqual(stopped.actions, ['Set API Key']);
    assert.equal(document.getText(), shown);
    const reads = logReads(emulator).length;
    await sleep(2_500);
    assert.equal(logReads(emulator).length, reads, 'no read after following stopped');
  });

  it('offers Show Logs when an update fails at Gcore, and the log says why', async () => {
    const ui = new ScriptedUi([['Image'], 'ghcr.io/example/does-not-exist:9', true]).answerNotification(/failed at Gcore/, 'Show Logs');
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.updateContainer', await containerRow('web-app'));
    const document = await eventually(() => {
      const active = vscode.window.activeTextEditor?.document;
      assert.equal(active?.uri.scheme, 'gcore-logs');
      return active;
    }, 10_000);
    assert.match(
      lines(document).at(-1) ?? '',
      /Error: Failed to pull image "ghcr\.io\/example\/does-not-exist:9": not found|Back-off restarting failed container/,
    );
  });
});

describe('container logs against a server with only the four core operations', () => {
  it('Show Logs and gcore.getContainerLogs say the logs cannot be read, and open nothing', async () => {
    await sharedEmulator({ coreOnly: true });
    const ui = new ScriptedUi([]);
    await useUi(ui);
    await setKey(TEST_KEY);
    await setLocations([{ ...LOCATION, label: 'Prod' }]);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.showContainerLogs', WEB_APP)), /404|not (found|available)/i);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.getContainerLogs', WEB_APP)), /404|not (found|available)/i);
    assert.ok(!vscode.window.visibleTextEditors.some((editor) => editor.document.uri.scheme === 'gcore-logs'));
  });
});
