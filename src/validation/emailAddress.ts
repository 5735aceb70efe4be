import * as l10n from '@vscode/l10n';
import { normalizeDomainName } from './domainName';

const MAX_LOCAL_PART_LENGTH = 64;
// Quoted local parts are legal but never used for a zone administrator, so whitespace, quotes and
// a second '@' are refused to catch pasting mistakes.
const LOCAL_PART = /^[^\s@"<>()[\]\\,;:]+$/;
const SHAPE_HINT = l10n.t('must be an e-mail address such as hostmaster@example.com');

export type EmailAddressCheck = { ok: true; address: string } | { ok: false; messages: string[] };

/**
 * Checks an administrator e-mail address. The SOA form 'hostmaster.example.com' is refused: the API
 * documents `contact` as an e-mail address, and the SOA form cannot be told apart from a host name,
 * so accepting it would send something the API might read differently from what the user meant.
 * The domain part is normalized like a zone name; the local part is kept as typed because it may be
 * case-sensitive.
 */
export function normalizeEmailAddress(text: string): EmailAddressCheck {
  const trimmed = text.trim();
  if (trimmed === '') {
    return { ok: false, messages: [l10n.t('must not be empty')] };
  }
  const at = trimmed.lastIndexOf('@');
  const localPart = trimmed.slice(0, at);
  if (at <= 0 || !LOCAL_PART.test(localPart)) {
    return { ok: false, messages: [SHAPE_HINT] };
  }
  if (localPart.length > MAX_LOCAL_PART_LENGTH) {
    return { ok: false, messages: [l10n.t("part before '@' must be at most {0} characters", MAX_LOCAL_PART_LENGTH)] };
  }
  const domain = normalizeDomainName(trimmed.slice(at + 1));
  if (!domain.ok) {
    return { ok: false, messages: domain.messages.map((m) => l10n.t('domain {0}', m)) };
  }
  return { ok: true, address: `${localPart}@${domain.name}` };
}
