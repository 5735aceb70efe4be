import * as l10n from '@vscode/l10n';
import type { ListGaps } from '../../api/types';
import type { ItemView } from './itemView';

/**
 * What a list's gaps are called, in the words of what it lists (its area's: "1 zone could not be read"). Each
 * sentence is whole, so a translator never fits a name into another.
 */
export interface ListGapWords {
  unreadable: (count: number) => string;
  missing: (count: number, reported: number) => string;
  incomplete: () => string;
}

/**
 * The warning rows under a list that left something out: entries that came but could not be read, entries
 * of the reported total that never came, and, without a total, a list that stopped before its end. Their keys
 * hold a colon, which no container or zone name has, so a row never shares its id with one of the list's own.
 */
export function listGapViews(gaps: ListGaps, words: ListGapWords): { key: string; view: Omit<ItemView, 'contextValue'> }[] {
  const rows: { key: string; view: Omit<ItemView, 'contextValue'> }[] = [];
  const icon = { id: 'warning' };
  if (gaps.unreadableCount !== undefined && gaps.unreadableCount > 0) {
    rows.push({
      key: 'gaps:unreadable',
      view: {
        label: words.unreadable(gaps.unreadableCount),
        tooltip: l10n.t(
          'The Gcore API sent entries in a shape this extension cannot read (not an object, or without a name). They are left out; the others are listed above.',
        ),
        icon,
      },
    });
  }
  if (gaps.missing !== undefined && gaps.missing.count > 0) {
    rows.push({
      key: 'gaps:missing',
      view: {
        label: words.missing(gaps.missing.count, gaps.missing.reportedTotal),
        tooltip: l10n.t(
          'The list ended before the total the Gcore API reported: a page came back empty, or repeated entries already listed. Refresh reads the list again.',
        ),
        icon,
      },
    });
  }
  if (gaps.incomplete === true) {
    rows.push({
      key: 'gaps:incomplete',
      view: {
        label: words.incomplete(),
        tooltip: l10n.t(
          'The Gcore API gave no total, and the list stopped before its end: a page repeated entries already listed, or it reached the most this extension lists at once. Refresh reads the list again.',
        ),
        icon,
      },
    });
  }
  return rows;
}
