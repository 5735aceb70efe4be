import type { GcoreClient } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import type { GpuKind, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { FlavorPrice } from '../../api/gpu/gpuFlavorTypes';
import { offeredVolumeTypes } from '../../models/gpu/gpuClusterCreate';
import type { GpuClusterCatalogue, GpuFlavorChoice, GpuKeyChoice } from '../../models/gpu/gpuClusterOffers';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { baremetalAvailability } from '../../views/gpu/presentation/baremetalFlavorView';
import { flavorAvailability, type FlavorAvailability } from '../../views/gpu/presentation/flavorAvailability';
import { formatHourlyPrice } from '../../views/gpu/presentation/flavorPrice';
import { listLocalPublicKeys, markKeysOfThisMachine } from '../../machine/gpu/localSshKeys';

/** A kind's flavors as a new cluster is offered them: disabled ones left out, out-of-stock ones marked. */
function flavorChoices<F extends GpuFlavorChoice['flavor'] & { name: string; price?: FlavorPrice | null }>(
  kind: GpuKind,
  flavors: readonly F[],
  availability: (flavor: F) => FlavorAvailability,
): GpuFlavorChoice[] {
  return flavors
    .filter((flavor) => availability(flavor) !== 'disabled')
    .map((flavor) => ({
      name: flavor.name,
      kind,
      price: formatHourlyPrice(flavor.price),
      outOfStock: availability(flavor) === 'outOfStock',
      flavor,
    }));
}

/** The location's flavors of both kinds with their prices, read fresh: capacity changes by the minute. */
export async function readFlavorChoices(
  client: Pick<GcoreClient, 'gpu'>,
  location: ProjectRegionRef,
  options: CallOptions = {},
): Promise<GpuFlavorChoice[]> {
  const query = { ...location, includePrices: true };
  const [virtual, baremetal] = await Promise.all([
    client.gpu.listFlavors(query, options),
    // Bare metal is an addition: a location without it still offers its virtual flavors.
    client.gpu.listBaremetalFlavors(query, options).catch(() => ({ count: 0, results: [] })),
  ]);
  return [
    ...flavorChoices('virtual', virtual.results, flavorAvailability),
    ...flavorChoices('baremetal', baremetal.results, baremetalAvailability),
  ];
}

/** The project's SSH keys, each marked by whether its private half is in `home`'s ~/.ssh. */
export async function readKeyChoices(
  client: Pick<GcoreClient, 'sshKeys'>,
  projectId: number,
  home: string,
  options: CallOptions = {},
): Promise<GpuKeyChoice[]> {
  const [listed, local] = await Promise.all([client.sshKeys.list(projectId, options), listLocalPublicKeys(home)]);
  return markKeysOfThisMachine(listed.results, local).map(({ key, onThisMachine }) => ({ name: key.name, onThisMachine }));
}

/**
 * Everything a new cluster's document offers and checks against, read at once; each part that cannot be read is
 * left out (the document then opens with what is known, and that part goes unchecked) and told to `skipped` in
 * a log line's English words.
 */
export async function readGpuClusterCatalogue(
  client: Pick<GcoreClient, 'gpu' | 'gpuClusters' | 'sshKeys'>,
  location: GpuLocationRef,
  home: string,
  skipped: (part: string, error: unknown) => void,
  options: CallOptions = {},
): Promise<GpuClusterCatalogue> {
  const part = <T>(name: string, read: Promise<T>): Promise<T | undefined> =>
    read.catch((error: unknown) => {
      skipped(name, error);
      return undefined;
    });
  const [flavors, images, keys, volumeTypes] = await Promise.all([
    part('flavors', readFlavorChoices(client, location, options)),
    part(
      'images',
      client.gpuClusters.images(location, options).then((list) => list.results),
    ),
    part('SSH keys', readKeyChoices(client, location.projectId, home, options)), // not user text: a log line's words
    part(
      'volume types', // not user text: a log line's words
      client.gpuClusters.regionVolumeTypes(location, options).then((types) => offeredVolumeTypes(types)),
    ),
  ]);
  return { flavors, images, keys, volumeTypes: volumeTypes?.fromRegion ? volumeTypes.types : undefined };
}
