import * as l10n from '@vscode/l10n';
import { asObject, markEmptyAnswer, unexpected } from './decode';
import type { ContainerUpdateResult } from './types';

/** `{ tasks: [id] }`, the answer of every cloud write that Gcore carries out as tasks; an empty answer is marked (`wasEmptyAnswer`). */
export function decodeTaskAnswer(value: unknown, notAnObject: () => string): ContainerUpdateResult {
  if (value === undefined) return markEmptyAnswer({ tasks: [] });
  const body = asObject(value, notAnObject);
  const tasks = body.tasks ?? [];
  if (!Array.isArray(tasks) || !tasks.every((task) => typeof task === 'string')) {
    throw unexpected(l10n.t('{0} is not a list of task ids', 'tasks'));
  }
  return { ...body, tasks };
}
