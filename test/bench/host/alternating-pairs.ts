import { performance } from 'node:perf_hooks';
import { median } from '../sample-statistics';

export interface PairPlan {
  warmupPairs: number;
  rounds: number;
  pairsPerRound: number;
}

export interface PairFigures {
  /** Per round: the extension's median time ÷ the bare median time. */
  ratios: number[];
  extensionMedianMs: number;
  bareMedianMs: number;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/**
 * The extension against its bare yardstick, in the same host: one of each in turn, the order swapped every
 * pair so that neither always runs warm, warm-up pairs first; a round's figure is the ratio of its medians.
 * `afterPair` runs after each pair, outside the timings.
 */
export async function alternatingPairs(
  plan: PairPlan,
  extension: () => Promise<unknown>,
  bare: () => Promise<unknown>,
  afterPair?: () => Promise<unknown>,
): Promise<PairFigures> {
  const pair = async (extensionMs: number[], bareMs: number[], extensionFirst: boolean) => {
    if (extensionFirst) {
      extensionMs.push(await timed(extension));
      bareMs.push(await timed(bare));
    } else {
      bareMs.push(await timed(bare));
      extensionMs.push(await timed(extension));
    }
    await afterPair?.();
  };
  for (let i = 0; i < plan.warmupPairs; i++) await pair([], [], i % 2 === 0);
  const ratios: number[] = [];
  const extensionMedians: number[] = [];
  const bareMedians: number[] = [];
  for (let round = 0; round < plan.rounds; round++) {
    const extensionMs: number[] = [];
    const bareMs: number[] = [];
    for (let i = 0; i < plan.pairsPerRound; i++) await pair(extensionMs, bareMs, i % 2 === 0);
    extensionMedians.push(median(extensionMs));
    bareMedians.push(median(bareMs));
    ratios.push(median(extensionMs) / median(bareMs));
  }
  return { ratios, extensionMedianMs: median(extensionMedians), bareMedianMs: median(bareMedians) };
}
