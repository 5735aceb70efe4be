import type { PollerClock } from './taskPoller';

/**
 * Waits `ms` on `clock` between two reads of something followed: true once the time passed, false at once when
 * `signal` aborts (or had). Its abort listener goes with the wait, so a follow of many rounds holds none.
 */
export function pollerPause(clock: PollerClock, ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const aborted = () => {
      clock.clearTimeout(timer);
      resolve(false);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
