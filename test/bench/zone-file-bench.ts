import { performance } from 'node:perf_hooks';
import { applyRecordSetChanges, RECORD_SET_WRITES_IN_FLIGHT } from '../../src/writes/dns/recordSetBatch';
import { planZoneFile } from '../../src/models/dns/zoneFileChanges';
import { readZoneFileSets } from '../../src/models/dns/zoneFileDocument';
import { start } from '../emulator/server';
import { BENCH_API_KEY, benchClient } from './bench-client';
import type { Figure } from './bench-table';

const AREA = 'Zone files (50 ms latency)';
const LATENCY_MS = 50;
const RECORD_SETS = 5_000;
const ZONE = 'import.example';
/** The floor of applying: every set is one request, RECORD_SET_WRITES_IN_FLIGHT at a time, each a round trip. */
const APPLY_FLOOR_MS = Math.ceil(RECORD_SETS / RECORD_SET_WRITES_IN_FLIGHT) * LATENCY_MS;
/** Reading the zone's sets is one round trip; the rest (reading the file, planning) is the extension's own work. */
const REVIEW_BUDGET_MS = 1_000;

/** Another provider's export of a zone of `count` sets: A sets, one in ten an MX, one in ten a TXT. */
function exportedZoneFile(count: number): string {
  const lines = [`$ORIGIN ${ZONE}.`, '$TTL 3600'];
  for (let index = 0; index < count; index++) {
    const name = `host-${String(index).padStart(5, '0')}`;
    if (index % 10 === 1) lines.push(`${name} 3600 IN MX 10 mail.${ZONE}.`, `${name} 3600 IN MX 20 backup.${ZONE}.`);
    else if (index % 10 === 2) lines.push(`${name} 300 IN TXT "v=spf1 include:_spf.${ZONE} ~all"`);
    else lines.push(`${name} 300 IN A 10.${(index >> 16) & 0xff}.${(index >> 8) & 0xff}.${index & 0xff}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Importing a zone file of 5,000 record sets into an empty zone, as Import Zone File does it, against the
 * emulator 50 ms away: the requests sent (one per set and the one read), the time to the review (read the
 * file, read the zone's sets, plan), and the time to apply with the extension's requests in flight.
 */
export async function measureZoneFileImport(progress: (message: string) => void): Promise<Figure[]> {
  const emulator = await start({ apiKey: BENCH_API_KEY, latencyMs: LATENCY_MS });
  const client = benchClient(emulator);
  try {
    await client.dns.createZone({ name: ZONE });
    const text = exportedZoneFile(RECORD_SETS);
    emulator.requests.length = 0;
    const started = performance.now();
    const reading = readZoneFileSets(text, ZONE);
    if (reading.problems.length > 0) {
      throw new Error(`the generated zone file does not read: line ${reading.problems[0].line}: ${reading.problems[0].message}`);
    }
    const atGcore = (await client.dns.listRecords(ZONE)).rrsets;
    const plan = planZoneFile(ZONE, atGcore, reading.sets, { deleteMissing: false });
    const reviewMs = performance.now() - started;
    const applyStarted = performance.now();
    await applyRecordSetChanges(client.dns, ZONE, plan.changes);
    const applyMs = performance.now() - applyStarted;
    const writes = emulator.requests.filter((request) => request.method === 'PUT').length;
    const reads = emulator.requests.filter((request) => request.method === 'GET').length;
    const stored = emulator.zone(ZONE)?.rrsets.all().length ?? 0;
    progress(
      `${RECORD_SETS.toLocaleString('en-US')}-set import: review after ${reviewMs.toFixed(0)} ms (${reads} read), applied in ${(applyMs / 1000).toFixed(1)} s ` +
        `with ${writes} PUTs, ${RECORD_SET_WRITES_IN_FLIGHT} in flight (floor ${(APPLY_FLOOR_MS / 1000).toFixed(1)} s); the zone holds ${stored} sets`,
    );
    return [
      {
        area: AREA,
        name: `requests to import ${RECORD_SETS.toLocaleString('en-US')} record sets into an empty zone (one read, one PUT per set)`,
        value: reads + writes,
        unit: 'requests',
        rule: 'exactly',
        budget: RECORD_SETS + 1,
      },
      {
        area: AREA,
        name: 'time to the review: read the file, read the zone, plan',
        value: reviewMs,
        unit: 'ms',
        rule: 'atMost',
        budget: REVIEW_BUDGET_MS,
      },
      {
        area: AREA,
        name: `time to apply, ${RECORD_SET_WRITES_IN_FLIGHT} requests in flight (floor ${(APPLY_FLOOR_MS / 1000).toFixed(2)} s: ${RECORD_SETS.toLocaleString('en-US')} ÷ ${RECORD_SET_WRITES_IN_FLIGHT} round trips)`,
        value: applyMs,
        unit: 'ms',
        rule: 'atMost',
        budget: 1.25 * APPLY_FLOOR_MS,
      },
    ];
  } finally {
    client.dispose();
    await emulator.close();
  }
}
