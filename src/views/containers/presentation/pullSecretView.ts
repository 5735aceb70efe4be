import * as l10n from '@vscode/l10n';
import type { PullSecret } from '../../../api/containers/containerTypes';
import { ROW_CONTEXT } from '../../../core/contributions';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { nonEmptyText, updatedAtText } from '../../presentation/wireValues';

/** A pull secret's row: its name, then registry and login (never a password: Gcore does not send one back). */
export function pullSecretRowView(secret: PullSecret): ItemView {
  const registry = nonEmptyText(secret.registry);
  const login = nonEmptyText(secret.login);
  const updated = updatedAtText(secret.updated_at);
  const rows: [string, string | undefined][] = [
    [l10n.t('Registry'), registry],
    [l10n.t('Login'), login],
    [l10n.t('Last updated'), updated],
  ];
  const table = rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => `| ${escapeMarkdown(name)} | ${escapeMarkdown(value)} |`)
    .join('\n');
  return {
    label: secret.name,
    description: [registry, login, updated ? l10n.t('updated {0}', updated) : undefined].filter(Boolean).join(' · '),
    tooltip: `### ${escapeMarkdown(secret.name)}\n\n| ${l10n.t('Field')} | ${l10n.t('Value')} |\n|---|---|\n${table}\n\n${escapeMarkdown(l10n.t('The password is kept by Gcore and never shown.'))}`,
    icon: { id: 'key' },
    contextValue: ROW_CONTEXT.pullSecret,
  };
}
