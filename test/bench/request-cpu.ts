import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { start } from '../emulator/server';
import { bareGetJson } from './bare-http';
import { BENCH_API_KEY, BENCH_USER_AGENT, benchClient, flavorsPath } from './bench-client';
import type { Figure } from './bench-table';
import { median } from './sample-statistics';

const WARMUP_PAIRS = 500;
const ROUNDS = 7;
const PAIRS_PER_ROUND = 400;
const LOCATION = { projectId: 1, regionId: 1 };

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/**
 * The client's own cost per request: against the emulator with no added latency, the extension's client
 * and a bare node:http keep-alive GET of the same URL with the same headers alternate request by request,
 * so that both see the same machine state. Each round compares the two medians; the figure is the median
 * of the rounds' ratios.
 */
export async function measureRequestCpu(progress: (message: string) => void): Promise<Figure[]> {
  const emulator = await start({ apiKey: BENCH_API_KEY });
  const client = benchClient(emulator);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${emulator.url}${flavorsPath(LOCATION)}?hide_disabled=true`;
  const headers = { Authorization: `apikey ${BENCH_API_KEY}`, Accept: 'application/json', 'User-Agent': BENCH_USER_AGENT };
  const viaClient = () => client.listGpuFlavors({ ...LOCATION, hideDisabled: true });
  const viaBare = () => bareGetJson(url, headers, agent);
  try {
    progress(`client vs bare node:http, ${ROUNDS} rounds of ${PAIRS_PER_ROUND} pairs`);
    for (let i = 0; i < WARMUP_PAIRS; i++) {
      await viaClient();
      await viaBare();
    }
    const ratios: number[] = [];
    const clientMedians: number[] = [];
    const bareMedians: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const clientMs: number[] = [];
      const bareMs: number[] = [];
      for (let i = 0; i < PAIRS_PER_ROUND; i++) {
        // Alternating which goes first keeps any after-effect of one (a GC, a timer) off the other's samples.
        if (i % 2 === 0) {
          clientMs.push(await timed(viaClient));
          bareMs.push(await timed(viaBare));
        } else {
          bareMs.push(await timed(viaBare));
          clientMs.push(await timed(viaClient));
        }
      }
      clientMedians.push(median(clientMs));
      bareMedians.push(median(bareMs));
      ratios.push(median(clientMs) / median(bareMs));
    }
    progress(`client ${(median(clientMedians) * 1000).toFixed(0)} µs, bare ${(median(bareMedians) * 1000).toFixed(0)} µs per request`);
    return [
      {
        area: 'CPU per request (no latency)',
        name: `client ÷ bare node:http keep-alive, median time per flavor list (median of ${ROUNDS} rounds)`,
        value: median(ratios),
        unit: 'ratio',
        rule: 'atMost',
        budget: 1.5,
      },
    ];
  } finally {
    client.dispose();
    agent.destroy();
    await emulator.close();
  }
}
