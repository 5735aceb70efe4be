import * as l10n from '@vscode/l10n';
import type { Account } from '../../api/types';

/** How an account is named to its user: its e-mail and company, or its name, or its id. */
export function accountLabel(account: Account): string {
  const who = account.email || account.name || (account.id !== undefined ? l10n.t('account {0}', account.id) : l10n.t('the account'));
  return account.companyName ? `${who} (${account.companyName})` : who;
}
