import * as vscode from 'vscode';
import { ALREADY_SENT, OUTPUT_CHANNEL, RUN_VARIABLE, UPDATES_VARIABLE } from './protocol';

/**
 * The playground's companion extension (never part of the Gcore extension): once per playground run it
 * sends the demo container updates through the contract's commands, as another extension or a script
 * would (`gcore.updateContainer`, then `gcore.waitForTasks`), so that the Tasks section opens with one
 * update that finishes and one that fails, under their containers' names. The Tasks section lives in the
 * extension's global state, which code-server keeps in the browser, so only a window can put tasks there.
 * What it did is in the Output panel, "Gcore playground".
 */

const SENT_FOR_RUN = 'demoUpdatesSentForRun';

interface DemoUpdate {
  containerName: string;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const run = process.env[RUN_VARIABLE];
  const updates = process.env[UPDATES_VARIABLE];
  if (!run || !updates) return;
  const log = vscode.window.createOutputChannel(OUTPUT_CHANNEL, { log: true });
  context.subscriptions.push(log);
  if (context.globalState.get(SENT_FOR_RUN) === run) {
    log.info(ALREADY_SENT);
    return;
  }
  await context.globalState.update(SENT_FOR_RUN, run);
  // Following the updates takes seconds; activation does not wait for it.
  void sendDemoUpdates(JSON.parse(updates) as DemoUpdate[], log);
}

async function sendDemoUpdates(updates: readonly DemoUpdate[], log: vscode.LogOutputChannel): Promise<void> {
  try {
    const taskIds: string[] = [];
    for (const update of updates) {
      const { tasks } = await vscode.commands.executeCommand<{ tasks: string[] }>('gcore.updateContainer', update);
      log.info(`Sent the demo update of ${update.containerName}: tasks ${tasks.join(', ')}.`);
      taskIds.push(...tasks);
    }
    const { tasks } = await vscode.commands.executeCommand<{ tasks: { id: string; state: string; error?: string | null }[] }>(
      'gcore.waitForTasks',
      { taskIds },
    );
    for (const task of tasks) log.info(`Task ${task.id} ended ${task.state}${task.error ? `: ${task.error}` : ''}.`);
  } catch (error) {
    const message = `The playground could not run its demo updates: ${error instanceof Error ? error.message : String(error)}`;
    log.error(message);
    void vscode.window.showWarningMessage(message);
  }
}
