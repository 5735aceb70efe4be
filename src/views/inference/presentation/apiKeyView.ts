import * as l10n from '@vscode/l10n';
import type { InferenceApiKey } from '../../../api/inference/inferenceTypes';
import { ROW_CONTEXT } from '../../../core/contributions';
import { oneLine } from '../../../core/wellFormedText';
import { deploymentsUsing } from '../../../models/inference/inferenceApiKeys';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { nonEmptyText } from '../../presentation/wireValues';

/** When a key stops working, in words: its date, "expired" once past, "never expires" without one. */
function expiryWords(key: InferenceApiKey, nowMs: number): string {
  const expires = nonEmptyText(key.expires_at);
  if (expires === undefined) return l10n.t('never expires');
  const at = Date.parse(expires);
  if (Number.isFinite(at) && at <= nowMs) return l10n.t('expired {0}', expires.slice(0, 10));
  return l10n.t('expires {0}', Number.isFinite(at) ? expires.slice(0, 10) : expires);
}

function usersWords(users: readonly string[]): string {
  return users.length === 0 ? l10n.t('not attached') : l10n.t('used by {0}', users.join(', '));
}

/**
 * A deployment API key's row: its name, description, expiry and the deployments that use it. Gcore never lists a
 * secret; `secretHeld` says whether this machine's SecretStorage has the one Gcore showed at the create, and a key
 * made elsewhere says how to get one.
 */
export function apiKeyRowView(key: InferenceApiKey, secretHeld: boolean, nowMs: number): ItemView {
  const users = deploymentsUsing(key);
  const description = nonEmptyText(key.description);
  const parts = [secretHeld ? undefined : l10n.t('secret not on this machine'), description, expiryWords(key, nowMs), usersWords(users)];
  const facts = [
    description,
    expiryWords(key, nowMs),
    usersWords(users),
    secretHeld
      ? l10n.t("Its secret is in this machine's secret storage; the extension sends it only to the deployment's address.")
      : l10n.t(
          'This key was made elsewhere (in the portal, another machine, or before the extension kept secrets): this machine does not hold its secret, which Gcore shows only once. Make a new key, or paste its secret if you have it.',
        ),
  ];
  return {
    label: key.name,
    description: parts
      .filter((part): part is string => part !== undefined)
      .map(oneLine)
      .join(' · '),
    tooltip: facts
      .filter((part): part is string => part !== undefined)
      .map((part) => escapeMarkdown(part))
      .join('\n\n'),
    icon: secretHeld ? { id: 'key' } : { id: 'key', color: 'disabledForeground' },
    contextValue: secretHeld ? ROW_CONTEXT.inferenceApiKey : ROW_CONTEXT.inferenceApiKeyElsewhere,
  };
}

/** Whether a deployment asks callers for a key, as a row under it says: its keys, or that anyone with the address may call. */
export function authRowView(keys: readonly string[]): Omit<ItemView, 'contextValue'> {
  if (keys.length === 0) {
    return {
      label: l10n.t('Auth off'),
      description: l10n.t('no API key attached'),
      tooltip: escapeMarkdown(l10n.t('Anyone who knows the address can call this deployment. Attach an API key to ask callers for one.')),
      icon: { id: 'unlock', color: 'list.warningForeground' },
    };
  }
  return {
    label: l10n.t('Auth on'),
    description: keys.map(oneLine).join(', '),
    tooltip: escapeMarkdown(l10n.t('Callers send one of these keys in the X-API-Key header.')),
    icon: { id: 'lock' },
  };
}
