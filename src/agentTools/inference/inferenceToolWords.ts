import * as l10n from '@vscode/l10n';
import type { InferencePrice } from '../../api/inference/inferenceTypes';
import { wireAmount } from '../../models/wireAmount';
import { formatMoney } from '../../views/presentation/money';

/** The regions and scale a deployment runs with, as its payload or Gcore's answer holds them. */
export type ScaledRegions = readonly { region_id: number; scale: { min: number; max: number } }[];

/** `region 4 (0 to 2 pods), region 8 (1 to 1 pods)`. */
export function regionsWords(containers: ScaledRegions | null | undefined): string {
  return (containers ?? [])
    .map((container) => l10n.t('region {0} ({1} to {2} pods)', container.region_id, container.scale.min, container.scale.max))
    .join(', ');
}

/** The most pods a deployment runs: each region's `scale.max`, added up. */
function podsAtMost(containers: ScaledRegions): number {
  return containers.reduce((sum, container) => sum + container.scale.max, 0);
}

/**
 * What a deployment costs at most, in the words of the create's review: Gcore prices it at each region's `scale.max`,
 * while it bills per minute of running pods, so the price is a ceiling and a stopped or idle deployment costs nothing.
 */
export function priceCeilingLine(price: InferencePrice | null, containers: ScaledRegions): string {
  const perHour = price ? wireAmount(price.price_per_hour) : undefined;
  if (perHour === undefined) return l10n.t('Price: not available');
  const amount = formatMoney(perHour, price?.currency_code);
  const pods = podsAtMost(containers);
  return pods === 1
    ? l10n.t('Price: up to {0} per hour at 1 pod; nothing while stopped or at zero.', amount)
    : l10n.t('Price: up to {0} per hour at {1} pods; nothing while stopped or at zero.', amount, pods);
}

/** The limits Gcore's `check_limits` says a deployment would exceed; none when it fits or Gcore did not answer. */
export function exceededQuotaLines(quota: Record<string, unknown> | null): string[] {
  return Object.entries(quota ?? {})
    .filter(([name]) => name.startsWith('inference_'))
    .map(([name, value]) => l10n.t('{0}: {1}', name, typeof value === 'object' ? JSON.stringify(value) : String(value)));
}
