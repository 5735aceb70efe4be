import type { AttemptGate } from '../api/http/requestPipeline';
import type { ConcurrencyLimit } from './concurrencyLimit';

export type Loaded<V> = { state: 'loaded'; value: V } | { state: 'failed'; error: unknown };

/** How one value is fetched: with the signal that invalidation cancels and the gate that bounds attempts. */
export type Fetch<V> = (call: { signal: AbortSignal; gate: AttemptGate }) => Promise<V>;

/**
 * Values by key, each fetched once. Two loads of one key at once share one request; a settled value, or
 * failure, is served from memory until invalidated (so expanding and collapsing costs nothing, and an
 * error row stays until retried). Invalidation cancels what is still in flight for the key: its answer
 * would be stale and is never cached, and it gives its request slot back at once. The attempts of every
 * key share the caller's concurrency limit, taken per attempt, so a request waiting to retry holds none.
 * Keys are strings made so that a prefix names a group (`"1/76|"` for every variant of one location).
 */
export class KeyedLoader<V> {
  private readonly settled = new Map<string, { result: Loaded<V>; at: number }>();
  private readonly inFlight = new Map<string, { promise: Promise<Loaded<V>>; controller: AbortController }>();

  constructor(private readonly limit: ConcurrencyLimit) {}

  /**
   * Resolves to the value or the failure; never rejects. `maxAgeMs` bounds how old a remembered result may
   * be (a prompt wants the list that was just shown, not one from an hour ago); without it, a result is
   * served until invalidated.
   */
  /** The value loaded for `key`, if one is, without loading anything. */
  loaded(key: string): V | undefined {
    const settled = this.settled.get(key)?.result;
    return settled?.state === 'loaded' ? settled.value : undefined;
  }

  /** What the last load of `key` settled to, failures too, without loading anything. */
  settledResult(key: string): Loaded<V> | undefined {
    return this.settled.get(key)?.result;
  }

  load(key: string, fetch: Fetch<V>, maxAgeMs?: number): Promise<Loaded<V>> {
    const settled = this.settled.get(key);
    if (settled && (maxAgeMs === undefined || Date.now() - settled.at <= maxAgeMs)) return Promise.resolve(settled.result);
    const pending = this.inFlight.get(key);
    if (pending) return pending.promise;

    const controller = new AbortController();
    const { signal } = controller;
    const promise = fetch({ signal, gate: (attempt) => this.limit.run(attempt, signal) })
      .then(
        (value): Loaded<V> => ({ state: 'loaded', value }),
        (error: unknown): Loaded<V> => ({ state: 'failed', error }),
      )
      .then((result) => {
        // An invalidation while this request was in flight cancelled and unregistered it: its result is stale.
        if (this.inFlight.get(key)?.promise === promise) {
          this.inFlight.delete(key);
          this.settled.set(key, { result, at: Date.now() });
        }
        return result;
      });
    this.inFlight.set(key, { promise, controller });
    return promise;
  }

  /** Drops what is known for every key that starts with `prefix` (all by default), cancelling loads in flight. */
  invalidate(prefix = ''): void {
    for (const key of [...this.settled.keys()]) if (key.startsWith(prefix)) this.settled.delete(key);
    for (const [key, { controller }] of [...this.inFlight]) {
      if (!key.startsWith(prefix)) continue;
      this.inFlight.delete(key);
      controller.abort();
    }
  }
}
