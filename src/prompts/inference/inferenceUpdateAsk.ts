import * as l10n from '@vscode/l10n';
import type { InferenceDeploymentRef } from '../../api/inference/inferenceTypes';
import type { InferenceDeploymentUpdateArgs } from '../../models/inference/inferenceArgs';
import type { InferenceChangeAnswers, InferenceChangePart } from '../../ui/inference/inferenceChangeWizard';
import type { PromptUi } from '../../ui/promptUi';
import type { AskServices } from './inferenceDeploymentFlow';
import { askDeployment } from './inferencePicks';
import { askInferenceChangeIn } from './inferenceUpdateFlow';

/** A change's draft: the deployment (from its row, or picked) and the wizard's answers, kept for Edit. */
export interface InferenceChangeDraft {
  ref?: InferenceDeploymentRef;
  answers: InferenceChangeAnswers;
}

export function newInferenceChangeDraft(): InferenceChangeDraft {
  return { answers: {} };
}

/**
 * The interactive side of `gcore.updateInferenceDeployment`: on a deployment's row, or picked, what changes and
 * the review of current → new (inferenceUpdateFlow.ts). `parts: ['scale']` is Scale's: each region's pods and the
 * idle timeout.
 */
export async function askInferenceUpdate(
  ui: PromptUi,
  services: AskServices,
  draft: InferenceChangeDraft,
  node: unknown,
  parts?: readonly InferenceChangePart[],
): Promise<InferenceDeploymentUpdateArgs> {
  if (!draft.ref) {
    const { projectId, name } = await askDeployment(services.client.inference, ui, l10n.t('Gcore: Change Inference Deployment'), node);
    draft.ref = { projectId, name };
  }
  return askInferenceChangeIn(ui, services, draft.ref, draft.answers, parts);
}
