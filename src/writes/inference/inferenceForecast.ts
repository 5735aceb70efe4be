import type { CallOptions } from '../../api/callOptions';
import type {
  InferenceApi,
  InferencePrice,
  InferenceProjectRef,
  InferenceQuota,
  InferenceQuotaCheck,
} from '../../api/inference/inferenceTypes';
import type { Log } from '../../logging/log';
import type { InferenceApplicationCreate } from '../../models/inference/inferenceApplications';
import { applicationPriceRequest, priceRequest, quotaCheckRequest, type InferenceSizing } from '../../models/inference/inferenceQuota';

/** An addition's answer, or null when Gcore does not give it (said in the log, never a stop). */
async function answerOrNull<T>(log: Pick<Log, 'debug'> | undefined, what: string, request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    log?.debug(`${what} could not be read: ${String(error)}`);
    return null;
  }
}

/** What a deployment would take and cost, each answer null when Gcore does not give it. */
export interface InferenceForecast {
  quota: InferenceQuotaCheck | null;
  price: InferencePrice | null;
}

/**
 * The quota a deployment would exceed (`check_limits`) and its price ceiling, each asked in its own request and each
 * null when Gcore does not answer it (an addition: never a stop). Sends no create. Shared by
 * gcore.previewInferenceDeployment and the agent tools, which run without VS Code (no log there).
 */
export async function forecastInferenceDeployment(
  deps: { client: { inference: Pick<InferenceApi, 'checkLimits' | 'priceDeployment'> }; log?: Pick<Log, 'debug'> },
  project: InferenceProjectRef,
  deployment: InferenceSizing & { name: string },
  options: CallOptions = {},
): Promise<InferenceForecast> {
  const quietly = <T>(what: string, request: () => Promise<T>) =>
    answerOrNull(deps.log, `the ${what} of inference deployment ${deployment.name}`, request); // not user text: a line of the log
  const { inference } = deps.client;
  const [quota, price] = await Promise.all([
    quietly('quota', () => inference.checkLimits(project, quotaCheckRequest(deployment), options)),
    quietly('price', () => inference.priceDeployment(priceRequest(deployment), options)),
  ]);
  return { quota, price };
}

/**
 * The account's inference quota and a new deployment's price ceiling, each null when Gcore does not answer it: what
 * the create's review shows, from the wizard and from the New Deployment document alike.
 */
export async function readInferenceQuotaAndPrice(
  deps: { client: { inference: Pick<InferenceApi, 'quota' | 'priceDeployment'> }; log?: Pick<Log, 'debug'> },
  deployment: InferenceSizing & { name: string },
  options: CallOptions = {},
): Promise<{ quota: InferenceQuota | null; price: InferencePrice | null }> {
  const quietly = <T>(what: string, request: () => Promise<T>) =>
    answerOrNull(deps.log, `the ${what} of inference deployment ${deployment.name}`, request); // not user text: a line of the log
  const { inference } = deps.client;
  const [quota, price] = await Promise.all([
    quietly('quota', () => inference.quota(options)),
    quietly('price', () => inference.priceDeployment(priceRequest(deployment), options)),
  ]);
  return { quota, price };
}

/** The account's inference quota and a catalogue application's price ceiling, each null when Gcore does not answer it. */
export async function readInferenceApplicationQuotaAndPrice(
  deps: { client: { inference: Pick<InferenceApi, 'quota' | 'priceApplication'> }; log?: Pick<Log, 'debug'> },
  application: InferenceApplicationCreate,
  options: CallOptions = {},
): Promise<{ quota: InferenceQuota | null; price: InferencePrice | null }> {
  const quietly = <T>(what: string, request: () => Promise<T>) =>
    answerOrNull(deps.log, `the ${what} of inference application ${application.name}`, request); // not user text: a line of the log
  const { inference } = deps.client;
  const [quota, price] = await Promise.all([
    quietly('quota', () => inference.quota(options)),
    quietly('price', () => inference.priceApplication(applicationPriceRequest(application), options)),
  ]);
  return { quota, price };
}

/** The price ceiling alone, of a deployment as it runs or as a change would leave it; null when Gcore does not answer it. */
export async function priceInferenceDeployment(
  client: Pick<InferenceApi, 'priceDeployment'>,
  deployment: { flavor_name: string; containers: readonly { region_id: number; scale: { min: number; max: number } }[] },
  options: CallOptions = {},
): Promise<InferencePrice | null> {
  const containers = deployment.containers.map(({ region_id, scale }) => ({ region_id, scale: { min: scale.min, max: scale.max } }));
  try {
    return await client.priceDeployment(priceRequest({ flavor_name: deployment.flavor_name, containers }), options);
  } catch {
    return null;
  }
}
