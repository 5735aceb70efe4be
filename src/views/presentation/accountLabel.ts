import type { Account } from '../../api/types';

/** How an account is named to its user: its e-mail and company, or its name, or its id. */
export function accountLabel(account: Account): string {
  const who = account.email || account.name || (account.id !== undefined ? `account ${account.id}` : 'the account');
  return account.companyName ? `${who} (${account.companyName})` : who;
}
