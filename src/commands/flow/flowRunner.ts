import { isCancelled, isGcoreApiError } from '../../api/errors';
import { COMMAND } from '../../core/contributions';
import { chosenRecovery, describeFailure, errorForCaller, recoveryLabel, type RecoveryAction } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { UserCancelledError, isUserCancelled, type PromptUi } from '../../ui/promptUi';
import { SilentUi } from '../../ui/silentUi';
import { isTreeNode } from '../../views/treeNodes';
import type { Command, RunContext } from './command';

/**
 * What the runner takes from its host. VS Code stays behind these (commandRegistration.ts fills them in),
 * so the runner loads in plain Node and its unit tests pass fakes.
 */
export interface RunnerDeps {
  log: Log;
  ui: () => PromptUi;
  /** Runs a registered command by its id, as `vscode.commands.executeCommand` does. */
  execute(commandId: string, ...args: unknown[]): PromiseLike<unknown>;
}

/** A failure the flow already showed the user (with its buttons): the runner only logs it. */
class ReportedError extends Error {
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'ReportedError';
  }
}

const EDIT: unique symbol = Symbol('edit');

/**
 * The one runner around every command: logs start and outcome, stays silent when the user cancels,
 * rejects programmatic callers with a plain Error (its text through the secret redaction), and turns
 * failures of interactive calls into a message with the buttons that help.
 *
 * A call is programmatic when it brings an argument that is not a tree node (menus pass nodes) and the
 * command takes arguments; it then prompts for nothing and returns the result.
 */
export async function runCommand<Args, Result, Draft>(
  deps: RunnerDeps,
  command: Command<Args, Result, Draft>,
  arg: unknown,
  draft?: Draft,
): Promise<unknown> {
  const programmatic =
    draft === undefined &&
    command.parse !== undefined &&
    (arg !== undefined || command.programmaticWithoutArgument === true) &&
    !isTreeNode(arg);
  deps.log.debug(`${command.id} started${programmatic ? ' (programmatic)' : ''}`);
  const ui = deps.ui();
  try {
    const result = programmatic ? await runProgrammatic(command, arg, ui) : await runInteractive(deps, command, ui, arg, draft);
    deps.log.debug(`${command.id} finished`);
    return command.returns ? command.returns(result) : result;
  } catch (error) {
    if (isUserCancelled(error) || (isCancelled(error) && !programmatic)) {
      deps.log.info(`${command.id} cancelled`);
      return undefined;
    }
    const original = error instanceof ReportedError ? error.original : error;
    deps.log.error(`${command.id} failed`, original);
    if (programmatic) throw errorForCaller(original);
    if (!(error instanceof ReportedError)) void presentFailure(deps, ui, command as Command<never, unknown, never>, arg, original);
    return undefined;
  }
}

function runProgrammatic<Args, Result, Draft>(command: Command<Args, Result, Draft>, arg: unknown, ui: PromptUi): Promise<Result> {
  const args = (command.parse as (arg: unknown) => Args)(arg);
  return command.run(args, { ui: new SilentUi(ui) });
}

async function runInteractive<Args, Result, Draft>(
  deps: RunnerDeps,
  command: Command<Args, Result, Draft>,
  ui: PromptUi,
  node: unknown,
  reopened?: Draft,
): Promise<Result> {
  const draft = reopened ?? (command.draft?.() as Draft);
  for (;;) {
    const args = command.ask ? await command.ask(ui, draft, node) : (node as Args);
    if (command.confirm && !(await command.confirm(ui, args))) throw new UserCancelledError();
    await command.confirmed?.(args);
    const outcome = await sendWithRecovery(deps, command, ui, args);
    if (outcome === EDIT) continue;
    await command.report?.(ui, outcome, args, { reopen: () => runCommand(deps, command, node, draft) });
    return outcome;
  }
}

/**
 * Runs the command, with progress when it names one. On failure the user keeps what they typed: Retry
 * runs it again, Edit returns EDIT so the flow reopens its prompts, and a command's own answer to a
 * failure (another button, a second confirmation) comes first.
 */
async function sendWithRecovery<Args, Result, Draft>(
  deps: RunnerDeps,
  command: Command<Args, Result, Draft>,
  ui: PromptUi,
  initial: Args,
): Promise<Result | typeof EDIT> {
  let args = initial;
  for (;;) {
    try {
      const progress = command.progress?.(args);
      const run = (signal?: AbortSignal, report?: (message: string) => void) =>
        command.run(args, { ui, signal, report } satisfies RunContext);
      return await (progress === undefined ? run() : ui.withProgress({ title: progress, run }));
    } catch (error) {
      if (isUserCancelled(error) || isCancelled(error)) {
        if (isGcoreApiError(error) && error.mayHaveApplied && command.cancelledAfterSending) {
          warnCancelledAfterSending(ui, command.cancelledAfterSending(args));
        }
        throw new UserCancelledError();
      }
      const handled = await command.onFailure?.(ui, error, args);
      if (handled) {
        args = handled.runAgainWith;
        continue;
      }
      // A failure that is no request's (no key store, bad input found late) has nothing to retry.
      if (!isGcoreApiError(error) || command.progress === undefined) throw error;
      deps.log.error(`${command.what(args)} failed`, error);
      const failure = describeFailure(error, command.what(args), { canRetry: true, canEdit: command.editable === true });
      const alternative = command.alternative?.(args);
      const offered = alternative?.when(error) ? alternative : undefined;
      const choice = await ui.notify('error', failure.message, ...(offered ? [offered.label] : []), ...failure.actions.map(recoveryLabel));
      if (offered && choice === offered.label) return offered.run();
      const recovery = chosenRecovery(failure.actions, choice);
      if (recovery === 'retry') continue;
      if (recovery === 'edit') return EDIT;
      await performRecovery(deps, ui, recovery, { requestId: failure.requestId });
      throw new ReportedError(error);
    }
  }
}

async function presentFailure(
  deps: RunnerDeps,
  ui: PromptUi,
  command: Command<never, unknown, never>,
  arg: unknown,
  error: unknown,
): Promise<void> {
  const failure = describeFailure(error, command.what());
  const choice = await ui.notify('error', failure.message, ...failure.actions.map(recoveryLabel));
  await performRecovery(deps, ui, chosenRecovery(failure.actions, choice), {
    retry: () => deps.execute(command.id, arg),
    requestId: failure.requestId,
  });
}

/** Carries out a recovery button that does not need the failed flow's state (Retry and Edit do). */
async function performRecovery(
  deps: RunnerDeps,
  ui: PromptUi,
  action: RecoveryAction | undefined,
  context: { retry?: () => PromiseLike<unknown>; requestId?: string },
): Promise<void> {
  switch (action) {
    case 'setApiKey':
      await deps.execute(COMMAND.setApiKey);
      break;
    case 'retry':
      await context.retry?.();
      break;
    case 'openSettings':
      await deps.execute('workbench.action.openSettings', 'gcore.');
      break;
    case 'showLog':
      deps.log.show();
      break;
    case 'copyRequestId':
      if (context.requestId) await ui.copyToClipboard(context.requestId);
      break;
    default:
      break;
  }
}

function warnCancelledAfterSending(
  ui: PromptUi,
  warning: { message: string; action?: { label: string; run: () => Promise<unknown> } },
): void {
  const { action } = warning;
  void ui.notify('warning', warning.message, ...(action ? [action.label] : [])).then(async (choice) => {
    if (action && choice === action.label) await action.run();
  });
}

/** Thrown by a command that showed the failure itself (a declined second confirmation). */
export function reported(error: unknown): Error {
  return new ReportedError(error);
}
