import * as vscode from 'vscode';
import { isGcoreApiError } from '../api/errors';
import type { Logger } from '../logging/logger';
import { isUserCancelled, type PromptUi } from '../prompts/promptUi';
import { describeFailure, errorForCaller, type RecoveryAction } from '../logging/failureMessage';

export interface Invocation {
  readonly ui: PromptUi;
  /** Called with an argument object: prompt for nothing, return the result, reject with a plain Error. */
  readonly programmatic: boolean;
}

export interface CommandSpec {
  id: string;
  /** Names the operation in messages: "Create DNS zone", "Enable DNSSEC". */
  what: string;
  handler: (invocation: Invocation, ...args: unknown[]) => Promise<unknown>;
  /** Whether these arguments make a programmatic call (default: a first argument that is a plain object or string). */
  isProgrammatic?: (args: unknown[]) => boolean;
}

export interface RunnerDeps {
  log: Logger;
  ui: () => PromptUi;
}

/** Thrown by flows that already showed the failure to the user (with Retry/Edit): the wrapper only logs it. */
export class ReportedError extends Error {
  readonly reported = true;
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'ReportedError';
  }
}

/**
 * The one wrapper around every command: logs start and outcome, stays silent when the user cancels,
 * rejects programmatic callers with a plain Error, and turns failures of interactive calls into a
 * message with the buttons that help.
 */
export function registerCommands(context: vscode.ExtensionContext, deps: RunnerDeps, specs: CommandSpec[]): void {
  for (const spec of specs) {
    context.subscriptions.push(vscode.commands.registerCommand(spec.id, (...args: unknown[]) => runCommand(deps, spec, args)));
  }
}

export async function runCommand(deps: RunnerDeps, spec: CommandSpec, args: unknown[]): Promise<unknown> {
  const programmatic = (spec.isProgrammatic ?? defaultIsProgrammatic)(args);
  const invocation: Invocation = { ui: deps.ui(), programmatic };
  deps.log.debug(`${spec.id} started${programmatic ? ' (programmatic)' : ''}`);
  try {
    const result = await spec.handler(invocation, ...args);
    deps.log.debug(`${spec.id} finished`);
    return result;
  } catch (error) {
    if (isUserCancelled(error) || (isCancelledRequest(error) && !programmatic)) {
      deps.log.info(`${spec.id} cancelled`);
      return undefined;
    }
    const original = error instanceof ReportedError ? error.original : error;
    deps.log.error(`${spec.id} failed`, original);
    if (programmatic) throw errorForCaller(original);
    if (!(error instanceof ReportedError)) void presentFailure(deps, spec, args, original);
    return undefined;
  }
}

async function presentFailure(deps: RunnerDeps, spec: CommandSpec, args: unknown[], error: unknown): Promise<void> {
  const failure = describeFailure(error, spec.what);
  const ui = deps.ui();
  const choice = await ui.notify('error', failure.message, ...failure.actions);
  await performRecovery(deps.log, ui, choice as RecoveryAction | undefined, {
    retry: () => vscode.commands.executeCommand(spec.id, ...args),
    requestId: failure.requestId,
  });
}

/** Carries out a recovery button that does not need the failed flow's state (Retry and Edit do). */
export async function performRecovery(
  log: Logger,
  ui: PromptUi,
  action: RecoveryAction | undefined,
  context: { retry?: () => Thenable<unknown>; requestId?: string },
): Promise<void> {
  switch (action) {
    case 'Set API Key':
      await vscode.commands.executeCommand('gcore.setApiKey');
      break;
    case 'Retry':
      await context.retry?.();
      break;
    case 'Open Settings':
      await vscode.commands.executeCommand('workbench.action.openSettings', 'gcore.');
      break;
    case 'Show Log':
      log.show();
      break;
    case 'Copy Request ID':
      if (context.requestId) await ui.copyToClipboard(context.requestId);
      break;
    default:
      break;
  }
}

function defaultIsProgrammatic(args: unknown[]): boolean {
  const first = args[0];
  if (typeof first === 'string') return true;
  return typeof first === 'object' && first !== null && !isTreeNode(first);
}

/** The user cancelled a prompt, or a request was cancelled (by the user through its progress notification). */
export function isCancellation(error: unknown): boolean {
  return isUserCancelled(error) || isCancelledRequest(error);
}

function isCancelledRequest(error: unknown): boolean {
  return isGcoreApiError(error) && error.kind === 'cancelled';
}

/** Tree nodes carry a `nodeType`; menus pass them as the first argument. */
export function isTreeNode(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { nodeType?: unknown }).nodeType === 'string';
}
