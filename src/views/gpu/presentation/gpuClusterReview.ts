import * as l10n from '@vscode/l10n';
import type { GpuImage, GpuKind, GpuPrice, GpuQuotaCheck } from '../../../api/gpu/gpuClusterTypes';
import type { GpuClusterCreate, GpuInterfaceSpec } from '../../../models/gpu/gpuClusterCreate';
import { imageVersions } from '../../../models/gpu/gpuImages';
import { gpuQuotaUses } from '../../../models/gpu/gpuQuota';
import { wireAmount } from '../../../models/wireAmount';
import { formatMoney } from '../../presentation/money';

/** What Gcore said of a new cluster before it is sent: each null when it did not answer. */
export interface GpuClusterForecast {
  quota: GpuQuotaCheck | null;
  price: GpuPrice | null;
}

/** The review shown before a create is sent: what runs, the quota it takes, what it costs. */
export interface GpuClusterReview {
  /** One line each: flavor, image, servers, boot volume, network, key, name. */
  runs: string[];
  /** One line each quota the answer tells, or one line saying the quota is not available. */
  quota: string[];
  /** "€12.34 per hour, €9,008.20 per month", or that the price is not available. */
  price: string;
  /** A quota would be exceeded: Gcore is likely to refuse the create. */
  exceeded: boolean;
}

function imageLine(imageId: string | undefined, image: GpuImage | undefined): string {
  if (!image) return l10n.t('Image: {0}', imageId ?? l10n.t('none'));
  const { driver, cuda } = imageVersions(image);
  if (driver && cuda) return l10n.t('Image: {0} (driver {1}, CUDA {2})', image.name, driver, cuda);
  return l10n.t('Image: {0}', image.name);
}

function interfaceWords(item: GpuInterfaceSpec): string {
  const floating = item.floating_ip ? l10n.t(' with a floating IP') : '';
  switch (item.type) {
    case 'external':
      return l10n.t('public (external network)');
    case 'subnet':
      return l10n.t('private subnet {0}{1}', item.subnet_id ?? '', floating);
    default:
      return l10n.t('private network {0}{1}', item.network_id ?? '', floating);
  }
}

/** The preview's totals, only when Gcore says to show them; anything else is quietly "not available". */
export function priceWords(price: GpuPrice | null): string {
  const perHour = price?.price_status === 'show' ? wireAmount(price.total_price_per_hour) : undefined;
  const perMonth = price?.price_status === 'show' ? wireAmount(price.total_price_per_month) : undefined;
  if (perHour === undefined) return l10n.t('Price: not available');
  if (perMonth === undefined) return l10n.t('Price: {0} per hour', formatMoney(perHour, price?.currency_code));
  return l10n.t(
    'Price: {0} per hour, {1} per month',
    formatMoney(perHour, price?.currency_code),
    formatMoney(perMonth, price?.currency_code),
  );
}

/** What runs: the lines a person checks before the create is sent. */
export function whatRuns(kind: GpuKind, cluster: GpuClusterCreate, image?: GpuImage): string[] {
  const settings = cluster.servers_settings;
  const boot = settings.volumes?.find((volume) => volume.boot_index === 0);
  const imageId = kind === 'baremetal' ? cluster.image_id : boot?.image_id;
  const key = settings.credentials?.ssh_key_name;
  return [
    l10n.t('Flavor: {0}', cluster.flavor),
    imageLine(imageId, image),
    l10n.t('Servers: {0}', cluster.servers_count),
    kind === 'baremetal' || !boot ? l10n.t('Disk: local disks of the servers') : l10n.t('Boot volume: {0} GiB {1}', boot.size, boot.type),
    l10n.t('Network: {0}', settings.interfaces.map(interfaceWords).join(', ')),
    key ? l10n.t('SSH key: {0}', key) : l10n.t('SSH key: none (the servers cannot be reached by SSH)'),
    l10n.t('Name: {0}', cluster.name),
  ];
}

/** The review of a create: what runs, each quota it takes (exceeded ones said plainly) and its price. */
export function gpuClusterReview(
  kind: GpuKind,
  cluster: GpuClusterCreate,
  forecast: GpuClusterForecast,
  image?: GpuImage,
): GpuClusterReview {
  const uses = forecast.quota ? gpuQuotaUses(forecast.quota) : [];
  const quota = !forecast.quota
    ? [l10n.t('Quota: not available')]
    : uses.length === 0
      ? [l10n.t('Quota: it fits')]
      : uses.map((use) =>
          use.exceeded
            ? l10n.t('Quota {0}: {1} used + {2} requested, {3} allowed: EXCEEDED', use.quota, use.used, use.requested, use.limit)
            : l10n.t('Quota {0}: {1} used + {2} requested, {3} allowed', use.quota, use.used, use.requested, use.limit),
        );
  return {
    runs: whatRuns(kind, cluster, image),
    quota,
    price: priceWords(forecast.price),
    exceeded: uses.some((use) => use.exceeded),
  };
}

/** The review's lines: what runs, then the quota and the price. */
export function reviewText(review: GpuClusterReview): string {
  return [...review.runs, '', ...review.quota, review.price].join('\n');
}

/** The review as it is asked: Create, or Create Anyway when a quota would be exceeded, said plainly; Edit goes back. */
export function reviewQuestion(name: string, review: GpuClusterReview): { message: string; detail: string; create: string; edit: string } {
  return {
    message: review.exceeded
      ? l10n.t('GPU cluster {0} would exceed the quota, so Gcore will likely refuse it. Create it anyway?', name)
      : l10n.t('Create GPU cluster {0}?', name),
    detail: reviewText(review),
    create: review.exceeded ? l10n.t('Create Anyway') : l10n.t('Create'),
    edit: l10n.t('Edit'),
  };
}
