import * as vscode from 'vscode';
import { COMMAND } from '../core/contributions';
import type { TaskPoller } from '../loaders/taskPoller';
import type { ChangeVocabulary } from './presentation/changeWords';
import { runningUpdatesText } from './presentation/tasks/taskView';

/**
 * "Gcore: 2 updates running" in the status bar while tasks are followed, opening the Tasks section; gone
 * when nothing is followed.
 */
export class TaskStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('gcore.tasks', vscode.StatusBarAlignment.Left, 20);
  private readonly unsubscribe: () => void;

  constructor(
    private readonly poller: Pick<TaskPoller, 'unfinished' | 'onDidChange'>,
    private readonly words: ChangeVocabulary,
  ) {
    this.item.name = vscode.l10n.t('Gcore Tasks');
    this.item.command = { title: vscode.l10n.t('Show Tasks'), command: COMMAND.showTasks };
    this.unsubscribe = poller.onDidChange(() => this.update());
    this.update();
  }

  update(): void {
    const text = runningUpdatesText(this.poller.unfinished(), this.words);
    if (!text) {
      this.item.hide();
      return;
    }
    this.item.text = `$(sync~spin) ${text}`;
    this.item.tooltip = vscode.l10n.t('Followed until they end at Gcore. Click to show the Tasks section.');
    this.item.show();
  }

  dispose(): void {
    this.unsubscribe();
    this.item.dispose();
  }
}
