import * as l10n from '@vscode/l10n';
import { ROW_CONTEXT } from '../../../core/contributions';
import { subjectTitle, type ChangeSubject, type TrackedTask } from '../../../loaders/taskPoller';
import { taskErrorText } from '../../../models/task';
import { ERROR_KEPT, type TaskRecord } from '../../../state/taskHistory';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import type { ChangeVocabulary, ChangeWords } from '../../presentation/changeWords';
import { durationText } from '../../presentation/taskProgress';

/** Of a failed task's error, what its row says; the hover has more. */
const ROW_ERROR_LENGTH = 120;

/** What a task row says first: how it ended, or where it stands while it is followed. */
function stateWords(record: TaskRecord): string {
  switch (record.end) {
    case 'finished':
      return l10n.t('Finished');
    case 'error':
      return l10n.t('Failed');
    case 'timedOut':
      return l10n.t('No longer followed (timed out)');
    case 'stopped':
      return l10n.t('No longer followed');
    case 'notFound':
      return l10n.t('Unknown to Gcore');
    case 'unauthorized':
      return l10n.t('Key rejected');
    default:
      return record.state === 'RUNNING'
        ? l10n.t('Running')
        : record.state === 'NEW'
          ? l10n.t('Queued')
          : record.state
            ? record.state
            : l10n.t('Waiting for Gcore');
  }
}

const ICONS: Record<NonNullable<TaskRecord['end']> | 'following', NonNullable<ItemView['icon']>> = {
  following: { id: 'sync~spin' },
  finished: { id: 'pass-filled', color: 'testing.iconPassed' },
  error: { id: 'error', color: 'errorForeground' },
  timedOut: { id: 'watch' },
  stopped: { id: 'eye-closed' },
  notFound: { id: 'question' },
  unauthorized: { id: 'key' },
};

function clockText(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16) + ' UTC';
}

/**
 * A task row: the resource it changes (or its id), then state, what the task does (in its kind's words where
 * one registered its task type, otherwise as Gcore names it: a task waited for with gcore.waitForTasks),
 * start and duration; a failed task says why in the row itself.
 */
export function taskRowView(record: TaskRecord, nowMs: number, words: ChangeVocabulary): ItemView {
  const following = record.end === undefined;
  const elapsed = (record.endedAtMs ?? nowMs) - record.startedAtMs;
  const parts = [
    stateWords(record),
    record.end === 'error' ? taskErrorText(record.error, ROW_ERROR_LENGTH) : undefined,
    record.taskType === undefined ? undefined : (words.taskType(record.taskType) ?? record.taskType),
    l10n.t('started {0}', clockText(record.startedAtMs)),
    durationText(elapsed),
  ];
  return {
    label: record.subject ? subjectTitle(record.subject) : record.id,
    description: parts.filter((part): part is string => part !== undefined && part !== '').join(' · '),
    tooltip: taskTooltip(record, elapsed, words),
    icon: { ...ICONS[record.end ?? 'following'] },
    contextValue: following ? ROW_CONTEXT.taskFollowing : ROW_CONTEXT.task,
  };
}

/** The hover: every field of the record, the task type as Gcore names it. */
function taskTooltip(record: TaskRecord, elapsed: number, words: ChangeVocabulary): string {
  const { subject } = record;
  const resource: [string, string][] = subject
    ? [[words.nounOf(subject), l10n.t('{0} (project {1}, region {2})', subjectTitle(subject), subject.projectId, subject.regionId)]]
    : [];
  const rows: [string, string | undefined][] = [
    [l10n.t('Task ID'), record.id],
    [l10n.t('State'), record.state],
    [l10n.t('Type'), record.taskType],
    ...resource,
    // Records stored before errors were shortened still hold them whole.
    [l10n.t('Error'), taskErrorText(record.error, ERROR_KEPT)],
    [l10n.t('Started'), new Date(record.startedAtMs).toISOString().replace('T', ' ').slice(0, 19) + ' UTC'],
    [record.end === undefined ? l10n.t('Running for') : l10n.t('Took'), durationText(elapsed)],
  ];
  const lines = rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => `| ${escapeMarkdown(name)} | ${escapeMarkdown(value)} |`);
  return `### ${escapeMarkdown(stateWords(record))}\n\n| ${l10n.t('Field')} | ${l10n.t('Value')} |\n|---|---|\n${lines.join('\n')}`;
}

/**
 * The status bar's count of what is followed: one change per resource (an update may start two tasks), each
 * kind of change counted in its own words, in the order its kinds registered them, and tasks waited for
 * without a subject on their own. Undefined when nothing is followed.
 */
export function runningUpdatesText(
  unfinished: readonly Pick<TrackedTask, 'id' | 'subject'>[],
  words: ChangeVocabulary,
): string | undefined {
  if (unfinished.length === 0) return undefined;
  const changes = new Map<string, ChangeSubject>();
  for (const { subject } of unfinished) {
    if (subject) changes.set(JSON.stringify([subject.kind, subject.projectId, subject.regionId, subject.name]), subject);
  }
  const counts = new Map<ChangeWords, number>();
  for (const subject of changes.values()) {
    const said = words.wordsOf(subject);
    counts.set(said, (counts.get(said) ?? 0) + 1);
  }
  const order = words.order();
  const rank = (said: ChangeWords) => (order.includes(said) ? order.indexOf(said) : order.length);
  const others = unfinished.filter((task) => !task.subject).length;
  const parts = [
    ...[...counts].sort(([a], [b]) => rank(a) - rank(b)).map(([said, count]) => said.counted(count)),
    ...(others > 0 ? [others === 1 ? l10n.t('1 task') : l10n.t('{0} tasks', others)] : []),
  ];
  return l10n.t('Gcore: {0} running', parts.join(', '));
}
