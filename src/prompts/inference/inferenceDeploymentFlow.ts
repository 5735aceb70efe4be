import * as l10n from '@vscode/l10n';
import type { InferenceRegionCapacity, LimitsRequest } from '../../api/inference/inferenceTypes';
import type { Region } from '../../api/types';
import type { GcoreClient } from '../../api';
import { loadOnce } from '../../core/loadOnce';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { validateInferenceDeploymentCreate, type InferenceDeploymentCreate } from '../../models/inference/inferenceDeploymentCreate';
import { validateInferenceQuotaRequestArgs, type InferenceDeploymentCreateArgs } from '../../models/inference/inferenceArgs';
import { maxPods, requestedLimits, type QuotaShortfall } from '../../models/inference/inferenceQuota';
import {
  inferenceDeploymentPayload,
  inferenceDeploymentPlan,
  type InferenceDeploymentAnswers,
  type InferenceDeploymentSources,
} from '../../ui/inference/inferenceDeploymentWizard';
import { registryCredentialPlan, type RegistryCredentialAnswers } from '../../ui/inference/registryCredentialWizard';
import { BACK, isUserCancelled, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { unwrap } from '../../validation/problems';
import { flavorFacts, inferenceReview, reviewQuestion } from '../../views/inference/presentation/inferenceReview';
import { readInferenceQuotaAndPrice } from '../../writes/inference/inferenceForecast';
import { followInferenceQuotaRequest, sendInferenceQuotaRequest } from '../../writes/inference/inferenceQuotaRequests';
import { setInferenceRegistryCredential } from '../../writes/inference/registryCredentialWrites';

export interface AskServices {
  client: Pick<GcoreClient, 'inference' | 'account'>;
  log: Log;
}

/** What the wizard reads, the flavors and capacity fresh (capacity changes by the minute), the rest once per wizard. */
async function wizardSources(
  ui: PromptUi,
  services: AskServices,
  projectId: number,
): Promise<InferenceDeploymentSources & { regionName(regionId: number): string }> {
  const { client, log } = services;
  const [flavors, capacity, regions] = await ui.withProgress({
    title: l10n.t('Reading the inference flavors and their capacity…'),
    run: (signal) =>
      Promise.all([
        client.inference.flavors({ signal }),
        client.inference.capacity({ signal }),
        client.account.listRegions('inference', { signal }).then(
          (list) => list.results,
          (error: unknown) => {
            log.debug(`the inference regions' names could not be read; their ids stand for them: ${failureReason(error)}`);
            return [] as Region[];
          },
        ),
      ]),
  });
  const regionName = (regionId: number) => regions.find((region) => region.id === regionId)?.display_name ?? l10n.t('region {0}', regionId);
  // Without Gcore's capacity, the regions that run inference are offered, their capacity said to be unknown.
  const offered: InferenceRegionCapacity[] =
    capacity.results.length > 0 ? capacity.results : regions.map((region) => ({ region_id: region.id, capacity: [] }));
  let credentials = loadOnce(async () => (await client.inference.listRegistryCredentials({ projectId })).results);
  return {
    flavors: flavors.results.map((flavor) => ({ flavor, facts: flavorFacts(flavor) })),
    capacity: offered,
    regionName,
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

function quotaRequestStatus(request: LimitsRequest): string {
  return l10n.t('Gcore says: {0}', request.status ?? l10n.t('no status yet'));
}

/**
 * Request Quota from the review: the limits this deployment needs, with a description the user can edit, sent
 * once and followed to Gcore's answer with progress. True when Gcore granted it.
 */
async function requestQuota(
  ui: PromptUi,
  services: AskServices,
  deployment: InferenceDeploymentCreate,
  shortfalls: readonly QuotaShortfall[],
  regionName: (regionId: number) => string,
): Promise<boolean> {
  const limits = requestedLimits(shortfalls);
  const description = await ui.input({
    title: l10n.t('Gcore: Request Inference Quota'),
    prompt: l10n.t(
      'What Gcore reads with the request for {0}; edit it as you like (up to 1000 characters).',
      Object.entries(limits)
        .map(([limit, value]) => `${limit} = ${value}`)
        .join(', '),
    ),
    value: quotaRequestDescription(deployment, regionName),
    canGoBack: true,
    validate: (text) => {
      const checked = validateInferenceQuotaRequestArgs({ limits, description: text });
      return checked.ok ? undefined : checked.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
    },
  });
  if (description === BACK) return false;
  const request = await ui.withProgress({
    title: l10n.t('Requesting inference quota…'),
    run: (signal) => sendInferenceQuotaRequest(services, { limits, description: description.trim() }, { signal }),
  });
  const answered = await ui.withProgress({
    title: l10n.t('Waiting for Gcore to answer quota request {0} (usually within 15 minutes)…', String(request.id)),
    cancellable: true,
    run: (signal, report) =>
      followInferenceQuotaRequest(services, request.id, { signal, onStatus: (status) => report(quotaRequestStatus(status)) }),
  });
  if (answered.status?.toLowerCase() === 'done') {
    void ui.notify('info', l10n.t('Gcore granted quota request {0}.', String(request.id)));
    return true;
  }
  void ui.notify(
    'error',
    l10n.t('Gcore rejected quota request {0}: the account has too little inference quota for {1}.', String(request.id), deployment.name),
  );
  return false;
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
    let choice: string | undefined;
    let question: ReturnType<typeof reviewQuestion>;
    do {
      const read = await ui.withProgress({
        title: l10n.t('Checking the quota and price of inference deployment {0}…', deployment.name),
        run: (signal) => readInferenceQuotaAndPrice(services, deployment, { signal }),
      });
      const review = inferenceReview(deployment, read, sources.regionName, flavor);
      question = reviewQuestion(deployment.name, review);
      const go = question.create ?? question.requestQuota ?? '';
      choice = await ui.choose({ message: question.message, detail: question.detail, choices: [go, question.edit] });
      if (choice === question.create) return { projectId, deployment };
      if (choice === question.requestQuota && !(await requestQuota(ui, services, deployment, review.shortfalls, sources.regionName))) {
        choice = question.edit;
      }
    } while (choice === question.requestQuota);
    if (choice !== question.edit) throw new UserCancelledError();
  }
}
