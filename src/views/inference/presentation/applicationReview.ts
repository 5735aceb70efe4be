import * as l10n from '@vscode/l10n';
import type { InferenceCatalogApplication, InferenceFlavor } from '../../../api/inference/inferenceTypes';
import { isSecretParameter, type InferenceApplicationCreate } from '../../../models/inference/inferenceApplications';
import { applicationQuotaNeeds, applicationSizing, quotaShortfall } from '../../../models/inference/inferenceQuota';
import { flavorFacts, podsWords, priceWords, quotaWords, type InferenceForecast, type InferenceReview } from './inferenceReview';

/** "model_id Qwen/Qwen2.5-7B-Instruct, hf_token (set)": the parameters given, a secret's value never shown. */
function parameterWords(overrides: Record<string, { value: string }> | undefined): string {
  const entries = Object.entries(overrides ?? {});
  if (entries.length === 0) return l10n.t("the catalogue's defaults");
  return entries.map(([name, { value }]) => (isSecretParameter(name) ? l10n.t('{0} (set)', name) : `${name} ${value}`)).join(', ');
}

/**
 * What runs of a catalogue application: the application, then each component with its flavor, its pods in each
 * region, whether it gets a public address and the parameters given; the regions and the name.
 */
export function applicationRuns(
  application: InferenceApplicationCreate,
  entry: InferenceCatalogApplication,
  regionName: (regionId: number) => string,
  flavors: readonly InferenceFlavor[],
): string[] {
  const components = entry.components ?? {};
  return [
    l10n.t('Application: {0} ({1})', entry.display_name ?? entry.name, entry.name),
    ...Object.entries(application.components_configuration).flatMap(([key, config]) => {
      const label = components[key]?.display_name ?? key;
      const flavor = flavors.find((candidate) => candidate.name === config.flavor);
      const flavorText = flavor ? `${config.flavor} (${flavorFacts(flavor)})` : config.flavor;
      return [
        config.exposed
          ? l10n.t('{0}: {1}, {2} in each region, with a public address', label, flavorText, podsWords(config.scale))
          : l10n.t('{0}: {1}, {2} in each region, no public address', label, flavorText, podsWords(config.scale)),
        l10n.t('{0} parameters: {1}', label, parameterWords(config.parameter_overrides)),
      ];
    }),
    l10n.t('Regions: {0}', application.regions.map(regionName).join(', ')),
    l10n.t('Name: {0}', application.name),
  ];
}

/**
 * The review of a catalogue application's create: what runs, the quota its components take together (each an
 * instance, its pods at their maximum in every region) and the price ceiling; the quota is not available without
 * the account's.
 */
export function applicationReview(
  application: InferenceApplicationCreate,
  entry: InferenceCatalogApplication,
  forecast: InferenceForecast,
  regionName: (regionId: number) => string,
  flavors: readonly InferenceFlavor[],
): InferenceReview {
  const needs = forecast.quota ? applicationQuotaNeeds(application, flavors) : undefined;
  const shortfalls = needs && forecast.quota ? quotaShortfall(needs, forecast.quota) : [];
  return {
    runs: applicationRuns(application, entry, regionName, flavors),
    quota: quotaWords(needs, shortfalls),
    price: priceWords(forecast.price, applicationSizing(application)),
    shortfalls,
  };
}
