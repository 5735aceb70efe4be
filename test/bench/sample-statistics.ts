/** The middle value (mean of the two middle ones for an even count); NaN for no samples. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface TimedSpan {
  receivedAtMs: number;
  finishedAtMs?: number;
}

/** The most spans open at one instant; a span without an end counts as open until the last one ends. */
export function peakOverlap(spans: readonly TimedSpan[]): number {
  const events: [time: number, change: number][] = [];
  for (const span of spans) {
    events.push([span.receivedAtMs, 1], [span.finishedAtMs ?? Infinity, -1]);
  }
  // At equal times an end sorts before a start: a request answered as the next arrives is not concurrent.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let peak = 0;
  for (const [, change] of events) {
    open += change;
    peak = Math.max(peak, open);
  }
  return peak;
}
