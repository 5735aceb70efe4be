import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import type { TaskListQuery } from '../../src/api/accountClient';
import { createGuardedAgents } from '../../src/api/http/attemptGuard';
import { SYSTEM_CLOCK, TaskPoller, type PollerClock } from '../../src/loaders/taskPoller';
import { bareGetJson } from './bare-http';
import { BENCH_API_KEY, benchClient } from './bench-client';
import type { Figure } from './bench-table';
import { OVER_FETCH_AS_SENT_BUDGET, fetchJsonAsSent } from './fetch-as-sent';
import { median } from './sample-statistics';

const AREA = 'Following tasks';
const TASKS = 100;
const INTERVAL_MS = 1_000;
const WARMUP_ROUNDS = 3;
const ROUNDS = 10;
const IDLE_MS = 60_000;
const LOCATION = { projectId: 1, regionId: 76 };
/** With the task list: how long the tasks run (NEW 0.5 s, then RUNNING this long), time for the rounds measured before they end. */
const LIST_TASKS_RUN_MS = 40_000;
/** List requests through each path before the rounds are measured (a few seconds of the tasks' 40). */
const LIST_WARMUP_REQUESTS = 300;

const running = new Set<ChildProcess>();

/** Stops the emulator processes that still run (the benchmark's exit and signal handlers call this). */
export function stopTaskEmulator(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

function startEmulatorProcess(runningMs?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = [path.join(__dirname, 'task-emulator-process.js'), ...(runningMs === undefined ? [] : [String(runningMs)])];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    running.add(child);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n')) resolve(line.trim());
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      reject(new Error(`the emulator process ended with ${signal ?? `exit code ${code}`} before it listened`)),
    );
  });
}

/**
 * Node's timers and the CPU time of this process, round by round: a round runs from its timer to the next
 * round's (the poller sets that timer as the round asks, before its answers come).
 */
class RoundClock implements PollerClock {
  readonly cpuMsPerRound: number[] = [];
  rounds = 0;
  /** When the round under way began (Date.now()). */
  roundStartedAt = 0;
  private roundStart: NodeJS.CpuUsage | undefined;

  now(): number {
    return SYSTEM_CLOCK.now();
  }

  setTimeout(run: () => void, ms: number): unknown {
    return SYSTEM_CLOCK.setTimeout(() => {
      this.endRound();
      this.rounds += 1;
      this.roundStartedAt = Date.now();
      this.roundStart = process.cpuUsage();
      run();
    }, ms);
  }

  clearTimeout(handle: unknown): void {
    SYSTEM_CLOCK.clearTimeout(handle);
  }

  /** Ends the round's measure (at the latest when the next round starts); its CPU time, once. */
  endRound(): number | undefined {
    if (!this.roundStart) return undefined;
    const used = process.cpuUsage(this.roundStart);
    const ms = (used.user + used.system) / 1000;
    this.cpuMsPerRound.push(ms);
    this.roundStart = undefined;
    return ms;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** True once `listen`'s callback is called, false after `ms` (its timer then cleared either way). */
function calledWithin(ms: number, listen: (resolve: () => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    listen(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Beside the fallback's CPU figure, for reference: the same task reads done the least costly way (node:http on a keep-alive
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
 * The CPU time of `run` measured as RoundClock measures a poller round: from inside the timer that starts it
 * to a turn of the event loop after its answer, so both sides count the work a response leaves behind (the
 * socket going back to the agent, the body stream closing) and neither counts the wake-up before it.
 */
function cpuMsOfTimedRound(atMs: number, run: () => Promise<unknown>): Promise<number> {
  return new Promise((resolve, reject) => {
    setTimeout(
      () => {
        const started = process.cpuUsage();
        run().then(
          () =>
            setImmediate(() => {
              const used = process.cpuUsage(started);
              resolve((used.user + used.system) / 1000);
            }),
          reject,
        );
      },
      Math.max(0, atMs - Date.now()),
    );
  });
}

/** One quiet round's CPU time, ms, and what the same list request cost through node-fetch as sent and bare node:http, each after the same idle time. */
export interface RoundPair {
  round: number;
  clientMs: number;
  sentMs: number;
  bareMs: number;
}

/** The task list's query string as the client writes it (repeated names for many values), for the bare client to send the same request. */
function taskListUrl(url: string, query: TaskListQuery): string {
  const params = new URLSearchParams();
  for (const state of query.states ?? []) params.append('state', state);
  for (const id of query.projectIds ?? []) params.append('project_id', String(id));
  for (const id of query.regionIds ?? []) params.append('region_id', String(id));
  if (query.fromTimestamp !== undefined) params.append('from_timestamp', query.fromTimestamp);
  if (query.limit !== undefined) params.append('limit', String(query.limit));
  if (query.offset !== undefined) params.append('offset', String(query.offset));
  return `${url}/cloud/v1/tasks?${params.toString()}`;
}

/**
 * The CPU figures of the task list's quiet rounds, each round one sample: the budget is on the round over
 * node-fetch sending its list request as every request must go (the floor); bare node:http is printed
 * beside it, with no budget.
 */
export function listRoundCpuFigures(pairs: readonly RoundPair[]): Figure[] {
  const ratio = (name: string, ratioOf: (pair: RoundPair) => number, budget?: number): Figure => {
    const samples = pairs.map(ratioOf);
    const value = samples.length > 0 ? median(samples) : Number.NaN;
    return budget === undefined
      ? { area: AREA, name, value, samples, unit: 'ratio', rule: 'report', budget: Number.NaN }
      : { area: AREA, name, value, samples, unit: 'ratio', rule: 'atMost', budget };
  };
  const sentMs = pairs.map((pair) => pair.sentMs);
  return [
    ratio(
      `CPU per round through the task list, none ending ÷ node-fetch sending that list request as every request must go (interleaved, ${pairs.length} pairs)`,
      (pair) => pair.clientMs / pair.sentMs,
      OVER_FETCH_AS_SENT_BUDGET,
    ),
    ratio(
      `the same rounds ÷ bare node:http sending that request (keep-alive, JSON.parse; no budget)`,
      (pair) => pair.clientMs / pair.bareMs,
    ),
    ratio(
      `node-fetch as sent ÷ bare node:http, the same rounds (what the prescribed library costs; no budget)`,
      (pair) => pair.sentMs / pair.bareMs,
    ),
    {
      area: AREA,
      name: `node-fetch as sent: that list request, CPU time (${pairs.length} rounds)`,
      value: sentMs.length > 0 ? median(sentMs) : Number.NaN,
      samples: sentMs,
      unit: 'ms',
      rule: 'report',
      budget: Number.NaN,
    },
  ];
}

/**
 * 100 tasks followed through the task list, as the extension does (an emulator in another process whose tasks
 * run 40 s): the requests of each round while none ends, and of the round where all of them end. The rounds
 * are placed so that the tasks' ends, which follow their starts by the same time, fall inside one round.
 */
async function measureListRounds(progress: (message: string) => void): Promise<Figure[]> {
  const url = await startEmulatorProcess(LIST_TASKS_RUN_MS);
  const client = benchClient({ url });
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });
  const sentAgents = createGuardedAgents();
  const headers = { Authorization: `apikey ${BENCH_API_KEY}` };
  // The poller's list requests carry a cancel signal, one serving round after round: so does the floor's.
  const cancel = new AbortController();
  const viaFetchAsSent = (query: TaskListQuery) => fetchJsonAsSent(taskListUrl(url, query), sentAgents, cancel.signal);
  try {
    const firstStart = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < TASKS; i++) ids.push(...(await client.containers.update(LOCATION, 'web-app', { timeout: 30 + (i % 50) })).tasks);
    const lastStart = Date.now();
    // Every path warm, as in an extension host where every request goes through the same pipeline (and as the
    // CPU-per-request figure warms its pairs): a list request of the same kind, through each, a few hundred times.
    const warmQuery: TaskListQuery = {
      states: ['NEW', 'RUNNING'],
      projectIds: [LOCATION.projectId],
      regionIds: [LOCATION.regionId],
      limit: 1000,
    };
    for (let i = 0; i < LIST_WARMUP_REQUESTS; i++) {
      await client.account.listTasks(warmQuery);
      await viaFetchAsSent(warmQuery);
      await bareGetJson(taskListUrl(url, warmQuery), headers, agent);
    }
    // The tasks end between these two times (NEW 0.5 s, then RUNNING); a round starts half the rest of an interval after.
    const endsFrom = firstStart + 500 + LIST_TASKS_RUN_MS;
    const endsUntil = lastStart + 500 + LIST_TASKS_RUN_MS;
    const gapMs = Math.max(0, (INTERVAL_MS - (endsUntil - endsFrom)) / 2);
    const roundAfterEnds = Math.floor((endsUntil + gapMs - Date.now()) / INTERVAL_MS);
    const trackAt = endsUntil + gapMs - roundAfterEnds * INTERVAL_MS;
    await delay(Math.max(0, trackAt - Date.now()));

    const clock = new RoundClock();
    const askedInRound = new Map<number, number>();
    const count = () => askedInRound.set(clock.rounds, (askedInRound.get(clock.rounds) ?? 0) + 1);
    const endedInRound = new Map<number, number>();
    let lastList: { round: number; query: TaskListQuery; clientMs: number | undefined } | undefined;
    let listRead: (() => void) | undefined;
    // A round's CPU time ends as each floor's does, at a turn of the event loop after its answer (by then the
    // poller has read it); only then is the benchmark's own loop woken, so none of its work is counted in the round.
    const endRoundAfter = (answer: Promise<unknown>, round: number, query: TaskListQuery): void => {
      const end = () =>
        setImmediate(() => {
          lastList = { round, query, clientMs: round === clock.rounds ? clock.endRound() : undefined };
          listRead?.();
        });
      answer.then(end, end);
    };
    const poller = new TaskPoller({
      fetchTask: (id, signal) => {
        count();
        return client.account.getTask(id, { signal });
      },
      listTasks: (query, signal) => {
        count();
        const answer = client.account.listTasks(query, { signal });
        endRoundAfter(answer, clock.rounds, query);
        return answer;
      },
      settings: () => ({ intervalMs: INTERVAL_MS, timeoutMs: 3_600_000 }),
      clock,
    });
    poller.onDidChange((task) => {
      if (task.end) endedInRound.set(clock.rounds, (endedInRound.get(clock.rounds) ?? 0) + 1);
    });
    poller.track(ids);
    progress(
      `${TASKS} tasks followed through the task list; they end in ${roundAfterEnds} rounds (spread over ${endsUntil - endsFrom} ms)`,
    );
    // A B C, A B C: once a round's one list request has answered and the poller has read it, the round's
    // CPU time ends; node-fetch as every request of the extension is sent, then bare node:http, send the same
    // request a third and two thirds of an interval after the round began. Each of the three runs after the
    // same idle time: a process that has slept for a while pays more for the same work (caches and the JIT's
    // state are cold; 2.5-3× here after 250 ms), so a floor measured straight after the round, warm, would not
    // be the same work's floor. The loop sleeps between rounds rather than polling, whose wake-ups would be
    // measured inside the rounds.
    const pairs: RoundPair[] = [];
    const deadline = Date.now() + (roundAfterEnds + 5) * INTERVAL_MS;
    let pairedRound = 0;
    while (poller.unfinished().length > 0 && Date.now() < deadline) {
      const read = await calledWithin(INTERVAL_MS * 2, (resolve) => (listRead = resolve));
      listRead = undefined;
      const list = lastList;
      if (!read || !list || list.round <= pairedRound || endedInRound.size > 0) continue;
      pairedRound = list.round;
      const { clientMs } = list;
      if (clientMs === undefined || (askedInRound.get(list.round) ?? 0) !== 1) continue;
      const sentMs = await cpuMsOfTimedRound(clock.roundStartedAt + INTERVAL_MS / 3, () => viaFetchAsSent(list.query));
      const bareMs = await cpuMsOfTimedRound(clock.roundStartedAt + (2 * INTERVAL_MS) / 3, () =>
        bareGetJson(taskListUrl(url, list.query), headers, agent),
      );
      pairs.push({ round: list.round, clientMs, sentMs, bareMs });
    }
    await delay(INTERVAL_MS / 2);
    poller.dispose();
    const endingRounds = [...endedInRound.keys()].sort((a, b) => a - b);
    const quiet = Array.from({ length: clock.rounds }, (_, index) => index + 1).filter((round) => round < (endingRounds[0] ?? Infinity));
    const requestsPerQuietRound = quiet.map((round) => askedInRound.get(round) ?? 0);
    const requestsPerEndingRound = endingRounds.map((round) => askedInRound.get(round) ?? 0);
    progress(
      `per round while none ends: ${requestsPerQuietRound.join(', ')} requests; ` +
        `rounds where tasks ended: ${endingRounds.map((round) => `round ${round}: ${endedInRound.get(round)} ended, ${askedInRound.get(round) ?? 0} requests`).join('; ') || 'none'}`,
    );
    const endedAll = poller.unfinished().length === 0 && endingRounds.length > 0;
    // The first rounds warm the client up; rounds where tasks ended send more than the one request.
    const measured = pairs.filter((pair) => pair.round > WARMUP_ROUNDS && pair.round < (endingRounds[0] ?? Infinity));
    progress(
      `CPU per quiet round, client / node-fetch as sent / bare node:http: ${measured.map((pair) => [pair.clientMs, pair.sentMs, pair.bareMs].map((ms) => ms.toFixed(1)).join('/')).join(', ')} ms`,
    );
    return [
      {
        area: AREA,
        name: `requests per round, ${TASKS} followed tasks, none ending (task list; most of ${requestsPerQuietRound.length} rounds)`,
        value: requestsPerQuietRound.length > 0 ? Math.max(...requestsPerQuietRound) : Number.NaN,
        samples: requestsPerQuietRound,
        unit: 'requests',
        rule: 'atMost',
        budget: 2,
      },
      ...listRoundCpuFigures(measured),
      {
        area: AREA,
        name: `requests in the round where ${TASKS} followed tasks end (task list; ${endingRounds.length === 1 ? 'all in one round' : `spread over ${endingRounds.length} rounds, the most of them`})`,
        value: endedAll ? Math.max(...requestsPerEndingRound) : Number.NaN,
        samples: requestsPerEndingRound,
        unit: 'requests',
        rule: 'atMost',
        budget: 3,
      },
    ];
  } finally {
    client.dispose();
    agent.destroy();
    sentAgents.destroy();
  }
}

/**
 * 100 tasks followed by the extension's poller and client against an emulator in another process, one
 * request per task as against an API without the task list: the requests and the CPU time of each round.
 * Then, with nothing followed, a minute of requests and timers; then the same 100 tasks through the task list.
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
    const listFigures = await measureListRounds(progress);
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
        // The fallback, for an API without the task list, with the bare row below beside it. The budget is on
        // the task list's rounds (over node-fetch as sent), which is how rounds go wherever Gcore has it.
        name: `CPU time per round with ${TASKS} tasks followed, one request each (the fallback; ${cpuMs.length} rounds)`,
        value: median(cpuMs),
        samples: cpuMs,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
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
      {
        area: AREA,
        name: `requests in ${IDLE_MS / 1000} s with nothing followed`,
        value: asked - idleStartAsked,
        unit: 'requests',
        rule: 'exactly',
        budget: 0,
      },
      {
        area: AREA,
        name: `seconds of ${IDLE_MS / 1000} in which the poller held a timer, with nothing followed`,
        value: timersSeen,
        unit: 'timers',
        rule: 'exactly',
        budget: 0,
      },
      ...listFigures,
    ];
  } finally {
    client.dispose();
    stopTaskEmulator();
  }
}
