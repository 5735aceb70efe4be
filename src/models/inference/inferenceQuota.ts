import type { InferenceFlavor, InferencePrice, InferenceQuota } from '../../api/inference/inferenceTypes';
import { wireAmount } from '../wireAmount';
import type { InferenceApplicationCreate } from './inferenceApplications';
import type { InferenceContainerSpec } from './inferenceDeploymentCreate';

/*
 * What a deployment takes of the account's inference quota, what is missing, and its price ceiling (the inference
 * notes, "Flavors, capacity, price, quota"). Inference quotas are account-wide; each pod in each region takes one
 * slot of the flavor's GPU model, counted at `scale.max`, since that is what the deployment may reach.
 */

/** What the quota and price of a deployment depend on. */
export interface InferenceSizing {
  flavor_name: string;
  containers: readonly Pick<InferenceContainerSpec, 'region_id' | 'scale'>[];
}

export const INSTANCE_LIMIT = 'inference_instance_count_limit';
export const CPU_MILLICORE_LIMIT = 'inference_cpu_millicore_count_limit';

/** The most pods a deployment can run: the sum of each region's maximum, the N of the price ceiling. */
export function maxPods(sizing: Pick<InferenceSizing, 'containers'>): number {
  return sizing.containers.reduce((sum, container) => sum + container.scale.max, 0);
}

/**
 * The GPU model's part of Gcore's quota names, from an inference flavor's `gpu_model` ("L40S" → "l40s",
 * "NVIDIA H100" → "h100"); undefined for a flavor without a GPU.
 */
export function gpuQuotaModel(flavor: Pick<InferenceFlavor, 'gpu' | 'gpu_model'>): string | undefined {
  if (typeof flavor.gpu_model !== 'string' || (typeof flavor.gpu === 'number' && flavor.gpu <= 0)) return undefined;
  const model = flavor.gpu_model
    .toLowerCase()
    .replace(/^nvidia\s*/, '')
    .replace(/[^a-z0-9]/g, '');
  return model === '' ? undefined : model;
}

/**
 * The limits a deployment takes, by Gcore's names: a slot of its GPU model per pod at `scale.max` in every region
 * (`inference_gpu_<model>_count_limit`), or a CPU flavor's millicores per pod, and one inference instance.
 */
export function quotaNeeds(sizing: InferenceSizing, flavor: Pick<InferenceFlavor, 'cpu' | 'gpu' | 'gpu_model'>): Record<string, number> {
  const pods = maxPods(sizing);
  const model = gpuQuotaModel(flavor);
  const needs: Record<string, number> = {};
  if (model !== undefined) needs[`inference_gpu_${model}_count_limit`] = pods;
  else if (typeof flavor.cpu === 'number' && flavor.cpu > 0) needs[CPU_MILLICORE_LIMIT] = Math.ceil(pods * flavor.cpu * 1000);
  needs[INSTANCE_LIMIT] = 1;
  return needs;
}

type QuotaFlavor = Pick<InferenceFlavor, 'name' | 'cpu' | 'gpu' | 'gpu_model'>;

/**
 * The limits a catalogue application takes: each component runs as a deployment of its own (an instance), with its
 * pods at their maximum in every region of the application, on its flavor. A component whose flavor is not among
 * `flavors` is counted as an instance only: what its pods take cannot be told.
 */
export function applicationQuotaNeeds(
  application: Pick<InferenceApplicationCreate, 'regions' | 'components_configuration'>,
  flavors: readonly QuotaFlavor[],
): Record<string, number> {
  const needs: Record<string, number> = {};
  for (const component of Object.values(application.components_configuration)) {
    const flavor = flavors.find((candidate) => candidate.name === component.flavor) ?? { name: component.flavor };
    const containers = application.regions.map((region_id) => ({ region_id, scale: component.scale }));
    for (const [limit, amount] of Object.entries(quotaNeeds({ flavor_name: component.flavor, containers }, flavor))) {
      needs[limit] = (needs[limit] ?? 0) + amount;
    }
  }
  return needs;
}

/** A limit the account's quota does not hold enough of. */
export interface QuotaShortfall {
  /** Gcore's name, `inference_gpu_h100_count_limit`. */
  limit: string;
  /** The limit now (0 when the account has none: new accounts start at zero). */
  current: number;
  usage: number;
  needed: number;
  /** What to ask for in a limits request: the usage and the need together. */
  ask: number;
}

/** The limits a deployment's needs pass, in the needs' order; empty when it fits. */
export function quotaShortfall(needs: Record<string, number>, quota: InferenceQuota): QuotaShortfall[] {
  return Object.entries(needs).flatMap(([limit, needed]) => {
    const current = wireAmount(quota.limits[limit]) ?? 0;
    const usage = wireAmount(quota.usage[limit.replace(/_limit$/, '_usage')]) ?? 0;
    return usage + needed > current ? [{ limit, current, usage, needed, ask: usage + needed }] : [];
  });
}

/** The `limits` of a quota request that covers the shortfalls (`gcore.requestInferenceQuota`'s argument). */
export function requestedLimits(shortfalls: readonly QuotaShortfall[]): Record<string, number> {
  return Object.fromEntries(shortfalls.map((shortfall) => [shortfall.limit, shortfall.ask]));
}

/** What `check_limits` is asked of a deployment: its flavor and regions, each scale as sent. */
export function quotaCheckRequest(sizing: InferenceSizing): Record<string, unknown> {
  return { flavor_name: sizing.flavor_name, containers: sizing.containers.map(({ region_id, scale }) => ({ region_id, scale })) };
}

/** The price request: Gcore prices each region at its `scale.max`, which makes the answer a ceiling. */
export function priceRequest(sizing: InferenceSizing): Record<string, unknown> {
  return {
    flavor_name: sizing.flavor_name,
    containers: sizing.containers.map((container) => ({ region_id: container.region_id, scale: { max: container.scale.max } })),
  };
}

/** An application's price request: each component's flavor and pods at `scale.max`, in every region of the application. */
export function applicationPriceRequest(
  application: Pick<InferenceApplicationCreate, 'application_name' | 'regions' | 'components_configuration'>,
): Record<string, unknown> {
  return {
    application_name: application.application_name,
    regions: [...application.regions],
    components_configuration: Object.fromEntries(
      Object.entries(application.components_configuration).map(([key, component]) => [
        key,
        { flavor: component.flavor, scale: { max: component.scale.max } },
      ]),
    ),
  };
}

/** An application's pods as a deployment's regions: each component's scale in every region, what its price ceiling counts. */
export function applicationSizing(
  application: Pick<InferenceApplicationCreate, 'regions' | 'components_configuration'>,
): Pick<InferenceSizing, 'containers'> {
  return {
    containers: Object.values(application.components_configuration).flatMap((component) =>
      application.regions.map((region_id) => ({ region_id, scale: component.scale })),
    ),
  };
}

/** The numbers of "up to X per hour at N pods; nothing while stopped or at zero". */
export interface PriceCeiling {
  perHour: number;
  currency: string | undefined;
  pods: number;
}

/** The ceiling of a price answer, or undefined when Gcore gave no hourly price it can be read from. */
export function priceCeiling(
  price: InferencePrice | null | undefined,
  sizing: Pick<InferenceSizing, 'containers'>,
): PriceCeiling | undefined {
  const perHour = wireAmount(price?.price_per_hour);
  if (perHour === undefined) return undefined;
  const currency = typeof price?.currency_code === 'string' && price.currency_code !== '' ? price.currency_code : undefined;
  return { perHour, currency, pods: maxPods(sizing) };
}
