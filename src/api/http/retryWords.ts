import * as l10n from '@vscode/l10n';
import type { RetryStop } from './retryPolicy';

/** A wait before the next attempt of a request, as the request's observer (`onWait`) is told of it. */
export interface RetryWait {
  delayMs: number;
  /** The status of the answer that asked for the wait; undefined when no answer came. */
  status?: number;
  /** Whether the wait is what Gcore's `Retry-After` asked for. */
  asked: boolean;
  /** The attempt made after the wait (2 for the first retry), of `attempts` at most. */
  attempt: number;
  attempts: number;
}

/** A wait as people say it: "30 s", "5 min", "3 h", "12 days". */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return l10n.t('{0} s', seconds);
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return l10n.t('{0} min', minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 48) return l10n.t('{0} h', hours);
  return l10n.t('{0} days', Math.round(hours / 24));
}

/** The progress line while a request waits to be tried again. */
export function waitNotice(wait: RetryWait): string {
  if (wait.asked) {
    return l10n.t(
      'Gcore asked to wait {0} ({1}); trying again then, attempt {2} of {3}…',
      formatWait(wait.delayMs),
      String(wait.status),
      wait.attempt,
      wait.attempts,
    );
  }
  if (wait.status !== undefined) {
    return l10n.t(
      'Gcore answered {0}; trying again in {1}, attempt {2} of {3}…',
      String(wait.status),
      formatWait(wait.delayMs),
      wait.attempt,
      wait.attempts,
    );
  }
  return l10n.t('Gcore did not answer; trying again in {0}, attempt {1} of {2}…', formatWait(wait.delayMs), wait.attempt, wait.attempts);
}

/**
 * The message of a request that Gcore answered with 429 or 503 and that is not tried again: who refused,
 * in Gcore's words, how often it was tried, and how long to wait before trying again.
 */
export function comeBackMessage(
  status: number,
  words: string,
  retryAfterMs: number | undefined,
  attempts: number,
  stop: RetryStop,
  maxRetryAfterMs: number,
): string {
  const said = words.replace(/\.$/, '');
  const refusal =
    status === 429
      ? l10n.t('Gcore is limiting the rate of requests (429): {0}.', said)
      : l10n.t('Gcore is unavailable for now ({0}): {1}.', status, said);
  const tried = stop === 'attemptsUsed' ? ` ${l10n.t('It answered so to each of {0} attempts, waiting as it asked.', attempts)}` : '';
  const wait =
    retryAfterMs === undefined
      ? l10n.t('Wait a moment and try again.')
      : stop === 'askedTooLong'
        ? l10n.t(
            'Gcore asked to wait {0} (its Retry-After), longer than the extension waits on its own ({1}): try again after that.',
            formatWait(retryAfterMs),
            formatWait(maxRetryAfterMs),
          )
        : l10n.t("Wait {0} (Gcore's Retry-After) and try again.", formatWait(retryAfterMs));
  return `${refusal}${tried} ${wait}`;
}
