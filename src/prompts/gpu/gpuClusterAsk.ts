import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { GpuImage, GpuKind, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import { loadOnce } from '../../core/loadOnce';
import type { Log } from '../../logging/log';
import { offeredVolumeTypes, validateGpuClusterCreate, type GpuClusterCreateArgs } from '../../models/gpu/gpuClusterCreate';
import type { GpuKeyChoice } from '../../models/gpu/gpuClusterOffers';
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
} from '../../ui/gpu/gpuClusterCreateWizard';
import { unwrap } from '../../validation/problems';
import { gpuClusterReview, reviewQuestion } from '../../views/gpu/presentation/gpuClusterReview';
import { isFlavorNode, isGpuClustersNode } from '../../views/gpu/gpuNodes';
import { isLocationNode } from '../../views/locationNodes';
import { forecastGpuCluster } from '../../writes/gpu/gpuClusterForecast';
import { readFlavorChoices, readKeyChoices } from './gpuClusterOffers';
import { askNewSshKey, createNewSshKey } from '../../machine/gpu/sshKeyCreation';

/** What New GPU Cluster's questions read with. */
interface AskServices {
  client: GcoreClient;
  log: Log;
}

/** New GPU Cluster's draft: the location (from its row, or picked) and the wizard's answers. */
export interface GpuClusterDraft {
  location?: ProjectRegion;
  answers: GpuClusterAnswers;
}

export function newGpuClusterDraft(): GpuClusterDraft {
  return { answers: {} };
}

/** The row a new cluster starts from: a location or Clusters row fixes the location, a flavor row its flavor and kind too. */
export function gpuClusterStartingRow(node: unknown): { location: ProjectRegion; flavor?: string; kind?: GpuKind } | undefined {
  if (isFlavorNode(node) && isLocationNode(node.parent)) {
    return { location: node.parent.location, flavor: node.flavor.name, kind: node.baremetal ? 'baremetal' : 'virtual' };
  }
  return isGpuClustersNode(node) || isLocationNode(node) ? { location: node.location } : undefined;
}

/** The row a command started from fixes the location, and a flavor row the flavor too (once: Edit keeps the answers). */
function startFrom(node: unknown, draft: GpuClusterDraft): void {
  const start = draft.location ? undefined : gpuClusterStartingRow(node);
  if (!start) return;
  draft.location = start.location;
  if (start.flavor !== undefined) Object.assign(draft.answers, { flavor: start.flavor, kind: start.kind });
}

/**
 * What the wizard reads, each once per wizard; the flavors are read fresh, since capacity changes by the minute. The
 * region's volume types are an addition: unread, every type is offered, which the step says.
 */
async function wizardSources(ui: PromptUi, services: AskServices, location: ProjectRegion, home: string): Promise<GpuClusterSources> {
  const { client, log } = services;
  const flavors = await ui.withProgress({
    title: l10n.t('Reading the GPU flavors of the location…'),
    run: (signal) => readFlavorChoices(client, location, { signal }),
  });
  const images = new Map<GpuKind, () => Promise<GpuImage[]>>();
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
    volumeTypes: loadOnce(async () => {
      const types = await client.gpuClusters.regionVolumeTypes(location).catch((error: unknown) => {
        log.debug(`the volume types of region ${location.regionId} could not be read; every type is offered: ${String(error)}`);
        return undefined;
      });
      return offeredVolumeTypes(types);
    }),
    keys: () =>
      (keys ??= readKeyChoices(client, location.projectId, home).catch((error: unknown) => {
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

/**
 * New GPU Cluster interactively: the wizard, then the review (what runs, the quota it takes, its price) before
 * anything is sent. A quota that would be exceeded is said plainly, with Create Anyway or Edit; Edit reopens the
 * wizard with every answer kept, as Edit after a failed create does. Without the review (Preview New GPU Cluster,
 * whose result is the review), the payload is returned once the wizard ends.
 */
export async function askGpuCluster(
  ui: PromptUi,
  services: AskServices,
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
    const { message, detail, create, edit } = reviewQuestion(cluster.name, gpuClusterReview(kind, cluster, forecast, image));
    const choice = await ui.choose({ message, detail, choices: [create, edit] });
    if (choice === create) return { ...ref, cluster };
    if (choice !== edit) throw new UserCancelledError();
  }
}
