import * as l10n from '@vscode/l10n';
import type { ContainerPrice, ContainerQuota } from '../../../api/containers/containerTypes';
import type { ContainerCreate } from '../../../models/containers/containerCreate';
import { quotaUses, type QuotaUse } from '../../../models/containers/containerQuota';
import { autoscalingText } from '../../../models/containers/containerScale';
import { formatMoney } from '../../presentation/money';
import { lazy } from '../../presentation/lazy';
import { finiteNumber } from '../../presentation/wireValues';

/** What Gcore tells of a create before it is sent; each is undefined when the API did not answer it. */
export interface CreateForecast {
  quota?: ContainerQuota;
  price?: ContainerPrice;
}

const numberFormat = lazy(() => new Intl.NumberFormat('en'));

function amount(value: number): string {
  return numberFormat().format(value);
}

/** The units Gcore counts the CPU and RAM quotas in (`check_limits`); containers are a plain count. */
const QUOTA_UNITS = new Map<string, (amount: string) => string>([
  ['cpu_count', (text) => l10n.t('{0} mCPU', text)],
  ['ram_size', (text) => l10n.t('{0} MiB', text)],
]);

/** An amount of a quota with its unit: "13,320 mCPU", "23,936 MiB", "3". */
function quantity(use: QuotaUse, value: number): string {
  const text = amount(value);
  return QUOTA_UNITS.get(use.key)?.(text) ?? text;
}

/** "CPU: 13,320 mCPU used + 2,280 mCPU for this container, of 40,000 mCPU allowed". */
export function quotaUseText(use: QuotaUse): string {
  return l10n.t(
    '{0}: {1} used + {2} for this container, of {3} allowed',
    use.label,
    quantity(use, use.used),
    quantity(use, use.requested),
    quantity(use, use.limit),
  );
}

/** The quotas this create would pass, said plainly; undefined when it fits or Gcore did not answer. */
export function quotaExceededText(quota: ContainerQuota | undefined): string | undefined {
  const exceeded = quota ? quotaUses(quota).filter((use) => use.exceeded) : [];
  if (exceeded.length === 0) return undefined;
  const parts = exceeded.map((use) =>
    l10n.t('{0} would reach {1} of {2} allowed', use.label, quantity(use, use.used + use.requested), quantity(use, use.limit)),
  );
  return l10n.t(
    'This container does not fit the quota: {0}. Gcore will refuse it; pick a smaller size or fewer instances, or ask Gcore for a higher quota.',
    parts.join('; '),
  );
}

function amountOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : finiteNumber(value);
  return number !== undefined && Number.isFinite(number) ? number : undefined;
}

/**
 * "€0.0231 per hour, €16.86 per month", or "not available" when Gcore did not answer or does not say to show
 * it: a price is shown only with `price_status` "show", as for the GPU flavors.
 */
export function priceText(price: ContainerPrice | undefined): string {
  const hour = amountOf(price?.price_per_hour);
  const month = amountOf(price?.price_per_month);
  if (!price || price.price_status !== 'show' || (hour === undefined && month === undefined)) return l10n.t('not available');
  const parts = [];
  if (hour !== undefined) parts.push(l10n.t('{0} per hour', formatMoney(hour, price.currency_code)));
  if (month !== undefined) parts.push(l10n.t('{0} per month', formatMoney(month, price.currency_code)));
  return parts.join(', ');
}

/** The lines of what Gcore will run: image, port, size, instances and how they scale, then each optional field set. */
export function runSummary(container: ContainerCreate): string[] {
  const { scale } = container;
  const lines = [
    l10n.t('Image: {0}', container.image),
    l10n.t('Listening port: {0}', container.listening_port),
    l10n.t('Size: {0}', container.flavor),
    scale.min === scale.max ? l10n.t('Instances: {0}', scale.max) : l10n.t('Instances: {0} to {1}', scale.min, scale.max),
  ];
  const autoscaling = autoscalingText(scale);
  if (autoscaling) lines.push(l10n.t('Autoscaling: {0}', autoscaling));
  if (container.envs && Object.keys(container.envs).length > 0) {
    lines.push(l10n.t('Environment: {0}', Object.keys(container.envs).join(', ')));
  }
  if (container.commands) lines.push(l10n.t('Command: {0}', container.commands));
  if (container.description) lines.push(l10n.t('Description: {0}', container.description));
  if (container.timeout !== undefined && container.timeout !== null) {
    lines.push(l10n.t('Timeout: {0} s without requests', container.timeout));
  }
  if (container.pull_secret) lines.push(l10n.t('Pull secret: {0}', container.pull_secret));
  if (container.logging?.enabled) lines.push(l10n.t('Logging: on'));
  if (container.is_api_key_auth) lines.push(l10n.t('Requires an API key'));
  if (container.is_disabled) lines.push(l10n.t('Created disabled'));
  return lines;
}

/** The confirmation's body: what runs, the quota it uses and what it costs, each "not available" when Gcore did not say. */
export function createSummary(container: ContainerCreate, forecast: CreateForecast): string {
  const uses = forecast.quota ? quotaUses(forecast.quota) : [];
  const quota = uses.length > 0 ? uses.map((use) => `  ${quotaUseText(use)}`) : [`  ${l10n.t('not available')}`];
  const lines = [...runSummary(container), '', l10n.t('Quota:'), ...quota, '', l10n.t('Price: {0}', priceText(forecast.price))];
  const exceeded = quotaExceededText(forecast.quota);
  if (exceeded) lines.push('', exceeded);
  return lines.join('\n');
}
