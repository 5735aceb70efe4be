import * as l10n from '@vscode/l10n';
import type { ListGapWords } from '../../presentation/listGapsView';

/** The account's zone list. */
export const ZONE_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 zone could not be read') : l10n.t('{0} zones could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of the {1} zones Gcore reported did not arrive', count, reported),
  incomplete: () => l10n.t('Gcore may have more zones than these'),
};

/** A zone's record sets. */
export const RECORD_SET_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 record set could not be read') : l10n.t('{0} record sets could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of the {1} record sets Gcore reported did not arrive', count, reported),
  incomplete: () => l10n.t('Gcore may have more record sets than these'),
};
