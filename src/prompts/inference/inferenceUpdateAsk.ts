import * as l10n from '@vscode/l10n';
import type { InferenceDeploymentRef } from '../../api/inference/inferenceTypes';
import type { InferenceDeploymentUpdateArgs } from '../../models/inference/inferenceArgs';
import type { InferenceChangeAnswers, InferenceChangePart } from '../../ui/inference/inferenceChangeWizard';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { isInferenceDeploymentNode } from '../../views/inference/inferenceNodes';
import type { AskServices } from './inferenceDeploymentFlow';
import { askInferenceChangeIn } from './inferenceUpdateFlow';

/** A change's draft: the deployment (from its row, or picked) and the wizard's answers, kept for Edit. */
export interface InferenceChangeDraft {
  ref?: InferenceDeploymentRef;
  answers: InferenceChangeAnswers;
}

export function newInferenceChangeDraft(): InferenceChangeDraft {
  return { answers: {} };
}

/** The deployment a row names, or one picked among a project's (the project picked among the locations'). */
async function deploymentOf(ui: PromptUi, services: AskServices, node: unknown, title: string): Promise<InferenceDeploymentRef> {
  if (isInferenceDeploymentNode(node)) return { projectId: node.projectId, name: node.deployment.name };
  const { projectId } = await pickProjectRegion(ui, title);
  const deployments = await ui.withProgress({
    title: l10n.t('Reading the inference deployments of project {0}…', projectId),
    run: (signal) => services.client.inference.listDeployments({ projectId }, { signal }),
  });
  if (deployments.results.length === 0) throw new Error(l10n.t('Project {0} has no inference deployment.', projectId));
  const picked = await ui.pick<string>({
    title,
    placeholder: l10n.t('Which deployment?'),
    items: deployments.results.map((deployment) => ({
      label: deployment.name,
      description: [deployment.status, deployment.flavor_name].filter(Boolean).join(' · '),
      value: deployment.name,
    })),
  });
  if (picked === BACK) throw new UserCancelledError();
  return { projectId, name: picked };
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
  draft.ref ??= await deploymentOf(ui, services, node, l10n.t('Gcore: Change Inference Deployment'));
  return askInferenceChangeIn(ui, services, draft.ref, draft.answers, parts);
}
