import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { InferenceRegionCapacity } from '../../api/inference/inferenceTypes';
import type { Region } from '../../api/types';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import type { InferenceFlavorChoice } from '../../ui/inference/inferenceDeploymentWizard';
import { flavorFacts } from '../../views/inference/presentation/inferenceReview';

/** What a create's wizard offers of Gcore's inference: the flavors, each region's free capacity, the regions' names. */
export interface InferenceOffers {
  flavors: InferenceFlavorChoice[];
  /** Each region's free capacity per flavor; the regions a deployment may run in. */
  capacity: InferenceRegionCapacity[];
  regionName(regionId: number): string;
}

/**
 * The flavors and capacity, read fresh for each wizard (capacity changes by the minute), and the regions' names,
 * whose failure only leaves the ids to stand for them.
 */
export async function readInferenceOffers(
  services: { client: Pick<GcoreClient, 'inference' | 'account'>; log: Log },
  signal: AbortSignal,
): Promise<InferenceOffers> {
  const { client, log } = services;
  const [flavors, capacity, regions] = await Promise.all([
    client.inference.flavors({ signal }),
    client.inference.capacity({ signal }),
    client.account.listRegions('inference', { signal }).then(
      (list) => list.results,
      (error: unknown) => {
        log.debug(`the inference regions' names could not be read; their ids stand for them: ${failureReason(error)}`);
        return [] as Region[];
      },
    ),
  ]);
  const regionName = (regionId: number) => regions.find((region) => region.id === regionId)?.display_name ?? l10n.t('region {0}', regionId);
  // Without Gcore's capacity, the regions that run inference are offered, their capacity said to be unknown.
  const offered: InferenceRegionCapacity[] =
    capacity.results.length > 0 ? capacity.results : regions.map((region) => ({ region_id: region.id, capacity: [] }));
  return { flavors: flavors.results.map((flavor) => ({ flavor, facts: flavorFacts(flavor) })), capacity: offered, regionName };
}
