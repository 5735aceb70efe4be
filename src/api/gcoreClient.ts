import {
  decodeContainerUpdate,
  decodeCreateZone,
  decodeDnssec,
  decodeFlavorList,
} from './decode';
import { RequestPipeline, type PipelineOptions } from './requestPipeline';
import type { ContainerUpdateResult, CreateZoneResult, DnssecState, GpuFlavorList } from './types';

export interface LocationRef {
  projectId: number;
  regionId: number;
}

export interface FlavorQuery extends LocationRef {
  hideDisabled?: boolean;
  includePrices?: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
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

  async listGpuFlavors(query: FlavorQuery, options: CallOptions = {}): Promise<GpuFlavorList> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v3', 'gpu', 'virtual', query.projectId, query.regionId, 'flavors'],
      query: {
        hide_disabled: query.hideDisabled ? 'true' : undefined,
        include_prices: query.includePrices ? 'true' : undefined,
      },
      signal: options.signal,
    });
    return decodeFlavorList(response.body);
  }

  async updateContainer(
    location: LocationRef,
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

  async setDnssec(zoneName: string, enabled: boolean, options: CallOptions = {}): Promise<DnssecState> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: ['dns', 'v2', 'zones', zoneName, 'dnssec'],
      body: { enabled },
      signal: options.signal,
    });
    return decodeDnssec(response.body);
  }

  dispose(): void {
    this.pipeline.dispose();
  }
}
