import { LARGE_ZONE_NAME, start } from '../emulator/server';
import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import { emulatorProbeRun, type HostSessions } from './host-session';
import type { PackagedExtension } from './packaged-extension';
import type { RecordProbeInput, RecordProbeResult } from './probe-contract';
import { median } from './sample-statistics';

const AREA = 'Big data in the tree';
const RECORD_SETS = 10_000;
const BYTES_PER_MB = 1024 * 1024;
const PROBE_TIMEOUT_MS = 5 * 60_000;

/** One fresh code-server: a zone of 10,000 record sets expanded again and again, against the same answer fetched bare. */
export async function measureRecordSets(
  sessions: HostSessions,
  packaged: PackagedExtension,
  progress: (message: string) => void,
): Promise<Figure[]> {
  const emulator = await start({ apiKey: BENCH_API_KEY, recordSetsInZone: RECORD_SETS });
  try {
    const input: Omit<RecordProbeInput, 'resultFile'> = {
      apiKey: BENCH_API_KEY,
      emulatorUrl: emulator.url,
      zoneName: LARGE_ZONE_NAME,
      rounds: 7,
      pairsPerRound: 15,
      warmupPairs: 3,
    };
    const result = await sessions.run<RecordProbeResult>(emulatorProbeRun(packaged.extensionDir, 'record-probe', input, PROBE_TIMEOUT_MS));
    // The extension's requests carry its User-Agent; the bare fetches send none.
    const extensionLists = emulator.requests.filter(
      (request) => request.path === `/dns/v2/zones/${LARGE_ZONE_NAME}/rrsets` && request.headers['user-agent']?.startsWith('gcore-vscode/'),
    );
    const megabytes = (bytes: number) => (bytes / BYTES_PER_MB).toFixed(1);
    progress(
      `${RECORD_SETS.toLocaleString('en-US')} record sets: expanded again ${result.extensionMedianMs.toFixed(1)} ms, bare fetch ${result.bareMedianMs.toFixed(1)} ms (medians); ` +
        `round ratios ${result.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; heap while shown ${megabytes(result.heapShownBytes)} MB, ` +
        `the bare answer kept parsed ${megabytes(result.heapBareBytes)} MB; ${extensionLists.length} list requests for ${result.expansions} expansions`,
    );
    return [
      {
        area: AREA,
        name: `list requests per expansion of a zone of ${RECORD_SETS.toLocaleString('en-US')} record sets (all=true)`,
        value: extensionLists.length / result.expansions,
        unit: 'requests',
        rule: 'exactly',
        budget: 1,
      },
      {
        area: AREA,
        name: `${RECORD_SETS.toLocaleString('en-US')}-set zone: expansion to TreeItems ÷ bare fetch + JSON.parse (median of ${result.ratios.length} rounds)`,
        value: median(result.ratios),
        samples: result.ratios,
        unit: 'ratio',
        rule: 'atMost',
        budget: 1.5,
      },
      {
        area: AREA,
        name: 'record set rows shown for that zone',
        value: result.setRows,
        unit: 'record sets',
        rule: 'exactly',
        budget: RECORD_SETS,
      },
      {
        area: AREA,
        name: 'heap held while that zone is shown ÷ its answer kept parsed, after GC',
        value: result.heapShownBytes / result.heapBareBytes,
        unit: 'ratio',
        rule: 'atMost',
        budget: 3,
      },
    ];
  } finally {
    await emulator.close();
  }
}
