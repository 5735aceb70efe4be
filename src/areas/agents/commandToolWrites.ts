import * as vscode from 'vscode';
import type { ToolWrites } from '../../agentTools';
// Not the tools' index: that loads with the tools, on the first call of one, and this is made at activation.
import { commandWrites } from '../../agentTools/toolWrites';
import type { TaskTracking } from '../../views/taskTracking';

/**
 * The agent tools' writes in VS Code: each is the programmatic call of the command that makes the same
 * change, so it is validated, sent and logged exactly as the command is, and the lists it changes are read
 * again; its tasks are followed as an interactive change's are (the row says Updating…, Creating… or
 * Deleting…; the status bar and the Tasks section count them).
 */
export function commandToolWrites(tasks: Pick<TaskTracking, 'start'>): ToolWrites {
  return commandWrites((command, argument) => vscode.commands.executeCommand(command, argument), tasks);
}
