import * as l10n from '@vscode/l10n';
import { ROW_CONTEXT } from '../../core/contributions';
import type { TaskRecord } from '../../state/taskHistory';
import type { ChangeVocabulary } from '../presentation/changeWords';
import { taskRowView } from './presentation/taskView';
import { nodeGuard, sectionNode, type NodeView, type TreeNode } from '../treeNodes';

export const TASKS_SECTION = sectionNode('tasks', l10n.t('Tasks'), 'tasklist', ROW_CONTEXT.tasksSection);

/** A task started here, followed or ended. */
export interface TaskNode extends TreeNode {
  readonly nodeType: 'task';
  readonly view: NodeView;
  readonly task: TaskRecord;
}

export const isTaskNode = nodeGuard<TaskNode>('task');

export function taskNode(task: TaskRecord, nowMs: number, words: ChangeVocabulary): TaskNode {
  return {
    nodeType: 'task',
    id: `tasks/${task.id}`,
    section: TASKS_SECTION.section,
    parent: TASKS_SECTION,
    task,
    view: { ...taskRowView(task, nowMs, words), collapsible: 'none' },
  };
}
