import { isGcoreApiError } from '../api/errors';
import { redactSessionSecrets } from './redaction';

/** Buttons a failure notification can offer; the command wrapper knows how to carry each one out. */
export type RecoveryAction = 'Set API Key' | 'Retry' | 'Edit' | 'Open Settings' | 'Show Log' | 'Copy Request ID';

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

/** The error a programmatic caller receives: always an Error, its message passed through failureReason. */
export function errorForCaller(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(failureReason(error));
  const reason = failureReason(error);
  if (reason !== error.message) error.message = reason;
  return error;
}

/**
 * Turns any error into one sentence that says what failed and what to do next, plus the buttons that
 * help. `what` names the operation ("Create DNS zone example.com"). Pure apart from the session's secrets
 * it hides, so every wording is unit-tested.
 */
export function describeFailure(error: unknown, what: string, options: { canRetry?: boolean; canEdit?: boolean } = {}): FailureMessage {
  const retry: RecoveryAction[] = options.canRetry === false ? [] : ['Retry'];
  const edit: RecoveryAction[] = options.canEdit ? ['Edit'] : [];
  if (!isGcoreApiError(error)) {
    return { message: `${what} failed: ${failureReason(error)}`, actions: ['Show Log'] };
  }
  const api = failureReason(error).replace(/\.$/, '');
  const requestId = error.requestId;
  // A write whose answer never came may have been carried out: retrying blindly could do it twice.
  const unsure = error.mayHaveApplied ? ' Gcore may have received it before the answer was lost: check before sending it again.' : '';
  const withId = (message: string, actions: RecoveryAction[]): FailureMessage => ({
    message: requestId ? `${message}${unsure} (request ID ${requestId})` : `${message}${unsure}`,
    actions: requestId ? [...actions, 'Copy Request ID'] : actions,
    requestId,
  });
  switch (error.kind) {
    case 'badBaseUrl':
      return withId(`${what} failed: ${api}. Fix the setting gcore.apiBaseUrl.`, ['Open Settings']);
    case 'badApiKey':
      return withId(`${what} failed: ${api}. Set the API key again.`, ['Set API Key']);
    case 'unauthorized':
      if (error.status === undefined) {
        return withId(`${what} needs a Gcore API key. Set one to continue.`, ['Set API Key']);
      }
      return withId(`${what} failed: Gcore rejected the API key (${api}). Set a valid API key.`, ['Set API Key', ...retry]);
    case 'forbidden':
      return withId(
        `${what} failed: ${api} (403). Gcore answers 403 when the region is out of capacity or the key may not use this project; try another region, try later, or check the key's permissions.`,
        [...retry, 'Show Log'],
      );
    case 'notFound':
      return withId(`${what} failed: ${api} (404). Check the project, region and name.`, [...edit, 'Show Log']);
    case 'notAllowed':
      return withId(`${what} failed: ${api} (405).`, [...edit, 'Show Log']);
    case 'conflict':
      return withId(`${what} failed: ${api} (409).`, [...edit, 'Show Log']);
    case 'invalidInput':
      return withId(`${what} failed: Gcore refused the input: ${api}.`, [...edit, 'Show Log']);
    case 'rateLimited': {
      const wait = error.retryAfterMs !== undefined ? ` Gcore asks to wait ${formatWait(error.retryAfterMs)} before trying again.` : ' Wait a moment and try again.';
      return withId(`${what} failed: Gcore is limiting the request rate (429).${wait}`, retry);
    }
    case 'server': {
      const wait = error.retryAfterMs !== undefined ? `Gcore asks to wait ${formatWait(error.retryAfterMs)}.` : 'Try again in a moment.';
      return withId(`${what} failed: Gcore had a server error (${error.status}): ${api}. ${wait}`, [...retry, 'Show Log']);
    }
    case 'network':
      return withId(
        `${what} failed: ${api}. Check the network connection, your proxy settings and gcore.apiBaseUrl.`,
        [...retry, 'Open Settings'],
      );
    case 'timeout':
      return withId(
        `${what} failed: ${api}. Try again, or raise gcore.requestTimeoutSeconds.`,
        [...retry, 'Open Settings'],
      );
    case 'cancelled':
      return withId(`${what} was cancelled.`, []);
    default:
      return withId(`${what} failed: ${api}.`, [...retry, 'Show Log']);
  }
}

/** A wait as people say it: "30 s", "5 min", "3 h", "12 days". */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}
