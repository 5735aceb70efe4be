import type { InferenceApplicationCreateArgs } from '../../models/inference/inferenceArgs';
import { inferenceApplicationTitle, type InferenceApplicationAnswers } from '../../ui/inference/inferenceApplicationWizard';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import type { PromptUi } from '../../ui/promptUi';
import { isInferenceApplicationsNode, isInferenceProjectNode } from '../../views/inference/inferenceNodes';
import { askInferenceApplicationIn } from './inferenceApplicationFlow';
import type { AskServices } from './inferenceDeploymentFlow';

/** New Inference Application's draft: the project (from its row, or picked) and the wizard's answers. */
export interface InferenceApplicationDraft {
  projectId?: number;
  answers: InferenceApplicationAnswers;
}

export function newInferenceApplicationDraft(): InferenceApplicationDraft {
  return { answers: {} };
}

/** The project a row fixes: a project's row under Inference, or its Applications. */
export function applicationProjectOfRow(node: unknown): number | undefined {
  return isInferenceProjectNode(node) || isInferenceApplicationsNode(node) ? node.projectId : undefined;
}

/**
 * The interactive side of `gcore.createInferenceApplication`: the project from the row the command started on, or
 * picked among the locations' projects (once: Edit keeps it), then the wizard and the review of
 * inferenceApplicationFlow.ts.
 */
export async function askInferenceApplication(
  ui: PromptUi,
  services: AskServices,
  draft: InferenceApplicationDraft,
  node: unknown,
): Promise<InferenceApplicationCreateArgs> {
  draft.projectId ??= applicationProjectOfRow(node) ?? (await pickProjectRegion(ui, inferenceApplicationTitle())).projectId;
  return askInferenceApplicationIn(ui, services, draft.projectId, draft.answers);
}
