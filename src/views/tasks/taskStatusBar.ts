import * as vscode from 'vscode';
import { COMMAND } from '../../core/contributions';
import type { TaskPoller } from '../../loaders/taskPoller';
import type { ChangeVocabulary } from '../presentation/changeWords';
import { runningUpdatesText } from './presentation/taskView';

/**
 * "Gcore: 2 updates running" in the status bar while tasks are followed, opening the Tasks section; gone
 * when nothing is followed. The item is made when the first task is followed, not at activation.
 */
export class TaskStatusBar implements vscode.Disposable {
  private item: vscode.StatusBarItem | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly poller: Pick<TaskPoller, 'unfinished' | 'onDidChange'>,
    private readonly words: ChangeVocabulary,
  ) {
    this.unsubscribe = poller.onDidChange(() => this.update());
    this.update();
  }

  update(): void {
    const text = runningUpdatesText(this.poller.unfinished(), this.words);
    if (!text) {
      this.item?.hide();
      return;
    }
    const item = (this.item ??= newItem());
    item.text = `$(sync~spin) ${text}`;
    item.show();
  }

  dispose(): void {
    this.unsubscribe();
    this.item?.dispose();
  }
}

function newItem(): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('gcore.tasks', vscode.StatusBarAlignment.Left, 20);
  item.name = vscode.l10n.t('Gcore Tasks');
  item.command = { title: vscode.l10n.t('Show Tasks'), command: COMMAND.showTasks };
  item.tooltip = vscode.l10n.t('Followed until they end at Gcore. Click to show the Tasks section.');
  return item;
}
