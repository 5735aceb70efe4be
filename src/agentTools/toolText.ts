import * as l10n from '@vscode/l10n';
import type { ListGaps } from '../api';
import { oneLine } from '../core/wellFormedText';
import { listGapViews, type ListGapWords } from '../views/presentation/listGapsView';

/** The most items a result's text lists one by one: an agent reads the rest in the JSON, as far as it is not cut (resultCap.ts). */
export const ITEMS_IN_TEXT = 50;

/**
 * A heading, then one line per item (the first ITEMS_IN_TEXT), then how many more the JSON holds. An item is kept on
 * its line whatever Gcore's values in it hold, so that a name with a line break cannot add an item of its own.
 */
export function itemLines(heading: string, items: readonly string[]): string {
  const shown = items.slice(0, ITEMS_IN_TEXT).map((item) => `- ${oneLine(item)}`);
  const more = items.length - shown.length;
  return [heading, ...shown, ...(more > 0 ? [l10n.t('… and {0} more (see the JSON).', more)] : [])].join('\n');
}

/** A list's text: `none` when it holds nothing, else its heading, told how many, and a line per item (itemLines). */
export function listText(items: readonly string[], none: string, heading: (count: number) => string): string {
  return items.length === 0 ? none : itemLines(heading(items.length), items);
}

/** What a list left out (entries it could not read, entries that never came), a line each. */
export function gapLines(gaps: ListGaps, words: ListGapWords): string[] {
  return listGapViews(gaps, words).map((row) => `${row.view.label}.`);
}

/** Lines joined, the empty ones left out. */
export function lines(...parts: (string | undefined)[]): string {
  return parts.filter((part): part is string => part !== undefined && part !== '').join('\n');
}
