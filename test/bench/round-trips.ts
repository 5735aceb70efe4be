import { performance } from 'node:perf_hooks';
import { FlavorLoader, type FlavorFilters, type FlavorLoad } from '../../src/loaders/gpu/flavorLoader';
import type { ProjectRegion } from '../../src/models/projectRegion';
import { start, type Emulator, type Fault } from '../emulator/server';
import { BENCH_API_KEY, benchClient, flavorsPath } from './bench-client';
import type { Figure } from './bench-table';
import { median, peakOverlap } from './sample-statistics';

const AREA = 'Round trips (50 ms latency)';
const LATENCY_MS = 50;
const SEQUENTIAL_REQUESTS = 1_000;
const LOCATION_COUNT = 50;
/** The cap, not the loader's constant: the benchmark must notice if the code's limit drifts. */
const MAX_IN_FLIGHT = 6;
const REFRESH_BUDGET_MS = 1.25 * Math.ceil(LOCATION_COUNT / MAX_IN_FLIGHT) * LATENCY_MS;
const REFRESH_RUNS = 5;
const FAULT_RUNS = 5;
const SLOW_DELAY_MS = 2_000;
const EXPAND_COLLAPSE_CYCLES = 10;
const FILTERS: FlavorFilters = { hideDisabled: true, includePrices: false };

const LOCATIONS: ProjectRegion[] = Array.from({ length: LOCATION_COUNT }, (_, index) => ({ projectId: 1, regionId: index + 1 }));
/** The first location: its request is among the first six, so it holds a slot from the start (the worst case). */
const TROUBLED = LOCATIONS[0];

interface RefreshRun {
  elapsedMs: number;
  /** When each location's load settled, in ms from the start, by regionId. */
  settledAtMs: Map<number, number>;
  loads: Map<number, FlavorLoad>;
  peakInFlight: number;
}

/** A cold start of the tree's loader: a new client (new connections) and an empty cache, every location at once. */
async function refreshAllLocations(emulator: Emulator): Promise<RefreshRun> {
  const client = benchClient(emulator);
  const loader = new FlavorLoader(client.gpu, () => FILTERS);
  const firstRequest = emulator.requests.length;
  const settledAtMs = new Map<number, number>();
  const loads = new Map<number, FlavorLoad>();
  const started = performance.now();
  try {
    await Promise.all(
      LOCATIONS.map(async (location) => {
        loads.set(location.regionId, await loader.load(location));
        settledAtMs.set(location.regionId, performance.now() - started);
      }),
    );
  } finally {
    client.dispose();
  }
  const elapsedMs = performance.now() - started;
  return { elapsedMs, settledAtMs, loads, peakInFlight: peakOverlap(emulator.requests.slice(firstRequest)) };
}

async function connectionsForSequentialRequests(emulator: Emulator): Promise<number> {
  const client = benchClient(emulator);
  const before = emulator.connectionCount;
  try {
    for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) await client.gpu.listFlavors({ projectId: 1, regionId: 1, ...FILTERS });
  } finally {
    client.dispose();
  }
  return emulator.connectionCount - before;
}

/** The time by which every location but the troubled one had settled, and whether each ended as it should. */
async function refreshWithFault(
  emulator: Emulator,
  fault: Fault,
  expected: FlavorLoad['state'],
): Promise<{ othersMs: number; rightStates: boolean }> {
  emulator.clearFaults();
  emulator.inject(fault);
  try {
    const run = await refreshAllLocations(emulator);
    const others = LOCATIONS.filter((location) => location !== TROUBLED);
    const othersMs = Math.max(...others.map((location) => run.settledAtMs.get(location.regionId) ?? Infinity));
    const rightStates =
      run.loads.get(TROUBLED.regionId)?.state === expected &&
      others.every((location) => run.loads.get(location.regionId)?.state === 'loaded');
    return { othersMs, rightStates };
  } finally {
    emulator.clearFaults();
  }
}

interface CacheRequests {
  twoAtOnce: number;
  expandCollapse: number;
  explicitRefresh: number;
}

/**
 * The tree asks the loader for a location's children on every expand; a Refresh invalidates first. Two
 * refreshes racing therefore reach the loader as two loads after an invalidation.
 */
async function requestsOfCachedLoads(emulator: Emulator): Promise<CacheRequests> {
  const client = benchClient(emulator);
  const loader = new FlavorLoader(client.gpu, () => FILTERS);
  const location = LOCATIONS[1];
  const sent = async (action: () => Promise<unknown>): Promise<number> => {
    const before = emulator.requests.length;
    await action();
    return emulator.requests.length - before;
  };
  try {
    await loader.load(location);
    const twoAtOnce = await sent(async () => {
      loader.invalidate(location);
      loader.invalidate(location);
      await Promise.all([loader.load(location), loader.load(location)]);
    });
    const expandCollapse = await sent(async () => {
      for (let i = 0; i < EXPAND_COLLAPSE_CYCLES; i++) await loader.load(location);
    });
    const explicitRefresh = await sent(async () => {
      loader.invalidate(location);
      await loader.load(location);
    });
    return { twoAtOnce, expandCollapse, explicitRefresh };
  } finally {
    client.dispose();
  }
}

/** Plain Node: the extension's client and the tree's loader against the emulator with 50 ms added to every request. */
export async function measureRoundTrips(progress: (message: string) => void): Promise<Figure[]> {
  const emulator = await start({ apiKey: BENCH_API_KEY, latencyMs: LATENCY_MS });
  try {
    progress(`${SEQUENTIAL_REQUESTS} sequential requests (about ${(SEQUENTIAL_REQUESTS * LATENCY_MS) / 1000} s)`);
    const connections = await connectionsForSequentialRequests(emulator);

    progress(`${LOCATION_COUNT} locations refreshed together, ${REFRESH_RUNS} runs`);
    const runs: RefreshRun[] = [];
    for (let i = 0; i < REFRESH_RUNS; i++) runs.push(await refreshAllLocations(emulator));
    const allLoaded = runs.every((run) => [...run.loads.values()].every((load) => load.state === 'loaded'));

    progress(`one location ${SLOW_DELAY_MS / 1000} s late, then one failing, ${FAULT_RUNS} runs each`);
    const troubledPath = flavorsPath(TROUBLED);
    const slow = [];
    const failing = [];
    for (let i = 0; i < FAULT_RUNS; i++) {
      slow.push(await refreshWithFault(emulator, { path: troubledPath, delayMs: SLOW_DELAY_MS }, 'loaded'));
      // Enough times that every retry of the client fails too.
      failing.push(await refreshWithFault(emulator, { path: troubledPath, status: 500, times: 10 }, 'failed'));
    }
    const rightStates = [...slow, ...failing].every((run) => run.rightStates);

    const cached = await requestsOfCachedLoads(emulator);

    const figure = (
      name: string,
      value: number,
      unit: Figure['unit'],
      rule: Figure['rule'],
      budget: number,
      samples?: number[],
    ): Figure => ({
      area: AREA,
      name,
      value,
      unit,
      rule,
      budget,
      samples,
    });
    const elapsed = runs.map((run) => run.elapsedMs);
    const slowOthers = slow.map((run) => run.othersMs);
    const failingOthers = failing.map((run) => run.othersMs);
    return [
      figure(
        `connections opened by ${SEQUENTIAL_REQUESTS.toLocaleString('en-US')} sequential requests`,
        connections,
        'connections',
        'atMost',
        1,
      ),
      figure(
        `${LOCATION_COUNT} locations refreshed together (median of ${REFRESH_RUNS})`,
        median(elapsed),
        'ms',
        'atMost',
        REFRESH_BUDGET_MS,
        elapsed,
      ),
      figure(
        'requests in flight at once (peak of all runs)',
        Math.max(...runs.map((run) => run.peakInFlight)),
        'requests',
        'atMost',
        MAX_IN_FLIGHT,
      ),
      figure(`every location loaded in every run`, allLoaded ? 1 : 0, 'yes/no', 'exactly', 1),
      figure(
        `one location ${SLOW_DELAY_MS / 1000} s late: the other ${LOCATION_COUNT - 1} ready (median of ${FAULT_RUNS})`,
        median(slowOthers),
        'ms',
        'atMost',
        REFRESH_BUDGET_MS,
        slowOthers,
      ),
      figure(
        `one location failing (HTTP 500): the other ${LOCATION_COUNT - 1} ready (median of ${FAULT_RUNS})`,
        median(failingOthers),
        'ms',
        'atMost',
        REFRESH_BUDGET_MS,
        failingOthers,
      ),
      figure('late one loaded, failing one failed, the others loaded', rightStates ? 1 : 0, 'yes/no', 'exactly', 1),
      figure('requests for two refreshes of one location at once', cached.twoAtOnce, 'requests', 'exactly', 1),
      figure(
        `requests for ${EXPAND_COLLAPSE_CYCLES} expand/collapse cycles of a loaded location`,
        cached.expandCollapse,
        'requests',
        'exactly',
        0,
      ),
      figure('requests for an explicit Refresh of a loaded location', cached.explicitRefresh, 'requests', 'exactly', 1),
    ];
  } finally {
    await emulator.close();
  }
}
