import { start } from '../emulator/server';
import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import { emulatorProbeRun, type HostSessions } from './host-session';
import type { PackagedExtension } from './packaged-extension';
import type { ProjectRegionRef, TreeProbeInput, TreeProbeResult } from './probe-contract';
import { median } from './sample-statistics';

const BIG_FLAVOR_COUNT = 5_000;
/** The emulator's (and the real API's) maximum `limit`. */
const API_PAGE_SIZE = 1_000;
const LEAK_LOCATIONS: ProjectRegionRef[] = Array.from({ length: 10 }, (_, index) => ({ projectId: 1, regionId: index + 1 }));
const LEAK_REFRESHES = 1_000;
const BYTES_PER_MB = 1024 * 1024;
const PROBE_TIMEOUT_MS = 6 * 60_000;

/** One fresh code-server: the 5,000-flavor location against a bare fetch, then the whole tree refreshed 1,000 times. */
export async function measureTree(
  sessions: HostSessions,
  packaged: PackagedExtension,
  progress: (message: string) => void,
): Promise<Figure[]> {
  const big = await start({ apiKey: BENCH_API_KEY, flavorsPerLocation: BIG_FLAVOR_COUNT });
  const normal = await start({ apiKey: BENCH_API_KEY });
  try {
    const input: Omit<TreeProbeInput, 'resultFile'> = {
      apiKey: BENCH_API_KEY,
      big: {
        emulatorUrl: big.url,
        location: { projectId: 1, regionId: 1 },
        pageSize: API_PAGE_SIZE,
        rounds: 9,
        pairsPerRound: 15,
        warmupPairs: 4,
      },
      leak: { emulatorUrl: normal.url, locations: LEAK_LOCATIONS, warmupRefreshes: 50, refreshes: LEAK_REFRESHES, sampleEvery: 100 },
    };
    const result = await sessions.run<TreeProbeResult>(emulatorProbeRun(packaged.extensionDir, 'tree-probe', input, PROBE_TIMEOUT_MS));
    const refreshesDone = input.leak.warmupRefreshes + input.leak.refreshes;
    const { heapBeforeBytes, heapAfterBytes, heapSamplesBytes } = result.leak;
    const megabytes = (bytes: number) => (bytes / BYTES_PER_MB).toFixed(1);
    progress(
      `5,000 flavors: extension refresh ${result.big.extensionMedianMs.toFixed(1)} ms, bare fetch of ${result.big.barePages} pages ` +
        `${result.big.bareMedianMs.toFixed(1)} ms, bare fetch of the extension's one request ${result.big.bareSingleRequestMedianMs.toFixed(1)} ms ` +
        `(medians); round ratios ${result.big.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}`,
    );
    progress(
      `leak: retained heap ${megabytes(heapBeforeBytes)} → ${megabytes(heapAfterBytes)} MB; after GC every ${input.leak.sampleEvery} refreshes ` +
        `${heapSamplesBytes.map(megabytes).join(', ')} MB ` +
        `(gc via ${result.leak.gcSource}), ${(normal.requests.length / refreshesDone).toFixed(1)} requests per whole-tree refresh`,
    );
    return [
      {
        area: 'Big data in the tree',
        name: `5,000-flavor location: Refresh to TreeItems ÷ bare fetch + JSON.parse (median of ${result.big.ratios.length} rounds)`,
        value: median(result.big.ratios),
        samples: result.big.ratios,
        unit: 'ratio',
        rule: 'atMost',
        budget: 1.5,
      },
      {
        area: 'Big data in the tree',
        name: 'flavor rows shown for the 5,000-flavor location',
        value: result.big.flavorRows,
        unit: 'flavors',
        rule: 'exactly',
        budget: BIG_FLAVOR_COUNT,
      },
      {
        area: 'No leak',
        name: `heap growth after ${LEAK_REFRESHES.toLocaleString('en-US')} whole-tree refreshes (${LEAK_LOCATIONS.length} locations), after GC`,
        value: (heapAfterBytes - heapBeforeBytes) / BYTES_PER_MB,
        unit: 'MB',
        rule: 'atMost',
        budget: 5,
      },
    ];
  } finally {
    await big.close();
    await normal.close();
  }
}
