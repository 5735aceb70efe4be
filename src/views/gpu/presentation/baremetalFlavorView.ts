import * as l10n from '@vscode/l10n';
import type { GpuBaremetalFlavor } from '../../../api/gpu/gpuFlavorTypes';
import { ROW_CONTEXT, type RowContext } from '../../../core/contributions';
import { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
import { flavorGpuText } from './flavorFacts';
import { formatHourlyPrice } from './flavorPrice';
import { escapeMarkdown, sharedIcon, type ItemView } from '../../presentation/itemView';
import { finiteNumber, nonEmptyText } from '../../presentation/wireValues';

const PRESENTATION: Record<FlavorAvailability, { marker?: () => string; icon: NonNullable<ItemView['icon']>; contextValue: RowContext }> = {
  available: { icon: sharedIcon('server'), contextValue: ROW_CONTEXT.flavorBaremetal },
  outOfStock: {
    marker: () => l10n.t('Out of stock'),
    icon: sharedIcon('warning', 'list.warningForeground'),
    contextValue: ROW_CONTEXT.flavorBaremetalOutOfStock,
  },
  disabled: {
    marker: () => l10n.t('Disabled'),
    icon: sharedIcon('circle-slash', 'disabledForeground'),
    contextValue: ROW_CONTEXT.flavorBaremetalDisabled,
  },
};

/** Servers free to the customer: the public stock and what their reservations hold. */
export function baremetalAvailability(flavor: GpuBaremetalFlavor): FlavorAvailability {
  const capacity = finiteNumber(flavor.capacity);
  const reserved = finiteNumber(flavor.reserved_capacity) ?? 0;
  return flavorAvailability({
    name: flavor.name,
    disabled: flavor.disabled,
    capacity: capacity === undefined ? undefined : capacity + reserved,
  });
}

/**
 * A bare-metal flavor's row: marked as bare metal, its GPUs as a virtual flavor's row says them, then CPU, RAM
 * and disk as Gcore words them (bare-metal flavors give them as text, not numbers).
 */
export function baremetalFlavorView(flavor: GpuBaremetalFlavor, options: { showPrices: boolean }): ItemView {
  const { marker, icon, contextValue } = PRESENTATION[baremetalAvailability(flavor)];
  const hardware = flavor.hardware_description ?? {};
  const parts = [
    marker?.(),
    l10n.t('bare metal'),
    flavorGpuText(flavor),
    nonEmptyText(hardware.cpu),
    nonEmptyText(hardware.ram),
    options.showPrices ? formatHourlyPrice(flavor.price) : undefined,
  ].filter((part): part is string => part !== undefined);
  return { label: flavor.name, description: parts.join(' · '), icon, contextValue };
}

/** The hover: every part of the hardware Gcore describes, and the stock, reservations included. */
export function baremetalFlavorTooltip(flavor: GpuBaremetalFlavor): string {
  const hardware = flavor.hardware_description ?? {};
  const rows: [string, string | undefined][] = [
    [l10n.t('Kind'), l10n.t('bare metal')],
    [l10n.t('GPU'), flavorGpuText(flavor)],
    [l10n.t('CPU'), nonEmptyText(hardware.cpu)],
    [l10n.t('RAM'), nonEmptyText(hardware.ram)],
    [l10n.t('Disk'), nonEmptyText(hardware.disk)],
    [l10n.t('Network'), nonEmptyText(hardware.network)],
    [l10n.t('Servers in stock'), finiteNumber(flavor.capacity)?.toString()],
    [l10n.t('Reserved for you'), finiteNumber(flavor.reserved_capacity)?.toString()],
    [l10n.t('Price'), formatHourlyPrice(flavor.price)],
  ];
  const table = rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => `| ${escapeMarkdown(name)} | ${escapeMarkdown(value)} |`)
    .join('\n');
  return `### ${escapeMarkdown(flavor.name)}\n\n| ${l10n.t('Field')} | ${l10n.t('Value')} |\n|---|---|\n${table}`;
}

const ORDER: Record<FlavorAvailability, number> = { available: 0, outOfStock: 1, disabled: 2 };

/** Available first, then out of stock, then disabled; by name within each. */
export function sortBaremetalFlavors(flavors: readonly GpuBaremetalFlavor[]): GpuBaremetalFlavor[] {
  return [...flavors].sort(
    (a, b) => ORDER[baremetalAvailability(a)] - ORDER[baremetalAvailability(b)] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}
