import { isGcoreApiError } from '../api/errors';
import type { Logger } from '../logging/logger';
import { UserCancelledError, type PromptUi } from '../prompts/promptUi';
import { ReportedError, isCancellation, performRecovery } from './commandRunner';
import { describeFailure, type RecoveryAction } from '../logging/failureMessage';

export const EDIT: unique symbol = Symbol('edit');

export interface Submission<T> {
  what: string;
  progressTitle: string;
  send: (signal: AbortSignal) => Promise<T>;
  /** An extra button for a failure this flow understands better (e.g. "already exists" → add it instead). */
  alternative?: { when: (error: unknown) => boolean; label: string; run: () => Promise<T> };
  /**
   * What to tell the user when they cancel after the request was sent: Gcore may carry it out anyway.
   * An optional button helps them check.
   */
  cancelledAfterSending: { message: string; action?: { label: string; run: () => Promise<unknown> } };
}

/**
 * Sends the request with progress. On failure the user keeps what they typed: Retry sends it again,
 * Edit returns EDIT so the flow reopens its prompts with the answers filled in.
 */
export async function submitWithRecovery<T>(ui: PromptUi, log: Logger, submission: Submission<T>): Promise<T | typeof EDIT> {
  for (;;) {
    try {
      return await ui.withProgress({ title: submission.progressTitle, run: submission.send });
    } catch (error) {
      if (isCancellation(error)) {
        if (isGcoreApiError(error) && error.mayHaveApplied) warnCancelledAfterSending(ui, submission.cancelledAfterSending);
        throw new UserCancelledError();
      }
      log.error(`${submission.what} failed`, error);
      const failure = describeFailure(error, submission.what, { canRetry: true, canEdit: true });
      const alternative = submission.alternative?.when(error) ? submission.alternative : undefined;
      const actions = [...(alternative ? [alternative.label] : []), ...failure.actions];
      const choice = await ui.notify('error', failure.message, ...actions);
      if (alternative && choice === alternative.label) return alternative.run();
      if (choice === 'Retry') continue;
      if (choice === 'Edit') return EDIT;
      await performRecovery(log, ui, choice as RecoveryAction | undefined, { requestId: failure.requestId });
      throw new ReportedError(error);
    }
  }
}

function warnCancelledAfterSending(ui: PromptUi, warning: Submission<unknown>['cancelledAfterSending']): void {
  const { action } = warning;
  void ui.notify('warning', warning.message, ...(action ? [action.label] : [])).then(async (choice) => {
    if (action && choice === action.label) await action.run();
  });
}
