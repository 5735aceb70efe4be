import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureCodeServerInstalled, type CodeServerInstall } from '../runner/code-server-install';
import { CleanupStack } from '../runner/cleanup-stack';
import { runEntryPoint } from '../runner/entry-point';
import { errorSummary } from '../runner/error-summary';
import { measureActivation } from './activation-bench';
import { exitCode, renderSummary, renderTable, tally, type Figure, type Row } from './bench-table';
import { HostSessions } from './host-session';
import { codeServerFact, machineFacts } from './machine-facts';
import { packageExtension, packageSizeFigures, type PackagedExtension } from './packaged-extension';
import { measureRequestCpu, stopRequestCpuProcess } from './request-cpu';
import { measureReads } from './read-bench';
import { measureRecordSets } from './record-bench';
import { measureGpuClusters } from './gpu-bench';
import { measureInferenceDeployments } from './inference-bench';
import { measureInferenceChat } from './inference-chat-bench';
import { measureInferenceLogs } from './inference-logs-bench';
import { measureLogs } from './logs-bench';
import { measureRoundTrips } from './round-trips';
import { measureTaskFollowing, stopTaskEmulator } from './task-bench';
import { measureZoneFileImport } from './zone-file-bench';
import { measureTree } from './tree-bench';

/**
 * `npm run bench`: every figure of the performance issue against its budget, printed as one table on
 * stdout with a line of counts under it (progress goes to stderr). Exit 0 when no budget is missed
 * (inconclusive figures do not fail the run), 1 when any is, 2 when a part could not run, 124 on the hard
 * timeout, 130/143 on SIGINT/SIGTERM; code-server, Chromium and temp profiles are removed in every case.
 */

const HARD_TIMEOUT_MS = 20 * 60_000;

const startedAt = Date.now();
const cleanups = new CleanupStack();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-bench-'));
const removeWorkDir = (): void => fs.rmSync(workDir, { recursive: true, force: true });
cleanups.push({ name: 'remove the work folder', run: async () => removeWorkDir(), runNow: removeWorkDir });
cleanups.push({ name: 'stop the request-CPU process', run: async () => stopRequestCpuProcess(), runNow: stopRequestCpuProcess });
cleanups.push({ name: 'stop the task emulator process', run: async () => stopTaskEmulator(), runNow: stopTaskEmulator });
let sessions: HostSessions | undefined;
cleanups.push({
  name: 'stop the code-server session',
  run: () => sessions?.stop() ?? Promise.resolve(),
  runNow: () => sessions?.stopNow(),
});

function progress(message: string): void {
  process.stderr.write(`[bench +${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${message}\n`);
}

interface Part {
  area: string;
  name: string;
  measure: () => Promise<Figure[]>;
}

/** `GCORE_BENCH_ONLY='Container logs'`: only the parts whose area holds that text, or one of the texts `|` separates (sizes always run). */
const ONLY = process.env.GCORE_BENCH_ONLY?.split('|');

async function runParts(parts: Part[], rows: Row[]): Promise<void> {
  for (const part of parts) {
    if (ONLY && part.name !== 'bundle and .vsix sizes' && !ONLY.some((text) => part.area.includes(text))) continue;
    progress(`${part.area}: ${part.name}`);
    try {
      rows.push(...(await part.measure()));
    } catch (error) {
      if (cleanups.isDraining()) return;
      progress(`${part.name} could not run:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      rows.push({ area: part.area, name: part.name, reason: errorSummary(error) });
    }
  }
}

async function settled<T>(work: Promise<T>): Promise<T | Error> {
  try {
    return await work;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A part that runs the packaged extension in code-server; it fails with the reason when either is missing. */
function hostPart(
  needs: { install: CodeServerInstall | Error; packaged: PackagedExtension | Error },
  part: Omit<Part, 'measure'>,
  measure: (sessions: HostSessions, packaged: PackagedExtension) => Promise<Figure[]>,
): Part {
  return {
    ...part,
    measure: async () => {
      const { install, packaged } = needs;
      if (packaged instanceof Error) throw new Error(`packaging failed: ${errorSummary(packaged)}`);
      if (install instanceof Error) throw new Error(`code-server is not available: ${errorSummary(install)}`);
      sessions ??= new HostSessions(install);
      return measure(sessions, packaged);
    },
  };
}

async function bench(): Promise<number> {
  const rows: Row[] = [];
  const facts = machineFacts();
  progress('packaging the extension (npm run package)');
  const packaged = await settled(packageExtension(workDir));
  await runParts(
    [
      {
        area: 'Cost to VS Code',
        name: 'bundle and .vsix sizes',
        measure: async () => {
          if (packaged instanceof Error) throw packaged;
          return packageSizeFigures(packaged);
        },
      },
    ],
    rows,
  );

  progress('making sure code-server is installed (a few minutes the first time)');
  const install = await settled(ensureCodeServerInstalled(cleanups));
  const needs = { install, packaged };
  await runParts(
    [
      hostPart(needs, { area: 'Cost to VS Code', name: 'activation in code-server' }, (host, extension) =>
        measureActivation(host, extension, progress),
      ),
      { area: 'Round trips (50 ms latency)', name: 'client and loader against the emulator', measure: () => measureRoundTrips(progress) },
      { area: 'CPU per request (no latency)', name: 'client vs bare node:http', measure: () => measureRequestCpu(progress) },
      { area: 'Following tasks', name: '100 tasks followed, then a minute with none', measure: () => measureTaskFollowing(progress) },
      {
        area: 'Inference chat (a deployment answering 100,000 tokens)',
        name: 'the endpoint client over the bare stream',
        measure: () => measureInferenceChat(progress),
      },
      {
        area: 'Zone files (50 ms latency)',
        name: 'importing a zone file of 5,000 record sets',
        measure: () => measureZoneFileImport(progress),
      },
      hostPart(
        needs,
        { area: 'Big data in the tree / No leak', name: '5,000 flavors and 1,000 refreshes in code-server' },
        (host, extension) => measureTree(host, extension, progress),
      ),
      hostPart(needs, { area: 'Big data in the tree', name: 'a zone of 10,000 record sets in code-server' }, (host, extension) =>
        measureRecordSets(host, extension, progress),
      ),
      hostPart(needs, { area: 'Reading what exists', name: 'containers and zones in code-server' }, (host, extension) =>
        measureReads(host, extension, progress),
      ),
      hostPart(needs, { area: 'Container logs', name: '100,000 lines and following in code-server' }, (host, extension) =>
        measureLogs(host, extension, progress),
      ),
      hostPart(needs, { area: 'Inference logs', name: '100,000 lines followed, with a pod filter, in code-server' }, (host, extension) =>
        measureInferenceLogs(host, extension, progress),
      ),
      hostPart(needs, { area: 'GPU clusters (50 ms latency)', name: '50 locations × 20 clusters in code-server' }, (host, extension) =>
        measureGpuClusters(host, extension, progress),
      ),
      hostPart(
        needs,
        { area: 'Inference deployments (50 ms latency)', name: '3 projects × 200 deployments in code-server' },
        (host, extension) => measureInferenceDeployments(host, extension, progress),
      ),
    ],
    rows,
  );

  const counts = tally(rows);
  const lines = ['', ...facts, codeServerFact(install), '', renderTable(rows), '', renderSummary(counts), ''];
  process.stdout.write(`${lines.join('\n')}\n`);
  progress(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  return exitCode(counts);
}

runEntryPoint({
  cleanups,
  log: progress,
  timeoutMs: HARD_TIMEOUT_MS,
  main: bench,
  describeFailure: (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error)),
});
