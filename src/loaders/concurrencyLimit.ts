import * as l10n from '@vscode/l10n';
/**
 * Caps how many tasks run at once; the rest wait in arrival order. The tree uses it so that refreshing
 * many locations never opens more than a handful of requests to the API at the same time.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  get active(): number {
    return this.running;
  }

  /** Runs the task when a slot is free; a cancelled signal takes a waiting task out of the line. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running >= this.max) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => {
          const index = this.waiting.indexOf(start);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new Error(l10n.t('cancelled while waiting for a request slot')));
        };
        const start = (): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        if (signal?.aborted) return onAbort();
        this.waiting.push(start);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
