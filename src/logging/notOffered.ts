import * as l10n from '@vscode/l10n';
import { isGcoreApiError } from '../api/errors';
import { failureReason } from './failureMessage';

/**
 * An endpoint this API does not have (a server with only the four core operations (docs/gcore-api.md#core-operations)): said once, plainly,
 * without Retry, and nothing else changes.
 */
export class NotOfferedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'NotOfferedError';
  }
}

/** Whether a failure may say that the endpoint is missing: 404, 405 or 501. */
export function mayBeMissingEndpoint(error: unknown): boolean {
  return isGcoreApiError(error) && (error.status === 404 || error.status === 405 || error.status === 501);
}

/** The NotOfferedError of `action` (a command's title) for a failure that says the endpoint is missing. */
export function notOffered(action: string, error: unknown, writes: boolean): NotOfferedError {
  const status = isGcoreApiError(error) ? String(error.status) : '';
  const message = l10n.t(
    'The API at gcore.apiBaseUrl does not offer {0}: it answered {1} ({2}).',
    action,
    status,
    failureReason(error).replace(/\.$/, ''),
  );
  return new NotOfferedError(writes ? `${message} ${l10n.t('Nothing was changed.')}` : message, { cause: error });
}
