import * as l10n from '@vscode/l10n';
import type { FlavorPrice } from '../../api/types';
import type { GpuImage, GpuKind, GpuLocationRef } from '../../api/gpuClusterTypes';
import { loadOnce } from '../../core/loadOnce';
import { GPU_VOLUME_TYPES, validateGpuClusterCreate, type GpuClusterCreateArgs } from '../../models/gpuClusterCreate';
import type { ProjectRegion } from '../../models/projectRegion';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import {
  gpuClusterPayload,
  gpuClusterPlan,
  gpuClusterTitle,
  type GpuClusterAnswers,
  type GpuClusterSources,
  type GpuFlavorChoice,
  type GpuKeyChoice,
} from '../../ui/wizards/gpuClusterCreateWizard';
import { unwrap } from '../../validation/problems';
import { baremetalAvailability } from '../../views/presentation/gpu/baremetalFlavorView';
import { flavorAvailability, type FlavorAvailability } from '../../views/presentation/gpu/flavorAvailability';
import { formatHourlyPrice } from '../../views/presentation/gpu/flavorPrice';
import { gpuClusterReview, type GpuClusterReview } from '../../views/presentation/gpu/gpuClusterReview';
import { isFlavorNode, isGpuClustersNode } from '../../views/sections/gpuNodes';
import { isLocationNode } from '../../views/sections/locationNodes';
import { forecastGpuCluster } from '../../writes/gpu/gpuClusterForecast';
import type { Services } from '../services';
import { listLocalPublicKeys, markKeysOfThisMachine } from './localSshKeys';
import { askNewSshKey, createNewSshKey } from './sshKeyCreation';

/** New GPU Cluster's draft: the location (from its row, or picked) and the wizard's answers. */
export interface GpuClusterDraft {
  location?: ProjectRegion;
  answers: GpuClusterAnswers;
}

export function newGpuClusterDraft(): GpuClusterDraft {
  return { answers: {} };
}

/** The row a command started from fixes the location, and a flavor row the flavor too (once: Edit keeps the answers). */
function startFrom(node: unknown, draft: GpuClusterDraft): void {
  if (draft.location) return;
  if (isFlavorNode(node) && isLocationNode(node.parent)) {
    draft.location = node.parent.location;
    draft.answers.flavor = node.flavor.name;
    draft.answers.kind = node.baremetal ? 'baremetal' : 'virtual';
  } else if (isGpuClustersNode(node)) draft.location = node.location;
  else if (isLocationNode(node)) draft.location = node.location;
}

/** A kind's flavors as the flavor step offers them: disabled ones left out, out-of-stock ones marked. */
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

/** What the wizard reads, each once per wizard; the flavors are read fresh, since capacity changes by the minute. */
async function wizardSources(
  ui: PromptUi,
  services: Pick<Services, 'client'>,
  location: ProjectRegion,
  home: string,
): Promise<GpuClusterSources> {
  const { client } = services;
  const query = { ...location, includePrices: true };
  const [virtual, baremetal] = await ui.withProgress({
    title: l10n.t('Reading the GPU flavors of the location…'),
    run: (signal) =>
      Promise.all([
        client.gpu.listFlavors(query, { signal }),
        // Bare metal is an addition: a location without it still offers its virtual flavors.
        client.gpu.listBaremetalFlavors(query, { signal }).catch(() => ({ count: 0, results: [] })),
      ]),
  });
  const flavors: GpuFlavorChoice[] = [
    ...flavorChoices('virtual', virtual.results, flavorAvailability),
    ...flavorChoices('baremetal', baremetal.results, baremetalAvailability),
  ];
  const images = new Map<GpuKind, () => Promise<GpuImage[]>>();
  const readKeys = async (): Promise<GpuKeyChoice[]> => {
    const [listed, local] = await Promise.all([client.sshKeys.list(location.projectId), listLocalPublicKeys(home)]);
    return markKeysOfThisMachine(listed.results, local).map(({ key, onThisMachine }) => ({ name: key.name, onThisMachine }));
  };
  // Read again after a new key, so that Back to the key step lists it.
  let keys: Promise<GpuKeyChoice[]> | undefined;
  return {
    flavors,
    images: (kind) => {
      let load = images.get(kind);
      if (!load) {
        load = loadOnce(async () => (await client.gpuClusters.images({ ...location, kind })).results);
        images.set(kind, load);
      }
      return load();
    },
    volumeTypes: () => GPU_VOLUME_TYPES,
    keys: () =>
      (keys ??= readKeys().catch((error: unknown) => {
        keys = undefined;
        throw error;
      })),
    newKey: async () => {
      let answer;
      try {
        answer = await askNewSshKey(ui, { home }, gpuClusterTitle());
      } catch (error) {
        if (error instanceof UserCancelledError) return BACK;
        throw error;
      }
      const created = await ui.withProgress({
        title: l10n.t('Creating SSH key {0}…', answer.name),
        run: (signal) => createNewSshKey(ui, { client, home }, location.projectId, answer, { signal }),
      });
      keys = undefined;
      return created.name;
    },
  };
}

/** The review's lines: what runs, then the quota and the price. */
export function reviewText(review: GpuClusterReview): string {
  return [...review.runs, '', ...review.quota, review.price].join('\n');
}

/**
 * New GPU Cluster interactively: the wizard, then the review (what runs, the quota it takes, its price) before
 * anything is sent. A quota that would be exceeded is said plainly, with Create Anyway or Edit; Edit reopens the
 * wizard with every answer kept, as Edit after a failed create does. Without the review (Preview New GPU Cluster,
 * whose result is the review), the payload is returned once the wizard ends.
 */
export async function askGpuCluster(
  ui: PromptUi,
  services: Pick<Services, 'client' | 'log'>,
  draft: GpuClusterDraft,
  node: unknown,
  { home, review: withReview }: { home: string; review: boolean },
): Promise<GpuClusterCreateArgs> {
  startFrom(node, draft);
  draft.location ??= await pickProjectRegion(ui, gpuClusterTitle());
  const location = draft.location;
  const sources = await wizardSources(ui, services, location, home);
  for (;;) {
    await runWizard(draft.answers, (state) => gpuClusterPlan(ui, sources, state));
    const kind = draft.answers.kind ?? 'virtual';
    const cluster = unwrap(validateGpuClusterCreate(kind, gpuClusterPayload(draft.answers)));
    const ref: GpuLocationRef = { projectId: location.projectId, regionId: location.regionId, kind };
    if (!withReview) return { ...ref, cluster };
    const forecast = await ui.withProgress({
      title: l10n.t('Checking the quota and price of GPU cluster {0}…', cluster.name),
      run: (signal) => forecastGpuCluster(services, ref, cluster, { signal }),
    });
    const image = (await sources.images(kind)).find((candidate) => candidate.id === draft.answers.imageId);
    const review = gpuClusterReview(kind, cluster, forecast, image);
    const send = review.exceeded ? l10n.t('Create Anyway') : l10n.t('Create');
    const edit = l10n.t('Edit');
    const choice = await ui.choose({
      message: review.exceeded
        ? l10n.t('GPU cluster {0} would exceed the quota, so Gcore will likely refuse it. Create it anyway?', cluster.name)
        : l10n.t('Create GPU cluster {0}?', cluster.name),
      detail: reviewText(review),
      choices: [send, edit],
    });
    if (choice === send) return { ...ref, cluster };
    if (choice !== edit) throw new UserCancelledError();
  }
}
