import * as vscode from 'vscode';
import type { Command } from './command';
import { runCommand, type RunnerDeps } from './flowRunner';

/**
 * The VS Code side of the flow runner: each command under its id, and VS Code's command registry as the
 * runner's `execute` (Retry of a failed call, Set API Key, Open Settings).
 */
export function registerCommands(context: vscode.ExtensionContext, deps: Omit<RunnerDeps, 'execute'>, commands: Command<never, unknown, never>[]): void {
  const runner: RunnerDeps = { ...deps, execute: (commandId, ...args) => vscode.commands.executeCommand(commandId, ...args) };
  for (const command of commands) {
    context.subscriptions.push(vscode.commands.registerCommand(command.id, (arg: unknown) => runCommand(runner, command, arg)));
  }
}
