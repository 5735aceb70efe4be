import * as l10n from '@vscode/l10n';
import type { ListGapWords } from '../../presentation/listGapsView';

/** A location's container list. */
export const CONTAINER_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 container could not be read') : l10n.t('{0} containers could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of the {1} containers Gcore reported did not arrive', count, reported),
  incomplete: () => l10n.t('Gcore may have more containers than these'),
};

/** A location's pull secrets. */
export const PULL_SECRET_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 pull secret could not be read') : l10n.t('{0} pull secrets could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of the {1} pull secrets Gcore reported did not arrive', count, reported),
  incomplete: () => l10n.t('Gcore may have more pull secrets than these'),
};
