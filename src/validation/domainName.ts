import * as l10n from '@vscode/l10n';
import { domainToASCII, domainToUnicode } from 'node:url';
import { domainNameKey } from '../core/domainNameKey';

const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL_CHARACTERS = /^[a-z0-9-]*$/;
const LABEL_CHARACTERS_WITH_UNDERSCORE = /^[a-z0-9_-]*$/;
const WILDCARD_LABEL = '*';
const ALL_DIGITS = /^[0-9]+$/;
const NON_ASCII = /\P{ASCII}/u;
const SHOWN_LABEL_LENGTH = 20;

export type DomainNameCheck = { ok: true; name: string } | { ok: false; messages: string[] };

/**
 * Normalizes a DNS name to its key (domainNameKey: the form names are compared in) and checks it against
 * host name rules.
 *
 * A single label is refused: a one-label name is a top-level domain, which no customer account can
 * host, so it is almost always a name typed without its suffix. A top-level label made only of digits
 * is refused too, since it means an IP address was typed (RFC 3696, section 2).
 */
export function normalizeDomainName(text: string): DomainNameCheck {
  return normalizeDnsName(text, HOST_NAME_RULES);
}

/** What a DNS name may hold beyond a host name's letters, digits and hyphens. */
export interface DnsNameRules {
  /** `_dmarc`, `_sip._tcp`, `selector1._domainkey`: DNS allows underscores in names that are not hosts. */
  readonly underscores: boolean;
  /** `*` as the whole first label, the name of a wildcard record. */
  readonly wildcard: boolean;
}

const HOST_NAME_RULES: DnsNameRules = { underscores: false, wildcard: false };

/** normalizeDomainName with the rules of a name that need not be a host (a record's name or target). */
export function normalizeDnsName(text: string, rules: DnsNameRules): DomainNameCheck {
  const trimmed = text.trim();
  if (trimmed === '') {
    return { ok: false, messages: [l10n.t('must not be empty')] };
  }
  const name = domainNameKey(trimmed);
  // A key keeps non-ASCII characters only when the name did not convert to punycode.
  if (NON_ASCII.test(name)) {
    return { ok: false, messages: [l10n.t('is not a valid internationalized domain name')] };
  }
  const messages = domainNameProblems(name, rules);
  return messages.length === 0 ? { ok: true, name } : { ok: false, messages };
}

/** Shows punycode labels in Unicode; a name that does not convert is shown as given. */
export function domainNameForDisplay(asciiName: string): string {
  const unicode = domainToUnicode(asciiName);
  return unicode === '' ? asciiName : unicode;
}

function domainNameProblems(name: string, rules: DnsNameRules): string[] {
  if (name === '') {
    return [l10n.t('must be a domain name such as example.com')];
  }
  const messages: string[] = [];
  if (name.length > MAX_NAME_LENGTH) {
    messages.push(l10n.t('must be at most {0} characters (has {1})', MAX_NAME_LENGTH, name.length));
  }
  const labels = name.split('.');
  if (labels.length < 2) {
    messages.push(l10n.t('must have at least two labels, such as example.com'));
  }
  if (labels.includes('')) {
    messages.push(l10n.t('must not contain an empty label (two dots in a row or a leading dot)'));
  }
  labels.forEach((label, index) => {
    if (label === '' || (rules.wildcard && index === 0 && label === WILDCARD_LABEL)) return;
    messages.push(...labelProblems(label, rules));
  });
  const topLevel = labels[labels.length - 1];
  if (labels.length >= 2 && ALL_DIGITS.test(topLevel)) {
    messages.push(l10n.t("top-level label '{0}' must not be all digits (IP addresses are not domain names)", topLevel));
  }
  return [...new Set(messages)];
}

function labelProblems(label: string, rules: DnsNameRules): string[] {
  const shown = label.length > SHOWN_LABEL_LENGTH ? `${label.slice(0, SHOWN_LABEL_LENGTH)}…` : label;
  const messages: string[] = [];
  if (label.length > MAX_LABEL_LENGTH) {
    messages.push(l10n.t("label '{0}' must be at most {1} characters (has {2})", shown, MAX_LABEL_LENGTH, label.length));
  }
  if (rules.wildcard && label.includes(WILDCARD_LABEL)) {
    messages.push(l10n.t("'*' may only be the whole first label, as in *.example.com"));
  } else if (!rules.underscores && !LABEL_CHARACTERS.test(label)) {
    messages.push(l10n.t("label '{0}' may contain only letters, digits and hyphens", shown));
  } else if (rules.underscores && !LABEL_CHARACTERS_WITH_UNDERSCORE.test(label)) {
    messages.push(l10n.t("label '{0}' may contain only letters, digits, hyphens and underscores", shown));
  }
  if (label.startsWith('-')) {
    messages.push(l10n.t("label '{0}' must not start with a hyphen", shown));
  }
  if (label.endsWith('-')) {
    messages.push(l10n.t("label '{0}' must not end with a hyphen", shown));
  }
  if (messages.length === 0 && label.startsWith('xn--') && domainToASCII(label) === '') {
    messages.push(l10n.t("label '{0}' is not valid punycode", shown));
  }
  return messages;
}
