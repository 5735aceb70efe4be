import type { CallOptions } from '../../api/callOptions';
import { waitNotice, type RetryWait } from '../../api/http/retryWords';
import type { PromptUi } from '../../ui/promptUi';

/** What `run` gets: the UI (a silent one for programmatic calls), the cancellation of the progress and its line. */
export interface RunContext {
  ui: PromptUi;
  signal?: AbortSignal;
  /** Replaces the line under the progress title; absent where no progress is shown (a programmatic call). */
  report?: (message: string) => void;
}

/** A request's wait to try again, told on the progress line ("Gcore asked to wait 5 s…"); undefined without one. */
export function waitShown(report: RunContext['report']): ((wait: RetryWait) => void) | undefined {
  return report && ((wait) => report(waitNotice(wait)));
}

/** What a command's requests take from its run: the cancellation, and the progress line that shows their waits. */
export function callOptions({ signal, report }: RunContext): CallOptions {
  return { signal, onWait: waitShown(report) };
}

/** A button for a failure this command understands better than the general message does. */
export interface Alternative<Result> {
  when(error: unknown): boolean;
  label: string;
  run(): Promise<Result>;
}

/** What an interactive call's report may do later: open its prompts again, filled in with the same answers. */
export interface FlowControl {
  reopen(): Promise<unknown>;
}

/** What a command makes of a failure before the general message: run again with other arguments. */
export type FailureHandling<Args> = { runAgainWith: Args } | undefined;

/**
 * One command: its id, how an argument becomes its input, how it asks interactively, what it runs and
 * how it reports. The flow runner owns everything else: the programmatic/interactive fork, progress,
 * Retry and Edit, the messages of failures, logging. `Draft` holds the interactive answers so far; it
 * survives an Edit after a failure, so the prompts reopen filled in.
 */
export interface Command<Args, Result, Draft = undefined> {
  id: string;
  /** Names the operation in messages: "Create DNS zone example.com", "Enable DNSSEC for example.com". */
  what(args?: Args): string;
  /**
   * A programmatic call's argument (an object or a string) made into the input, refused with an error
   * naming the field. Absent: the command takes no programmatic argument and always runs interactively.
   */
  parse?(arg: unknown): Args;
  /**
   * A call without an argument is programmatic too: the command has no interactive form under its id
   * (it is hidden from the palette), so `executeCommand(id)` returns the API's answer or rejects.
   */
  programmaticWithoutArgument?: boolean;
  /**
   * Interactive input: from the tree node the command was invoked on, or asked of the user. Absent: the
   * node (or undefined) is the input.
   */
  ask?(ui: PromptUi, draft: Draft, node: unknown): Promise<Args>;
  /** A new draft for an interactive call. */
  draft?(): Draft;
  /** A modal confirmation after the input and before anything is sent; false stops quietly. */
  confirm?(ui: PromptUi, args: Args): Promise<boolean>;
  /** After a confirmation, once per interactive call (e.g. remembering a name as recent). */
  confirmed?(args: Args): Promise<void>;
  /** Shown while `run` works; without it, `run` is not cancellable from the UI. */
  progress?(args: Args): string;
  run(args: Args, context: RunContext): Promise<Result>;
  /** What a programmatic caller receives, when it is not the result itself (the contract's return value). */
  returns?(result: Result): unknown;
  /** How an interactive call tells its outcome; `flow.reopen` starts it again with the same answers (Retry). */
  report?(ui: PromptUi, result: Result, args: Args, flow: FlowControl): void | Promise<void>;
  /** Whether a failure offers Edit (reopening the prompts with the draft). */
  editable?: boolean;
  alternative?(args: Args): Alternative<Result> | undefined;
  /** A failure this command answers itself, e.g. with a second confirmation and other arguments. */
  onFailure?(ui: PromptUi, error: unknown, args: Args): Promise<FailureHandling<Args>>;
  /** Told when the user cancels after a create or update was sent: Gcore may carry it out anyway. */
  cancelledAfterSending?(args: Args): { message: string; action?: { label: string; run: () => Promise<unknown> } };
}

/**
 * Keeps each command's own types while putting it in a list of commands of any types (the runner
 * calls a command's functions only with what that command produced).
 */
export function command<Args, Result, Draft = undefined>(definition: Command<Args, Result, Draft>): Command<never, unknown, never> {
  return definition as unknown as Command<never, unknown, never>;
}
