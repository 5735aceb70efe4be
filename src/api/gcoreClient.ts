import type { ProjectRegionRef } from '../core/projectRegion';
import {
  decodeContainerUpdate,
  decodeCreateZone,
  decodeDnssec,
  decodeFlavorList,
} from './decode';
import { fetchAllPages } from './paging';
import { RequestPipeline, type AttemptGate, type PipelineOptions } from './requestPipeline';
import type { ContainerUpdateResult, CreateZoneResult, DnssecState, GpuFlavor, GpuFlavorList, UnreadableFlavor } from './types';

/** The API's largest page of flavors. */
export const FLAVOR_PAGE_LIMIT = 1000;


export interface FlavorQuery extends ProjectRegionRef {
  hideDisabled?: boolean;
  includePrices?: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Wraps each HTTP attempt (see ApiRequest.gate). */
  gate?: AttemptGate;
}

/**
 * The four operations of the interface. Payloads are expected to be validated already (the validation
 * layer); this layer only sends exactly what it is given.
 */
export class GcoreClient {
  private readonly pipeline: RequestPipeline;

  constructor(options: PipelineOptions) {
    this.pipeline = new RequestPipeline(options);
  }

  /**
   * All flavors of a location. The API answers at most 1,000 per page (its `limit` cap), so when `count`
   * says there are more, the rest is fetched page by page with `offset`; the first request carries only
   * the two filters. Flavors that cannot be read are left out and listed in `unreadable`.
   */
  async listGpuFlavors(query: FlavorQuery, options: CallOptions = {}): Promise<GpuFlavorList> {
    let first: GpuFlavorList | undefined;
    const unreadable: UnreadableFlavor[] = [];
    const all = await fetchAllPages<GpuFlavor>({
      what: 'GPU flavors',
      keyOf: (flavor) => flavor.name,
      fetchPage: async (offset) => {
        const page = await this.flavorPage(query, offset, options);
        first ??= page;
        unreadable.push(...(page.unreadable ?? []));
        return { total: page.count, items: page.results, size: page.results.length + (page.unreadable?.length ?? 0) };
      },
    });
    const { unreadable: _firstPageOnly, ...answer } = first as GpuFlavorList;
    return { ...answer, results: all.items, ...(unreadable.length > 0 ? { unreadable } : {}) };
  }

  private flavorPage(query: FlavorQuery, offset: number | undefined, options: CallOptions): Promise<GpuFlavorList> {
    const response = this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v3', 'gpu', 'virtual', query.projectId, query.regionId, 'flavors'],
      query: {
        hide_disabled: query.hideDisabled ? 'true' : undefined,
        include_prices: query.includePrices ? 'true' : undefined,
        limit: offset === undefined ? undefined : String(FLAVOR_PAGE_LIMIT),
        offset: offset === undefined ? undefined : String(offset),
      },
      signal: options.signal,
      gate: options.gate,
    });
    return response.then((answer) => decodeFlavorList(answer.body));
  }

  async updateContainer(
    location: ProjectRegionRef,
    containerName: string,
    changes: object,
    options: CallOptions = {},
  ): Promise<ContainerUpdateResult> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: ['cloud', 'v1', 'caas', location.projectId, location.regionId, 'containers', containerName],
      body: changes,
      signal: options.signal,
    });
    return decodeContainerUpdate(response.body);
  }

  async createZone(zone: object, options: CallOptions = {}): Promise<CreateZoneResult> {
    const response = await this.pipeline.send({
      method: 'POST',
      segments: ['dns', 'v2', 'zones'],
      body: zone,
      signal: options.signal,
    });
    return decodeCreateZone(response.body);
  }

  /**
   * Sends exactly `{"enabled": …}`; `forceDisable` adds `force_disable: true`, which makes Gcore stop
   * signing even while the registrar may still publish the DS record (the caller asks the user first).
   */
  async setDnssec(zoneName: string, enabled: boolean, options: CallOptions & { forceDisable?: boolean } = {}): Promise<DnssecState> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: ['dns', 'v2', 'zones', zoneName, 'dnssec'],
      body: !enabled && options.forceDisable ? { enabled, force_disable: true } : { enabled },
      signal: options.signal,
    });
    return decodeDnssec(response.body);
  }

  dispose(): void {
    this.pipeline.dispose();
  }
}
