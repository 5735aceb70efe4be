import type { GpuBaremetalFlavorList, GpuFlavorList } from '../../api/gpu/gpuFlavorTypes';
import type { GpuClient } from '../../api/gpu/gpuClient';
import { projectRegionKey } from '../../core/projectRegion';
import type { ProjectRegion } from '../../models/projectRegion';
import { ConcurrencyLimit } from '../concurrencyLimit';
import { KeyedLoader, type Loaded } from '../keyedLoader';

export interface FlavorFilters {
  hideDisabled: boolean;
  includePrices: boolean;
}

export type FlavorLoad =
  { state: 'loaded'; list: GpuFlavorList; filters: FlavorFilters } | { state: 'failed'; error: unknown; filters: FlavorFilters };

export const MAX_CONCURRENT_FLAVOR_REQUESTS = 6;

/**
 * GPU flavors per project and region, under the current filters (a change of filters is another key), on
 * a KeyedLoader: shared in-flight loads, a cache until invalidated, cancellation on invalidation, and at
 * most six HTTP attempts at once.
 */
export class FlavorLoader {
  private readonly limit = new ConcurrencyLimit(MAX_CONCURRENT_FLAVOR_REQUESTS);
  private readonly loader = new KeyedLoader<GpuFlavorList>(this.limit);
  private readonly baremetalLoader = new KeyedLoader<GpuBaremetalFlavorList>(this.limit);
  /** One FlavorLoad per settled load, so callers sharing a load (or the cache) see the same object. */
  private readonly views = new WeakMap<Loaded<GpuFlavorList>, FlavorLoad>();

  constructor(
    private readonly client: Pick<GpuClient, 'listFlavors' | 'listBaremetalFlavors'>,
    readonly filters: () => FlavorFilters,
  ) {}

  /** Resolves to the location's flavors or its failure; never rejects. */
  async load(location: ProjectRegion): Promise<FlavorLoad> {
    const filters = this.filters();
    const key = flavorKey(location, filters);
    const query = { projectId: location.projectId, regionId: location.regionId, ...filters };
    const loaded = await this.loader.load(key, (call) => this.client.listFlavors(query, call));
    let view = this.views.get(loaded);
    if (!view) {
      view =
        loaded.state === 'loaded' ? { state: 'loaded', list: loaded.value, filters } : { state: 'failed', error: loaded.error, filters };
      this.views.set(loaded, view);
    }
    return view;
  }

  /** What the location's bare-metal flavors settled to under the current filters, without loading them. */
  settledBaremetal(location: ProjectRegion): Loaded<GpuBaremetalFlavorList> | undefined {
    return this.baremetalLoader.settledResult(flavorKey(location, this.filters()));
  }

  /** The location's bare-metal GPU flavors under the same filters; never rejects. */
  loadBaremetal(location: ProjectRegion): Promise<Loaded<GpuBaremetalFlavorList>> {
    const filters = this.filters();
    const query = { projectId: location.projectId, regionId: location.regionId, ...filters };
    return this.baremetalLoader.load(flavorKey(location, filters), (call) => this.client.listBaremetalFlavors(query, call));
  }

  /** Drops one location (every filter variant) or all, cancelling their loads in flight. */
  invalidate(location?: ProjectRegion): void {
    this.loader.invalidate(location ? `${projectRegionKey(location)}|` : '');
    this.baremetalLoader.invalidate(location ? `${projectRegionKey(location)}|` : '');
  }

  get activeRequests(): number {
    return this.limit.active;
  }
}

/** A location's flavors under one set of filters (a change of filters is another key). */
function flavorKey(location: ProjectRegion, filters: FlavorFilters): string {
  return `${projectRegionKey(location)}|${filters.hideDisabled ? 'h' : '-'}${filters.includePrices ? 'p' : '-'}`;
}
