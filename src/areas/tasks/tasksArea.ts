import { lazyCommands } from '../../commands/flow/lazyCommands';
import { COMMAND } from '../../core/contributions';
import { tasksSection } from '../../views/tasks/tasksSection';
import { TaskStatusBar } from '../../views/tasks/taskStatusBar';
import { TASKS_SECTION } from '../../views/tasks/taskNodes';
import type { Area } from '../area';
import type { Core } from '../core';

/** The tasks of changes made here: their section, the status bar, their commands. */
export function tasksArea(core: Core): Area {
  return {
    sections: [tasksSection(core.taskHistory, core.changeKinds)],
    lazyCommands: (services) => [
      lazyCommands([COMMAND.showTasks, COMMAND.getTask, COMMAND.waitForTasks, COMMAND.copyTaskId, COMMAND.stopWatchingTask], async () =>
        (await import('../../commands/tasks/taskCommands.js')).taskCommands(services),
      ),
    ],
    disposables: [
      new TaskStatusBar(core.taskPoller, core.changeKinds),
      { dispose: core.tasks.onDidRecord(() => core.treeChanges.refresh(TASKS_SECTION)) },
    ],
  };
}
