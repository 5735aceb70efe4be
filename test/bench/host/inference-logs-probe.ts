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
import { readsWhileFollowed } from './log-following';
import { activatedTestingApi, delay, readProbeInput, writeProbeResult } from './probe-io';

const SETTLE_TIMEOUT_MS = 30_000;
const FILL_TIMEOUT_MS = 6 * 60_000;
const RELEASE_TIMEOUT_MS = 5 * 60_000;
/**
 * VS Code's own extensions ask a document for its whole text after a change, which the document then keeps until the
 * next one, or not, as their timers fall. Each document is measured settled and holding it (asked here), the log's as
 * the bare one's, so that the difference is the extension's.
 */
const HEAP_SETTLE_MS = 2_000;
const BARE_SCHEME = 'gcore-bench-bare';
const LOG_SCHEME = 'gcore-inference-logs';
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

/**
 * The log's document shown now: a followed log moves to a new document of the same path once it has taken as many
 * lines as it holds.
 */
function shownLog(path: string): vscode.TextDocument {
  const editor = vscode.window.visibleTextEditors.find(({ document }) => document.uri.scheme === LOG_SCHEME && document.uri.path === path);
  if (!editor) throw new Error(`no editor shows the log ${path}`);
  return editor.document;
}

/**
 * Only counts and a small sample are kept from the log's text, so that the heap figures do not hold it. Its length
 * is counted line by line: `getText()` would leave the whole text cached in the document until its next change.
 */
function shownText(document: vscode.TextDocument): { lines: number; textChars: number; gapLines: number; sample: string[] } {
  // The document ends with a line break: VS Code counts one line more.
  const lines = document.lineCount - 1;
  let gapLines = 0;
  let textChars = 0;
  // The sample starts at a gap line, as a full read's lines do: one character beyond Latin-1 makes a read's text two
  // bytes a character in VS Code's copy.
  let sampleStart = lines - PAGE;
  for (let line = 0; line < lines; line++) {
    const { text } = document.lineAt(line);
    if (text.startsWith(GAP_LINE)) {
      gapLines += 1;
      if (line <= lines - PAGE) sampleStart = line;
    }
    textChars += text.length + 1;
  }
  const sample = Array.from({ length: PAGE }, (_, index) => document.lineAt(sampleStart + index).text);
  return { lines, textChars, gapLines, sample };
}

/**
 * One region's log opened, followed for two reads and closed, so that the code a log runs is compiled before the
 * heap's first measurement: what is measured then is what the log itself holds.
 */
async function warmUp(tree: Tree, row: TreeNode, followIntervalSeconds: number): Promise<void> {
  const region = (await children(tree, row)).find((node) => node.nodeType === 'inferenceRegion');
  if (!region) throw new Error('the deployment shows no region');
  await vscode.commands.executeCommand('gcore.openInferenceLogs', region);
  await delay(followIntervalSeconds * 2000 + 500);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await delay(500);
}

async function settledWithText(document: vscode.TextDocument): Promise<void> {
  await delay(HEAP_SETTLE_MS);
  document.getText();
}

/** Follows (the command, as the editor title's button runs it) until `done`; then stops, and waits out a read in flight. */
async function followUntil(path: string, what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  await vscode.commands.executeCommand('gcore.followInferenceLogs', shownLog(path).uri);
  await until(what, done, timeoutMs);
  await vscode.commands.executeCommand('gcore.stopFollowingInferenceLogs', shownLog(path).uri);
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

/**
 * VS Code alone: a content provider that only hands over the text, its document of the sample's 1,000 lines grown by
 * edits of them to `count` lines as following grows the log's, then edited as a followed read at the cap edits it: the
 * oldest 1,000 lines deleted, 1,000 new inserted at the end, in one workspace edit. Its heap is VS Code's for a document
 * so built.
 */
async function bareChanges(
  sample: readonly string[],
  count: number,
  rounds: number,
  collect: () => void,
): Promise<{ times: number[]; heldBytes: number }> {
  const before = await retainedHeap(collect);
  const page = `${sample.join('\n')}\n`;
  const provider = vscode.workspace.registerTextDocumentContentProvider(BARE_SCHEME, { provideTextDocumentContent: () => page });
  const uri = vscode.Uri.from({ scheme: BARE_SCHEME, path: '/followed.log' });
  try {
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
    while (document.lineCount - 1 < count) {
      const edit = new vscode.WorkspaceEdit();
      edit.insert(uri, new vscode.Position(document.lineCount - 1, 0), page);
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused the bare document edit');
    }
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const marker = ` (round ${round})`;
      const edit = new vscode.WorkspaceEdit();
      edit.delete(uri, new vscode.Range(0, 0, PAGE, 0));
      edit.insert(uri, new vscode.Position(document.lineCount - 1, 0), `${sample.map((line) => `${line}${marker}`).join('\n')}\n`);
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
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused the bare document edit');
      times.push((await changed) - started);
      await delay(300);
    }
    await settledWithText(document);
    return { times, heldBytes: (await retainedHeap(collect)) - before };
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    provider.dispose();
  }
}

/** extensionTestsPath module: a deployment's log followed to 100,000 lines, with and without a pod filter. */
export async function run(): Promise<void> {
  const input = readProbeInput<InferenceLogsProbeInput>();
  const api = await activatedTestingApi();
  const { collect } = garbageCollector();
  const emulator = await start({ apiKey: input.apiKey, inferenceTimings: { logLineMs: input.logLineMs } });
  const changes: Change[] = [];
  let logPath: string | undefined;
  const subscription = vscode.workspace.onDidChangeTextDocument((event) => {
    const { document } = event;
    if (document.uri.scheme !== LOG_SCHEME || document.uri.path !== logPath || event.contentChanges.length === 0) return;
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
    await warmUp(api.tree, row, input.followIntervalSeconds);
    const before = await retainedHeap(collect);

    // Open Logs follows at once; it is stopped here so that the fill is timed from its first followed read.
    const opened = emulator.requests.length;
    await vscode.commands.executeCommand('gcore.openInferenceLogs', row);
    const openedUri = vscode.window.activeTextEditor?.document.uri;
    if (openedUri?.scheme !== LOG_SCHEME) throw new Error('Open Logs showed no log');
    await vscode.commands.executeCommand('gcore.stopFollowingInferenceLogs', openedUri);
    await delay(input.followIntervalSeconds * 1000 + 500);
    logPath = openedUri.path;
    // Looked up each time: a document held here would keep its text in the heap figures.
    const log = () => shownLog(openedUri.path);

    // The read before the fill (Open Logs') bounds the first one's lines; the document ends with a line break.
    const readsSince = (count: number) => logReadsAt(emulator, path, opened).slice(count - 1);
    const beforeFill = logReadsAt(emulator, path, opened).length;
    await followUntil(openedUri.path, `${input.lines} lines`, () => log().lineCount - 1 >= input.lines, FILL_TIMEOUT_MS);
    const fillReads = readsSince(beforeFill);
    const capped = changes.find((change) => change.lines - 1 >= input.lines);
    if (!capped || fillReads.length < 2) throw new Error('the log was not followed');
    const readToEditorMs = readToEditor(fillReads, changes);
    const { lines, textChars, gapLines, sample } = shownText(log());
    await settledWithText(log());
    const atCap = await retainedHeap(collect);

    const pod = /\[([^\]]+)\]/.exec(sample[sample.length - 1])?.[1];
    if (!pod) throw new Error('the log names no pod');
    await filterByPod(api, log().uri, pod);
    // Once the log has taken as many lines as it holds it moves to a fresh document; the growth is measured past that,
    // when VS Code let go of the one before (it keeps a document an extension opened for a while).
    const logDocuments = () => vscode.workspace.textDocuments.filter(({ uri }) => uri.scheme === LOG_SCHEME && uri.path === openedUri.path);
    await followUntil(
      openedUri.path,
      'the log moving to a fresh document',
      () => log().uri.query.startsWith('read-') && logDocuments().length === 1,
      RELEASE_TIMEOUT_MS,
    );
    await settledWithText(log());
    const filtered = await retainedHeap(collect);
    // The read before the filtered ones bounds the first one's lines.
    const beforeFiltered = logReadsAt(emulator, path, opened).length;
    const changesFrom = changes.length;
    await followUntil(
      openedUri.path,
      `${input.filteredReads} reads under a filter`,
      () => readsSince(beforeFiltered).length > input.filteredReads,
      FILL_TIMEOUT_MS,
    );
    // VS Code may still be taking earlier changes in: the last read is waited for until its lines are shown.
    const filteredReads = readsSince(beforeFiltered);
    const lastSent = filteredReads[filteredReads.length - 2].receivedMs;
    await until('the filtered reads shown', () => changes.at(-1)!.newestMs > lastSent, FILL_TIMEOUT_MS);
    const filteredReadToEditorMs = readToEditor(filteredReads, changes.slice(changesFrom));
    await settledWithText(log());
    const afterFiltered = await retainedHeap(collect);

    await vscode.commands.executeCommand('gcore.followInferenceLogs', log().uri);
    const follow = await readsWhileFollowed(
      () => emulator.requests.length,
      (from) => logReadsAt(emulator, path, from).length,
      input.watchSeconds,
    );
    // VS Code holds a document an extension opened for minutes after its tab closed: its copy is VS Code's, not the log's.
    const closedAt = performance.now();
    await until(
      'VS Code letting go of the closed log',
      () => !vscode.workspace.textDocuments.some(({ uri }) => uri.scheme === LOG_SCHEME),
      RELEASE_TIMEOUT_MS,
    );
    const releaseMs = performance.now() - closedAt;
    const afterClose = await retainedHeap(collect);
    const bare = await bareChanges(sample, lines, input.bareRounds, collect);

    const result: InferenceLogsProbeResult = {
      readToEditorMs,
      filteredReadToEditorMs,
      fillMs: capped.at - fillReads[1].answeredAt,
      fillReads: fillReads.length - 1,
      gapLines,
      lines,
      bareChangeMs: bare.times,
      bareHeldBytes: bare.heldBytes,
      heapBytes: { before, atCap, filtered, afterFiltered, afterClose },
      releaseMs,
      textChars,
      follow,
    };
    writeProbeResult(input.resultFile, result);
  } finally {
    subscription.dispose();
    await emulator.close();
  }
}
