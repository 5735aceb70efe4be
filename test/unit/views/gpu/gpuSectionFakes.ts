import type { GpuCluster, GpuClusterCost, GpuImage, GpuServer } from '../../../../src/api/gpu/gpuClusterTypes';
import type { GpuBaremetalFlavorList, GpuFlavor } from '../../../../src/api/gpu/gpuFlavorTypes';
import type { CloudList, Task } from '../../../../src/api/types';
import type { ProjectRegionRef } from '../../../../src/core/projectRegion';
import type { FlavorFilters, FlavorLoad } from '../../../../src/loaders/gpu/flavorLoader';
import type { GpuClusterReads, LocationClusters } from '../../../../src/loaders/gpu/gpuClusterReads';
import type { Loaded } from '../../../../src/loaders/keyedLoader';
import { loaded } from '../../support/fakeSectionView';

export const LOCATION = { projectId: 1, regionId: 76 };
export const CLUSTER_ID = 'b1a2c3d4-0000-4000-8000-000000000001';

export function cloudList<T>(results: T[], gaps: object = {}): CloudList<T> {
  return { count: results.length, results, ...gaps };
}

/** The flavors of every location, as a test sets them, noting what is invalidated. */
export class FakeFlavors {
  filtersNow: FlavorFilters = { hideDisabled: true, includePrices: false };
  virtual: FlavorLoad = { state: 'loaded', list: { count: 1, results: [{ name: 'g2-gpu-1' } as GpuFlavor] }, filters: this.filtersNow };
  baremetal: Loaded<GpuBaremetalFlavorList> = loaded({ count: 1, results: [{ name: 'bm3-ai-1' }] });
  baremetalSettled = false;
  readonly invalidated: string[] = [];
  async load(): Promise<FlavorLoad> {
    return this.virtual;
  }
  async loadBaremetal(): Promise<Loaded<GpuBaremetalFlavorList>> {
    this.baremetalSettled = true;
    return this.baremetal;
  }
  settledBaremetal(): Loaded<GpuBaremetalFlavorList> | undefined {
    return this.baremetalSettled ? this.baremetal : undefined;
  }
  filters(): FlavorFilters {
    return this.filtersNow;
  }
  invalidate(location?: ProjectRegionRef): void {
    this.invalidated.push(location ? `${location.projectId}/${location.regionId}` : 'all');
  }
}

/** GPU cluster reads answering what a test sets, noting what is invalidated. */
export class FakeClusterReads {
  lists: LocationClusters = {
    virtual: loaded(cloudList<GpuCluster>([{ id: CLUSTER_ID, name: 'trainer', status: 'active', flavor: 'g2-gpu-1' }])),
    baremetal: loaded(cloudList<GpuCluster>([])),
    tasks: loaded(cloudList<Task>([])),
  };
  serverList: Loaded<CloudList<GpuServer>> = loaded(cloudList<GpuServer>([{ id: 'server-1', name: 'trainer-1', image_id: 'image-1' }]));
  imageList: Loaded<CloudList<GpuImage>> = loaded(cloudList<GpuImage>([{ id: 'image-1', name: 'ubuntu-22.04-cuda' } as GpuImage]));
  cost: Loaded<GpuClusterCost> | undefined;
  readonly invalidated: string[] = [];
  async clusters(): Promise<LocationClusters> {
    return this.lists;
  }
  async servers(): Promise<Loaded<CloudList<GpuServer>>> {
    return this.serverList;
  }
  async imagesOf(): Promise<Loaded<CloudList<GpuImage>>> {
    return this.imageList;
  }
  settledPrice(): Loaded<GpuClusterCost> | undefined {
    return this.cost;
  }
  async price(): Promise<Loaded<GpuClusterCost>> {
    return new Promise(() => undefined);
  }
  invalidateClusters(ref?: ProjectRegionRef, kinds?: readonly string[]): void {
    this.invalidated.push(`clusters ${ref ? `${ref.projectId}/${ref.regionId}` : 'all'}${kinds ? ` ${kinds.join(',')}` : ''}`);
  }
  invalidateServers(ref: { clusterId: string }): void {
    this.invalidated.push(`servers ${ref.clusterId}`);
  }
}

export function asReads(reads: FakeClusterReads): GpuClusterReads {
  return reads as unknown as GpuClusterReads;
}
