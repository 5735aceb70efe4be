import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/treeNodes';
import type { Emulator } from '../emulator/server';
import { eventually, extensionApi, gcoreConfig, setLocations, signedInAt, TEST_KEY, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';
import { label, rows } from './support/treeRows';

/*
 * The read side against data as real servers send it (issue 24; docs/reliability.md, "Real-world data"):
 * log lines that arrive late or dated in the future, lines that hold line breaks, a long log of ordinary
 * lines, values at Gcore that the extension's rules refuse, odd labels and names, and request IDs that
 * echo the key.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const WEB_APP = { ...LOCATION, containerName: 'web-app' };
const LOG_PATH = '/cloud/v1/caas/1/76/containers/web-app/logs';
const CONTAINERS_PATH = '/cloud/v1/caas/1/76/containers';

function documentLines(document: vscode.TextDocument): string[] {
  return document
    .getText()
    .split('\n')
    .filter((text) => text !== '');
}

function webApp(emulator: Emulator): NonNullable<ReturnType<Emulator['container']>> {
  const record = emulator.container(1, 76, 'web-app');
  assert.ok(record);
  return record;
}

async function showLogs(): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.parse(await vscode.commands.executeCommand<string>('gcore.showContainerLogs', WEB_APP));
  return vscode.workspace.openTextDocument(uri);
}

async function containerRows(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  const containers = (await rows()).find((row) => label(row.item) === 'Containers');
  assert.ok(containers);
  const [location] = await rows(containers.node);
  // The location's first row is its Pull Secrets; the containers follow.
  return (await rows(location.node)).filter((row) => row.node.nodeType !== 'pullSecrets');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('real-world data', () => {
  let emulator: Emulator;

  before(async () => {
    await gcoreConfig().update('logs.followIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await setLocations([]);
    await gcoreConfig().update('logs.followIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    (await extensionApi()).stopFollowingTasks();
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  afterEach(async () => {
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  describe('following a log loses no line', () => {
    it("shows the lines of a pod whose shipper is 3 s late, marked, as many as the other pod's", async () => {
      await gcoreConfig().update('logs.lines', 40, vscode.ConfigurationTarget.Global);
      // The pods write every 2 s: a line 3 s late comes after the other pod's next line.
      webApp(emulator).logs = { lateMs: 3_000 };
      const document = await showLogs();
      const before = documentLines(document).length;
      await vscode.commands.executeCommand('gcore.followContainerLogs', document.uri);
      // The emulator's pods write every 2 s: about five lines each in 11 s.
      await sleep(11_000);
      await vscode.commands.executeCommand('gcore.stopFollowingContainerLogs', document.uri);
      const added = documentLines(document).slice(before);
      const first = added.filter((text) => text.includes('[f4vzd]')).length;
      const late = added.filter((text) => text.includes('[k8x2q]'));
      assert.ok(first >= 3, added.join('\n'));
      assert.ok(late.length >= first - 2, `the late pod's lines: ${late.length} against ${first}\n${added.join('\n')}`);
      assert.ok(late.filter((text) => text.includes('(arrived late)')).length >= late.length - 1, late.join('\n'));
      assert.equal(new Set(added).size, added.length, 'no line twice');
    });

    it('marks where lines are missing when more were written between two reads than one read brings', async () => {
      // Two pods write a line each every 2 s; a read of one line always misses the other pod's.
      await gcoreConfig().update('logs.lines', 1, vscode.ConfigurationTarget.Global);
      const document = await showLogs();
      await vscode.commands.executeCommand('gcore.followContainerLogs', document.uri);
      await eventually(
        () =>
          assert.match(
            document.getText(),
            /^… Lines are missing here: more than 1 line was written since the last read\. Raise gcore\.logs\.lines/m,
          ),
        8_000,
      );
      await vscode.commands.executeCommand('gcore.stopFollowingContainerLogs', document.uri);
    });

    it('goes on after a line dated far in the future', async () => {
      await gcoreConfig().update('logs.lines', 10, vscode.ConfigurationTarget.Global);
      webApp(emulator).logs = {
        extraLines: [{ time: '2099-01-01T00:00:00Z', pod: 'web-app-58fcc6c77b-f4vzd', message: 'a shipper with a wrong clock' }],
      };
      const document = await showLogs();
      assert.match(documentLines(document).at(-1) ?? '', /^2099-01-0\d .*a shipper with a wrong clock$/);
      const before = documentLines(document).length;
      await vscode.commands.executeCommand('gcore.followContainerLogs', document.uri);
      await eventually(() => assert.ok(documentLines(document).length > before, documentLines(document).join('\n')), 8_000);
      await vscode.commands.executeCommand('gcore.stopFollowingContainerLogs', document.uri);
      const added = documentLines(document).slice(before);
      assert.ok(
        added.every((text) => !text.includes('(arrived late)') && !text.includes('wrong clock')),
        added.join('\n'),
      );
    });
  });

  describe('log text as it is, but safe', () => {
    it('keeps progress bars, LS, PS and NEL on one line each, and shows odd times undated, in a long log that opens in two steps', async () => {
      await gcoreConfig().update('logs.lines', 2_500, vscode.ConfigurationTarget.Global);
      const odd = [
        { time: Date.now() / 1000, pod: 'web-app-58fcc6c77b-f4vzd', message: 'Downloading 10%\r40%\r100%' },
        { time: 1e300, pod: 'web-app-58fcc6c77b-f4vzd', message: 'a time no date can hold' },
        { time: '1713802438584317000', pod: 'web-app-58fcc6c77b-f4vzd', message: 'nanoseconds\u2028as text' },
        { pod: 'web-app-58fcc6c77b-f4vzd', message: 'paragraph\u2029and next line\u0085end' },
      ];
      webApp(emulator).logs = { extraLines: odd };
      const started = Date.now();
      const document = await showLogs();
      assert.ok(Date.now() - started < 20_000, `Show Logs took ${Date.now() - started} ms`);
      assert.equal(document.lineCount, 2_500 + 1, 'one document line per log line, and the final newline');
      const text = document.getText();
      assert.match(text, /Downloading 10% ⏎ 40% ⏎ 100%/);
      assert.match(text, /^— {22} {2}\[f4vzd\] {2}a time no date can hold$/m);
      assert.match(text, /^2024-04-2\d .*nanoseconds ⏎ as text$/m);
      assert.match(text, /paragraph ⏎ and next line ⏎ end/);
    });
  });

  describe('a long log of ordinary lines', () => {
    it('opens 100,000 access-log lines (about 25 MB, past the 16 MB cap of other answers)', async function () {
      this.timeout(120_000);
      await gcoreConfig().update('logs.lines', 100_000, vscode.ConfigurationTarget.Global);
      webApp(emulator).logs = { messageLength: 190 };
      const document = await showLogs();
      assert.equal(documentLines(document).length, 100_000);
    });

    it('when the answer is too large anyway, names the setting and shows as many lines as fit at the press of a button', async function () {
      this.timeout(60_000);
      await gcoreConfig().update('logs.lines', 20_000, vscode.ConfigurationTarget.Global);
      webApp(emulator).logs = { messageLength: 3_000 };
      const ui = new ScriptedUi([]).answerNotification(/gcore\.logs\.lines/, /^Show [\d,]+ Lines$/);
      await useUi(ui);
      await vscode.commands.executeCommand(
        'gcore.showContainerLogs',
        (await containerRows()).find((row) => label(row.item) === 'web-app')?.node,
      );
      const [refusal] = ui.notifications;
      assert.match(
        refusal.message,
        /The newest 20000 log lines of web-app are more than 19\.5 MB.*Lower the setting gcore\.logs\.lines \(now 20,000\), or show fewer lines now\./,
      );
      const [showFewer, openSettings] = refusal.actions;
      assert.equal(openSettings, 'Open Settings');
      // As many lines of 3,000 characters as 16 MB holds, with a tenth to spare, in two digits.
      const fewer = Number(/^Show ([\d,]+) Lines$/.exec(showFewer)?.[1].replace(/,/g, ''));
      assert.ok(fewer >= 4_000 && fewer <= 5_000 && fewer % 100 === 0, showFewer);
      const reads = emulator.requests.filter((request) => request.path === LOG_PATH).map((request) => request.query.limit);
      assert.deepEqual(reads, ['20000', String(fewer)]);
      const editor = await eventually(() => {
        const active = vscode.window.activeTextEditor;
        assert.equal(active?.document.uri.scheme, 'gcore-logs');
        return active;
      });
      assert.equal(documentLines(editor.document).length, fewer);
      assert.equal(gcoreConfig().get('logs.lines'), 20_000, 'the setting stays as the user wrote it');
    });
  });

  describe('a container document with values at Gcore that the rules refuse', () => {
    it('saves a valid change, warning about the untouched values and sending only the change', async () => {
      Object.assign(webApp(emulator).config, { pull_secret: '', timeout: 300, envs: { 'MY-VAR': '1' } });
      const uri = await vscode.commands.executeCommand<string>('gcore.editContainerJson', WEB_APP);
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
      const fields = JSON.parse(document.getText()) as Record<string, unknown>;
      fields.image = 'nginx:1.28-alpine';
      const editing = new vscode.WorkspaceEdit();
      editing.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(fields, null, 2)}\n`);
      assert.ok(await vscode.workspace.applyEdit(editing));
      const diagnostics = await eventually(() => {
        const found = vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'Gcore');
        assert.equal(found.length, 3, found.map((diagnostic) => diagnostic.message).join(' | '));
        return found;
      });
      assert.ok(
        diagnostics.every((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Warning),
        diagnostics.map((diagnostic) => diagnostic.message).join(' | '),
      );
      await useUi(new ScriptedUi(['Apply']));
      assert.equal(await document.save(), true);
      assert.deepEqual(
        emulator.requests.filter((request) => request.method === 'PATCH').map((request) => request.json),
        [{ image: 'nginx:1.28-alpine' }],
      );
    });
  });

  describe('odd labels and names', () => {
    it('opens a container document under a location label with a slash', async () => {
      await setLocations([{ ...LOCATION, label: 'team/prod' }]);
      const uri = vscode.Uri.parse(await vscode.commands.executeCommand<string>('gcore.editContainerJson', WEB_APP));
      assert.equal(uri.path, '/1/76/web-app · team∕prod.json');
      const document = await vscode.workspace.openTextDocument(uri);
      assert.equal((JSON.parse(document.getText()) as { timeout: number }).timeout, 60);
      const logs = await showLogs();
      assert.equal(logs.uri.path, '/1/76/web-app · team∕prod.log');
    });

    it('refuses a listed container whose name would leave its path, and a document URI naming one, before any request', async () => {
      emulator.inject({
        path: CONTAINERS_PATH,
        status: 200,
        body: {
          count: 2,
          results: [
            { name: '..', status: 'Ready' },
            { name: 'web\ud800app', status: 'Ready' },
          ],
        },
      });
      await vscode.commands.executeCommand('gcore.refresh');
      const listed = await containerRows();
      assert.deepEqual(
        listed.map((row) => label(row.item)),
        ['..', 'web\ud800app'],
        'the rows are shown as Gcore lists them',
      );
      emulator.reset();
      for (const row of listed) {
        const ui = new ScriptedUi([]);
        await useUi(ui);
        await vscode.commands.executeCommand('gcore.showContainerLogs', row.node);
        await eventually(() => assert.match(ui.notifications[0]?.message ?? '', /containerName/));
        assert.doesNotMatch(ui.notifications[0].message, /URI malformed/);
      }
      await assert.rejects(
        Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'gcore-container', path: '/1/76/.. · Prod.json' }))),
      );
      assert.deepEqual(
        emulator.requests.map((request) => request.path),
        [],
      );
    });
  });

  describe('no key in a request ID', () => {
    it('keeps an echoed key out of the failure, the copied request ID and the error row', async () => {
      const echo = { status: 500, headers: { 'X-Request-ID': `req-${TEST_KEY}` }, times: 10 };
      emulator.inject({ ...echo, path: CONTAINERS_PATH });
      const ui = new ScriptedUi(['Prod']).answerNotification(/request ID/, 'Copy Request ID');
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.listContainers');
      await eventually(() => assert.equal(ui.clipboard.length, 1));
      assert.equal(ui.clipboard[0], 'req-***');
      assert.match(ui.notifications[0].message, /request ID req-\*\*\*/);
      emulator.inject({ ...echo, path: CONTAINERS_PATH });
      await vscode.commands.executeCommand('gcore.refresh');
      const [error] = await containerRows();
      const tooltip = error.item.tooltip instanceof vscode.MarkdownString ? error.item.tooltip.value : String(error.item.tooltip);
      assert.ok(tooltip.includes('Request ID: req\\-\\*\\*\\*'), tooltip);
      assert.ok(!tooltip.includes(TEST_KEY) && !String(error.item.description).includes(TEST_KEY));
    });
  });
});
