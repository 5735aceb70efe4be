import { performance } from 'node:perf_hooks';
import { start, type RecordedRequest } from '../emulator/server';
import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import { emulatorProbeRun, type HostSessions } from './host-session';
import type { PackagedExtension } from './packaged-extension';
import type { GpuProbeInput, GpuProbeResult, ProjectRegionRef } from './probe-contract';
import { roundsOf } from './poll-rounds';
import { median } from './sample-statistics';

const AREA = 'GPU clusters (50 ms latency)';
const LATENCY_MS = 50;
const LOCATIONS: ProjectRegionRef[] = Array.from({ length: 50 }, (_, index) => ({ projectId: 1, regionId: index + 1 }));
const CLUSTERS_PER_LOCATION = 20;
/** The cap on reads in flight, not the loader's constant: the benchmark must notice if the code's limit drifts. */
const MAX_IN_FLIGHT = 6;
/** How often a location with a moving cluster is read again (the design's 5 s). */
const POLL_SECONDS = 5;
/** Five clusters set moving, in three locations: a round may read each of those locations, no more. */
const MOVING: GpuProbeInput['moving'] = [
  { location: { projectId: 1, regionId: 1 }, clusters: 2 },
  { location: { projectId: 1, regionId: 2 }, clusters: 2 },
  { location: { projectId: 1, regionId: 3 }, clusters: 1 },
];
const ROUNDS = 7;
const PROBE_TIMEOUT_MS = 5 * 60_000;

/** The requests a cluster row's reads send: the cluster lists of both kinds and the location's active tasks. */
function isClusterRead(request: RecordedRequest): boolean {
  return request.method === 'GET' && (/^\/cloud\/v3\/gpu\/[^/]+\/\d+\/\d+\/clusters$/.test(request.path) || /\/active$/.test(request.path));
}

/**
 * One fresh code-server against an emulator in this process, with 50 ms latency and 20 clusters in each of
 * 50 locations: the first cluster rows of every location at once, then the polls with nothing moving and with
 * five clusters moving. The emulator counts the requests; the probe's wall-clock windows say which are whose.
 */
export async function measureGpuClusters(
  sessions: HostSessions,
  packaged: PackagedExtension,
  progress: (message: string) => void,
): Promise<Figure[]> {
  const emulator = await start({ apiKey: BENCH_API_KEY, latencyMs: LATENCY_MS, gpuClustersPerLocation: CLUSTERS_PER_LOCATION });
  try {
    const input: Omit<GpuProbeInput, 'resultFile'> = {
      apiKey: BENCH_API_KEY,
      emulatorUrl: emulator.url,
      locations: LOCATIONS,
      warmupRounds: 2,
      rounds: ROUNDS,
      quietSeconds: 3 * POLL_SECONDS,
      moving: MOVING,
      movingSeconds: 4 * POLL_SECONDS,
    };
    const result = await sessions.run<GpuProbeResult>(emulatorProbeRun(packaged.extensionDir, 'gpu-probe', input, PROBE_TIMEOUT_MS));
    const wallClock = (request: RecordedRequest) => performance.timeOrigin + request.receivedAtMs;
    const readsIn = (window: { from: number; to: number }) =>
      emulator.requests.filter((request) => isClusterRead(request) && wallClock(request) >= window.from && wallClock(request) <= window.to);
    const firstRowRequests = result.windows.map((window) => readsIn(window).length);
    const requests = Math.max(...firstRowRequests);
    const roundTrips = Math.ceil(requests / MAX_IN_FLIGHT);
    const ratios = result.elapsedMs.map((ms, round) => ms / (roundTrips * result.roundTripMs[round]));
    const quiet = readsIn(result.quiet).length;
    const pollRounds = roundsOf(readsIn(result.moving).map(wallClock));
    progress(
      `GPU clusters: ${result.clusterRows} rows; requests per round ${firstRowRequests.join(', ')}; by round ${result.elapsedMs.map((ms) => ms.toFixed(0)).join(', ')} ms; ` +
        `one bare round trip ${result.roundTripMs.map((ms) => ms.toFixed(1)).join(', ')} ms; first expansion after the start ${result.cold.ms.toFixed(0)} ms`,
    );
    progress(
      `GPU polls: ${quiet} requests in ${input.quietSeconds} s with nothing moving; with ${result.moving.clusters} clusters moving, requests per round ${pollRounds.join(', ')}`,
    );
    return [
      {
        area: AREA,
        name: `requests for the first cluster rows of 50 locations × ${CLUSTERS_PER_LOCATION} clusters (both kinds' lists and the active tasks; most of ${firstRowRequests.length} rounds)`,
        value: requests,
        samples: firstRowRequests,
        unit: 'requests',
        rule: 'atMost',
        budget: LOCATIONS.length * 3,
      },
      {
        area: AREA,
        name: `50 locations' Clusters rows expanded at once: time to every cluster row ÷ ${roundTrips} round trips of node-fetch as sent (${ratios.length} rounds)`,
        value: median(ratios),
        samples: ratios,
        unit: 'ratio',
        rule: 'atMost',
        budget: 1.25,
      },
      {
        area: AREA,
        name: 'the same, in ms',
        value: median(result.elapsedMs),
        samples: result.elapsedMs,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      },
      {
        area: AREA,
        name: 'the first expansion after the start, which also loads the clusters’ code (dist/features.js)',
        value: result.cold.ms,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      },
      {
        area: AREA,
        name: 'cluster rows shown for the 50 locations',
        value: result.clusterRows,
        unit: 'clusters',
        rule: 'exactly',
        budget: LOCATIONS.length * CLUSTERS_PER_LOCATION,
      },
      {
        area: AREA,
        name: `requests in ${input.quietSeconds} s with every Clusters row shown and nothing moving`,
        value: quiet,
        unit: 'requests',
        rule: 'exactly',
        budget: 0,
      },
      {
        area: AREA,
        name: `requests per poll round, ${result.moving.clusters} clusters moving in ${MOVING.length} locations (most of ${pollRounds.length} rounds)`,
        value: pollRounds.length > 0 ? Math.max(...pollRounds) : Number.NaN,
        samples: pollRounds,
        unit: 'requests',
        rule: 'atMost',
        budget: MOVING.length,
      },
    ];
  } finally {
    await emulator.close();
  }
}
