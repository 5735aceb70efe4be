import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGuardedAgents } from '../../src/api/http/attemptGuard';
import { start } from '../emulator/server';
import { bareGetJson } from './bare-http';
import { BENCH_API_KEY, benchClient, flavorsPath } from './bench-client';
import type { Figure } from './bench-table';
import { OVER_FETCH_AS_SENT_BUDGET, SENT_HEADERS, fetchJsonAsSent } from './fetch-as-sent';
import { median } from './sample-statistics';

const AREA = 'CPU per request (no latency)';
const WARMUP_PAIRS = 2000;
const ROUNDS = 7;
const PAIRS_PER_ROUND = 500;
const PROCESSES = 5;
const LOCATION = { projectId: 1, regionId: 1 };

/** What one process measured: per round, each path's median time; and the medians of those. */
export interface RequestCpuRun {
  /** Per round: the client's median ÷ node-fetch as sent's median. */
  clientOverSent: number[];
  /** Per round: node-fetch as sent's median ÷ bare node:http's median. */
  sentOverHttp: number[];
  /** Medians over the rounds, in µs, each beside the path it was paired with. */
  clientMicros: number;
  sentBesideClientMicros: number;
  sentBesideHttpMicros: number;
  httpMicros: number;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** Times two paths request by request in turn, the order swapped every pair; returns each one's median. */
async function pairedMedians(first: () => Promise<unknown>, second: () => Promise<unknown>, pairs: number): Promise<[number, number]> {
  const firstTimes: number[] = [];
  const secondTimes: number[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      firstTimes.push(await timed(first));
      secondTimes.push(await timed(second));
    } else {
      secondTimes.push(await timed(second));
      firstTimes.push(await timed(first));
    }
  }
  return [median(firstTimes), median(secondTimes)];
}

/** A warm-up, then every round's medians of two paths and their ratio (first ÷ second). */
async function pairRounds(
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<{ ratios: number[]; firstMs: number[]; secondMs: number[] }> {
  await pairedMedians(first, second, WARMUP_PAIRS);
  const rounds = { ratios: [] as number[], firstMs: [] as number[], secondMs: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const [firstMs, secondMs] = await pairedMedians(first, second, PAIRS_PER_ROUND);
    rounds.ratios.push(firstMs / secondMs);
    rounds.firstMs.push(firstMs);
    rounds.secondMs.push(secondMs);
  }
  return rounds;
}

/**
 * The client's own cost per request in this process, against the emulator with no added latency. Three
 * paths fetch the same URL with the same headers: the extension's whole request path (pipeline, guard,
 * decoding); node-fetch as every request of the extension must be sent (fetchJsonAsSent), the floor; and
 * bare node:http on a keep-alive agent, for reference. Each ratio is measured on its own pair, request by
 * request in turn, so that both sides see the same machine state: a third path in the same rotation moved
 * the first ratio by several per cent. Each round compares the medians; the process reports every round.
 */
export async function measureRequestCpuOnce(): Promise<RequestCpuRun> {
  const emulator = await start({ apiKey: BENCH_API_KEY });
  const client = benchClient(emulator);
  const sentAgents = createGuardedAgents();
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${emulator.url}${flavorsPath(LOCATION)}?hide_disabled=true`;
  // Built once, as the tree's loader builds one per load: spread anew for every call, it made this loop
  // about 4 % slower (V8's object cloning), a cost of the caller and not of the request path.
  const query = { ...LOCATION, hideDisabled: true };
  const viaClient = () => client.gpu.listFlavors(query);
  const viaSent = () => fetchJsonAsSent(url, sentAgents);
  const viaHttp = () => bareGetJson(url, SENT_HEADERS, httpAgent);
  try {
    // One pair after the other, not alternating: switching pairs every round moved the first ratio by
    // several per cent (what the JIT and the collector had settled on for one pair no longer held).
    const clientPair = await pairRounds(viaClient, viaSent);
    const sentPair = await pairRounds(viaSent, viaHttp);
    const micros = (times: number[]) => median(times) * 1000;
    return {
      clientOverSent: clientPair.ratios,
      sentOverHttp: sentPair.ratios,
      clientMicros: micros(clientPair.firstMs),
      sentBesideClientMicros: micros(clientPair.secondMs),
      sentBesideHttpMicros: micros(sentPair.firstMs),
      httpMicros: micros(sentPair.secondMs),
    };
  } finally {
    client.dispose();
    sentAgents.destroy();
    httpAgent.destroy();
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
 * The figures of fresh processes' runs: each process's median ratio over its rounds is one sample. The
 * budget is on the client over node-fetch as sent; node-fetch as sent over bare node:http is printed beside
 * it, with no budget, as what the prescribed library costs before the extension does anything.
 */
export function requestCpuFigures(runs: readonly RequestCpuRun[]): Figure[] {
  const perProcess = (ratios: (run: RequestCpuRun) => number[]) => runs.map((run) => median(ratios(run)));
  const clientOverSent = perProcess((run) => run.clientOverSent);
  const sentOverHttp = perProcess((run) => run.sentOverHttp);
  const shape = `${runs.length} processes × ${runs[0]?.clientOverSent.length ?? 0} rounds`;
  return [
    {
      area: AREA,
      name: `the client's whole request path ÷ node-fetch sending that request as every request must go, time per flavor list (${shape})`,
      value: median(clientOverSent),
      samples: clientOverSent,
      unit: 'ratio',
      rule: 'atMost',
      budget: OVER_FETCH_AS_SENT_BUDGET,
    },
    {
      area: AREA,
      name: `node-fetch as sent ÷ bare node:http keep-alive (what the prescribed library costs; no budget; ${shape})`,
      value: median(sentOverHttp),
      samples: sentOverHttp,
      unit: 'ratio',
      rule: 'report',
      budget: Number.NaN,
    },
  ];
}

/**
 * The same measurement in several fresh Node processes, one after another: within one process the rounds
 * agree closely, but from process to process the ratio moved by up to ±0.06 (where JIT and heap layout
 * settle differs).
 */
export async function measureRequestCpu(progress: (message: string) => void): Promise<Figure[]> {
  progress(
    `client, node-fetch as sent, bare node:http: ${PROCESSES} fresh processes, each ${ROUNDS} rounds of ${PAIRS_PER_ROUND} pairs per ratio`,
  );
  const runs: RequestCpuRun[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const run = await measureInFreshProcess();
    runs.push(run);
    progress(
      `process ${i + 1}/${PROCESSES}: client ${run.clientMicros.toFixed(0)} µs beside node-fetch as sent ${run.sentBesideClientMicros.toFixed(0)} µs, ` +
        `node-fetch as sent ${run.sentBesideHttpMicros.toFixed(0)} µs beside node:http ${run.httpMicros.toFixed(0)} µs per request; ` +
        `client ÷ node-fetch as sent by round ${run.clientOverSent.map((ratio) => ratio.toFixed(2)).join(', ')}`,
    );
  }
  return requestCpuFigures(runs);
}
