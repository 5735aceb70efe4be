import * as l10n from '@vscode/l10n';
import type { GpuFlavor, UnreadableFlavor } from '../../../api/gpu/gpuFlavorTypes';
import { ROW_CONTEXT, type RowContext } from '../../../core/contributions';
import { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
import { flavorName, hardwareSummaryParts, readFlavorHardware } from './flavorFacts';
import { formatHourlyPrice } from './flavorPrice';
import { flavorTooltip } from './flavorTooltip';
import { escapeMarkdown, sharedIcon, type ItemView } from '../../presentation/itemView';

export { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
export { compareFlavors, sortFlavors } from './flavorOrder';
export { formatHourlyPrice } from './flavorPrice';

const PRESENTATION: Record<FlavorAvailability, { marker?: string; icon: NonNullable<ItemView['icon']>; contextValue: RowContext }> = {
  available: { icon: sharedIcon('circuit-board'), contextValue: ROW_CONTEXT.flavor },
  outOfStock: {
    marker: l10n.t('Out of stock'),
    icon: sharedIcon('warning', 'list.warningForeground'),
    contextValue: ROW_CONTEXT.flavorOutOfStock,
  },
  disabled: {
    marker: l10n.t('Disabled'),
    icon: sharedIcon('circle-slash', 'disabledForeground'),
    contextValue: ROW_CONTEXT.flavorDisabled,
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
  const view: ItemView = { label: flavorName(flavor), icon, contextValue };
  if (parts.length > 0) view.description = parts.join(' · ');
  return view;
}

/** Markdown for the flavor's tooltip: every field it has, with why it is unavailable when it is. */
export function flavorTooltipMarkdown(flavor: GpuFlavor): string {
  return flavorTooltip(flavor, flavorAvailability(flavor));
}

const UNREADABLE_LISTED = 20;

/** The one warning row for flavors the API sent in a shape the extension cannot read. */
export function unreadableFlavorsView(unreadable: readonly UnreadableFlavor[]): { label: string; tooltip: string } {
  const count = unreadable.length;
  const lines = unreadable
    .slice(0, UNREADABLE_LISTED)
    .map(({ name, problem }) => `- ${name === undefined ? '' : `${escapeMarkdown(name)}: `}${escapeMarkdown(problem)}`);
  if (count > UNREADABLE_LISTED) lines.push(`- ${l10n.t('and {0} more', count - UNREADABLE_LISTED)}`);
  return {
    label: count === 1 ? l10n.t('1 flavor could not be read') : l10n.t('{0} flavors could not be read', count),
    tooltip: [
      `**${count === 1 ? l10n.t('The Gcore API sent a flavor in an unexpected shape; the others are listed above.') : l10n.t('The Gcore API sent flavors in an unexpected shape; the others are listed above.')}**`,
      lines.join('\n'),
    ].join('\n\n'),
  };
}
