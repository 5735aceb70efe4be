import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { start } from '../emulator/server';
import { bareGetJson } from './bare-http';
import { BENCH_API_KEY, BENCH_USER_AGENT, benchClient, flavorsPath } from './bench-client';
import type { Figure } from './bench-table';
import { median } from './sample-statistics';

const WARMUP_PAIRS = 500;
const ROUNDS = 7;
const PAIRS_PER_ROUND = 400;
const PROCESSES = 5;
const LOCATION = { projectId: 1, regionId: 1 };

/** What one process measured: the median of its rounds' ratios, and the medians behind them. */
export interface RequestCpuRun {
  ratio: number;
  clientMicros: number;
  bareMicros: number;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/**
 * The client's own cost per request in this process: against the emulator with no added latency, the
 * extension's client and a bare node:http keep-alive GET of the same URL with the same headers alternate
 * request by request, so that both see the same machine state. Each round compares the two medians; the
 * result is the median of the rounds' ratios.
 */
export async function measureRequestCpuOnce(): Promise<RequestCpuRun> {
  const emulator = await start({ apiKey: BENCH_API_KEY });
  const client = benchClient(emulator);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${emulator.url}${flavorsPath(LOCATION)}?hide_disabled=true`;
  const headers = { Authorization: `apikey ${BENCH_API_KEY}`, Accept: 'application/json', 'User-Agent': BENCH_USER_AGENT };
  const viaClient = () => client.gpu.listFlavors({ ...LOCATION, hideDisabled: true });
  const viaBare = () => bareGetJson(url, headers, agent);
  try {
    for (let i = 0; i < WARMUP_PAIRS; i++) {
      await viaClient();
      await viaBare();
    }
    const ratios: number[] = [];
    const clientMedians: number[] = [];
    const bareMedians: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const clientMs: number[] = [];
      const bareMs: number[] = [];
      for (let i = 0; i < PAIRS_PER_ROUND; i++) {
        // Alternating which goes first keeps any after-effect of one (a GC, a timer) off the other's samples.
        if (i % 2 === 0) {
          clientMs.push(await timed(viaClient));
          bareMs.push(await timed(viaBare));
        } else {
          bareMs.push(await timed(viaBare));
          clientMs.push(await timed(viaClient));
        }
      }
      clientMedians.push(median(clientMs));
      bareMedians.push(median(bareMs));
      ratios.push(median(clientMs) / median(bareMs));
    }
    return { ratio: median(ratios), clientMicros: median(clientMedians) * 1000, bareMicros: median(bareMedians) * 1000 };
  } finally {
    client.dispose();
    agent.destroy();
    await emulator.close();
  }
}

let running: ChildProcess | undefined;

/** Stops a measuring process that is still running (the benchmark's exit and signal handlers call this). */
export function stopRequestCpuProcess(): void {
  running?.kill('SIGKILL');
}

function measureInFreshProcess(): Promise<RequestCpuRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'request-cpu-process.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
    running = child;
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running = undefined;
      if (code !== 0) {
        reject(new Error(`the measuring process ended with ${signal ?? `exit code ${code}`}`));
        return;
      }
      try {
        resolve(JSON.parse(output) as RequestCpuRun);
      } catch {
        reject(new Error(`the measuring process printed no result: ${output.slice(0, 200)}`));
      }
    });
  });
}

/**
 * The same measurement in several fresh Node processes, one after another. Within one process the rounds
 * agree closely, but from process to process the ratio moved by up to ±0.06 (where JIT and heap layout
 * settle differs), which is as much as the margin this budget is about; the figure is the median over the
 * processes.
 */
export async function measureRequestCpu(progress: (message: string) => void): Promise<Figure[]> {
  progress(`client vs bare node:http: ${PROCESSES} fresh processes, each ${ROUNDS} rounds of ${PAIRS_PER_ROUND} pairs`);
  const runs: RequestCpuRun[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const run = await measureInFreshProcess();
    runs.push(run);
    progress(`process ${i + 1}/${PROCESSES}: client ${run.clientMicros.toFixed(0)} µs, bare ${run.bareMicros.toFixed(0)} µs per request, ratio ${run.ratio.toFixed(2)}`);
  }
  return [
    {
      area: 'CPU per request (no latency)',
      name: `client ÷ bare node:http keep-alive, median time per flavor list (median of ${PROCESSES} processes × ${ROUNDS} rounds)`,
      value: median(runs.map((run) => run.ratio)),
      unit: 'ratio',
      rule: 'atMost',
      budget: 1.5,
    },
  ];
}
