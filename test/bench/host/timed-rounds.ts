import { performance } from 'node:perf_hooks';
import { createGuardedAgents } from '../../../src/api/http/attemptGuard';
import { fetchJsonAsSent } from '../fetch-as-sent';
import { median } from '../sample-statistics';

const ROUND_TRIP_SAMPLES = 3;

export interface TimedRound {
  ms: number;
  rows: number;
  from: number;
  to: number;
}

export interface TimedRounds {
  elapsedMs: number[];
  /** Per round: the median of the bare round trips timed just before and just after it. */
  roundTripMs: number[];
  windows: { from: number; to: number }[];
  rows: number;
}

/**
 * Rounds of `expand` (warm-up rounds first, not kept), each beside its floor: one node-fetch GET of `listUrl`, sent
 * as the extension must send every request, three times just before and three times just after the round.
 */
export async function timedRounds(
  listUrl: string,
  warmupRounds: number,
  rounds: number,
  expand: () => Promise<TimedRound>,
): Promise<TimedRounds> {
  const agents = createGuardedAgents();
  const bareRoundTripMs = async () => {
    const started = performance.now();
    await fetchJsonAsSent(listUrl, agents);
    return performance.now() - started;
  };
  const round = async () => {
    const before = [];
    for (let i = 0; i < ROUND_TRIP_SAMPLES; i++) before.push(await bareRoundTripMs());
    const measured = await expand();
    const after = [];
    for (let i = 0; i < ROUND_TRIP_SAMPLES; i++) after.push(await bareRoundTripMs());
    return { ...measured, roundTripMs: median([...before, ...after]) };
  };
  const result: TimedRounds = { elapsedMs: [], roundTripMs: [], windows: [], rows: 0 };
  try {
    for (let i = 0; i < warmupRounds; i++) await round();
    for (let i = 0; i < rounds; i++) {
      const measured = await round();
      result.elapsedMs.push(measured.ms);
      result.roundTripMs.push(measured.roundTripMs);
      result.windows.push({ from: measured.from, to: measured.to });
      result.rows = measured.rows;
    }
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
  return result;
}
