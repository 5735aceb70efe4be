import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import { eventually, extensionApi, gcoreConfig, signedInAt, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

/*
 * Open Logs on an inference deployment's row and on a region's row, against the emulator's seeded llama-chat in
 * project 1 (ACTIVE in regions 76 and 38, its pods writing a line every few seconds): the newest lines at once, each
 * read after adding only the lines not shown yet, and a region's row showing that region's pods alone.
 */

type Node = { nodeType: string; id: string };

const LOG_PATH = '/cloud/v3/inference/1/deployments/llama-chat/logs';
const LINE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {2}\[(llama-chat-[\w-]+)\] {2}\S/;

async function children(node?: Node): Promise<Node[]> {
  const tree = (await extensionApi()).tree as vscode.TreeDataProvider<Node>;
  return ((await tree.getChildren(node)) ?? []) as Node[];
}

async function childLabelled(node: Node | undefined, name: string): Promise<Node> {
  const tree = (await extensionApi()).tree as vscode.TreeDataProvider<Node>;
  for (const child of await children(node)) {
    const { label } = await tree.getTreeItem(child);
    if ((typeof label === 'string' ? label : label?.label) === name) return child;
  }
  throw new Error(`no row ${name} under ${node?.id ?? 'the root'}`);
}

async function llamaRow(): Promise<Node> {
  return eventually(async () => {
    const inference = (await children()).find((root) => root.id === 'inference');
    assert.ok(inference, 'no Inference section');
    const [project] = await children(inference);
    return childLabelled(await childLabelled(project, 'Deployments'), 'llama-chat');
  });
}

function lines(document: vscode.TextDocument): string[] {
  return document
    .getText()
    .split('\n')
    .filter((text) => text !== '');
}

function timeOf(line: string): number {
  return Date.parse(line.slice(0, 23).replace(' ', 'T'));
}

function podOf(line: string): string {
  const match = LINE.exec(line);
  assert.ok(match, `a log line: ${line}`);
  return match[1];
}

function logReads(emulator: Emulator): URLSearchParams[] {
  return emulator.requests.filter((request) => request.path === LOG_PATH).map((request) => new URLSearchParams(request.query));
}

describe('inference deployment logs', () => {
  let emulator: Emulator;

  before(async () => {
    await gcoreConfig().update('logs.followIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('logs.lines', 40, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await gcoreConfig().update('logs.followIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('logs.lines', undefined, vscode.ConfigurationTarget.Global);
  });

  beforeEach(async () => {
    emulator = await signedInAt({ projectId: 1, regionId: 76 });
  });

  afterEach(async () => {
    await useUi(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("opens a deployment's newest lines from its row and follows the new ones, none twice", async () => {
    await vscode.commands.executeCommand('gcore.openInferenceLogs', await llamaRow());
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    const { document } = editor;
    assert.equal(document.uri.scheme, 'gcore-inference-logs');
    const first = lines(document);
    assert.equal(first.length, 40);
    first.forEach(podOf);
    const [read] = logReads(emulator);
    assert.equal(read.get('order_by'), 'time.desc');
    assert.equal(read.get('limit'), '40');
    assert.equal(read.get('region_id'), null);

    const followed = await eventually(() => {
      const now = lines(document);
      assert.ok(now.length > first.length, 'no new line yet');
      return now;
    }, 20_000);
    assert.deepEqual(followed.slice(0, first.length), first);
    assert.equal(new Set(followed).size, followed.length, 'a line shown twice');
    assert.ok(logReads(emulator).length >= 2);
  });

  it("opens a region's lines from its row: that region's pods alone", async () => {
    const llama = await llamaRow();
    const podsOf = async (node: Node): Promise<Set<string>> => {
      await vscode.commands.executeCommand('gcore.openInferenceLogs', node);
      const document = vscode.window.activeTextEditor?.document;
      assert.ok(document);
      return new Set(lines(document).map(podOf));
    };
    emulator.requests.length = 0;
    const region38 = await podsOf(await childLabelled(llama, 'Manassas'));
    assert.equal(vscode.window.activeTextEditor?.document.uri.path, '/1/llama-chat/region 38.log');
    assert.equal(logReads(emulator)[0]?.get('region_id'), '38');
    const region76 = await podsOf(await childLabelled(llama, 'Luxembourg-2'));
    assert.ok(region38.size > 0 && region76.size > 0);
    assert.ok(
      [...region38].every((pod) => !region76.has(pod)),
      'a pod in both regions',
    );
  });

  it("shows one pod's lines under a filter while following every pod, and all of them again, none twice or lost", async () => {
    await vscode.commands.executeCommand('gcore.openInferenceLogs', await llamaRow());
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document);
    const pods = [...new Set(lines(document).map(podOf))];
    assert.ok(pods.length >= 2, `pods: ${pods.join(', ')}`);
    const [pod] = pods;

    const ui = new ScriptedUi([pod, 'All pods']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.filterInferenceLogsByPod', document.uri);
    const picked = ui.shown[0];
    assert.deepEqual(picked.labels?.slice().sort(), ['All pods', ...pods].sort());
    const filtered = lines(document);
    assert.ok(filtered.length > 0);
    assert.ok(
      filtered.every((line) => podOf(line) === pod),
      'a line of another pod under the filter',
    );
    const followed = await eventually(() => {
      const now = lines(document);
      assert.ok(now.length > filtered.length, 'no new line of the pod yet');
      return now;
    }, 20_000);
    assert.deepEqual(followed.slice(0, filtered.length), filtered);
    assert.ok(followed.every((line) => podOf(line) === pod));

    await vscode.commands.executeCommand('gcore.filterInferenceLogsByPod', document.uri);
    assert.equal(ui.shown[1].descriptions?.[ui.shown[1].labels?.indexOf(pod) ?? -1], 'shown now');
    const all = lines(document);
    assert.equal(new Set(all).size, all.length, 'a line shown twice');
    assert.deepEqual(
      all.filter((line) => podOf(line) === pod),
      followed,
    );
    assert.ok(
      all.some((line) => podOf(line) !== pod),
      'no line of the other pods',
    );
    // Each pod writes a line every 5 s: none of any pod is missing between its first and last line shown.
    for (const each of pods) {
      const times = all.filter((line) => podOf(line) === each).map(timeOf);
      times.slice(1).forEach((time, index) => assert.equal(time - times[index], 5_000, `a line of ${each} missing`));
    }
  });
});
