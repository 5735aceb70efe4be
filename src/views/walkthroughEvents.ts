import * as vscode from 'vscode';
import type { TaskPoller } from '../loaders/taskPoller';
import { CONTEXT_KEY } from '../core/contributions';

/**
 * Checks off a step of the walkthrough (package.json, `walkthroughs`), whose completion event is this context
 * key: each area sets its steps' keys when what the step asks for is so, not just when a command ran.
 */
export function completeWalkthroughStep(key: string): void {
  void vscode.commands.executeCommand('setContext', key, true);
}

/** "Update a container and watch it finish": a change followed here finished at Gcore. */
export function changeFinishedStep(poller: Pick<TaskPoller, 'onDidChange'>): vscode.Disposable {
  const unsubscribe = poller.onDidChange((task) => {
    if (task.subject && task.end?.kind === 'finished') completeWalkthroughStep(CONTEXT_KEY.updateFinishedHere);
  });
  return new vscode.Disposable(unsubscribe);
}
