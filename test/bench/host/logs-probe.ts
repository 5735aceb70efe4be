import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { start, type Emulator } from '../../emulator/server';
import { type LogsProbeInput, type LogsProbeResult } from '../probe-contract';
import { readsWhileFollowed } from './log-following';
import { activatedTestingApi, delay, readProbeInput, writeProbeResult } from './probe-io';

const SETTLE_TIMEOUT_MS = 30_000;
const BARE_SCHEME = 'gcore-bench-bare';

function logReads(emulator: Emulator, path: string, from = 0): { finishedAtMs?: number }[] {
  return emulator.requests.slice(from).filter((request) => request.method === 'GET' && request.path === path);
}

/** Until the active editor shows the log with `lines` lines (the document VS Code rendered). */
async function shown(uri: string, lines: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.uri.toString() === uri && editor.document.lineCount >= lines) return;
    if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error(`the log was not shown with ${lines} lines`);
    await delay(5);
  }
}

/** When a log's editor becomes the active one: Show Logs opens it only once its newest lines are in it. */
function newestShown(): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error('no log editor was shown'));
    }, SETTLE_TIMEOUT_MS);
    const subscription = vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor?.document.uri.scheme !== 'gcore-logs') return;
      const at = performance.now();
      clearTimeout(timer);
      subscription.dispose();
      resolve(at);
    });
  });
}

/** One Show Logs of the 100,000 lines: when the newest were shown and when all were, after the answer's last byte. */
async function openRound(
  emulator: Emulator,
  input: LogsProbeInput,
  path: string,
): Promise<{ newestMs: number; ms: number; lines: number; text: string }> {
  const from = emulator.requests.length;
  const newest = newestShown();
  const uri = await vscode.commands.executeCommand<string>('gcore.showContainerLogs', { ...input.location, containerName: 'web-app' });
  await shown(uri, input.lines);
  const done = performance.now();
  const [answer] = logReads(emulator, path, from);
  if (answer?.finishedAtMs === undefined) throw new Error('the emulator answered no log request');
  const lines = vscode.window.activeTextEditor?.document.lineCount ?? 0;
  const text = vscode.window.activeTextEditor?.document.getText() ?? '';
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return { newestMs: (await newest) - answer.finishedAtMs, ms: done - answer.finishedAtMs, lines, text };
}

/**
 * The same text opened from a content provider that only hands it over: what VS Code itself takes to
 * bring it into an editor. Each round opens a new address, so no document is reused.
 */
async function bareOpenRound(input: LogsProbeInput, index: number): Promise<number> {
  const uri = vscode.Uri.from({ scheme: BARE_SCHEME, path: `/round-${index}.log` });
  const started = performance.now();
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  await shown(uri.toString(), input.lines);
  const ms = performance.now() - started;
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return ms;
}

/** Show Logs and the bare provider in turn, A B A B, so that the machine's moods fall on both alike. */
async function measureOpen(emulator: Emulator, input: LogsProbeInput, path: string): Promise<LogsProbeResult['open']> {
  let text = '';
  const provider = vscode.workspace.registerTextDocumentContentProvider(BARE_SCHEME, { provideTextDocumentContent: () => text });
  try {
    const result: LogsProbeResult['open'] = { newestShownMs: [], afterResponseMs: [], bareShownMs: [], lines: 0 };
    for (let i = 0; i < input.warmupRounds + input.rounds; i++) {
      const run = await openRound(emulator, input, path);
      text = run.text;
      const bareMs = await bareOpenRound(input, i);
      if (i < input.warmupRounds) continue;
      result.newestShownMs.push(run.newestMs);
      result.afterResponseMs.push(run.ms);
      result.bareShownMs.push(bareMs);
      result.lines = run.lines;
    }
    return result;
  } finally {
    provider.dispose();
  }
}

async function measureFollow(emulator: Emulator, input: LogsProbeInput, path: string): Promise<LogsProbeResult['follow']> {
  const config = vscode.workspace.getConfiguration('gcore');
  await config.update('logs.lines', 1000, vscode.ConfigurationTarget.Global);
  await config.update('logs.followIntervalSeconds', input.followIntervalSeconds, vscode.ConfigurationTarget.Global);
  const uri = vscode.Uri.parse(
    await vscode.commands.executeCommand<string>('gcore.showContainerLogs', { ...input.location, containerName: 'web-app' }),
  );
  await vscode.commands.executeCommand('gcore.followContainerLogs', uri);
  return readsWhileFollowed(
    () => emulator.requests.length,
    (from) => logReads(emulator, path, from).length,
    input.watchSeconds,
  );
}

/** extensionTestsPath module: opening 100,000 log lines, and what following costs shown, hidden and closed. */
export async function run(): Promise<void> {
  const input = readProbeInput<LogsProbeInput>();
  await activatedTestingApi();
  const emulator = await start({ apiKey: input.apiKey });
  try {
    const config = vscode.workspace.getConfiguration('gcore');
    await config.update('apiBaseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await config.update('locations', [input.location], vscode.ConfigurationTarget.Global);
    await config.update('logs.lines', input.lines, vscode.ConfigurationTarget.Global);
    const path = `/cloud/v1/caas/${input.location.projectId}/${input.location.regionId}/containers/web-app/logs`;
    const open = await measureOpen(emulator, input, path);
    const follow = await measureFollow(emulator, input, path);
    writeProbeResult(input.resultFile, { open, follow } satisfies LogsProbeResult);
  } finally {
    await emulator.close();
  }
}
