import type { FlavorQuery, GcoreClient, GpuFlavorList } from '../api';
import { projectRegionKey } from '../core/projectRegion';
import type { ProjectRegion } from '../models/projectRegion';
import { ConcurrencyLimit } from './concurrencyLimit';

export interface FlavorFilters {
  hideDisabled: boolean;
  includePrices: boolean;
}

export type FlavorLoad =
  | { state: 'loaded'; list: GpuFlavorList; filters: FlavorFilters }
  | { state: 'failed'; error: unknown; filters: FlavorFilters };

export const MAX_CONCURRENT_FLAVOR_REQUESTS = 6;

/**
 * Per-location flavor cache. Two loads of the same location at once share one request; a loaded
 * location is served from memory until invalidated (so expanding or collapsing costs no request); an
 * explicit refresh invalidates first. Failures are remembered too, so an error node stays put until retried.
 * At most six HTTP attempts run at once; the limit applies per attempt, so a location waiting to retry
 * holds no slot and delays no other.
 */
export class FlavorLoader {
  private readonly settled = new Map<string, FlavorLoad>();
  private readonly inFlight = new Map<string, { promise: Promise<FlavorLoad>; controller: AbortController }>();
  private readonly limit = new ConcurrencyLimit(MAX_CONCURRENT_FLAVOR_REQUESTS);

  constructor(
    private readonly client: Pick<GcoreClient, 'listGpuFlavors'>,
    private readonly filters: () => FlavorFilters,
  ) {}

  /** Resolves to the location's flavors or its failure; never rejects. */
  load(location: ProjectRegion): Promise<FlavorLoad> {
    const filters = this.filters();
    const key = cacheKey(location, filters);
    const settled = this.settled.get(key);
    if (settled) return Promise.resolve(settled);
    const pending = this.inFlight.get(key);
    if (pending) return pending.promise;

    const query: FlavorQuery = { projectId: location.projectId, regionId: location.regionId, ...filters };
    const controller = new AbortController();
    const { signal } = controller;
    const promise = this.client
      .listGpuFlavors(query, { signal, gate: (attempt) => this.limit.run(attempt, signal) })
      .then(
        (list): FlavorLoad => ({ state: 'loaded', list, filters }),
        (error: unknown): FlavorLoad => ({ state: 'failed', error, filters }),
      )
      .then((result) => {
        // An invalidation while this request was in flight cancelled and unregistered it: its result is stale.
        if (this.inFlight.get(key)?.promise === promise) {
          this.inFlight.delete(key);
          this.settled.set(key, result);
        }
        return result;
      });
    this.inFlight.set(key, { promise, controller });
    return promise;
  }

  /**
   * Drops what is known about one location (or all), so the next load asks the API again. Requests still
   * in flight for it are cancelled: their answers would be stale, and they would hold request slots that
   * the fresh loads need.
   */
  invalidate(location?: ProjectRegion): void {
    const prefix = location ? `${projectRegionKey(location)}|` : '';
    for (const key of [...this.settled.keys()]) if (key.startsWith(prefix)) this.settled.delete(key);
    for (const [key, { controller }] of [...this.inFlight]) {
      if (!key.startsWith(prefix)) continue;
      this.inFlight.delete(key);
      controller.abort();
    }
  }

  get activeRequests(): number {
    return this.limit.active;
  }
}

function cacheKey(location: ProjectRegion, filters: FlavorFilters): string {
  return `${projectRegionKey(location)}|${filters.hideDisabled ? 'h' : '-'}${filters.includePrices ? 'p' : '-'}`;
}
