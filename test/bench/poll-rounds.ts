/** Requests further apart than this belong to different poll rounds. */
const ROUND_GAP_MS = 2_000;

/** Requests by poll round, from their times: a gap of more than two seconds starts the next round. */
export function roundsOf(times: readonly number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  const rounds: number[] = [];
  sorted.forEach((time, index) => {
    if (index === 0 || time - sorted[index - 1] > ROUND_GAP_MS) rounds.push(0);
    rounds[rounds.length - 1] += 1;
  });
  return rounds;
}
