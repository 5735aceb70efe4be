import type { Log } from '../../../src/logging/log';

/** A log that keeps its lines, `level message`, for a test to read. */
export function recordedLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: (message) => void lines.push(`debug ${message}`),
    info: (message) => void lines.push(`info ${message}`),
    warn: (message) => void lines.push(`warn ${message}`),
    error: (message) => void lines.push(`error ${message}`),
    show: () => undefined,
  };
}
