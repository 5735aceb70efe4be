import * as l10n from '@vscode/l10n';
import type { GpuClusterRef, GpuKind } from '../../api/gpu/gpuClusterTypes';
import type { GpuBaremetalFlavor, GpuFlavor } from '../../api/gpu/gpuFlavorTypes';
import { COMMAND } from '../../core/contributions';
import { projectRegionKey } from '../../core/projectRegion';
import type { FlavorLoader } from '../../loaders/gpu/flavorLoader';
import { validateGpuClusterArgs } from '../../models/gpu/gpuClusterArgs';
import { readLocations } from '../../state/settings';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { flavorPlaceItem, flavorWithCapacity, type AnyGpuFlavor, type FlavorPlace } from '../../views/gpu/presentation/flavorElsewhere';
import { nonEmptyText } from '../../views/presentation/wireValues';
import { baremetalFlavorNode, flavorNode, gpuLocationNode, isGpuClusterNode } from '../../views/gpu/gpuNodes';
import { command, type Command } from '../flow/command';
import type { Services } from '../services';

/** The cluster whose flavor is looked for, and the flavor when the caller knows it (a row does). */
interface Wanted {
  ref: GpuClusterRef;
  flavor?: string;
}

/** What the other locations answered: where the flavor has free servers, and how many could not be read. */
interface Found {
  kind: GpuKind;
  flavor: string;
  /** The configured locations besides the cluster's. */
  others: number;
  places: FlavorPlace[];
  unread: number;
}

/** A cluster's row, or the cluster as its change names it (`{projectId, regionId, kind, clusterId}`). */
function wantedOf(node: unknown): Wanted {
  if (isGpuClusterNode(node)) {
    const ref = { ...node.location, kind: node.gpuKind, clusterId: node.cluster.id };
    return { ref, flavor: nonEmptyText(node.cluster.flavor) };
  }
  return { ref: unwrap(validateGpuClusterArgs(node)) };
}

/**
 * The flavor's list in each other location of the user's, read again (its capacity is what changed), and the
 * tree's rows of those locations redrawn from it: the pick and the tree say the same.
 */
async function findElsewhere(services: Services, flavors: FlavorLoader, wanted: Wanted, signal?: AbortSignal): Promise<Found> {
  const { ref } = wanted;
  const flavor = wanted.flavor ?? nonEmptyText((await services.client.gpuClusters.get(ref, { signal })).flavor);
  if (flavor === undefined) throw new Error(l10n.t('Gcore names no flavor for GPU cluster {0}.', ref.clusterId));
  const here = projectRegionKey(ref);
  const others = readLocations().locations.filter((location) => projectRegionKey(location) !== here);
  let unread = 0;
  const places: FlavorPlace[] = [];
  await Promise.all(
    others.map(async (location) => {
      flavors.invalidate(location);
      let listed: readonly AnyGpuFlavor[] | undefined;
      if (ref.kind === 'baremetal') {
        const loaded = await flavors.loadBaremetal(location);
        listed = loaded.state === 'loaded' ? loaded.value.results : undefined;
      } else {
        const loaded = await flavors.load(location);
        listed = loaded.state === 'loaded' ? loaded.list.results : undefined;
      }
      services.tree.refresh(gpuLocationNode(location));
      if (!listed) {
        unread += 1;
        return;
      }
      const found = flavorWithCapacity(ref.kind, listed, flavor);
      if (found) places.push({ location, flavor: found });
    }),
  );
  // In the order of gcore.locations, as the tree lists them.
  places.sort((a, b) => others.indexOf(a.location) - others.indexOf(b.location));
  return { kind: ref.kind, flavor, others: others.length, places, unread };
}

/** Says that no other location has the flavor now, or offers those that have it and shows the chosen one's row. */
async function offerPlaces(services: Services, flavors: FlavorLoader, ui: PromptUi, found: Found): Promise<void> {
  const { flavor, places } = found;
  if (found.others === 0) {
    void ui.notify('info', l10n.t('You have no other GPU location to look for {0} in: add a project and region under GPU.', flavor));
    return;
  }
  if (places.length === 0) {
    void ui.notify(
      'info',
      found.unread === 0
        ? l10n.t('No other location of yours has free servers of {0} now.', flavor)
        : l10n.t('No other location of yours that answered has free servers of {0} now ({1} could not be read).', flavor, found.unread),
    );
    return;
  }
  const chosen = orCancel(
    await ui.pick({
      title: l10n.t('Gcore: {0} in your other locations', flavor),
      placeholder: l10n.t('Choose a location to show the flavor in the tree'),
      items: places.map((place) => ({ ...flavorPlaceItem(found.kind, place), value: place })),
    }),
  );
  const showPrices = flavors.filters().includePrices;
  const location = gpuLocationNode(chosen.location);
  const row =
    found.kind === 'baremetal'
      ? baremetalFlavorNode(location, chosen.flavor as GpuBaremetalFlavor, showPrices)
      : flavorNode(location, chosen.flavor as GpuFlavor, showPrices);
  try {
    await services.treeView.reveal(row, { select: true, focus: true, expand: false });
  } catch (error) {
    services.log.debug(`could not reveal ${row.id}: ${String(error)}`);
  }
}

/** The flavor of a GPU cluster that could not get servers, in the user's other locations that have it now. */
export function flavorElsewhereCommands(services: Services, flavors: FlavorLoader): Command<never, unknown, never>[] {
  return [
    command<Wanted, Found>({
      id: COMMAND.findGpuFlavorElsewhere,
      what: (wanted) =>
        wanted?.flavor
          ? l10n.t('Find flavor {0} in other locations', wanted.flavor)
          : l10n.t("Find a GPU cluster's flavor in other locations"),
      // Always asked and answered in the UI: it is the next step a failed start or resize offers.
      ask: async (_ui, _draft, node) => wantedOf(node),
      progress: (wanted) => l10n.t('Looking for free servers of {0} in your other locations…', wanted.flavor ?? wanted.ref.clusterId),
      run: (wanted, { signal }) => findElsewhere(services, flavors, wanted, signal),
      report: (ui, found) => offerPlaces(services, flavors, ui, found),
    }),
  ];
}
