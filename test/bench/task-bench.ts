import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { SYSTEM_CLOCK, TaskPoller, type PollerClock } from '../../src/loaders/taskPoller';
import { bareGetJson } from './bare-http';
import { BENCH_API_KEY, benchClient } from './bench-client';
import type { Figure } from './bench-table';
import { median } from './sample-statistics';

const AREA = 'Following tasks';
const TASKS = 100;
const INTERVAL_MS = 1_000;
const WARMUP_ROUNDS = 3;
const ROUNDS = 10;
const IDLE_MS = 60_000;
const LOCATION = { projectId: 1, regionId: 76 };

let running: ChildProcess | undefined;

/** Stops the emulator process if it still runs (the benchmark's exit and signal handlers call this). */
export function stopTaskEmulator(): void {
  running?.kill('SIGKILL');
}

function startEmulatorProcess(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'task-emulator-process.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
    running = child;
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n')) resolve(line.trim());
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`the emulator process ended with ${signal ?? `exit code ${code}`} before it listened`)));
  });
}

/**
 * Node's timers and the CPU time of this process, round by round: a round runs from its timer to the next
 * round's (the poller sets that timer as the round asks, before its answers come).
 */
class RoundClock implements PollerClock {
  readonly cpuMsPerRound: number[] = [];
  rounds = 0;
  private roundStart: NodeJS.CpuUsage | undefined;

  now(): number {
    return SYSTEM_CLOCK.now();
  }

  setTimeout(run: () => void, ms: number): unknown {
    return SYSTEM_CLOCK.setTimeout(() => {
      this.endRound();
      this.rounds += 1;
      this.roundStart = process.cpuUsage();
      run();
    }, ms);
  }

  clearTimeout(handle: unknown): void {
    SYSTEM_CLOCK.clearTimeout(handle);
  }

  endRound(): void {
    if (!this.roundStart) return;
    const used = process.cpuUsage(this.roundStart);
    this.cpuMsPerRound.push((used.user + used.system) / 1000);
    this.roundStart = undefined;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The floor under the CPU figure: the same task reads done the least costly way (node:http on a keep-alive
 * agent, each body JSON.parse'd, all at once as the poller asks), one round per interval, CPU per round.
 */
async function bareRoundsCpuMs(url: string, ids: readonly string[]): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });
  const headers = { Authorization: `apikey ${BENCH_API_KEY}` };
  const cpuMs: number[] = [];
  try {
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      await delay(INTERVAL_MS);
      const started = process.cpuUsage();
      await Promise.all(ids.map((id) => bareGetJson(`${url}/cloud/v1/tasks/${encodeURIComponent(id)}`, headers, agent)));
      const used = process.cpuUsage(started);
      if (round >= WARMUP_ROUNDS) cpuMs.push((used.user + used.system) / 1000);
    }
    return cpuMs;
  } finally {
    agent.destroy();
  }
}

/**
 * 100 tasks followed by the extension's poller and client against an emulator in another process: the
 * requests and the CPU time of each round. Then, with nothing followed, a minute of requests and timers.
 */
export async function measureTaskFollowing(progress: (message: string) => void): Promise<Figure[]> {
  const url = await startEmulatorProcess();
  const client = benchClient({ url });
  try {
    const ids: string[] = [];
    for (let i = 0; i < TASKS; i++) ids.push(...(await client.containers.update(LOCATION, 'web-app', { timeout: 30 + (i % 50) })).tasks);
    const clock = new RoundClock();
    // Each request counts for the round it was sent in: a round's requests leave a few at a time.
    const askedInRound = new Map<number, number>();
    let asked = 0;
    const poller = new TaskPoller({
      fetchTask: (id, signal) => {
        asked += 1;
        askedInRound.set(clock.rounds, (askedInRound.get(clock.rounds) ?? 0) + 1);
        return client.account.getTask(id, { signal });
      },
      settings: () => ({ intervalMs: INTERVAL_MS, timeoutMs: 3_600_000 }),
      clock,
    });
    poller.track(ids);
    progress(`${TASKS} tasks followed, a round every ${INTERVAL_MS / 1000} s: ${WARMUP_ROUNDS} warm-up rounds, ${ROUNDS} measured`);
    while (clock.rounds < WARMUP_ROUNDS + ROUNDS + 1) await delay(50);
    const requestsPerRound = Array.from({ length: ROUNDS }, (_, index) => askedInRound.get(WARMUP_ROUNDS + 1 + index) ?? 0);
    const cpuMs = clock.cpuMsPerRound.slice(WARMUP_ROUNDS, WARMUP_ROUNDS + ROUNDS);
    poller.stopAll();
    progress(`per round: ${requestsPerRound.join(', ')} requests; CPU ${cpuMs.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    const bareCpuMs = await bareRoundsCpuMs(url, ids);
    progress(`the same reads through bare node:http: CPU ${bareCpuMs.map((ms) => ms.toFixed(1)).join(', ')} ms per round`);

    // Nothing followed: the poller must hold no timer and ask nothing.
    const idleStartAsked = asked;
    let timersSeen = 0;
    const idleEnd = Date.now() + IDLE_MS;
    progress(`nothing followed: watching for ${IDLE_MS / 1000} s`);
    while (Date.now() < idleEnd) {
      if (poller.isScheduled) timersSeen += 1;
      await delay(1_000);
    }
    poller.dispose();
    return [
      {
        area: AREA,
        name: `requests per round with ${TASKS} tasks followed (most of ${requestsPerRound.length} rounds)`,
        value: Math.max(...requestsPerRound),
        samples: requestsPerRound,
        unit: 'requests',
        rule: 'atMost',
        budget: TASKS,
      },
      {
        area: AREA,
        name: `CPU time per round with ${TASKS} tasks followed (client, decoding, bookkeeping; ${cpuMs.length} rounds)`,
        value: median(cpuMs),
        samples: cpuMs,
        unit: 'ms',
        rule: 'atMost',
        budget: 5,
      },
      {
        area: AREA,
        name: `bare node:http: the same ${TASKS} task reads per round, CPU time (keep-alive, JSON.parse; ${bareCpuMs.length} rounds)`,
        value: median(bareCpuMs),
        samples: bareCpuMs,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      },
      { area: AREA, name: `requests in ${IDLE_MS / 1000} s with nothing followed`, value: asked - idleStartAsked, unit: 'requests', rule: 'exactly', budget: 0 },
      { area: AREA, name: `seconds of ${IDLE_MS / 1000} in which the poller held a timer, with nothing followed`, value: timersSeen, unit: 'timers', rule: 'exactly', budget: 0 },
    ];
  } finally {
    client.dispose();
    stopTaskEmulator();
  }
}
