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
  const { time, pod, message } = item;
  return {
    timeMs: typeof time === 'string' ? parseTime(time) : typeof time === 'number' && Number.isFinite(time) ? time : undefined,
    pod: typeof pod === 'string' ? pod : '',
    message: typeof message === 'string' ? message : otherFields(item),
  };
}

/** A line without a message: its fields but the time and pod, which have their own columns. */
function otherFields(item: Record<string, unknown>): string {
  const { time: _time, pod: _pod, message: _message, ...rest } = item;
  return JSON.stringify(rest);
}

function parseTime(text: string): number | undefined {
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Oldest first, the newest at the bottom; lines of one instant keep Gcore's order; undated lines lead. */
export function orderLines(lines: readonly LogLine[]): LogLine[] {
  // Gcore sends them in order; sorting is for when it does not.
  if (lines.every((line, index) => index === 0 || (line.timeMs ?? -Infinity) >= (lines[index - 1].timeMs ?? -Infinity))) return [...lines];
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
  const time = line.timeMs === undefined ? '—'.padEnd(23) : localTime(line.timeMs + offsetMinutes(line.timeMs) * 60_000);
  const message = line.message.includes('\n') ? line.message.replace(/\r?\n/g, ' ⏎ ') : line.message;
  return `${time}  [${tagOf(line.pod)}]  ${message}`;
}

/** Tags of the pods seen: a container has a handful, its log thousands of lines. */
const podTags = new Map<string, string>();

function tagOf(pod: string): string {
  let tag = podTags.get(pod);
  if (tag === undefined) {
    tag = podTag(pod);
    if (podTags.size > 1000) podTags.clear();
    podTags.set(pod, tag);
  }
  return tag;
}

const DAY_MS = 86_400_000;
/** The date part of the last day formatted: 100,000 lines mostly share a few days. */
let formattedDay = { day: Number.NaN, text: '' };

/** `YYYY-MM-DD hh:mm:ss.mmm` of a shifted instant, by arithmetic: a Date per line costs too much for long logs. */
function localTime(shiftedMs: number): string {
  const day = Math.floor(shiftedMs / DAY_MS);
  if (day !== formattedDay.day) formattedDay = { day, text: new Date(day * DAY_MS).toISOString().slice(0, 10) };
  const inDay = shiftedMs - day * DAY_MS;
  const hours = Math.floor(inDay / 3_600_000);
  const minutes = Math.floor((inDay % 3_600_000) / 60_000);
  const seconds = Math.floor((inDay % 60_000) / 1000);
  const millis = Math.floor(inDay % 1000);
  return `${formattedDay.text} ${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The offset of the last hour asked for: it changes at most twice a year, so each hour is asked once. */
let offsetHour = { hour: Number.NaN, minutes: 0 };

/** The machine's offset from UTC at an instant, east positive (what Date's getters apply). */
export function localOffsetMinutes(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  if (hour !== offsetHour.hour) offsetHour = { hour, minutes: -new Date(ms).getTimezoneOffset() };
  return offsetHour.minutes;
}
