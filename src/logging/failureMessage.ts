import { isGcoreApiError } from '../api/errors';

/** Buttons a failure notification can offer; the command wrapper knows how to carry each one out. */
export type RecoveryAction = 'Set API Key' | 'Retry' | 'Edit' | 'Open Settings' | 'Show Log' | 'Copy Request ID';

export interface FailureMessage {
  message: string;
  actions: RecoveryAction[];
  requestId?: string;
}

/**
 * Turns any error into one sentence that says what failed and what to do next, plus the buttons that
 * help. `what` names the operation ("Create DNS zone example.com"). Pure, so every wording is unit-tested.
 */
export function describeFailure(error: unknown, what: string, options: { canRetry?: boolean; canEdit?: boolean } = {}): FailureMessage {
  const retry: RecoveryAction[] = options.canRetry === false ? [] : ['Retry'];
  const edit: RecoveryAction[] = options.canEdit ? ['Edit'] : [];
  if (!isGcoreApiError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { message: `${what} failed: ${message}`, actions: ['Show Log'] };
  }
  const api = error.message.replace(/\.$/, '');
  const requestId = error.requestId;
  const withId = (message: string, actions: RecoveryAction[]): FailureMessage => ({
    message: requestId ? `${message} (request ID ${requestId})` : message,
    actions: requestId ? [...actions, 'Copy Request ID'] : actions,
    requestId,
  });
  switch (error.kind) {
    case 'badBaseUrl':
      return withId(`${what} failed: ${api}. Fix the setting gcore.apiBaseUrl.`, ['Open Settings']);
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
      const wait = error.retryAfterMs !== undefined ? ` Try again in ${Math.ceil(error.retryAfterMs / 1000)} s.` : ' Wait a moment and try again.';
      return withId(`${what} failed: Gcore is limiting the request rate (429).${wait}`, retry);
    }
    case 'server':
      return withId(`${what} failed: Gcore had a server error (${error.status}): ${api}. Try again in a moment.`, [...retry, 'Show Log']);
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
