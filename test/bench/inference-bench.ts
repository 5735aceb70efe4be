import { performance } from 'node:perf_hooks';
import { start, type RecordedRequest } from '../emulator/server';
import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import { emulatorProbeRun, type HostSessions } from './host-session';
import type { PackagedExtension } from './packaged-extension';
import type { InferenceProbeInput, InferenceProbeResult } from './probe-contract';
import { roundsOf } from './poll-rounds';
import { median } from './sample-statistics';

const AREA = 'Inference deployments (50 ms latency)';
const LATENCY_MS = 50;
/** Three of the emulator's projects, each named once (a region of each; the tree shows a project once). */
const LOCATIONS: InferenceProbeInput['locations'] = [
  { projectId: 1, regionId: 76 },
  { projectId: 482, regionId: 76 },
  { projectId: 7, regionId: 76 },
];
const DEPLOYMENTS_PER_PROJECT = 200;
/** The tree's cap on reads in flight: three lists of one page each are one round trip. */
const MAX_IN_FLIGHT = 6;
/** How often a project with a moving deployment is read again (the section's 5 s). */
const POLL_SECONDS = 5;
const MOVING_PROJECTS = [1, 482];
const ROUNDS = 7;
const PROBE_TIMEOUT_MS = 5 * 60_000;

function isDeploymentListRead(request: RecordedRequest): boolean {
  return request.method === 'GET' && /^\/cloud\/v3\/inference\/\d+\/deployments$/.test(request.path);
}

/**
 * One fresh code-server against an emulator in this process, with 50 ms latency and 200 deployments in each of
 * three projects: every Deployments row expanded at once, then the polls with nothing moving and with a deployment
 * restarting in two projects. The emulator counts the requests; the probe's wall-clock windows say which are whose.
 */
export async function measureInferenceDeployments(
  sessions: HostSessions,
  packaged: PackagedExtension,
  progress: (message: string) => void,
): Promise<Figure[]> {
  // A restarted deployment stays DEPLOYING for the whole watch.
  const emulator = await start({
    apiKey: BENCH_API_KEY,
    latencyMs: LATENCY_MS,
    inferenceDeploymentsPerProject: DEPLOYMENTS_PER_PROJECT,
    inferenceTimings: { deployMs: 10 * 60_000 },
  });
  try {
    const input: Omit<InferenceProbeInput, 'resultFile'> = {
      apiKey: BENCH_API_KEY,
      emulatorUrl: emulator.url,
      locations: LOCATIONS,
      warmupRounds: 2,
      rounds: ROUNDS,
      quietSeconds: 3 * POLL_SECONDS,
      movingProjects: MOVING_PROJECTS,
      movingSeconds: 4 * POLL_SECONDS,
    };
    const result = await sessions.run<InferenceProbeResult>(
      emulatorProbeRun(packaged.extensionDir, 'inference-probe', input, PROBE_TIMEOUT_MS),
    );
    const wallClock = (request: RecordedRequest) => performance.timeOrigin + request.receivedAtMs;
    const readsIn = (window: { from: number; to: number }) =>
      emulator.requests.filter(
        (request) => isDeploymentListRead(request) && wallClock(request) >= window.from && wallClock(request) <= window.to,
      );
    const firstRowRequests = result.windows.map((window) => readsIn(window).length);
    const requests = Math.max(...firstRowRequests);
    const roundTrips = Math.ceil(requests / MAX_IN_FLIGHT);
    const ratios = result.elapsedMs.map((ms, round) => ms / (roundTrips * result.roundTripMs[round]));
    const quiet = readsIn(result.quiet).length;
    const pollRounds = roundsOf(readsIn(result.moving).map(wallClock));
    progress(
      `Inference: ${result.deploymentRows} rows; requests per round ${firstRowRequests.join(', ')}; by round ${result.elapsedMs.map((ms) => ms.toFixed(0)).join(', ')} ms; ` +
        `one bare round trip ${result.roundTripMs.map((ms) => ms.toFixed(1)).join(', ')} ms; first expansion after the start ${result.cold.ms.toFixed(0)} ms`,
    );
    progress(
      `Inference polls: ${quiet} requests in ${input.quietSeconds} s with nothing moving; with ${result.moving.deployments} deployments moving, requests per round ${pollRounds.join(', ')}`,
    );
    return [
      {
        area: AREA,
        name: `requests for the first deployment rows of 3 projects × ${DEPLOYMENTS_PER_PROJECT} (most of ${firstRowRequests.length} rounds)`,
        value: requests,
        samples: firstRowRequests,
        unit: 'requests',
        rule: 'atMost',
        budget: LOCATIONS.length,
      },
      {
        area: AREA,
        name: `3 projects' Deployments rows expanded at once: time to every deployment row ÷ ${roundTrips} round trip of node-fetch as sent (${ratios.length} rounds)`,
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
        name: 'the first expansion after the start, which also loads the area’s rows (dist/features.js)',
        value: result.cold.ms,
        unit: 'ms',
        rule: 'report',
        budget: Number.NaN,
      },
      {
        area: AREA,
        name: 'deployment rows shown for the 3 projects',
        value: result.deploymentRows,
        unit: 'deployments',
        rule: 'exactly',
        budget: LOCATIONS.length * DEPLOYMENTS_PER_PROJECT,
      },
      {
        area: AREA,
        name: `requests in ${input.quietSeconds} s with every Deployments row shown and nothing moving`,
        value: quiet,
        unit: 'requests',
        rule: 'exactly',
        budget: 0,
      },
      {
        area: AREA,
        name: `requests per poll round, a deployment restarting in ${MOVING_PROJECTS.length} projects (most of ${pollRounds.length} rounds)`,
        value: pollRounds.length > 0 ? Math.max(...pollRounds) : Number.NaN,
        samples: pollRounds,
        unit: 'requests',
        rule: 'atMost',
        budget: MOVING_PROJECTS.length,
      },
    ];
  } finally {
    await emulator.close();
  }
}
