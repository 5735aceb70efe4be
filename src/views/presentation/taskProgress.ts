import * as l10n from '@vscode/l10n';
import type { TrackedTask } from '../../loaders/taskPoller';

/*
 * How a followed change stands, as its notification says it while the task machinery follows it, and as the
 * Tasks section says how long a task ran: shared by every kind of change.
 */

/** "12 s", "3 min 5 s", "1 h 2 min": how long a task has run, or ran. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return l10n.t('{0} s', seconds);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? l10n.t('{0} min', minutes) : l10n.t('{0} min {1} s', minutes, seconds % 60);
  return l10n.t('{0} h {1} min', Math.floor(minutes / 60), minutes % 60);
}

// Keyed by the task states Gcore sends (a Map: any other word, `constructor` included, is shown as it came).
const PROGRESS_WORDS: ReadonlyMap<string, string> = new Map([
  ['NEW', l10n.t('queued')],
  ['RUNNING', l10n.t('running')],
  ['FINISHED', l10n.t('finished')],
  ['ERROR', l10n.t('failed')],
]);

/** The line under a followed change's title: "running · 12 s", or "2 tasks: running, queued · 12 s". */
export function progressLine(tracked: readonly Pick<TrackedTask, 'task'>[], elapsedMs: number): string {
  const states = tracked.map((entry) =>
    entry.task ? (PROGRESS_WORDS.get(entry.task.state) ?? entry.task.state) : l10n.t('waiting for Gcore'),
  );
  const where = tracked.length === 1 ? states[0] : l10n.t('{0} tasks: {1}', tracked.length, states.join(', '));
  return `${where} · ${durationText(elapsedMs)}`;
}
