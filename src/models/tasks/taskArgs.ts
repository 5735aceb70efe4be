import * as l10n from '@vscode/l10n';
import { isPlainObject } from '../../validation/fieldChecks';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';

export interface WaitForTasksArgs {
  taskIds: string[];
  /** Absent: `gcore.tasks.timeoutMinutes`. */
  timeoutSeconds?: number;
}

/** More than anyone follows at once; a longer list is a mistake, refused before any request. */
const MAX_WAITED_TASKS = 1_000;
const MAX_WAIT_SECONDS = 24 * 60 * 60;

export function validateWaitForTasksArgs(input: unknown): Validated<WaitForTasksArgs> {
  if (!isPlainObject(input)) {
    return validated({ taskIds: [] }, [{ field: 'taskIds', message: l10n.t("the argument must be an object such as { taskIds: ['…'] }") }]);
  }
  const problems: FieldProblem[] = Object.keys(input)
    .filter((key) => key !== 'taskIds' && key !== 'timeoutSeconds')
    .map((key) => ({ field: key, message: l10n.t('unknown field') }));
  const raw = input.taskIds;
  const taskIds: string[] = [];
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.push({ field: 'taskIds', message: l10n.t('must be a non-empty array of task id strings') });
  } else if (raw.length > MAX_WAITED_TASKS) {
    problems.push({ field: 'taskIds', message: l10n.t('must hold at most {0} ids', MAX_WAITED_TASKS) });
  } else {
    raw.forEach((id, index) => {
      if (typeof id !== 'string' || id.trim() === '') {
        problems.push({ field: `taskIds[${index}]`, message: l10n.t('must be a non-empty task id string') });
      } else if (!taskIds.includes(id.trim())) taskIds.push(id.trim());
    });
  }
  const timeout = input.timeoutSeconds;
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_WAIT_SECONDS)) {
    problems.push({ field: 'timeoutSeconds', message: l10n.t('must be a number of seconds above 0 and at most {0}', MAX_WAIT_SECONDS) });
  }
  return validated({ taskIds, timeoutSeconds: typeof timeout === 'number' ? timeout : undefined }, problems);
}

/** A task id string or `{ taskId }`; it must not be empty. */
export function validateTaskIdArg(input: unknown): Validated<string> {
  const raw = isPlainObject(input) ? input.taskId : input;
  const extra = isPlainObject(input) ? Object.keys(input).filter((key) => key !== 'taskId') : [];
  const problems: FieldProblem[] = extra.map((key) => ({ field: key, message: l10n.t('unknown field') }));
  if (typeof raw !== 'string') {
    problems.push({ field: 'taskId', message: l10n.t("must be a task id string, or an object such as { taskId: '…' }") });
  } else if (raw.trim() === '') problems.push({ field: 'taskId', message: l10n.t('must not be empty') });
  return validated(typeof raw === 'string' ? raw.trim() : '', problems);
}
