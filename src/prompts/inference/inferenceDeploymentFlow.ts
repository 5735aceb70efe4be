import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import { loadOnce } from '../../core/loadOnce';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { validateInferenceDeploymentCreate, type InferenceDeploymentCreate } from '../../models/inference/inferenceDeploymentCreate';
import type { InferenceDeploymentCreateArgs } from '../../models/inference/inferenceArgs';
import { maxPods } from '../../models/inference/inferenceQuota';
import {
  inferenceDeploymentPayload,
  inferenceDeploymentPlan,
  type InferenceDeploymentAnswers,
  type InferenceDeploymentSources,
} from '../../ui/inference/inferenceDeploymentWizard';
import { registryCredentialPlan, type RegistryCredentialAnswers } from '../../ui/inference/registryCredentialWizard';
import { BACK, isUserCancelled, type PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { unwrap } from '../../validation/problems';
import { inferenceReview, reviewQuestion } from '../../views/inference/presentation/inferenceReview';
import { readInferenceQuotaAndPrice } from '../../writes/inference/inferenceForecast';
import { setInferenceRegistryCredential } from '../../writes/inference/registryCredentialWrites';
import { reviewCreate } from './inferenceCreateReview';
import { readInferenceOffers } from './inferenceOffers';

export interface AskServices {
  client: Pick<GcoreClient, 'inference' | 'account'>;
  log: Log;
}

/** What the wizard reads: the offers fresh, the project's credentials and API keys once per wizard. */
async function wizardSources(ui: PromptUi, services: AskServices, projectId: number): Promise<InferenceDeploymentSources> {
  const { client, log } = services;
  const offers = await ui.withProgress({
    title: l10n.t('Reading the inference flavors and their capacity…'),
    run: (signal) => readInferenceOffers(services, signal),
  });
  let credentials = loadOnce(async () => (await client.inference.listRegistryCredentials({ projectId })).results);
  return {
    ...offers,
    credentials: () => credentials(),
    apiKeys: loadOnce(
      async () =>
        (
          await client.inference.listApiKeys({ projectId }).catch((error: unknown) => {
            log.debug(`the API keys of project ${projectId} could not be read; none is offered: ${failureReason(error)}`);
            return { results: [] };
          })
        ).results,
    ),
    newCredential: async () => {
      const taken = new Set((await credentials()).map((credential) => credential.name));
      const created = await askRegistryCredential(ui, services, projectId, taken);
      if (created === BACK) return BACK;
      // Read again, so that Back to the credential step lists it.
      credentials = loadOnce(async () => (await client.inference.listRegistryCredentials({ projectId })).results);
      return created;
    },
  };
}

/** New Registry Credential within the wizard: its answers, then the credential set; BACK when the user left its first box. */
async function askRegistryCredential(
  ui: PromptUi,
  services: AskServices,
  projectId: number,
  taken: ReadonlySet<string>,
): Promise<string | typeof BACK> {
  const title = l10n.t('Gcore: New Registry Credential');
  const answers: RegistryCredentialAnswers = {};
  try {
    await runWizard(answers, () => registryCredentialPlan(ui, title, taken));
  } catch (error) {
    if (isUserCancelled(error)) return BACK;
    throw error;
  }
  const { name = '', registryUrl = '', username = '', password = '' } = answers;
  const { credential } = await ui.withProgress({
    title: l10n.t('Creating registry credential {0}…', name),
    run: (signal) =>
      setInferenceRegistryCredential(services, { projectId }, { name, registry_url: registryUrl, username, password }, { signal }),
  });
  return credential.name;
}

/** What a quota request says to Gcore unless the user writes otherwise: what the deployment is and what it needs. */
export function quotaRequestDescription(deployment: InferenceDeploymentCreate, regionName: (regionId: number) => string): string {
  return l10n.t(
    'Everywhere Inference deployment {0}: image {1} on flavor {2}, up to {3} pods in {4}.',
    deployment.name,
    deployment.image,
    deployment.flavor_name,
    maxPods(deployment),
    deployment.containers.map((container) => regionName(container.region_id)).join(', '),
  );
}

/**
 * New Inference Deployment in a project: the wizard, then the review (what runs, the quota it takes, the price
 * ceiling) before anything is sent. Zero or too little quota is said there, with Request Quota in place of Create;
 * once Gcore grants it, the review is shown again with Create. Edit reopens the wizard with every answer kept, as
 * Edit after a failed create does (`answers` is the draft's). Without the review (Preview), the payload is returned
 * once the wizard ends.
 */
export async function askInferenceDeploymentIn(
  ui: PromptUi,
  services: AskServices,
  projectId: number,
  answers: InferenceDeploymentAnswers,
  { review: withReview }: { review: boolean },
): Promise<InferenceDeploymentCreateArgs> {
  const sources = await wizardSources(ui, services, projectId);
  for (;;) {
    await runWizard(answers, (state) => inferenceDeploymentPlan(ui, sources, state));
    const deployment = unwrap(validateInferenceDeploymentCreate(inferenceDeploymentPayload(answers)));
    if (!withReview) return { projectId, deployment };
    const flavor = sources.flavors.find((choice) => choice.flavor.name === deployment.flavor_name)?.flavor;
    const subject = {
      name: deployment.name,
      checking: l10n.t('Checking the quota and price of inference deployment {0}…', deployment.name),
      quotaDescription: quotaRequestDescription(deployment, sources.regionName),
    };
    const answer = await reviewCreate(ui, services, subject, async (signal) => {
      const review = inferenceReview(
        deployment,
        await readInferenceQuotaAndPrice(services, deployment, { signal }),
        sources.regionName,
        flavor,
      );
      return { review, question: reviewQuestion(deployment.name, review) };
    });
    if (answer === 'create') return { projectId, deployment };
  }
}
