import * as l10n from '@vscode/l10n';
import { COMMAND } from '../../core/contributions';
import { validateTaskIdArg } from '../../models/tasks/taskArgs';
import { taskErrorText } from '../../models/task';
import { unwrap } from '../../validation/problems';
import type { ToolDefinition } from '../toolDefinition';
import { objectInput } from '../toolSchemas';
import { lines } from '../toolText';

/** Of a task's error, what the text says: Gcore's can be a whole build log, which the JSON keeps. */
const ERROR_IN_TEXT = 2_000;

export const getTask: ToolDefinition<string> = {
  name: 'gcore_getTask',
  kind: 'read',
  commandId: COMMAND.getTask,
  displayName: l10n.t('Get a Gcore Task'),
  modelDescription: l10n.t(
    'Reads a Gcore Cloud task by its ID (a container update, create or delete returns task IDs): its state (NEW, RUNNING, FINISHED or ERROR), its type, its times and, for ERROR, why it failed. Ask again until it is FINISHED or ERROR to know how a change ended.',
  ),
  userDescription: l10n.t('Reads a Gcore task and its error.'),
  inputSchema: objectInput(
    { taskId: { type: 'string', minLength: 1, description: l10n.t('Task ID, as a container update, create or delete returned it.') } },
    ['taskId'],
  ),
  parse: (input) => unwrap(validateTaskIdArg(input)),
  invoke: async (taskId, { client, signal }) => {
    const task = await client.account.getTask(taskId, { signal });
    const error = taskErrorText(task.error, ERROR_IN_TEXT);
    const type = task.task_type ?? l10n.t('task');
    const text = lines(
      error === undefined
        ? l10n.t('Task {0} ({1}) is {2}.', task.id, type, task.state)
        : l10n.t('Task {0} ({1}) is {2}: {3}', task.id, type, task.state, error),
      typeof task.project_id === 'number' && typeof task.region_id === 'number'
        ? l10n.t('Project {0}, region {1}.', task.project_id, task.region_id)
        : undefined,
      task.created_on ? l10n.t('Created {0}.', task.created_on) : undefined,
      task.finished_on ? l10n.t('Finished {0}.', task.finished_on) : undefined,
    );
    return { text, json: task };
  },
};
