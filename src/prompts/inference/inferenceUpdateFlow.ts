import * as l10n from '@vscode/l10n';
import type { InferenceDeploymentRef, InferenceRegionCapacity } from '../../api/inference/inferenceTypes';
import type { Region } from '../../api/types';
import { failureReason } from '../../logging/failureMessage';
import type { InferenceDeploymentUpdateArgs } from '../../models/inference/inferenceArgs';
import { describeChanges, inferenceUpdateBody, validateInferenceDeploymentChanges } from '../../models/inference/inferenceDeploymentUpdate';
import {
  inferenceChangePlan,
  inferenceChanges,
  type InferenceChangeAnswers,
  type InferenceChangePart,
} from '../../ui/inference/inferenceChangeWizard';
import { UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { unwrap } from '../../validation/problems';
import { flavorFacts } from '../../views/inference/presentation/inferenceReview';
import type { AskServices } from './inferenceDeploymentFlow';

/**
 * A change of a deployment, asked: the deployment read fresh, the change wizard, then the review of current →
 * new (models/inference's describeChanges: what restarts the pods first, each region's scale, a region added, a
 * region removed with its pods and address that stop) before anything is sent. Edit reopens the wizard with the answers kept. `parts` fixed
 * (Scale) skips the choice of what changes.
 */
export async function askInferenceChangeIn(
  ui: PromptUi,
  services: AskServices,
  ref: InferenceDeploymentRef,
  answers: InferenceChangeAnswers,
  parts?: readonly InferenceChangePart[],
): Promise<InferenceDeploymentUpdateArgs> {
  const { client, log } = services;
  const [current, flavors, regions, capacity] = await ui.withProgress({
    title: l10n.t('Reading inference deployment {0}…', ref.name),
    run: (signal) =>
      Promise.all([
        client.inference.getDeployment(ref, { signal }),
        client.inference.flavors({ signal }),
        client.account.listRegions('inference', { signal }).then(
          (list) => list.results,
          (error: unknown) => {
            log.debug(`the inference regions' names could not be read; their ids stand for them: ${failureReason(error)}`);
            return [] as Region[];
          },
        ),
        // Only Regions needs it: without it, no region is offered to add, and the others can still be changed.
        client.inference.capacity({ signal }).then(
          (list) => list.results,
          (error: unknown) => {
            log.debug(`the inference capacity could not be read; no region is offered to add: ${failureReason(error)}`);
            return [] as InferenceRegionCapacity[];
          },
        ),
      ]),
  });
  const regionName = (regionId: number) => regions.find((region) => region.id === regionId)?.display_name ?? l10n.t('region {0}', regionId);
  const sources = { flavors: flavors.results.map((flavor) => ({ flavor, facts: flavorFacts(flavor) })), capacity, regionName };
  for (;;) {
    await runWizard(answers, (state) => inferenceChangePlan(ui, current, sources, state, parts));
    const changes = unwrap(validateInferenceDeploymentChanges(inferenceChanges(current, answers, parts ?? answers.parts ?? [])));
    const review = describeChanges(current, unwrap(inferenceUpdateBody(current, changes)), regionName);
    const change = l10n.t('Change');
    const edit = l10n.t('Edit');
    const choice = await ui.choose({
      message:
        review.restarting.length > 0
          ? l10n.t(
              'Change inference deployment {0}? Every pod restarts ({1}): it answers no request until they are ready again.',
              ref.name,
              review.restarting.join(', '),
            )
          : l10n.t('Change inference deployment {0}?', ref.name),
      detail: review.lines.length > 0 ? review.lines.join('\n') : l10n.t('Nothing changes.'),
      choices: [change, edit],
    });
    if (choice === change) return { projectId: ref.projectId, name: ref.name, changes };
    if (choice !== edit) throw new UserCancelledError();
  }
}
