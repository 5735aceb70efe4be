import * as l10n from '@vscode/l10n';
import type { ListGaps } from '../../api/types';
import type { ItemView } from './itemView';

/** The lists whose gaps the tree shows. Each sentence is whole, so a translator never fits a name into another. */
export type GapsOfList = 'containers' | 'pullSecrets' | 'zones' | 'recordSets' | 'gpuClusters' | 'gpuServers';

interface GapSayings {
  unreadable: (count: number) => string;
  missing: (count: number, reported: number) => string;
  incomplete: () => string;
}

const SAYINGS: Record<GapsOfList, GapSayings> = {
  containers: {
    unreadable: (count) => (count === 1 ? l10n.t('1 container could not be read') : l10n.t('{0} containers could not be read', count)),
    missing: (count, reported) => l10n.t('{0} of the {1} containers Gcore reported did not arrive', count, reported),
    incomplete: () => l10n.t('Gcore may have more containers than these'),
  },
  pullSecrets: {
    unreadable: (count) => (count === 1 ? l10n.t('1 pull secret could not be read') : l10n.t('{0} pull secrets could not be read', count)),
    missing: (count, reported) => l10n.t('{0} of the {1} pull secrets Gcore reported did not arrive', count, reported),
    incomplete: () => l10n.t('Gcore may have more pull secrets than these'),
  },
  zones: {
    unreadable: (count) => (count === 1 ? l10n.t('1 zone could not be read') : l10n.t('{0} zones could not be read', count)),
    missing: (count, reported) => l10n.t('{0} of the {1} zones Gcore reported did not arrive', count, reported),
    incomplete: () => l10n.t('Gcore may have more zones than these'),
  },
  gpuClusters: {
    unreadable: (count) => (count === 1 ? l10n.t('1 GPU cluster could not be read') : l10n.t('{0} GPU clusters could not be read', count)),
    missing: (count, reported) => l10n.t('{0} of the {1} GPU clusters Gcore reported did not arrive', count, reported),
    incomplete: () => l10n.t('Gcore may have more GPU clusters than these'),
  },
  gpuServers: {
    unreadable: (count) => (count === 1 ? l10n.t('1 server could not be read') : l10n.t('{0} servers could not be read', count)),
    missing: (count, reported) => l10n.t('{0} of the {1} servers Gcore reported did not arrive', count, reported),
    incomplete: () => l10n.t('Gcore may have more servers than these'),
  },
  recordSets: {
    unreadable: (count) => (count === 1 ? l10n.t('1 record set could not be read') : l10n.t('{0} record sets could not be read', count)),
    missing: (count, reported) => l10n.t('{0} of the {1} record sets Gcore reported did not arrive', count, reported),
    incomplete: () => l10n.t('Gcore may have more record sets than these'),
  },
};

/**
 * The warning rows under a list that left something out: entries that came but could not be read, entries
 * of the reported total that never came, and, without a total, a list that stopped before its end. Their keys
 * hold a colon, which no container or zone name has, so a row never shares its id with one of the list's own.
 */
export function listGapViews(gaps: ListGaps, list: GapsOfList): { key: string; view: Omit<ItemView, 'contextValue'> }[] {
  const rows: { key: string; view: Omit<ItemView, 'contextValue'> }[] = [];
  const icon = { id: 'warning' };
  if (gaps.unreadableCount !== undefined && gaps.unreadableCount > 0) {
    rows.push({
      key: 'gaps:unreadable',
      view: {
        label: SAYINGS[list].unreadable(gaps.unreadableCount),
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
        label: SAYINGS[list].missing(gaps.missing.count, gaps.missing.reportedTotal),
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
        label: SAYINGS[list].incomplete(),
        tooltip: l10n.t(
          'The Gcore API gave no total, and the list stopped before its end: a page repeated entries already listed, or it reached the most this extension lists at once. Refresh reads the list again.',
        ),
        icon,
      },
    });
  }
  return rows;
}
