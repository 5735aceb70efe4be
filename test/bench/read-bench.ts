import { start } from '../emulator/server';
import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import { emulatorProbeRun, type HostSessions } from './host-session';
import type { PackagedExtension } from './packaged-extension';
import type { ProjectRegionRef, ReadProbeInput, ReadProbeResult } from './probe-contract';
import { median } from './sample-statistics';

const AREA = 'Reading what exists';
const REUSE_CONTAINERS = 2_500;
/** The API's largest page of containers (its `limit` cap). */
const CONTAINER_PAGE = 1_000;
const LATENCY_MS = 50;
const WIDE_LOCATIONS: ProjectRegionRef[] = Array.from({ length: 50 }, (_, index) => ({ projectId: 1, regionId: index + 1 }));
const CONTAINERS_PER_LOCATION = 200;
/** The cap on reads in flight, not the loader's constant: the benchmark must notice if the code's limit drifts. */
const MAX_IN_FLIGHT = 6;
const ZONES = 10_000;
const ROUNDS = 7;
const PROBE_TIMEOUT_MS = 5 * 60_000;

/**
 * One fresh code-server: request counts of the container list and its reuse by the update prompt, 50
 * locations of containers expanded at once at 50 ms latency, and 10,000 zones rendered after their last page.
 */
export async function measureReads(
  sessions: HostSessions,
  packaged: PackagedExtension,
  progress: (message: string) => void,
): Promise<Figure[]> {
  const wide = await start({ apiKey: BENCH_API_KEY, latencyMs: LATENCY_MS, containersPerLocation: CONTAINERS_PER_LOCATION });
  try {
    const input: Omit<ReadProbeInput, 'resultFile'> = {
      apiKey: BENCH_API_KEY,
      reuse: { location: { projectId: 1, regionId: 1 }, containers: REUSE_CONTAINERS },
      wide: { emulatorUrl: wide.url, locations: WIDE_LOCATIONS, warmupRounds: 2, rounds: ROUNDS },
      zones: { count: ZONES, warmupRounds: 2, rounds: ROUNDS },
    };
    const result = await sessions.run<ReadProbeResult>(emulatorProbeRun(packaged.extensionDir, 'read-probe', input, PROBE_TIMEOUT_MS));
    const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    progress(
      `containers: ${result.reuse.containerRows} rows; list requests on open ${result.reuse.listRequestsOnOpen}, for the prompt ${result.reuse.listRequestsForPrompt}, after a change ${result.reuse.listRequestsAfterChange}`,
    );
    progress(
      `50 × 200 containers at ${LATENCY_MS} ms: ${result.wide.rows} rows; by round ${list(result.wide.elapsedMs)} ms; ` +
        `one bare round trip ${result.wide.roundTripMs.map((ms) => ms.toFixed(1)).join(', ')} ms`,
    );
    progress(
      `${ZONES.toLocaleString('en-US')} zones in ${result.zones.pageRequests} pages: rows after the last page by round ${list(result.zones.afterLastPageMs)} ms; ` +
        `from Refresh ${list(result.zones.totalMs)} ms`,
    );
    const roundTrips = Math.ceil(WIDE_LOCATIONS.length / MAX_IN_FLIGHT);
    // A round trip is the latency and what the server takes to answer: the ideal is that many of the bare
    // requests measured beside each round. The latency alone is shown too, with no budget.
    const wideRatios = result.wide.elapsedMs.map((ms, round) => ms / (roundTrips * result.wide.roundTripMs[round]));
    const overLatency = result.wide.elapsedMs.map((ms) => ms / (roundTrips * LATENCY_MS));
    return [
      {
        area: AREA,
        name: `container list requests when a location of ${REUSE_CONTAINERS.toLocaleString('en-US')} containers is opened (one per ${CONTAINER_PAGE.toLocaleString('en-US')})`,
        value: result.reuse.listRequestsOnOpen,
        unit: 'requests',
        rule: 'exactly',
        budget: Math.ceil(REUSE_CONTAINERS / CONTAINER_PAGE),
      },
      {
        area: AREA,
        name: 'container rows shown for that location',
        value: result.reuse.containerRows,
        unit: 'containers',
        rule: 'exactly',
        budget: REUSE_CONTAINERS,
      },
      {
        area: AREA,
        name: 'container list requests when Update Container opens on a row of the list just shown',
        value: result.reuse.listRequestsForPrompt,
        unit: 'requests',
        rule: 'exactly',
        budget: 0,
      },
      {
        area: AREA,
        name: 'container list requests when the location is opened again after an update made here (one page per 1,000)',
        value: result.reuse.listRequestsAfterChange,
        unit: 'requests',
        rule: 'exactly',
        budget: Math.ceil(REUSE_CONTAINERS / CONTAINER_PAGE),
      },
      {
        area: AREA,
        name: `50 locations × 200 containers expanded at once, ${LATENCY_MS} ms latency: time to every row ÷ ${roundTrips} bare round trips (${wideRatios.length} rounds)`,
        value: median(wideRatios),
        samples: wideRatios,
        unit: 'ratio',
        rule: 'atMost',
        budget: 1.25,
      },
      {
        area: AREA,
        name: `the same ÷ ${roundTrips} × the ${LATENCY_MS} ms latency alone (the server's own time counted against the extension)`,
        value: median(overLatency),
        samples: overLatency,
        unit: 'ratio',
        rule: 'report',
        budget: Number.NaN,
      },
      {
        area: AREA,
        name: 'container rows shown for the 50 locations',
        value: result.wide.rows,
        unit: 'containers',
        rule: 'exactly',
        budget: WIDE_LOCATIONS.length * CONTAINERS_PER_LOCATION,
      },
      {
        area: AREA,
        name: `${ZONES.toLocaleString('en-US')} zones of the account: rows rendered after the last page arrived (${result.zones.afterLastPageMs.length} rounds)`,
        value: median(result.zones.afterLastPageMs),
        samples: result.zones.afterLastPageMs,
        unit: 'ms',
        rule: 'atMost',
        budget: 100,
      },
      { area: AREA, name: 'zone rows shown', value: result.zones.zoneRows, unit: 'zones', rule: 'exactly', budget: ZONES },
    ];
  } finally {
    await wide.close();
  }
}
