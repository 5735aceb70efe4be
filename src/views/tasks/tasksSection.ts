import * as l10n from '@vscode/l10n';
import type { TaskHistory } from '../../state/taskHistory';
import { sectionOf } from '../kit/sectionOf';
import type { ChangeVocabulary } from '../presentation/changeWords';
import type { Section } from '../section';
import { hintNode } from '../treeNodes';
import { TASKS_SECTION, taskNode } from './taskNodes';

/**
 * Tasks: the tasks of the changes made here, those still followed and the last few that ended, each with
 * its state, type, resource, start and duration, in the words of the resource's kind. Nothing is loaded: the
 * rows come from what the task poller recorded.
 */
export function tasksSection(history: Pick<TaskHistory, 'all'>, words: ChangeVocabulary, now: () => number = Date.now): Section {
  return sectionOf({
    root: TASKS_SECTION,
    rows: () => {
      const records = history.all();
      if (records.length === 0) {
        return [
          hintNode(TASKS_SECTION, 'empty', {
            label: l10n.t('No tasks yet'),
            description: l10n.t('updates made here are followed here'),
            icon: { id: 'info' },
          }),
        ];
      }
      const nowMs = now();
      return records.map((task) => taskNode(task, nowMs, words));
    },
  });
}
