import * as l10n from '@vscode/l10n';
import type { Account } from '../../api/types';
import { finiteNumber, nonEmptyText } from './wireValues';

/** How an account is named to its user: its e-mail and company, or its name, or its id; whatever the fields hold. */
export function accountLabel(account: Account): string {
  const id = finiteNumber(account.id);
  const who =
    nonEmptyText(account.email) ?? nonEmptyText(account.name) ?? (id !== undefined ? l10n.t('account {0}', id) : l10n.t('the account'));
  const company = nonEmptyText(account.companyName);
  return company ? `${who} (${company})` : who;
}
