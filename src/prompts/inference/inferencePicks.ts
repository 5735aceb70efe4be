import * as l10n from '@vscode/l10n';
import type { InferenceApi, InferenceDeployment, InferenceDeploymentRef } from '../../api/inference/inferenceTypes';
import { mayBeMissingEndpoint, notOffered } from '../../logging/notOffered';
import { statusWords } from '../../models/inference/inferenceStatus';
import { orCancel } from '../../ui/loneAnswer';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import type { PromptUi } from '../../ui/promptUi';
import { isInferenceDeploymentNode } from '../../views/inference/inferenceNodes';
import { endpointTarget, type EndpointTarget } from './inferenceEndpointAsk';

/** A deployment as a command names it: its ref, and what the row or the pick showed of it. */
export type DeploymentTarget = InferenceDeploymentRef & { status?: string | null };

/** A list this API may not have: its 404, 405 or 501 said once as a warning, not as a failure to retry. */
export async function offered<T>(action: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (mayBeMissingEndpoint(error)) throw notOffered(action, error, false);
    throw error;
  }
}

/** A project for a palette call: one of the configured locations' (or typed), as the GPU commands ask it. */
export async function askProject(ui: PromptUi, title: string): Promise<{ projectId: number }> {
  return { projectId: (await pickProjectRegion(ui, title)).projectId };
}

/** The deployment a row names, as the contract's argument. */
export function deploymentOfNode(node: unknown): DeploymentTarget | undefined {
  if (!isInferenceDeploymentNode(node)) return undefined;
  return { projectId: node.projectId, name: node.deployment.name, status: node.deployment.status };
}

/** A deployment from the row the command was chosen on, or picked among a project's in the palette. */
export async function askDeployment(
  inference: Pick<InferenceApi, 'listDeployments'>,
  ui: PromptUi,
  title: string,
  node: unknown,
): Promise<DeploymentTarget> {
  const fromRow = deploymentOfNode(node);
  if (fromRow) return fromRow;
  const { projectId } = await askProject(ui, title);
  const list = await ui.withProgress({
    title: l10n.t('Loading the inference deployments of project {0}…', projectId),
    run: (signal) => offered(l10n.t('Inference deployments'), () => inference.listDeployments({ projectId }, { signal })),
  });
  if (list.results.length === 0) throw new Error(l10n.t('Project {0} has no inference deployments.', projectId));
  const chosen = orCancel(
    await ui.pick<InferenceDeployment>({
      title,
      placeholder: l10n.t('Choose a deployment'),
      items: list.results.map((deployment) => ({
        label: deployment.name,
        description: statusWords(deployment.status),
        value: deployment,
      })),
    }),
  );
  return { projectId, name: chosen.name, status: chosen.status };
}

/** The deployment of the row, or one picked in a project and read again for its address and keys. */
export async function askEndpointTarget(
  inference: Pick<InferenceApi, 'listDeployments' | 'getDeployment'>,
  ui: PromptUi,
  title: string,
  node: unknown,
): Promise<EndpointTarget> {
  if (isInferenceDeploymentNode(node)) return endpointTarget(node.projectId, node.deployment);
  const picked = await askDeployment(inference, ui, title, node);
  const deployment = await ui.withProgress({
    title: l10n.t('Reading inference deployment {0}…', picked.name),
    run: (signal) => inference.getDeployment(picked, { signal }),
  });
  return endpointTarget(picked.projectId, deployment);
}
