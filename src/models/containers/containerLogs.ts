import * as l10n from '@vscode/l10n';
import { remembered } from '../../core/boundedMemory';
import { utcTimeMs } from '../../core/utcTime';
import { isPlainObject } from '../../validation/fieldChecks';

/**
 * One log line as the extension shows it; `timeMs` is undefined when Gcore sent no time it can read.
 * `late`: it reached the document after lines newer than it (another pod's shipper was slow).
 */
export interface LogLine {
  timeMs: number | undefined;
  pod: string;
  message: string;
  late?: boolean;
}

/**
 * A line as Gcore sends it: a free-form object, usually `{time, pod, message}`. Times without a zone are
 * UTC (the API writes them both ways); a line without a message shows the rest of its fields as JSON.
 */
export function readLogLine(item: unknown): LogLine {
  if (!isPlainObject(item)) return { timeMs: undefined, pod: '', message: typeof item === 'string' ? item : JSON.stringify(item) };
  const { time, pod, message } = item;
  return {
    timeMs: timeOf(time),
    pod: typeof pod === 'string' ? pod : '',
    message: typeof message === 'string' ? message : otherFields(item),
  };
}

/** A line without a message: its fields but the time and pod, which have their own columns. */
function otherFields(item: Record<string, unknown>): string {
  const { time: _time, pod: _pod, message: _message, ...rest } = item;
  return JSON.stringify(rest);
}

/** The last instant a line can be dated at: later times (and years past 9999) do not fit the time column. */
const LATEST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const EPOCH_NUMBER = /^\d+(\.\d+)?$/;

/** A time as text (ISO, with or without a zone) or as an epoch number; undefined when it cannot be one. */
function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number') return epochMs(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (EPOCH_NUMBER.test(text)) return epochMs(Number(text));
  return inRange(utcTimeMs(text));
}

/**
 * An epoch number in seconds, milliseconds, microseconds or nanoseconds, told apart by size (log shippers
 * use all four): now is about 1.8e9 s, 1.8e12 ms, 1.8e15 µs, 1.8e18 ns, and each unit's range up to the
 * year 5138 stays below the next unit's start.
 */
function epochMs(value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  if (value < 1e11) return inRange(value * 1000);
  if (value < 1e14) return inRange(value);
  if (value < 1e17) return inRange(value / 1000);
  return inRange(value / 1e6);
}

function inRange(ms: number): number | undefined {
  return Number.isFinite(ms) && ms >= 0 && ms <= LATEST_TIME_MS ? ms : undefined;
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
 * A line dated this far past the local clock is taken as a wrong date, not as the newest line: it must
 * not make every later line look late. Machines' clocks drift by seconds, not minutes.
 */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** What one read of a log adds to what was shown. */
export interface LogReadOutcome {
  /** The lines not shown yet, oldest first; those older than a line already shown are marked `late`. */
  lines: LogLine[];
  /**
   * The read was full and shared no line with what was shown: more lines were written between the two
   * reads than one read brings, and the API (which has no cursor) cannot give the ones in between.
   */
  gap: boolean;
}

/**
 * Tells which lines of each read of a log were not shown yet. The API has no cursor: every read returns
 * the newest lines, most of them shown already, and a pod whose lines reach Gcore's store late adds lines
 * older than others already shown. So the dated lines of the last read are remembered (as many times as
 * each came), and a line of the next read is new when it is not among them and not older than the last
 * read's oldest line (older lines came before what was read, or because more lines were asked for).
 * Undated lines are counted per read: a read with more of them than the last adds the difference.
 */
export class LogReads {
  private started = false;
  /** The last read; indexed only when the next one comes, since showing a long log quickly matters more. */
  private lastRead: readonly LogLine[] = [];
  /** The newest time shown that is not in the future: later lines older than it arrived late. */
  private newestMs: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The lines of `incoming` not shown yet, in order; `limit` is the number of lines the read asked for,
   * so that a full read that shares no line with the last one is known as a gap.
   */
  read(incoming: readonly LogLine[], limit?: number): LogReadOutcome {
    const ordered = orderLines(incoming);
    const latestPlausible = this.now() + FUTURE_TOLERANCE_MS;
    if (!this.started) {
      this.started = true;
      this.remember(ordered, latestPlausible);
      return { lines: ordered, gap: false };
    }
    const shown = counts(this.lastRead, (line) => line.timeMs !== undefined);
    const undatedBefore = counts(this.lastRead, (line) => line.timeMs === undefined);
    const floorMs = this.lastRead.find((line) => line.timeMs !== undefined)?.timeMs;
    const undatedNow = new Map<string, number>();
    const fresh: LogLine[] = [];
    let matched = 0;
    for (const line of ordered) {
      const key = lineKey(line);
      if (line.timeMs === undefined) {
        const count = (undatedNow.get(key) ?? 0) + 1;
        undatedNow.set(key, count);
        if (count > (undatedBefore.get(key) ?? 0)) fresh.push(line);
        continue;
      }
      const left = shown.get(key) ?? 0;
      if (left > 0) {
        shown.set(key, left - 1);
        if (line.timeMs <= latestPlausible) matched += 1;
      } else if (floorMs === undefined || line.timeMs >= floorMs) {
        fresh.push(this.newestMs !== undefined && line.timeMs < this.newestMs ? { ...line, late: true } : line);
      }
    }
    const gap = limit !== undefined && floorMs !== undefined && ordered.length >= limit && matched === 0;
    this.remember(ordered, latestPlausible);
    return { lines: fresh, gap };
  }

  private remember(read: readonly LogLine[], latestPlausible: number): void {
    this.lastRead = read;
    for (const { timeMs } of read) {
      if (timeMs !== undefined && timeMs <= latestPlausible && (this.newestMs === undefined || timeMs > this.newestMs)) {
        this.newestMs = timeMs;
      }
    }
  }
}

function counts(lines: readonly LogLine[], which: (line: LogLine) => boolean): Map<string, number> {
  const result = new Map<string, number>();
  for (const line of lines) {
    if (!which(line)) continue;
    const key = lineKey(line);
    result.set(key, (result.get(key) ?? 0) + 1);
  }
  return result;
}

function lineKey(line: LogLine): string {
  return `${line.timeMs ?? ''}\u0000${line.pod}\u0000${line.message}`;
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
  return `${time}  [${tagOf(line.pod)}]  ${line.late ? LATE_MARK : ''}${oneLine(line.message)}`;
}

/** Before the message of a line that came after newer ones: it is not out of order by mistake. */
const LATE_MARK = `${l10n.t('(arrived late)')} `;

/**
 * Every character an editor may take as the end of a line (VS Code: CR, LF; and it offers to remove
 * LS, PS and NEL), so that one log line stays one document line and the line count stays the log's.
 */
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029\u0085]/;
const ALL_LINE_BREAKS = new RegExp(LINE_BREAKS.source, 'g');

/** A text on one line: each break shown as ⏎ (a progress bar's carriage returns too). */
function oneLine(text: string): string {
  return LINE_BREAKS.test(text) ? text.replace(ALL_LINE_BREAKS, ' ⏎ ') : text;
}

/** Tags of the pods seen: a container has a handful, its log thousands of lines. */
const podTags = new Map<string, string>();

const POD_TAGS_REMEMBERED = 1000;

function tagOf(pod: string): string {
  return remembered(podTags, pod, POD_TAGS_REMEMBERED, readPodTag);
}

function readPodTag(pod: string): string {
  return oneLine(podTag(pod));
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
