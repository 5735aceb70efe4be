import * as l10n from '@vscode/l10n';
import type { InferenceRegistryCredential } from '../../../api/inference/inferenceTypes';
import { ROW_CONTEXT } from '../../../core/contributions';
import { oneLine } from '../../../core/wellFormedText';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { nonEmptyText } from '../../presentation/wireValues';

/** A registry credential's row: its name, user and registry. Gcore never answers its password, and none is shown. */
export function credentialRowView(credential: InferenceRegistryCredential): ItemView {
  const user = nonEmptyText(credential.username);
  const registry = nonEmptyText(credential.registry_url);
  return {
    label: credential.name,
    description: [user, registry]
      .filter((part): part is string => part !== undefined)
      .map(oneLine)
      .join(' · '),
    tooltip: escapeMarkdown(l10n.t('Pulls private images from {0} as {1}.', registry ?? '?', user ?? '?')),
    icon: { id: 'key' },
    contextValue: ROW_CONTEXT.inferenceCredential,
  };
}
