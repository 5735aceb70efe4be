import * as l10n from '@vscode/l10n';
import type { InferenceFlavor, InferencePrice } from '../../../api/inference/inferenceTypes';
import type {
  InferenceDeploymentCreate,
  InferenceScaleSpec,
  InferenceTriggers,
  ProbeAction,
} from '../../../models/inference/inferenceDeploymentCreate';
import { wireAmount } from '../../../models/wireAmount';
import { formatMoney } from '../../presentation/money';

/** One `inference_*` limit a new deployment takes: what the account uses, what the deployment adds, what is allowed. */
export interface InferenceQuotaUse {
  /** Gcore's name of the limit: `inference_gpu_l40s_count_limit`. */
  limit: string;
  used: number;
  requested: number;
  allowed: number;
}

/** What Gcore said of a new deployment before it is sent: null when it did not answer. */
export interface InferenceForecast {
  quota: readonly InferenceQuotaUse[] | null;
  price: InferencePrice | null;
}

/** The review shown before a create is sent: what runs, the quota it takes, the price ceiling. */
export interface InferenceReview {
  runs: string[];
  quota: string[];
  price: string;
  /** The account's quota is too small (or zero): Gcore would refuse the create. */
  short: boolean;
}

/** "1 × L40S (48 GB) · 16 CPUs · 232 GiB": what a flavor gives each pod. */
export function flavorFacts(flavor: InferenceFlavor): string {
  const gpu = flavor.gpu && flavor.gpu_model ? `${flavor.gpu} × ${flavor.gpu_model}` : undefined;
  return [
    gpu ? (flavor.gpu_memory ? l10n.t('{0} ({1} GB)', gpu, flavor.gpu_memory) : gpu) : l10n.t('no GPU'),
    typeof flavor.cpu === 'number' && l10n.t('{0} CPUs', flavor.cpu),
    typeof flavor.memory === 'number' && l10n.t('{0} GiB', flavor.memory),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A limit as people read it: `inference_gpu_l40s_count_limit` → "L40S GPUs". */
export function quotaName(limit: string): string {
  const gpu = /^inference_gpu_([a-z0-9]+)_count_limit$/.exec(limit);
  if (gpu) return l10n.t('{0} GPUs', gpu[1].toUpperCase());
  if (limit === 'inference_cpu_millicore_count_limit') return l10n.t('CPU millicores');
  if (limit === 'inference_instance_count_limit') return l10n.t('Inference pods');
  return limit;
}

/** The pods at each region's maximum, which the price ceiling is computed at. */
export function podsAtMost(deployment: Pick<InferenceDeploymentCreate, 'containers'>): number {
  return deployment.containers.reduce((sum, container) => sum + container.scale.max, 0);
}

/** "Up to €3.20 per hour at 3 pods; nothing while stopped or at zero." Gcore prices a deployment at its maximum. */
export function priceCeiling(price: InferencePrice | null, pods: number): string {
  const perHour = price ? wireAmount(price.price_per_hour) : undefined;
  if (perHour === undefined) return l10n.t('Price: not available');
  const amount = formatMoney(perHour, price?.currency_code);
  return pods === 1
    ? l10n.t('Price: up to {0} per hour at 1 pod; nothing while stopped or at zero.', amount)
    : l10n.t('Price: up to {0} per hour at {1} pods; nothing while stopped or at zero.', amount, pods);
}

/** "GPU utilization above 80 %, more than 10 requests in 60 s": what adds pods, as sent. */
export function triggerWords(triggers: InferenceTriggers | null | undefined): string {
  const words = Object.entries(triggers ?? {}).flatMap(([name, trigger]) => {
    if (!trigger) return [];
    const values = trigger as Record<string, unknown>;
    switch (name) {
      case 'cpu':
        return [l10n.t('CPU above {0} %', String(values.threshold))];
      case 'memory':
        return [l10n.t('memory above {0} %', String(values.threshold))];
      case 'gpu_utilization':
        return [l10n.t('GPU utilization above {0} %', String(values.threshold))];
      case 'gpu_memory':
        return [l10n.t('GPU memory above {0} %', String(values.threshold))];
      case 'http':
        return [l10n.t('more than {0} requests in {1} s', String(values.rate), String(values.window))];
      default:
        return [name];
    }
  });
  return words.length === 0 ? l10n.t("Gcore's defaults (CPU and memory above 80 %)") : words.join(', ');
}

function podsWords(scale: InferenceScaleSpec): string {
  if (scale.min !== scale.max) return l10n.t('{0} to {1} pods', scale.min, scale.max);
  return scale.max === 1 ? l10n.t('1 pod') : l10n.t('{0} pods', scale.max);
}

function commandText(command: InferenceDeploymentCreate['command']): string | undefined {
  return command && command.length > 0 ? command.join(' ') : undefined;
}

/**
 * What runs: the lines a person checks before the create is sent. Environment variables are named, never
 * valued: a token in one must not reach the screen.
 */
export function whatRuns(
  deployment: InferenceDeploymentCreate,
  regionName: (regionId: number) => string,
  flavor?: InferenceFlavor,
): string[] {
  const { containers } = deployment;
  const readiness = deployment.probes?.readiness_probe;
  const command = commandText(deployment.command);
  const envs = Object.keys(deployment.envs ?? {});
  const keys = deployment.api_keys ?? [];
  return [
    deployment.credentials_name
      ? l10n.t('Image: {0} (pulled with {1})', deployment.image, deployment.credentials_name)
      : l10n.t('Image: {0}', deployment.image),
    l10n.t('Port: {0}', deployment.listening_port),
    command ? l10n.t('Command: {0}', command) : l10n.t("Command: the image's own"),
    envs.length > 0 ? l10n.t('Environment: {0}', envs.join(', ')) : l10n.t('Environment: none'),
    flavor ? l10n.t('Flavor: {0} ({1})', deployment.flavor_name, flavorFacts(flavor)) : l10n.t('Flavor: {0}', deployment.flavor_name),
    l10n.t('Regions: {0}', containers.map((container) => `${regionName(container.region_id)} ${podsWords(container.scale)}`).join(', ')),
    l10n.t("Idle timeout: {0} s, then down to each region's minimum", deployment.timeout ?? 120),
    l10n.t('More pods on: {0}', triggerWords(containers[0]?.scale.triggers)),
    readiness?.enabled
      ? l10n.t('Readiness: {0}', probeWords(readiness.probe))
      : l10n.t('Readiness: no probe (requests reach a pod as soon as it starts)'),
    keys.length > 0 ? l10n.t('API keys: {0}', keys.join(', ')) : l10n.t('API keys: none (anyone with the address may call it)'),
    l10n.t('Name: {0}', deployment.name),
  ];
}

function probeWords(probe: ProbeAction | undefined): string {
  const http = probe?.http_get;
  if (http) return l10n.t('when {0} answers on port {1}', http.path ?? '/', http.port);
  if (probe?.tcp_socket) return l10n.t('when its port accepts a connection');
  return l10n.t('when its command succeeds');
}

/** The review of a create: what runs, each quota it takes (too little said plainly) and the price ceiling. */
export function inferenceReview(
  deployment: InferenceDeploymentCreate,
  forecast: InferenceForecast,
  regionName: (regionId: number) => string,
  flavor?: InferenceFlavor,
): InferenceReview {
  const uses = forecast.quota ?? [];
  const quota = !forecast.quota
    ? [l10n.t('Quota: not available')]
    : uses.map((use) =>
        use.used + use.requested > use.allowed
          ? l10n.t('{0}: {1} used + {2} needed, {3} allowed: TOO LITTLE', quotaName(use.limit), use.used, use.requested, use.allowed)
          : l10n.t('{0}: {1} used + {2} needed, {3} allowed', quotaName(use.limit), use.used, use.requested, use.allowed),
      );
  return {
    runs: whatRuns(deployment, regionName, flavor),
    quota: quota.length === 0 ? [l10n.t('Quota: it fits')] : quota,
    price: priceCeiling(forecast.price, podsAtMost(deployment)),
    short: uses.some((use) => use.used + use.requested > use.allowed),
  };
}

export function reviewText(review: InferenceReview): string {
  return [...review.runs, '', ...review.quota, review.price].join('\n');
}

/**
 * The review as it is asked: Create; or, when the quota is too little, Request Quota in its place (a create
 * Gcore would refuse is not offered). Edit goes back to the wizard.
 */
export function reviewQuestion(
  name: string,
  review: InferenceReview,
): { message: string; detail: string; create?: string; requestQuota?: string; edit: string } {
  const edit = l10n.t('Edit');
  if (review.short) {
    return {
      message: l10n.t(
        'Inference deployment {0} needs more quota than the account has, so Gcore would refuse it. Request the quota it needs? Gcore usually answers within 15 minutes; the create is offered again when it is granted.',
        name,
      ),
      detail: reviewText(review),
      requestQuota: l10n.t('Request Quota'),
      edit,
    };
  }
  return { message: l10n.t('Create inference deployment {0}?', name), detail: reviewText(review), create: l10n.t('Create'), edit };
}
