import * as l10n from '@vscode/l10n';
import type { GpuKind } from '../../../api/gpu/gpuClusterTypes';
import type { GpuBaremetalFlavor, GpuFlavor } from '../../../api/gpu/gpuFlavorTypes';
import type { ProjectRegion } from '../../../models/projectRegion';
import { locationIds } from '../../presentation/locationName';
import { finiteNumber } from '../../presentation/wireValues';
import { baremetalAvailability } from './baremetalFlavorView';
import { flavorAvailability } from './flavorAvailability';

/** A flavor of either kind as its location lists it. */
export type AnyGpuFlavor = GpuFlavor | GpuBaremetalFlavor;

/** Where a cluster's flavor can be had now: the location and the flavor as it lists it. */
export interface FlavorPlace {
  location: ProjectRegion;
  flavor: AnyGpuFlavor;
}

/**
 * The flavor named `name` in a location's list of `kind`, when servers of it can be had now: not disabled and
 * not out of stock, by the rules its row shows (a bare-metal flavor's reservations count).
 */
export function flavorWithCapacity(kind: GpuKind, flavors: readonly AnyGpuFlavor[], name: string): AnyGpuFlavor | undefined {
  const flavor = flavors.find((candidate) => candidate.name === name);
  if (!flavor) return undefined;
  const availability = kind === 'baremetal' ? baremetalAvailability(flavor as GpuBaremetalFlavor) : flavorAvailability(flavor as GpuFlavor);
  return availability === 'available' ? flavor : undefined;
}

/** Servers of the flavor free to the customer, as far as Gcore says: the stock and, for bare metal, the reservations. */
function freeServers(kind: GpuKind, flavor: AnyGpuFlavor): number | undefined {
  const capacity = finiteNumber(flavor.capacity);
  if (capacity === undefined || kind !== 'baremetal') return capacity;
  return capacity + (finiteNumber((flavor as GpuBaremetalFlavor).reserved_capacity) ?? 0);
}

/** A location that has the flavor, as the pick offers it: named as its tree row is, with the servers free there. */
export function flavorPlaceItem(kind: GpuKind, place: FlavorPlace): { label: string; description: string } {
  const free = freeServers(kind, place.flavor);
  const ids = locationIds(place.location);
  const count = free === undefined ? l10n.t('in stock') : free === 1 ? l10n.t('1 server free') : l10n.t('{0} servers free', free);
  return { label: place.location.label ?? ids, description: place.location.label ? `${ids} · ${count}` : count };
}
