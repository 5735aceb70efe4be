import type { GpuFlavor } from '../../api/types';
import { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
import { flavorName, hardwareSummaryParts, readFlavorHardware } from './flavorFacts';
import { formatHourlyPrice } from './flavorPrice';
import { flavorTooltip } from './flavorTooltip';
import type { ItemView } from './itemView';

export { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
export { compareFlavors, sortFlavors } from './flavorOrder';
export { formatHourlyPrice } from './flavorPrice';

const PRESENTATION: Record<FlavorAvailability, { marker?: string; icon: NonNullable<ItemView['icon']>; contextValue: string }> = {
  available: { icon: { id: 'circuit-board' }, contextValue: 'flavor' },
  outOfStock: {
    marker: 'Out of stock',
    icon: { id: 'warning', color: 'list.warningForeground' },
    contextValue: 'flavor.outOfStock',
  },
  disabled: {
    marker: 'Disabled',
    icon: { id: 'circle-slash', color: 'disabledForeground' },
    contextValue: 'flavor.disabled',
  },
};

/**
 * The row itself, without the tooltip: a location can hold thousands of flavors, so the tree builds
 * each tooltip only when it is hovered (see flavorTooltipMarkdown).
 *
 * The availability marker leads the description because VS Code truncates descriptions from the end, and the
 * icon colour alone is not enough for colour-blind users or high-contrast themes.
 */
export function flavorView(flavor: GpuFlavor, options: { showPrices: boolean }): ItemView {
  const availability = flavorAvailability(flavor);
  const { marker, icon, contextValue } = PRESENTATION[availability];
  const parts = hardwareSummaryParts(readFlavorHardware(flavor));
  if (marker !== undefined) parts.unshift(marker);
  const price = options.showPrices ? formatHourlyPrice(flavor.price) : undefined;
  if (price !== undefined) parts.push(price);
  return {
    label: flavorName(flavor),
    ...(parts.length > 0 ? { description: parts.join(' · ') } : {}),
    icon: { ...icon },
    contextValue,
  };
}

/** Markdown for the flavor's tooltip: every field it has, with why it is unavailable when it is. */
export function flavorTooltipMarkdown(flavor: GpuFlavor): string {
  return flavorTooltip(flavor, flavorAvailability(flavor));
}
