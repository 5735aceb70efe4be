import * as l10n from '@vscode/l10n';
import type { InferenceCatalogApplication } from '../../api/inference/inferenceTypes';
import {
  applicationCatalogProblems,
  validateInferenceApplicationCreate,
  type InferenceApplicationCreate,
} from '../../models/inference/inferenceApplications';
import type { InferenceApplicationCreateArgs } from '../../models/inference/inferenceArgs';
import { mayBeMissingEndpoint, notOffered } from '../../logging/notOffered';
import { applicationSizing, maxPods } from '../../models/inference/inferenceQuota';
import {
  catalogueEntry,
  inferenceApplicationPayload,
  inferenceApplicationPlan,
  type InferenceApplicationAnswers,
  type InferenceApplicationSources,
} from '../../ui/inference/inferenceApplicationWizard';
import type { PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { unwrap, validated } from '../../validation/problems';
import { applicationReview } from '../../views/inference/presentation/applicationReview';
import { reviewQuestion } from '../../views/inference/presentation/inferenceReview';
import { readInferenceApplicationQuotaAndPrice } from '../../writes/inference/inferenceForecast';
import { reviewCreate } from './inferenceCreateReview';
import type { AskServices } from './inferenceDeploymentFlow';
import { readInferenceOffers } from './inferenceOffers';

/** What a quota request says to Gcore unless the user writes otherwise: the application, its components and pods. */
export function applicationQuotaRequestDescription(
  application: InferenceApplicationCreate,
  entry: InferenceCatalogApplication,
  regionName: (regionId: number) => string,
): string {
  return l10n.t(
    'Everywhere Inference application {0}: {1} from the catalogue ({2}), up to {3} pods in {4}.',
    application.name,
    entry.display_name ?? entry.name,
    Object.entries(application.components_configuration)
      .map(([key, component]) => `${key} ${component.flavor}`)
      .join(', '),
    maxPods(applicationSizing(application)),
    application.regions.map(regionName).join(', '),
  );
}

/** The catalogue, the flavors and the capacity, read fresh for each wizard (capacity changes by the minute). */
async function wizardSources(ui: PromptUi, services: AskServices): Promise<InferenceApplicationSources> {
  const [catalogue, offers] = await ui.withProgress({
    title: l10n.t("Reading Gcore's inference catalogue, the flavors and their capacity…"),
    run: (signal) =>
      Promise.all([
        services.client.inference.catalog({ signal }).catch((error: unknown) => {
          // An API without the catalogue is said once as a warning, not as a failure to retry.
          throw mayBeMissingEndpoint(error) ? notOffered(l10n.t('The inference catalogue'), error, false) : error;
        }),
        readInferenceOffers(services, signal),
      ]),
  });
  if (catalogue.results.length === 0) throw new Error(l10n.t("Gcore's inference catalogue offers no application."));
  return { ...offers, catalogue: catalogue.results };
}

/** The answers as a payload, checked as data and against its catalogue entry (its components, flavors, parameters, regions). */
function checkedApplication(
  sources: InferenceApplicationSources,
  answers: InferenceApplicationAnswers,
): [InferenceApplicationCreate, InferenceCatalogApplication] {
  const entry = catalogueEntry(sources, answers)!;
  const application = unwrap(validateInferenceApplicationCreate(inferenceApplicationPayload(entry, answers)));
  const regionIds = sources.capacity.map((region) => region.region_id);
  unwrap(validated(application, applicationCatalogProblems(application, entry, '', regionIds)));
  return [application, entry];
}

/**
 * New Inference Application in a project: the wizard over Gcore's catalogue, then the review (what runs, the quota it
 * takes, the price ceiling) before anything is sent, with Request Quota in place of Create when the quota is too
 * little. Edit reopens the wizard with every answer kept (`answers` is the draft's), as Edit after a failed create does.
 */
export async function askInferenceApplicationIn(
  ui: PromptUi,
  services: AskServices,
  projectId: number,
  answers: InferenceApplicationAnswers,
): Promise<InferenceApplicationCreateArgs> {
  const sources = await wizardSources(ui, services);
  for (;;) {
    await runWizard(answers, (state) => inferenceApplicationPlan(ui, sources, state));
    const [application, entry] = checkedApplication(sources, answers);
    const flavors = sources.flavors.map((choice) => choice.flavor);
    const subject = {
      name: application.name,
      checking: l10n.t('Checking the quota and price of inference application {0}…', application.name),
      quotaDescription: applicationQuotaRequestDescription(application, entry, sources.regionName),
    };
    const answer = await reviewCreate(ui, services, subject, async (signal) => {
      const forecast = await readInferenceApplicationQuotaAndPrice(services, application, { signal });
      const review = applicationReview(application, entry, forecast, sources.regionName, flavors);
      return { review, question: reviewQuestion(application.name, review, 'application') };
    });
    if (answer === 'create') return { projectId, deployment: application };
  }
}
