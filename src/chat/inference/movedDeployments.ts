import { EndpointError } from '../../api/inference/endpointTypes';
import type { InferenceApi } from '../../api/inference/inferenceTypes';
import { mayHaveMoved } from '../../models/inference/chatAnswerRules';
import type { ChatDeployment, ChatDeploymentStore } from '../../state/inference/chatDeployments';

export interface MovedDeploymentDeps {
  store: Pick<ChatDeploymentStore, 'find' | 'put'>;
  inference: () => Pick<InferenceApi, 'getDeployment'>;
}

/** The address Gcore gives the deployment now, when it is one other than the kept one; none when it could not be read. */
async function movedAddress(deps: MovedDeploymentDeps, deployment: ChatDeployment): Promise<string | undefined> {
  try {
    const address = (await deps.inference().getDeployment({ projectId: deployment.projectId, name: deployment.name })).address?.trim();
    return address && address !== deployment.address ? address : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens an answer at the deployment's kept address; when nothing answers there, it follows the deployment to the
 * address Gcore now gives it (made again under its name), keeps that one for the next answers, and opens there once
 * more. Any other failure, or the second one, is the answer's. `open` sends the deployment's own key, never the Gcore
 * key, wherever it is called.
 */
export async function openFollowingMove<T>(
  deps: MovedDeploymentDeps,
  deployment: ChatDeployment,
  open: (address: string) => Promise<T>,
): Promise<T> {
  try {
    return await open(deployment.address);
  } catch (error) {
    if (!(error instanceof EndpointError) || !mayHaveMoved(error.kind)) throw error;
    const address = await movedAddress(deps, deployment);
    if (address === undefined) throw error;
    // Removed from the chat meanwhile, it stays removed: this answer alone goes on.
    if (deps.store.find(deployment)) await deps.store.put({ ...deployment, address });
    return open(address);
  }
}
