import type { GpuKind } from '../../api/gpu/gpuClusterTypes';
import { defaultBootVolumeSize, defaultVolumeType, GPU_VOLUME_TYPES, type GpuClusterCreate } from '../../models/gpu/gpuClusterCreate';
import type { GpuClusterCatalogue } from '../../models/gpu/gpuClusterOffers';
import { imagesForFlavor } from '../../models/gpu/gpuImages';
import { gpuClusterPayload, type GpuClusterAnswers } from './gpuClusterCreateWizard';

/** A new cluster's name until the user gives one: Gcore's guides' own example, valid as it stands. */
const EXAMPLE_NAME = 'my-gpu-cluster';

/**
 * What a new cluster starts from before anything is asked: the flavor it was started from (else the kind's first in
 * stock), the image the wizard suggests for it, the boot volume's defaults, one server on the public network, and a
 * key of the project whose private half is on this machine (else its first key, else none).
 */
export function startingAnswers(catalogue: GpuClusterCatalogue, kind: GpuKind, flavorName?: string): GpuClusterAnswers {
  const offered = (catalogue.flavors ?? []).filter((flavor) => flavor.kind === kind);
  const flavor =
    flavorName === undefined
      ? offered.find((candidate) => !candidate.outOfStock)
      : offered.find((candidate) => candidate.name === flavorName);
  const [suggested] = imagesForFlavor(catalogue.images ?? [], flavor?.flavor ?? {});
  const keys = catalogue.keys ?? [];
  const key = keys.find((candidate) => candidate.onThisMachine) ?? keys[0];
  return {
    kind,
    flavor: flavorName ?? flavor?.name,
    imageId: suggested?.image.id,
    serversCount: 1,
    bootSize: defaultBootVolumeSize(suggested?.image ?? {}),
    bootType: defaultVolumeType(catalogue.volumeTypes ?? GPU_VOLUME_TYPES),
    network: 'ipv4',
    sshKeyName: key?.name ?? null,
    name: EXAMPLE_NAME,
  };
}

/** The create payload a new cluster's document opens with: the starting answers, as the wizard would send them. */
export function startingPayload(catalogue: GpuClusterCatalogue, kind: GpuKind, flavorName?: string): GpuClusterCreate {
  return gpuClusterPayload(startingAnswers(catalogue, kind, flavorName));
}
