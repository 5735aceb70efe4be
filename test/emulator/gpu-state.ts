import { settleGpuCluster } from './gpu-cluster-changes';
import { seededGpuClusters } from './gpu-cluster-seed';
import { GpuClusterStore } from './gpu-cluster-store';
import { GpuBaremetalCatalogue } from './gpu-baremetal-flavors';
import type { FlavorCatalogue, GpuFlavorCatalogue } from './gpu-flavor-catalogue';
import type { GpuKind } from './gpu-kind';
import type { GpuQuota } from './gpu-limits';
import { GpuTaskFailures, type GpuTimings } from './gpu-tasks';
import { SshKeyStore } from './ssh-key-store';
import type { TaskStore } from './task-store';

/** What the GPU endpoints read and change. */
export interface GpuState {
  clusters: GpuClusterStore;
  /** Each kind's flavors; their capacity falls as clusters take servers and rises as they give them back. */
  catalogues: Record<GpuKind, FlavorCatalogue>;
  sshKeys: SshKeyStore;
  tasks: TaskStore;
  timings: GpuTimings;
  /** What every location may hold; a test changes it through the emulator. */
  quota: GpuQuota;
  failures: GpuTaskFailures;
  /** Images whose clusters fail to build, with the reason their create task ends with; a test marks them. */
  failingImages: Map<string, string>;
}

/**
 * The GPU part of the emulator. `virtualFlavors` is the catalogue the core flavor list serves;
 * `clustersPerLocation` replaces the seeded clusters with that many generated ones.
 */
export function createGpuState(options: {
  tasks: TaskStore;
  virtualFlavors: GpuFlavorCatalogue;
  timings: GpuTimings;
  quota: GpuQuota;
  clustersPerLocation?: number;
}): GpuState {
  const state: GpuState = {
    catalogues: { virtual: options.virtualFlavors, baremetal: new GpuBaremetalCatalogue() },
    sshKeys: new SshKeyStore(),
    tasks: options.tasks,
    timings: options.timings,
    quota: options.quota,
    failures: new GpuTaskFailures(),
    failingImages: new Map(),
    clusters: new GpuClusterStore(
      (location) => seededGpuClusters(state, location, options.clustersPerLocation),
      (record) => settleGpuCluster(state, record),
    ),
  };
  return state;
}

/** Every location as seeded again: clusters, SSH keys, flavor capacity; no queued failure or failing image; `quota` as given. */
export function resetGpuState(state: GpuState, quota: GpuQuota): void {
  state.clusters.reset();
  state.sshKeys.reset();
  state.catalogues.virtual.reset();
  state.catalogues.baremetal.reset();
  state.failures.clear();
  state.failingImages.clear();
  state.quota = { ...quota };
}
