import * as l10n from '@vscode/l10n';
import type { TaskHistory } from '../../state/taskHistory';
import type { ChangeVocabulary } from '../presentation/changeWords';
import type { Section } from '../section';
import { hintNode, isSectionNode, type TreeNode } from '../treeNodes';
import { TASKS_SECTION, taskNode } from './taskNodes';

/**
 * Tasks: the tasks of the changes made here, those still followed and the last few that ended, each with
 * its state, type, resource, start and duration, in the words of the resource's kind. Nothing is loaded: the
 * rows come from what the task poller recorded.
 */
export class TasksSection implements Section {
  readonly id = TASKS_SECTION.section;
  readonly root = TASKS_SECTION;

  constructor(
    private readonly history: TaskHistory,
    private readonly words: ChangeVocabulary,
    private readonly now: () => number = Date.now,
  ) {}

  async children(node: TreeNode): Promise<TreeNode[]> {
    if (!isSectionNode(node)) return [];
    const records = this.history.all();
    if (records.length === 0) {
      return [
        hintNode(this.root, 'empty', {
          label: l10n.t('No tasks yet'),
          description: l10n.t('updates made here are followed here'),
          icon: { id: 'info' },
        }),
      ];
    }
    const nowMs = this.now();
    return records.map((task) => taskNode(task, nowMs, this.words));
  }

  invalidate(node: TreeNode): TreeNode | undefined {
    return isSectionNode(node) ? node : undefined;
  }
}
