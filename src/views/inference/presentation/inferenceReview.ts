import * as l10n from '@vscode/l10n';
import type { InferenceFlavor, InferencePrice, InferenceQuota } from '../../../api/inference/inferenceTypes';
import type {
  InferenceDeploymentCreate,
  InferenceScaleSpec,
  InferenceTriggers,
  ProbeAction,
} from '../../../models/inference/inferenceDeploymentCreate';
import {
  priceCeiling,
  quotaNeeds,
  quotaShortfall,
  type InferenceSizing,
  type QuotaShortfall,
} from '../../../models/inference/inferenceQuota';
import { formatMoney } from '../../presentation/money';

/** What Gcore said of a new deployment before it is sent: the account's inference quota and the price, null when it did not answer. */
export interface InferenceForecast {
  quota: InferenceQuota | null;
  price: InferencePrice | null;
}

/** The review shown before a create is sent: what runs, the quota it takes, the price ceiling. */
export interface InferenceReview {
  runs: string[];
  quota: string[];
  price: string;
  /** The limits the account has too little of (zero on a new account): Gcore would refuse the create. */
  shortfalls: QuotaShortfall[];
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
  if (limit === 'inference_instance_count_limit') return l10n.t('Inference deployments');
  return limit;
}

/** "Up to €3.20 per hour at 3 pods; nothing while stopped or at zero." Gcore prices a deployment at each region's maximum. */
export function priceWords(price: InferencePrice | null, sizing: Pick<InferenceSizing, 'containers'>): string {
  const ceiling = priceCeiling(price, sizing);
  if (!ceiling) return l10n.t('Price: not available');
  const amount = formatMoney(ceiling.perHour, ceiling.currency);
  return ceiling.pods === 1
    ? l10n.t('Price: up to {0} per hour at 1 pod; nothing while stopped or at zero.', amount)
    : l10n.t('Price: up to {0} per hour at {1} pods; nothing while stopped or at zero.', amount, ceiling.pods);
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

export function podsWords(scale: InferenceScaleSpec): string {
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

/** The quota's lines: each limit the account has too little of, said plainly, or that it fits and what it takes. */
export function quotaWords(needs: Record<string, number> | undefined, shortfalls: readonly QuotaShortfall[]): string[] {
  if (!needs) return [l10n.t('Quota: not available')];
  if (shortfalls.length > 0) {
    return shortfalls.map((shortfall) =>
      l10n.t(
        '{0}: {1} used + {2} needed, {3} allowed: TOO LITTLE',
        quotaName(shortfall.limit),
        shortfall.usage,
        shortfall.needed,
        shortfall.current,
      ),
    );
  }
  return [
    l10n.t(
      'Quota: it fits ({0})',
      Object.entries(needs)
        .map(([limit, needed]) => `${quotaName(limit)} ${needed}`)
        .join(', '),
    ),
  ];
}

/**
 * The review of a create: what runs, the quota it takes (too little said plainly) and the price ceiling. The
 * quota is counted from the flavor (its GPU model): without the flavor or the account's quota it is not available.
 */
export function inferenceReview(
  deployment: InferenceDeploymentCreate,
  forecast: InferenceForecast,
  regionName: (regionId: number) => string,
  flavor?: InferenceFlavor,
): InferenceReview {
  const needs = flavor && forecast.quota ? quotaNeeds(deployment, flavor) : undefined;
  const shortfalls = needs && forecast.quota ? quotaShortfall(needs, forecast.quota) : [];
  return {
    runs: whatRuns(deployment, regionName, flavor),
    quota: quotaWords(needs, shortfalls),
    price: priceWords(forecast.price, deployment),
    shortfalls,
  };
}

export function reviewText(review: InferenceReview): string {
  return [...review.runs, '', ...review.quota, review.price].join('\n');
}

/** The review as it is asked: its message and detail, and the buttons it offers. */
export interface ReviewQuestion {
  message: string;
  detail: string;
  create?: string;
  requestQuota?: string;
  edit: string;
}

/**
 * The review as it is asked: Create; or, when the quota is too little, Request Quota in its place (a create
 * Gcore would refuse is not offered). Edit goes back to the wizard. `kind` says what is created.
 */
export function reviewQuestion(name: string, review: InferenceReview, kind: 'deployment' | 'application' = 'deployment'): ReviewQuestion {
  const edit = l10n.t('Edit');
  const application = kind === 'application';
  if (review.shortfalls.length > 0) {
    return {
      message: application
        ? l10n.t(
            'Inference application {0} needs more quota than the account has, so Gcore would refuse it. Request the quota it needs? Gcore usually answers within 15 minutes; the create is offered again when it is granted.',
            name,
          )
        : l10n.t(
            'Inference deployment {0} needs more quota than the account has, so Gcore would refuse it. Request the quota it needs? Gcore usually answers within 15 minutes; the create is offered again when it is granted.',
            name,
          ),
      detail: reviewText(review),
      requestQuota: l10n.t('Request Quota'),
      edit,
    };
  }
  return {
    message: application ? l10n.t('Create inference application {0}?', name) : l10n.t('Create inference deployment {0}?', name),
    detail: reviewText(review),
    create: l10n.t('Create'),
    edit,
  };
}
