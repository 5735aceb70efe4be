import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import fetch from 'node-fetch';
import { createGuardedAgents } from '../../src/api/http/attemptGuard';
import { start } from '../emulator/server';
import { bareGetJson } from './bare-http';
import { BENCH_API_KEY, BENCH_USER_AGENT, benchClient, flavorsPath } from './bench-client';
import type { Figure } from './bench-table';
import { median } from './sample-statistics';

const AREA = 'CPU per request (no latency)';
const WARMUP_PAIRS = 2000;
const ROUNDS = 7;
const PAIRS_PER_ROUND = 500;
const PROCESSES = 5;
const LOCATION = { projectId: 1, regionId: 1 };

/** What one process measured: per round, each path's median time; and the medians of those. */
export interface RequestCpuRun {
  /** Per round: the client's median ÷ bare node-fetch's median. */
  clientOverFetch: number[];
  /** Per round: bare node-fetch's median ÷ bare node:http's median. */
  fetchOverHttp: number[];
  /** Medians over the rounds, in µs, each beside the path it was paired with. */
  clientMicros: number;
  fetchBesideClientMicros: number;
  fetchBesideHttpMicros: number;
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
async function pairRounds(first: () => Promise<unknown>, second: () => Promise<unknown>): Promise<{ ratios: number[]; firstMs: number[]; secondMs: number[] }> {
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
 * decoding); bare node-fetch on an agent made as the client makes its own, with the body JSON.parse'd;
 * and bare node:http on a keep-alive agent. Each ratio is measured on its own pair, request by request
 * in turn, so that both sides see the same machine state: a third path in the same rotation moved the
 * first ratio by several per cent. Each round compares the medians; the process reports every round.
 */
export async function measureRequestCpuOnce(): Promise<RequestCpuRun> {
  const emulator = await start({ apiKey: BENCH_API_KEY });
  const client = benchClient(emulator);
  // The client's own agent factory: the same keep-alive options, and its guard in place though unarmed.
  const fetchAgents = createGuardedAgents();
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${emulator.url}${flavorsPath(LOCATION)}?hide_disabled=true`;
  const headers = { Authorization: `apikey ${BENCH_API_KEY}`, Accept: 'application/json', 'User-Agent': BENCH_USER_AGENT };
  // Built once, as the tree's loader builds one per load: spread anew for every call, it made this loop
  // about 4 % slower (V8's object cloning), a cost of the caller and not of the request path.
  const query = { ...LOCATION, hideDisabled: true };
  const viaClient = () => client.gpu.listFlavors(query);
  const viaFetch = async () => JSON.parse(await (await fetch(url, { headers, agent: fetchAgents.http, redirect: 'error' })).text()) as unknown;
  const viaHttp = () => bareGetJson(url, headers, httpAgent);
  try {
    // One pair after the other, not alternating: switching pairs every round moved the first ratio by
    // several per cent (what the JIT and the collector had settled on for one pair no longer held).
    const clientPair = await pairRounds(viaClient, viaFetch);
    const fetchPair = await pairRounds(viaFetch, viaHttp);
    const micros = (times: number[]) => median(times) * 1000;
    return {
      clientOverFetch: clientPair.ratios,
      fetchOverHttp: fetchPair.ratios,
      clientMicros: micros(clientPair.firstMs),
      fetchBesideClientMicros: micros(clientPair.secondMs),
      fetchBesideHttpMicros: micros(fetchPair.firstMs),
      httpMicros: micros(fetchPair.secondMs),
    };
  } finally {
    client.dispose();
    fetchAgents.destroy();
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
 * The same measurement in several fresh Node processes, one after another: within one process the rounds
 * agree closely, but from process to process the ratio moved by up to ±0.06 (where JIT and heap layout
 * settle differs). Each process's median ratio is one sample of the figure.
 */
export async function measureRequestCpu(progress: (message: string) => void): Promise<Figure[]> {
  progress(`client, bare node-fetch, bare node:http: ${PROCESSES} fresh processes, each ${ROUNDS} rounds of ${PAIRS_PER_ROUND} pairs per ratio`);
  const runs: RequestCpuRun[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const run = await measureInFreshProcess();
    runs.push(run);
    progress(
      `process ${i + 1}/${PROCESSES}: client ${run.clientMicros.toFixed(0)} µs beside node-fetch ${run.fetchBesideClientMicros.toFixed(0)} µs, ` +
        `node-fetch ${run.fetchBesideHttpMicros.toFixed(0)} µs beside node:http ${run.httpMicros.toFixed(0)} µs per request; ` +
        `client ÷ node-fetch by round ${run.clientOverFetch.map((ratio) => ratio.toFixed(2)).join(', ')}`,
    );
  }
  const perProcess = (ratios: (run: RequestCpuRun) => number[]) => runs.map((run) => median(ratios(run)));
  const clientOverFetch = perProcess((run) => run.clientOverFetch);
  const fetchOverHttp = perProcess((run) => run.fetchOverHttp);
  return [
    {
      area: AREA,
      name: `the client's whole request path ÷ bare node-fetch on the same kind of agent, time per flavor list (${PROCESSES} processes × ${ROUNDS} rounds)`,
      value: median(clientOverFetch),
      samples: clientOverFetch,
      unit: 'ratio',
      rule: 'atMost',
      budget: 1.1,
    },
    {
      area: AREA,
      name: 'bare node-fetch ÷ bare node:http keep-alive (the transport the extension chose; no budget)',
      value: median(fetchOverHttp),
      samples: fetchOverHttp,
      unit: 'ratio',
      rule: 'report',
      budget: Number.NaN,
    },
  ];
}
