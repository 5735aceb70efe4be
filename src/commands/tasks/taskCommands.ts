import * as l10n from '@vscode/l10n';
import { orCancel } from '../../ui/loneAnswer';
import { validateTaskIdArg } from '../../models/tasks/taskArgs';
import type { Task } from '../../api/types';
import { TaskWaitTimeout, type TrackedTask } from '../../loaders/taskPoller';
import { validateWaitForTasksArgs, type WaitForTasksArgs } from '../../models/tasks/taskArgs';
import { taskSettings } from '../../state/settings';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';
import { rowOf } from '../../prompts/rowOf';
import type { Services } from '../services';
import { COMMAND } from '../../core/contributions';
import { TASKS_SECTION, isTaskNode, type TaskNode } from '../../views/tasks/taskNodes';

/** Why a wait cannot resolve with a final task for this one, or undefined when it can. */
function unfinishedReason(task: TrackedTask): unknown {
  switch (task.end?.kind) {
    case 'finished':
    case 'error':
      return undefined;
    case 'unauthorized':
      return task.end.error;
    case 'notFound':
      return new Error(l10n.t('Gcore does not know task {0} (HTTP 404).', task.id));
    default:
      return new Error(l10n.t('Task {0} is no longer followed here (Stop Watching); it goes on at Gcore.', task.id));
  }
}

/** Following tasks: the contract's wait, and the actions of the Tasks section's rows. */
export function taskCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<undefined, void>({
      id: COMMAND.showTasks,
      what: () => l10n.t('Show tasks'),
      run: async () => {
        await services.treeView.reveal(TASKS_SECTION, { select: true, focus: true, expand: true });
      },
    }),
    command<WaitForTasksArgs, { tasks: Task[] }>({
      id: COMMAND.waitForTasks,
      what: (args) =>
        args
          ? args.taskIds.length === 1
            ? l10n.t('Wait for task {0}', args.taskIds[0])
            : l10n.t('Wait for tasks {0}', args.taskIds.join(', '))
          : l10n.t('Wait for tasks'),
      parse: (arg) => unwrap(validateWaitForTasksArgs(arg)),
      programmaticWithoutArgument: true,
      run: async ({ taskIds, timeoutSeconds }) => {
        const timeoutMs = timeoutSeconds === undefined ? taskSettings().timeoutMs : timeoutSeconds * 1000;
        const ended = await services.taskPoller.waitFor(taskIds, timeoutMs).catch((error: unknown) => {
          throw error instanceof TaskWaitTimeout ? new Error(error.message) : error;
        });
        for (const task of ended) {
          const reason = unfinishedReason(task);
          if (reason !== undefined) throw reason;
        }
        return { tasks: ended.map((task) => task.task as Task) };
      },
    }),
    command<TaskNode, string>({
      id: COMMAND.copyTaskId,
      what: () => l10n.t('Copy task ID'),
      ask: async (_ui, _draft, node) => rowOf(node, isTaskNode, l10n.t('must be a task row of the Gcore tree')),
      run: async (node, { ui }) => {
        await ui.copyToClipboard(node.task.id);
        return node.task.id;
      },
      report: (ui, id) => void ui.notify('info', l10n.t('Copied {0}.', id)),
    }),
    command<TaskNode, undefined>({
      id: COMMAND.stopWatchingTask,
      what: () => l10n.t('Stop watching task'),
      ask: async (_ui, _draft, node) => rowOf(node, isTaskNode, l10n.t('must be a task row of the Gcore tree')),
      run: async (node) => {
        services.taskPoller.stop(node.task.id);
        return undefined;
      },
      report: (ui, _result, node) =>
        void ui.notify(
          'info',
          l10n.t('Stopped watching task {0}. The change goes on at Gcore; Refresh the container to see where it stands.', node.task.id),
        ),
    }),
    command<string, Task>({
      id: COMMAND.getTask,
      what: (taskId) => (taskId ? l10n.t('Read task {0}', taskId) : l10n.t('Read task')),
      parse: (arg) => unwrap(validateTaskIdArg(arg)),
      ask: async (ui) => {
        const answer = await ui.input({
          title: l10n.t('Gcore: Show Task'),
          prompt: l10n.t('Task ID, as an update of a container returns it'),
          validate: (text) => (text.trim() === '' ? l10n.t('Task ID: must not be empty') : undefined),
        });
        return orCancel(answer).trim();
      },
      progress: (taskId) => l10n.t('Reading task {0}…', taskId),
      run: (taskId, { signal }) => services.client.account.getTask(taskId, { signal }),
      report: (ui, task) => {
        const type = task.task_type ?? l10n.t('task');
        const message =
          task.state === 'ERROR' && task.error
            ? l10n.t('Task {0} ({1}) is {2}: {3}.', task.id, type, task.state, task.error)
            : l10n.t('Task {0} ({1}) is {2}.', task.id, type, task.state);
        const copyId = l10n.t('Copy Task ID');
        void ui.notify(task.state === 'ERROR' ? 'error' : 'info', message, copyId).then(async (choice) => {
          if (choice === copyId) await ui.copyToClipboard(task.id);
        });
      },
    }),
  ];
}
