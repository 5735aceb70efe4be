import type { InferenceDeploymentCreateArgs } from '../../models/inference/inferenceArgs';
import { inferenceDeploymentTitle, type InferenceDeploymentAnswers } from '../../ui/inference/inferenceDeploymentWizard';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import type { PromptUi } from '../../ui/promptUi';
import { isInferenceDeploymentsNode, isInferenceProjectNode } from '../../views/inference/inferenceNodes';
import { askInferenceDeploymentIn, type AskServices } from './inferenceDeploymentFlow';

/** New Inference Deployment's draft: the project (from its row, or picked) and the wizard's answers. */
export interface InferenceDeploymentDraft {
  projectId?: number;
  answers: InferenceDeploymentAnswers;
}

export function newInferenceDeploymentDraft(): InferenceDeploymentDraft {
  return { answers: {} };
}

/** The project a row fixes: a project's row under Inference, or its Deployments. */
export function inferenceProjectOfRow(node: unknown): number | undefined {
  return isInferenceProjectNode(node) || isInferenceDeploymentsNode(node) ? node.projectId : undefined;
}

/**
 * The interactive side of `gcore.createInferenceDeployment` (`review: true`) and `gcore.previewInferenceDeployment`
 * (`review: false`): the project from the row the command started on, or picked among the locations' projects (once:
 * Edit keeps it), then the wizard and the review of inferenceDeploymentFlow.ts.
 */
export async function askInferenceDeployment(
  ui: PromptUi,
  services: AskServices,
  draft: InferenceDeploymentDraft,
  node: unknown,
  options: { review: boolean } = { review: true },
): Promise<InferenceDeploymentCreateArgs> {
  draft.projectId ??= inferenceProjectOfRow(node) ?? (await pickProjectRegion(ui, inferenceDeploymentTitle())).projectId;
  return askInferenceDeploymentIn(ui, services, draft.projectId, draft.answers, options);
}
