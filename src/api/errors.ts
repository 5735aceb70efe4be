import * as l10n from '@vscode/l10n';
/** What went wrong, in terms the UI can act on (offer "Set API Key", "Retry", "Edit", …). */
export type ApiErrorKind =
  | 'badBaseUrl'
  | 'badApiKey'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'notAllowed'
  | 'conflict'
  | 'invalidInput'
  | 'rateLimited'
  | 'server'
  | 'http'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'badResponse';

export interface ApiErrorDetails {
  status?: number;
  requestId?: string;
  /** The API's own words: `message ?? error ?? detail ?? text` of the error body. */
  apiMessage?: string;
  /** Cloud validation errors: wire field path → messages. */
  fieldErrors?: Record<string, string[]>;
  /** How long the server asked us to wait (429/503), in milliseconds. */
  retryAfterMs?: number;
  /** Scalar facts of a Cloud quota error (`info`): limit, used, requested… */
  quota?: Record<string, string | number | boolean>;
  /**
   * A write whose answer was lost after it was sent (cancelled, timed out, the connection lost, the answer cut
   * short, too large or not JSON, a gateway's 502 or 504): Gcore may have carried it out.
   */
  mayHaveApplied?: boolean;
  /**
   * The answer was larger than the request's cap and was not read: the cap, and the size the answer
   * declared when it did (a Content-Length).
   */
  tooLarge?: { capBytes: number; declaredBytes?: number };
  method?: string;
  path?: string;
}

/**
 * The one error type the API client throws. It never holds the API key: the pipeline builds it from the
 * status, the response body and the request's method and path only.
 */
export class GcoreApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly requestId?: string;
  readonly apiMessage?: string;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterMs?: number;
  readonly quota?: Record<string, string | number | boolean>;
  readonly mayHaveApplied?: boolean;
  readonly tooLarge?: { capBytes: number; declaredBytes?: number };
  readonly method?: string;
  readonly path?: string;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'GcoreApiError';
    this.kind = kind;
    this.status = details.status;
    this.requestId = details.requestId;
    this.apiMessage = details.apiMessage;
    this.fieldErrors = details.fieldErrors;
    this.retryAfterMs = details.retryAfterMs;
    this.quota = details.quota;
    this.mayHaveApplied = details.mayHaveApplied;
    this.tooLarge = details.tooLarge;
    this.method = details.method;
    this.path = details.path;
  }
}

export function isGcoreApiError(value: unknown): value is GcoreApiError {
  return value instanceof GcoreApiError;
}

/**
 * A write that Gcore may have carried out, whose outcome could not be learnt (its answer lost, and the read
 * that would tell failing too). Its message says how to find out; what shows it never offers to send again.
 */
export class UnknownOutcomeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnknownOutcomeError';
  }
}

const DEFAULT_MESSAGES: Record<ApiErrorKind, string> = {
  badBaseUrl: l10n.t('The API base URL is not allowed.'),
  badApiKey: l10n.t('The API key cannot be sent.'),
  unauthorized: l10n.t('The API key was rejected.'),
  forbidden: l10n.t('The request was refused (often: the region is out of capacity).'),
  notFound: l10n.t('Not found.'),
  notAllowed: l10n.t('The API does not allow this request.'),
  conflict: l10n.t('It already exists or conflicts with the current state.'),
  invalidInput: l10n.t('The API refused the input.'),
  rateLimited: l10n.t('Too many requests.'),
  server: l10n.t('The Gcore API had a server error.'),
  http: l10n.t('The request failed.'),
  network: l10n.t('Could not reach the Gcore API.'),
  timeout: l10n.t('The request timed out.'),
  cancelled: l10n.t('The request was cancelled.'),
  badResponse: l10n.t('The Gcore API sent an unexpected response.'),
};

export function defaultMessage(kind: ApiErrorKind): string {
  return DEFAULT_MESSAGES[kind];
}

export function kindForStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
    case 422:
      return 'invalidInput';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'notAllowed';
    case 408:
      return 'timeout';
    case 409:
      return 'conflict';
    case 429:
      return 'rateLimited';
    default:
      return status >= 500 ? 'server' : 'http';
  }
}

/**
 * Whether a read endpoint is missing from this server (404, 405 or 501 to a collection), as on a server
 * with only the four core operations (docs/gcore-api.md#core-operations). Not for an item's endpoint, where 404 means the item is gone.
 */
export function isEndpointMissing(error: unknown): boolean {
  return isGcoreApiError(error) && (error.status === 404 || error.status === 405 || error.status === 501);
}

/** A request the caller cancelled: never read as an answer about what exists. */
export function isCancelled(error: unknown): boolean {
  return isGcoreApiError(error) && error.kind === 'cancelled';
}
