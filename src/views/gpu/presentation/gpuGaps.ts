import * as l10n from '@vscode/l10n';
import type { ListGapWords } from '../../presentation/listGapsView';

/** A location's GPU clusters of one kind. */
export const GPU_CLUSTER_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 GPU cluster could not be read') : l10n.t('{0} GPU clusters could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of the {1} GPU clusters Gcore reported did not arrive', count, reported),
  incomplete: () => l10n.t('Gcore may have more GPU clusters than these'),
};

/** A GPU cluster's servers. */
export const GPU_SERVER_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 server could not be read') : l10n.t('{0} servers could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of the {1} servers Gcore reported did not arrive', count, reported),
  incomplete: () => l10n.t('Gcore may have more servers than these'),
};
