/**
 * When and how long to wait before retrying. Only reads are retried: a lost response to a POST or PATCH
 * could otherwise turn one zone create into a confusing "already exists", and a PUT or DELETE, idempotent
 * as HTTP says, would still undo a change someone else made in between.
 */
export interface RetryOptions {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest `Retry-After` waited out without a word to the user. A longer one ends the request at
   * once, and the message says how long Gcore asked to wait.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 10_000,
};

const RETRYABLE_STATUSES = new Set([408, 429]);

export function isRetryableMethod(method: string): boolean {
  return method === 'GET';
}

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || status >= 500;
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

/** How long to wait before the next attempt, or undefined when the server asked for too long a wait. */
export function retryDelayMs(retryIndex: number, retryAfterMs: number | undefined, options: RetryOptions): number | undefined {
  if (retryAfterMs === undefined) return backoffDelayMs(retryIndex, options);
  return retryAfterMs <= options.maxRetryAfterMs ? retryAfterMs : undefined;
}
