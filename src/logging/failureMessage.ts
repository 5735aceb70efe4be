import * as l10n from '@vscode/l10n';
import { isGcoreApiError } from '../api/errors';
import { redactError, redactSessionSecrets } from './redaction';

/** Buttons a failure notification can offer; the command wrapper knows how to carry each one out. */
export type RecoveryAction = 'setApiKey' | 'retry' | 'edit' | 'openSettings' | 'showLog' | 'copyRequestId';

/** A recovery button's label in the display language. */
export function recoveryLabel(action: RecoveryAction): string {
  switch (action) {
    case 'setApiKey':
      return l10n.t('Set API Key');
    case 'retry':
      return l10n.t('Retry');
    case 'edit':
      return l10n.t('Edit');
    case 'openSettings':
      return l10n.t('Open Settings');
    case 'showLog':
      return l10n.t('Show Log');
    case 'copyRequestId':
      return l10n.t('Copy Request ID');
  }
}

/** The recovery action whose button was chosen (undefined: dismissed, or another button). */
export function chosenRecovery(actions: readonly RecoveryAction[], choice: string | undefined): RecoveryAction | undefined {
  return actions.find((action) => recoveryLabel(action) === choice);
}

export interface FailureMessage {
  message: string;
  actions: RecoveryAction[];
  requestId?: string;
}

/**
 * What an error says, as a user may see it: the only way an exception's own text reaches a notification,
 * a tree row or a programmatic caller, because a library's message can quote a request, key included.
 */
export function failureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return redactSessionSecrets(text);
}

/**
 * The error a programmatic caller receives: always an Error, and every text it holds (its message, its fields,
 * its causes) redacted as failureReason redacts a message.
 */
export function errorForCaller(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(failureReason(error));
  return redactError(error);
}

/**
 * Turns any error into one sentence that says what failed and what to do next, plus the buttons that
 * help. `what` names the operation ("Create DNS zone example.com"). Pure apart from the session's secrets
 * it hides, so every wording is unit-tested.
 */
export function describeFailure(error: unknown, what: string, options: { canRetry?: boolean; canEdit?: boolean } = {}): FailureMessage {
  const retry: RecoveryAction[] = options.canRetry === false ? [] : ['retry'];
  const edit: RecoveryAction[] = options.canEdit ? ['edit'] : [];
  if (!isGcoreApiError(error)) {
    return { message: l10n.t('{0} failed: {1}', what, failureReason(error)), actions: ['showLog'] };
  }
  const api = failureReason(error).replace(/\.$/, '');
  const requestId = error.requestId === undefined ? undefined : redactSessionSecrets(error.requestId);
  // A write whose answer never came may have been carried out: retrying blindly could do it twice.
  const unsure = error.mayHaveApplied
    ? ` ${l10n.t('Gcore may have received it before the answer was lost: check before sending it again.')}`
    : '';
  const withId = (message: string, actions: RecoveryAction[]): FailureMessage => ({
    message: requestId ? l10n.t('{0} (request ID {1})', `${message}${unsure}`, requestId) : `${message}${unsure}`,
    actions: requestId ? [...actions, 'copyRequestId'] : actions,
    requestId,
  });
  switch (error.kind) {
    case 'badBaseUrl':
      return withId(l10n.t('{0} failed: {1}. Fix the setting gcore.apiBaseUrl.', what, api), ['openSettings']);
    case 'badApiKey':
      return withId(l10n.t('{0} failed: {1}. Set the API key again.', what, api), ['setApiKey']);
    case 'unauthorized':
      if (error.status === undefined) {
        return withId(l10n.t('{0} needs a Gcore API key. Set one to continue.', what), ['setApiKey']);
      }
      return withId(l10n.t('{0} failed: Gcore rejected the API key ({1}). Set a valid API key.', what, api), ['setApiKey', ...retry]);
    case 'forbidden':
      return withId(
        l10n.t(
          "{0} failed: {1} (403). Gcore answers 403 when the region is out of capacity or the key may not use this project; try another region, try later, or check the key's permissions.",
          what,
          api,
        ),
        [...retry, 'showLog'],
      );
    case 'notFound':
      return withId(l10n.t('{0} failed: {1} (404). Check the project, region and name.', what, api), [...edit, 'showLog']);
    case 'notAllowed':
      return withId(l10n.t('{0} failed: {1} (405).', what, api), [...edit, 'showLog']);
    case 'conflict':
      return withId(l10n.t('{0} failed: {1} (409).', what, api), [...edit, 'showLog']);
    case 'invalidInput':
      return withId(l10n.t('{0} failed: Gcore refused the input: {1}.', what, api), [...edit, 'showLog']);
    case 'rateLimited':
      // The pipeline's message already says who refused and how long to wait (comeBackMessage).
      return withId(l10n.t('{0} failed: {1}.', what, api), retry);
    case 'server':
      // A 503's message says how long Gcore asked to wait, as a 429's does: it is shown as any other failure's.
      if (error.status !== 503) {
        return withId(l10n.t('{0} failed: Gcore had a server error ({1}): {2}. Try again in a moment.', what, String(error.status), api), [
          ...retry,
          'showLog',
        ]);
      }
      break;
    case 'network':
      return withId(l10n.t('{0} failed: {1}. Check the network connection, your proxy settings and gcore.apiBaseUrl.', what, api), [
        ...retry,
        'openSettings',
      ]);
    case 'timeout':
      return withId(l10n.t('{0} failed: {1}. Try again, or raise gcore.requestTimeoutSeconds.', what, api), [...retry, 'openSettings']);
    case 'cancelled':
      return withId(l10n.t('{0} was cancelled.', what), []);
  }
  return withId(l10n.t('{0} failed: {1}.', what, api), [...retry, 'showLog']);
}
