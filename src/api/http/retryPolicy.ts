import type { ApiErrorKind } from '../errors';

/**
 * When and how long to wait before trying a request again.
 *
 * A read is retried after any failure that may pass. A write is retried only when sending it twice does what
 * sending it once does (PUT, DELETE, or a PATCH its request marks idempotent, such as enabling a zone) and
 * Gcore answered that it did not carry it out and to come back (429, 503). After a lost answer (a dropped
 * connection, a timeout, a 502) a write is not sent again: Gcore may have carried it out, and a second PUT
 * would undo a change someone else made in between. A create (POST) is never sent twice on its own: a lost
 * answer to one could turn one zone create into "already exists", and its caller tells the user when to try
 * again.
 */
export interface RetryOptions {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest `Retry-After` waited out when the wait is shown to whoever follows the request (`onWait`).
   * A longer one ends the request at once, and the message says how long Gcore asked to wait.
   */
  maxRetryAfterMs: number;
  /** The same for a request whose waits nobody sees, such as a tree's read: a silent wait stays short. */
  maxUnshownRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  maxUnshownRetryAfterMs: 10_000,
};

/** The request a failure belongs to, as far as retrying it goes. */
export interface RetriedRequest {
  method: string;
  /** A PATCH that sets a state (enable, disable), so that sending it twice does what sending it once does. */
  idempotent?: boolean;
  /** Its waits are shown to whoever follows it (the request has an `onWait`). */
  waitShown?: boolean;
}

/** The longest `Retry-After` this request waits out. */
export function retryAfterCapMs(request: RetriedRequest, options: RetryOptions): number {
  return request.waitShown ? options.maxRetryAfterMs : options.maxUnshownRetryAfterMs;
}

/** A failed attempt, as far as retrying it goes. */
export interface AttemptFailure {
  kind: ApiErrorKind;
  status?: number;
  /** What the answer's `Retry-After` asked for. */
  retryAfterMs?: number;
}

/**
 * Why a request is not tried again: `notRetried`, it is not sent again after this failure; `attemptsUsed`,
 * every attempt was made; `askedTooLong`, Gcore asked for a longer wait than retryAfterCapMs.
 */
export type RetryStop = 'notRetried' | 'attemptsUsed' | 'askedTooLong';

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: RetryStop };

/** Statuses with which Gcore says it did not carry out a request and to come back later. */
export const COME_BACK_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** What a read is retried after besides a lost connection: 408, 429 and every 5xx. */
function readMayPass(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function isIdempotentWrite(request: RetriedRequest): boolean {
  return request.method === 'PUT' || request.method === 'DELETE' || (request.method === 'PATCH' && request.idempotent === true);
}

/** Whether the failure of this request may be tried again at all (attempts and waits aside). */
export function mayRetry(request: RetriedRequest, failure: AttemptFailure): boolean {
  if (request.method === 'GET') return failure.kind === 'network' || (failure.status !== undefined && readMayPass(failure.status));
  return isIdempotentWrite(request) && failure.status !== undefined && COME_BACK_STATUSES.has(failure.status);
}

/**
 * Whether to try again after the failure of attempt `retryIndex` (0 for the first), and after how long:
 * what `Retry-After` asked for, or the backoff when it asked nothing.
 */
export function retryDecision(
  request: RetriedRequest,
  failure: AttemptFailure,
  retryIndex: number,
  options: RetryOptions,
  random: () => number = Math.random,
): RetryDecision {
  if (!mayRetry(request, failure)) return { retry: false, reason: 'notRetried' };
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs > retryAfterCapMs(request, options)) {
    return { retry: false, reason: 'askedTooLong' };
  }
  if (retryIndex >= options.maxRetries) return { retry: false, reason: 'attemptsUsed' };
  return { retry: true, delayMs: failure.retryAfterMs ?? backoffDelayMs(retryIndex, options, random) };
}

/** Exponential backoff with "full jitter" kept above half the step, so retries spread but still back off. */
export function backoffDelayMs(retryIndex: number, options: RetryOptions, random: () => number = Math.random): number {
  const step = Math.min(options.baseDelayMs * 2 ** retryIndex, options.maxDelayMs);
  return Math.round(step / 2 + (random() * step) / 2);
}

/** `Retry-After` as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) {
    const ms = Math.round(Number(value) * 1000);
    return Number.isFinite(ms) ? ms : undefined;
  }
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
