import * as l10n from '@vscode/l10n';
import type { FlavorPrice, GpuFlavor } from '../../../api/gpu/gpuFlavorTypes';
import type { FlavorAvailability } from './flavorAvailability';
import { flavorName, formatCount, formatMemoryMiB } from './flavorFacts';
import { isPriceShown } from './flavorPrice';
import { formatMoney } from '../../presentation/money';
import { escapeMarkdown } from '../../presentation/itemView';
import { isRecord } from '../../presentation/wireValues';

type Leaf = { path: string; value: unknown };

interface KnownField {
  label: string;
  /** Returns undefined when the value is not of the expected type, so it is shown as it came. */
  format?: (value: unknown, flavor: GpuFlavor) => string | undefined;
}

const PRICE_STATUS_TEXT = new Map([
  ['show', l10n.t('show')],
  ['hide', l10n.t('hide (Gcore does not publish a price for this flavor)')],
  ['error', l10n.t('error (Gcore could not compute a price)')],
]);

// Object paths are listed too: when the API sends `hardware_description: null` that null is the row.
const KNOWN_FIELDS = new Map<string, KnownField>([
  ['name', { label: l10n.t('Name') }],
  ['architecture', { label: l10n.t('Architecture') }],
  ['capacity', { label: l10n.t('Capacity'), format: formatCapacity }],
  [
    'disabled',
    { label: l10n.t('Disabled'), format: (value) => (typeof value === 'boolean' ? (value ? l10n.t('yes') : l10n.t('no')) : undefined) },
  ],
  ['hardware_properties', { label: l10n.t('Hardware properties') }],
  ['hardware_properties.gpu_manufacturer', { label: l10n.t('GPU manufacturer') }],
  ['hardware_properties.gpu_model', { label: l10n.t('GPU model') }],
  ['hardware_properties.gpu_count', { label: l10n.t('GPU count'), format: formatNumber }],
  ['hardware_description', { label: l10n.t('Hardware description') }],
  ['hardware_description.gpu', { label: l10n.t('GPU') }],
  ['hardware_description.vcpus', { label: l10n.t('vCPUs'), format: formatNumber }],
  ['hardware_description.ram', { label: l10n.t('RAM'), format: formatRam }],
  ['price', { label: l10n.t('Price') }],
  [
    'price.price_status',
    { label: l10n.t('Price status'), format: (value) => (typeof value === 'string' ? PRICE_STATUS_TEXT.get(value) : undefined) },
  ],
  ['price.price_per_hour', { label: l10n.t('Price per hour'), format: priceWith((money) => l10n.t('{0}/h', money)) }],
  ['price.price_per_month', { label: l10n.t('Price per month'), format: priceWith((money) => l10n.t('{0}/month', money)) }],
  ['price.currency_code', { label: l10n.t('Currency') }],
]);

const UNAVAILABLE_REASON: Record<Exclude<FlavorAvailability, 'available'>, string> = {
  outOfStock: l10n.t('**Out of stock:** Gcore reports no capacity for this flavor in this region right now.'),
  disabled: l10n.t('**Disabled:** Gcore has disabled this flavor, so it cannot be used for new virtual machines.'),
};

/** A heading, why the flavor cannot be used (if so), and a table of every field the API sent. */
export function flavorTooltip(flavor: GpuFlavor, availability: FlavorAvailability): string {
  const blocks = [`### ${escapeMarkdown(flavorName(flavor))}`];
  if (availability !== 'available') blocks.push(UNAVAILABLE_REASON[availability]);
  blocks.push(fieldTable(flavor));
  return blocks.join('\n\n');
}

function fieldTable(flavor: GpuFlavor): string {
  const leaves: Leaf[] = [];
  for (const [key, value] of Object.entries(flavor)) collectLeaves(value, key, leaves);
  const known = [...KNOWN_FIELDS.keys()].flatMap((path) => leaves.filter((leaf) => leaf.path === path));
  const unknown = leaves.filter((leaf) => !KNOWN_FIELDS.has(leaf.path));
  const rows = [...known, ...unknown].map(({ path, value }) => {
    const field = KNOWN_FIELDS.get(path);
    const label = field?.label ?? escapeMarkdown(path);
    const formatted = value === null || value === undefined ? undefined : field?.format?.(value, flavor);
    return `| ${label} | ${formatted ?? renderValue(value)} |`;
  });
  return [`| ${l10n.t('Field')} | ${l10n.t('Value')} |`, '| --- | --- |', ...rows].join('\n');
}

function collectLeaves(value: unknown, path: string, into: Leaf[]): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) collectLeaves(child, `${path}.${key}`, into);
  } else {
    into.push({ path, value });
  }
}

/** Unformatted values, escaped because they come from the API. */
function renderValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? l10n.t('(empty)') : escapeMarkdown(value);
  if (typeof value === 'number' || typeof value === 'boolean') return escapeMarkdown(String(value));
  return escapeMarkdown(JSON.stringify(value) ?? String(value));
}

function formatNumber(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? formatCount(value) : undefined;
}

function formatCapacity(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return value <= 0 ? l10n.t('{0} (out of stock)', formatCount(value)) : formatCount(value);
}

function formatRam(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const mib = l10n.t('{0} MiB', formatCount(value));
  return value >= 1024 ? `${formatMemoryMiB(value)} (${mib})` : mib;
}

function priceWith(per: (money: string) => string): (value: unknown, flavor: GpuFlavor) => string | undefined {
  return (value, flavor) => {
    const price: FlavorPrice | null | undefined = isRecord(flavor.price) ? flavor.price : undefined;
    if (!isPriceShown(price)) return l10n.t('not shown (see price status)');
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    return escapeMarkdown(per(formatMoney(value, price.currency_code)));
  };
}
