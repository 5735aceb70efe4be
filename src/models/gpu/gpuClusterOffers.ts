import type { GpuImage, GpuKind } from '../../api/gpu/gpuClusterTypes';

/*
 * What a location offers a new GPU cluster, as New GPU Cluster's steps and its JSON document read it: the flavors
 * of both kinds, the images of a kind and the project's SSH keys.
 */

/** A flavor as a new cluster is offered it; `flavor` carries what the images are matched on. */
export interface GpuFlavorChoice {
  name: string;
  kind: GpuKind;
  /** "€1.23/h", or undefined when Gcore shows no price. */
  price?: string;
  /** No server of it is free: marked and not offered. */
  outOfStock: boolean;
  flavor: { architecture?: string | null; hardware_properties?: { [key: string]: unknown } | null };
}

export interface GpuKeyChoice {
  name: string;
  /** Whether its private half is on this machine; SSH from here refuses a key without it. */
  onThisMachine: boolean;
}

/** What a location offered when a new cluster's document opened; each undefined when it could not be read. */
export interface GpuClusterCatalogue {
  flavors?: readonly GpuFlavorChoice[];
  /** The images of the document's kind. */
  images?: readonly GpuImage[];
  keys?: readonly GpuKeyChoice[];
  /** The volume types the region offers, when it says. */
  volumeTypes?: readonly string[];
}
