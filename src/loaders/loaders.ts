import { ConcurrencyLimit } from './concurrencyLimit';

/** Reads in flight at once across the areas' loaders that share the hub's limit; the GPU flavors have their own six. */
const MAX_CONCURRENT_READS = 6;

/** What the hub asks of a loader it holds: to forget all it has loaded, cancelling what is in flight. */
export interface RegisteredLoader {
  invalidate(): void;
}

/**
 * The loaders of every area in one place: each area builds its own (on a KeyedLoader, with the hub's
 * request limit unless it keeps one of its own) and registers it, so that a new key or base URL makes all
 * of them forget what they loaded without the hub knowing what any area reads.
 */
export class Loaders {
  /** The request slots the areas' reads share. */
  readonly limit = new ConcurrencyLimit(MAX_CONCURRENT_READS);
  private readonly registered: RegisteredLoader[] = [];

  /** Returns the loader, for the area to hand to its sections and commands. */
  register<L extends RegisteredLoader>(loader: L): L {
    this.registered.push(loader);
    return loader;
  }

  /** A new key, a new base URL: nothing loaded before still holds. */
  invalidateAll(): void {
    for (const loader of this.registered) loader.invalidate();
  }
}
