import * as vscode from 'vscode';
import { runCommand, type RunnerDeps } from './flow/flowRunner';
import type { AnyCommand, LazyCommands } from './flow/lazyCommands';

/**
 * The VS Code side of the flow runner: each command under its id, and VS Code's command registry as the
 * runner's `execute` (Retry of a failed call, Set API Key, Open Settings).
 */
export function registerCommands(
  context: vscode.ExtensionContext,
  deps: Omit<RunnerDeps, 'execute'>,
  commands: AnyCommand[],
  lazy: readonly LazyCommands[] = [],
): void {
  const runner: RunnerDeps = { ...deps, execute: (commandId, ...args) => vscode.commands.executeCommand(commandId, ...args) };
  for (const command of commands) {
    context.subscriptions.push(vscode.commands.registerCommand(command.id, (arg: unknown) => runCommand(runner, command, arg)));
  }
  for (const group of lazy) {
    for (const id of group.ids) {
      context.subscriptions.push(
        vscode.commands.registerCommand(id, async (arg: unknown) => runCommand(runner, (await group.load()).get(id) as AnyCommand, arg)),
      );
    }
  }
}
