import type { InferenceLogLine } from '../../api/inference/inferenceTypes';
import { utcTimeMs } from '../../core/utcTime';

/*
 * Following a deployment's log (the inference notes, "Traps" 9). Gcore's logs have no `since` and offset paging
 * drifts while lines arrive, so following reads the newest page again and again (`order_by=time.desc`) and keeps
 * what it did not show yet.
 */

/** A line's identity: its time, pod and message (two pods' equal lines differ; one pod's repeated line counts twice). */
function lineKey(line: InferenceLogLine): string {
  return `${timeOf(line) ?? ''}\u0000${line.pod ?? ''}\u0000${line.message}`;
}

function timeOf(line: InferenceLogLine): number | undefined {
  const ms = typeof line.time === 'string' ? utcTimeMs(line.time) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** What one read adds to the lines shown. */
export interface LogFollowStep {
  /** The lines not shown yet, oldest first. */
  lines: InferenceLogLine[];
  /**
   * The read was full and shared no line with the one before: more lines came between the two reads than one read
   * brings, and the lines in between cannot be had (Gcore has no cursor).
   */
  gap: boolean;
}

/**
 * Tells which lines of each newest page are new. It remembers the last page only (its lines counted by time, pod and
 * message), so its memory is one page whatever the log's length: a line is new when the last page held fewer of it,
 * and it is not older than the last page's oldest line (older lines were read before, or lie past what a page
 * reaches). A pod whose lines reach Gcore late still has them shown, within the page's span. Lines without a time
 * are counted alike: a page with more of one than the last shows the difference.
 */
export class InferenceLogFollower {
  private last: readonly InferenceLogLine[] | undefined;

  /** The new lines of `page` (newest first, as asked); `limit` is what the read asked for, to tell a gap. */
  next(page: readonly InferenceLogLine[], limit: number): LogFollowStep {
    const oldestFirst = [...page].reverse();
    const last = this.last;
    this.last = page;
    if (last === undefined) return { lines: oldestFirst, gap: false };
    const remembered = new Map<string, number>();
    let floorMs: number | undefined;
    for (const line of last) {
      const key = lineKey(line);
      remembered.set(key, (remembered.get(key) ?? 0) + 1);
      const ms = timeOf(line);
      if (ms !== undefined && (floorMs === undefined || ms < floorMs)) floorMs = ms;
    }
    let shared = 0;
    const fresh = oldestFirst.filter((line) => {
      const key = lineKey(line);
      const left = remembered.get(key) ?? 0;
      if (left > 0) {
        remembered.set(key, left - 1);
        shared += 1;
        return false;
      }
      const ms = timeOf(line);
      return ms === undefined || floorMs === undefined || ms >= floorMs;
    });
    return { lines: fresh, gap: page.length >= limit && last.length > 0 && shared === 0 };
  }
}

/** Line breaks an editor may take as the end of a line: a log line stays one document line. */
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029\u0085]/g;

/**
 * A line as its document shows it: local time (to the millisecond, the zone of `offsetMinutes`), pod, message on one
 * line. A line without a readable time keeps Gcore's text for it.
 */
export function formatInferenceLogLine(line: InferenceLogLine, offsetMinutes: (ms: number) => number): string {
  const ms = timeOf(line);
  const time =
    ms === undefined ? String(line.time ?? '—') : new Date(ms + offsetMinutes(ms) * 60_000).toISOString().slice(0, 23).replace('T', ' ');
  return `${time}  [${line.pod ?? '—'}]  ${String(line.message).replace(LINE_BREAKS, ' ⏎ ')}`;
}
