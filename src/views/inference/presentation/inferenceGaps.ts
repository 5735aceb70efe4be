import * as l10n from '@vscode/l10n';
import type { ListGapWords } from '../../presentation/listGapsView';

export const DEPLOYMENT_GAPS: ListGapWords = {
  unreadable: (count) =>
    count === 1 ? l10n.t('1 inference deployment could not be read') : l10n.t('{0} inference deployments could not be read', count),
  missing: (count, reported) => l10n.t('{0} of {1} inference deployments did not come: Refresh to read them again', count, reported),
  incomplete: () => l10n.t('The inference deployments listed may not be all: Refresh to read them again'),
};

export const APPLICATION_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 application could not be read') : l10n.t('{0} applications could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of {1} applications did not come: Refresh to read them again', count, reported),
  incomplete: () => l10n.t('The applications listed may not be all: Refresh to read them again'),
};

export const CREDENTIAL_GAPS: ListGapWords = {
  unreadable: (count) =>
    count === 1 ? l10n.t('1 registry credential could not be read') : l10n.t('{0} registry credentials could not be read', count),
  missing: (count, reported) => l10n.t('{0} of {1} registry credentials did not come: Refresh to read them again', count, reported),
  incomplete: () => l10n.t('The registry credentials listed may not be all: Refresh to read them again'),
};

export const API_KEY_GAPS: ListGapWords = {
  unreadable: (count) => (count === 1 ? l10n.t('1 API key could not be read') : l10n.t('{0} API keys could not be read', count)),
  missing: (count, reported) => l10n.t('{0} of {1} API keys did not come: Refresh to read them again', count, reported),
  incomplete: () => l10n.t('The API keys listed may not be all: Refresh to read them again'),
};
