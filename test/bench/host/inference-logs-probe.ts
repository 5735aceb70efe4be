import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { TestingApi } from '../../../src/extension';
import { isInferenceDeploymentNode, isInferenceDeploymentsNode, isInferenceProjectNode } from '../../../src/views/inference/inferenceNodes';
import type { TreeNode } from '../../../src/views/treeNodes';
import { start, type Emulator } from '../../emulator/server';
import { ScriptedUi } from '../../extension/support/scriptedUi';
import type { InferenceLogsProbeInput, InferenceLogsProbeResult } from '../probe-contract';
import { children, type Tree } from './gpu-tree';
import { garbageCollector, retainedHeap } from './heap';
import { activatedTestingApi, delay, readProbeInput, writeProbeResult } from './probe-io';

const SETTLE_TIMEOUT_MS = 30_000;
const FILL_TIMEOUT_MS = 6 * 60_000;
const BARE_SCHEME = 'gcore-bench-bare';
/** What one followed read at the cap changes: its oldest lines go, as many new ones come. */
const PAGE = 1000;
const GAP_LINE = '… Lines are missing here';

/** A document change: when the extension host saw it, its lines, and the time its last line names (epoch ms). */
interface Change {
  at: number;
  lines: number;
  newestMs: number;
}

/** A log read: when the emulator got it (epoch ms; its lines reach that far) and finished its answer (this clock). */
interface Read {
  receivedMs: number;
  answeredAt: number;
}

/** Settings reach the extension asynchronously: waits until the project's Deployments row shows the deployment. */
async function deploymentRow(tree: Tree, input: InferenceLogsProbeInput): Promise<TreeNode> {
  const started = Date.now();
  for (;;) {
    const section = (await children(tree)).find((node) => node.id === 'inference');
    const project = section ? (await children(tree, section)).find(isInferenceProjectNode) : undefined;
    const deployments = project ? (await children(tree, project)).find(isInferenceDeploymentsNode) : undefined;
    const row = deployments
      ? (await children(tree, deployments)).find((node) => isInferenceDeploymentNode(node) && node.deployment.name === input.deployment)
      : undefined;
    if (row) return row;
    if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error(`the tree shows no deployment ${input.deployment}`);
    await delay(50);
  }
}

async function until(what: string, done: () => boolean, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen in ${timeoutMs / 1000} s`);
    await delay(20);
  }
}

function logReadsAt(emulator: Emulator, path: string, from: number): Read[] {
  return emulator.requests
    .slice(from)
    .filter((request) => request.method === 'GET' && request.path === path)
    .map((request) => {
      if (request.finishedAtMs === undefined) throw new Error('a log read was not answered');
      return { receivedMs: performance.timeOrigin + request.receivedAtMs, answeredAt: request.finishedAtMs };
    });
}

/** The time a document line of the log names: local time to the millisecond, as the log shows it. */
function lineTimeMs(line: string): number {
  return new Date(line.slice(0, 23).replace(' ', 'T')).getTime();
}

/**
 * Each read's answer to the first change of the document that shows its lines: one whose last line is newer than
 * the read before it was sent (a pod writes a line a millisecond, so each read's newest line is newer). VS Code
 * may take two reads' lines in one change; each is timed to it. A read whose lines never came has none.
 */
function readToEditor(reads: readonly Read[], changes: readonly Change[]): number[] {
  return reads.slice(1).flatMap((read, index) => {
    const change = changes.find((candidate) => candidate.at > read.answeredAt && candidate.newestMs > reads[index].receivedMs);
    return change ? [change.at - read.answeredAt] : [];
  });
}

/** Follows (the command, as the editor title's button runs it) until `done`; then stops, and waits out a read in flight. */
async function followUntil(uri: vscode.Uri, what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  await vscode.commands.executeCommand('gcore.followInferenceLogs', uri);
  await until(what, done, timeoutMs);
  await vscode.commands.executeCommand('gcore.stopFollowingInferenceLogs', uri);
  await delay(500);
}

async function filterByPod(api: TestingApi, uri: vscode.Uri, pod: string): Promise<void> {
  api.setPromptUi(new ScriptedUi([pod]));
  try {
    await vscode.commands.executeCommand('gcore.filterInferenceLogsByPod', uri);
  } finally {
    api.setPromptUi(undefined);
  }
}

/** The log followed shown, covered by another editor, then closed: the reads in each window. */
async function watchFollowing(
  emulator: Emulator,
  path: string,
  uri: vscode.Uri,
  seconds: number,
): Promise<InferenceLogsProbeResult['follow']> {
  await vscode.commands.executeCommand('gcore.followInferenceLogs', uri);
  const watch = async () => {
    const from = emulator.requests.length;
    await delay(seconds * 1000);
    return logReadsAt(emulator, path, from).length;
  };
  const readsWhileShown = await watch();
  const other = await vscode.workspace.openTextDocument({ content: 'covering the log', language: 'plaintext' });
  await vscode.window.showTextDocument(other, { preview: false });
  await delay(200);
  const readsWhileHidden = await watch();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await delay(200);
  const readsAfterClose = await watch();
  return { readsWhileShown, readsWhileHidden, readsAfterClose };
}

/**
 * VS Code alone: a content provider that only hands over the text, its document of `count` log lines (the sample
 * repeated) changed as a followed read at the cap changes the log's: the oldest 1,000 lines gone, 1,000 new at the end.
 */
async function bareChanges(sample: readonly string[], count: number, rounds: number): Promise<number[]> {
  let lines = Array.from({ length: count }, (_, index) => sample[index % sample.length]);
  let current = '';
  const changes = new vscode.EventEmitter<vscode.Uri>();
  const provider = vscode.workspace.registerTextDocumentContentProvider(BARE_SCHEME, {
    onDidChange: changes.event,
    provideTextDocumentContent: () => current,
  });
  const uri = vscode.Uri.from({ scheme: BARE_SCHEME, path: '/followed.log' });
  try {
    current = `${lines.join('\n')}\n`;
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const marker = ` (round ${round})`;
      lines = [...lines.slice(PAGE), ...lines.slice(0, PAGE).map((line) => `${line}${marker}`)];
      current = `${lines.join('\n')}\n`;
      const changed = new Promise<number>((resolve) => {
        const subscription = vscode.workspace.onDidChangeTextDocument((event) => {
          const { document: changedDocument } = event;
          if (changedDocument.uri.toString() !== uri.toString()) return;
          if (!changedDocument.lineAt(Math.max(0, changedDocument.lineCount - 2)).text.endsWith(marker)) return;
          subscription.dispose();
          resolve(performance.now());
        });
      });
      const started = performance.now();
      changes.fire(uri);
      times.push((await changed) - started);
      await delay(300);
    }
    return times;
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    provider.dispose();
    changes.dispose();
  }
}

/** extensionTestsPath module: a deployment's log followed to 100,000 lines, with and without a pod filter. */
export async function run(): Promise<void> {
  const input = readProbeInput<InferenceLogsProbeInput>();
  const api = await activatedTestingApi();
  const { collect } = garbageCollector();
  const emulator = await start({ apiKey: input.apiKey, inferenceTimings: { logLineMs: input.logLineMs } });
  const changes: Change[] = [];
  let logUri: string | undefined;
  const subscription = vscode.workspace.onDidChangeTextDocument((event) => {
    const { document } = event;
    if (document.uri.toString() !== logUri || event.contentChanges.length === 0) return;
    const newestMs = lineTimeMs(document.lineAt(Math.max(0, document.lineCount - 2)).text);
    changes.push({ at: performance.now(), lines: document.lineCount, newestMs });
  });
  try {
    const config = vscode.workspace.getConfiguration('gcore');
    await config.update('apiBaseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await config.update('locations', [input.location], vscode.ConfigurationTarget.Global);
    await config.update('logs.lines', PAGE, vscode.ConfigurationTarget.Global);
    await config.update('logs.followIntervalSeconds', input.followIntervalSeconds, vscode.ConfigurationTarget.Global);
    const path = `/cloud/v3/inference/${input.location.projectId}/deployments/${input.deployment}/logs`;
    const row = await deploymentRow(api.tree, input);
    const before = await retainedHeap(collect);

    // Open Logs follows at once; it is stopped here so that the fill is timed from its first followed read.
    const opened = emulator.requests.length;
    await vscode.commands.executeCommand('gcore.openInferenceLogs', row);
    const document = vscode.window.activeTextEditor?.document;
    if (document?.uri.scheme !== 'gcore-inference-logs') throw new Error('Open Logs showed no log');
    await vscode.commands.executeCommand('gcore.stopFollowingInferenceLogs', document.uri);
    await delay(input.followIntervalSeconds * 1000 + 500);
    logUri = document.uri.toString();

    // The document ends with a line break: VS Code counts one line more.
    // The read before the fill (Open Logs') bounds the first one's lines; the document ends with a line break.
    const readsSince = (count: number) => logReadsAt(emulator, path, opened).slice(count - 1);
    const beforeFill = logReadsAt(emulator, path, opened).length;
    await followUntil(document.uri, `${input.lines} lines`, () => document.lineCount - 1 >= input.lines, FILL_TIMEOUT_MS);
    const fillReads = readsSince(beforeFill);
    const capped = changes.find((change) => change.lines - 1 >= input.lines);
    if (!capped || fillReads.length < 2) throw new Error('the log was not followed');
    const readToEditorMs = readToEditor(fillReads, changes);
    // Only counts and a small sample are kept from the text, so that the heap figures do not hold it.
    const lines = document.lineCount - 1;
    const textChars = document.getText().length;
    let gapLines = 0;
    for (let line = 0; line < lines; line++) if (document.lineAt(line).text.startsWith(GAP_LINE)) gapLines += 1;
    const sample = Array.from({ length: PAGE }, (_, index) => document.lineAt(lines - PAGE + index).text);
    const atCap = await retainedHeap(collect);

    const pod = /\[([^\]]+)\]/.exec(sample[sample.length - 1])?.[1];
    if (!pod) throw new Error('the log names no pod');
    await filterByPod(api, document.uri, pod);
    // The read before the filtered ones bounds the first one's lines.
    const beforeFiltered = logReadsAt(emulator, path, opened).length;
    const changesFrom = changes.length;
    await followUntil(
      document.uri,
      `${input.filteredReads} reads under a filter`,
      () => readsSince(beforeFiltered).length > input.filteredReads,
      FILL_TIMEOUT_MS,
    );
    // VS Code may still be taking earlier changes in: the last read is waited for until its lines are shown.
    const filteredReads = readsSince(beforeFiltered);
    const lastSent = filteredReads[filteredReads.length - 2].receivedMs;
    await until('the filtered reads shown', () => changes.at(-1)!.newestMs > lastSent, FILL_TIMEOUT_MS);
    const filteredReadToEditorMs = readToEditor(filteredReads, changes.slice(changesFrom));
    const afterFiltered = await retainedHeap(collect);

    const follow = await watchFollowing(emulator, path, document.uri, input.watchSeconds);
    const afterClose = await retainedHeap(collect);
    const bareChangeMs = await bareChanges(sample, lines, input.bareRounds);

    const result: InferenceLogsProbeResult = {
      readToEditorMs,
      filteredReadToEditorMs,
      fillMs: capped.at - fillReads[1].answeredAt,
      fillReads: fillReads.length - 1,
      gapLines,
      lines,
      bareChangeMs,
      heapBytes: { before, atCap, afterFiltered, afterClose },
      textChars,
      follow,
    };
    writeProbeResult(input.resultFile, result);
  } finally {
    subscription.dispose();
    await emulator.close();
  }
}
