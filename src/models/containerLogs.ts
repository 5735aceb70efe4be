import { isPlainObject } from '../validation/fieldChecks';

/** One log line as the extension shows it; `timeMs` is undefined when Gcore sent no time it can read. */
export interface LogLine {
  timeMs: number | undefined;
  pod: string;
  message: string;
}

/**
 * A line as Gcore sends it: a free-form object, usually `{time, pod, message}`. Times without a zone are
 * UTC (the API writes them both ways); a line without a message shows the rest of its fields as JSON.
 */
export function readLogLine(item: unknown): LogLine {
  if (!isPlainObject(item)) return { timeMs: undefined, pod: '', message: typeof item === 'string' ? item : JSON.stringify(item) };
  const { time, pod, message, ...rest } = item;
  return {
    timeMs: typeof time === 'string' ? parseTime(time) : typeof time === 'number' && Number.isFinite(time) ? time : undefined,
    pod: typeof pod === 'string' ? pod : '',
    message: typeof message === 'string' ? message : JSON.stringify(rest),
  };
}

function parseTime(text: string): number | undefined {
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Oldest first, the newest at the bottom; lines of one instant keep Gcore's order; undated lines lead. */
export function orderLines(lines: readonly LogLine[]): LogLine[] {
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => (a.line.timeMs ?? -Infinity) - (b.line.timeMs ?? -Infinity) || a.index - b.index)
    .map(({ line }) => line);
}

/**
 * What a document has shown, enough to tell which lines of a re-read are new: the API has no cursor, so
 * a re-read returns lines already shown. Newer than the last time shown is new; at that very time, a line
 * is new only if it was not shown (pods write at the same instant); older is not new.
 */
export interface SeenLogs {
  lastMs: number | undefined;
  /** The lines shown at `lastMs`, as keys, one entry per line (the same line twice counts twice). */
  atLast: string[];
  /** Lines without a time, shown once each. */
  undated: Set<string>;
}

export function noLogsSeen(): SeenLogs {
  return { lastMs: undefined, atLast: [], undated: new Set() };
}

/** The lines of `incoming` not shown yet, in order, and what is seen once they are. */
export function newLogLines(seen: SeenLogs, incoming: readonly LogLine[]): { lines: LogLine[]; seen: SeenLogs } {
  const atLast = [...seen.atLast];
  const undated = new Set(seen.undated);
  const fresh: LogLine[] = [];
  for (const line of orderLines(incoming)) {
    const key = lineKey(line);
    if (line.timeMs === undefined) {
      if (!undated.has(key)) fresh.push(line);
      undated.add(key);
    } else if (seen.lastMs === undefined || line.timeMs > seen.lastMs) {
      fresh.push(line);
    } else if (line.timeMs === seen.lastMs) {
      const shown = atLast.indexOf(key);
      if (shown >= 0) atLast.splice(shown, 1);
      else fresh.push(line);
    }
  }
  const dated = fresh.filter((line) => line.timeMs !== undefined);
  const lastMs = dated.length > 0 ? dated[dated.length - 1].timeMs : seen.lastMs;
  const shownAtLast = lastMs === seen.lastMs ? [...seen.atLast, ...dated.map(lineKey)] : dated.filter((line) => line.timeMs === lastMs).map(lineKey);
  return { lines: fresh, seen: { lastMs, atLast: shownAtLast, undated } };
}

function lineKey(line: LogLine): string {
  return `${line.pod}\u0000${line.message}`;
}

/** How a pod is told apart on its lines: the last part of its name (Kubernetes' random suffix). */
export function podTag(pod: string): string {
  if (pod === '') return '-';
  const parts = pod.split('-');
  return parts[parts.length - 1] || pod;
}

/**
 * A line as the document shows it: local date and time to the millisecond, the pod's tag, the message.
 * `offsetMinutes` is the local zone's offset from UTC at that time (east positive).
 */
export function formatLogLine(line: LogLine, offsetMinutes: (ms: number) => number): string {
  const time = line.timeMs === undefined ? '—'.padEnd(23) : localTime(line.timeMs, offsetMinutes(line.timeMs));
  return `${time}  [${podTag(line.pod)}]  ${line.message.replace(/\r?\n/g, ' ⏎ ')}`;
}

function localTime(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23).replace('T', ' ');
}

/** The machine's offset from UTC at an instant, east positive (what Date's getters apply). */
export function localOffsetMinutes(ms: number): number {
  return -new Date(ms).getTimezoneOffset();
}
