import * as l10n from '@vscode/l10n';
import { isIP } from 'node:net';
import { oneLine } from '../../../core/wellFormedText';

/*
 * The values of Gcore's answers that SSH entries, file names, command lines and windows are made of, each checked
 * before it reaches one: an answer is hostile until checked. A line break in an address would write a directive
 * (a ProxyCommand, which ssh runs), `../` in an id a file outside the clusters' folder. A value that passed has a
 * type of its own, so that a raw string cannot take its place where one of them is written.
 */

declare const checked: unique symbol;

/** A string that passed the check of its kind. */
type Checked<Kind extends string> = string & { readonly [checked]: Kind };

/** An IPv4 or IPv6 literal, or a host name by the DNS rules: what an entry's HostName and a command's host may be. */
export type HostAddress = Checked<'HostAddress'>;

/** A GPU cluster's UUID: what its files and its aliases are named with. */
export type ClusterId = Checked<'ClusterId'>;

/** A login name as Linux's useradd takes it. */
export type LoginName = Checked<'LoginName'>;

/**
 * A Host alias of an entry: lower-case letters, digits, dots and hyphens, a letter or digit first (sshEntry.ts makes
 * them from server names and checked ids).
 */
export type SshAlias = Checked<'SshAlias'>;

/** A value that passed, or why it did not, in words that quote it. */
export type CheckResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The most characters of a refused value a message quotes. */
const SHOWN_LENGTH = 64;

/** A refused value as a message quotes it: in quotes, on one line, cut when long. */
export function shownValue(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : String(JSON.stringify(raw));
  const cut = [...text].length > SHOWN_LENGTH ? `${[...text].slice(0, SHOWN_LENGTH).join('')}…` : text;
  return `"${oneLine(cut)}"`;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Hex digits, colons and dots only: no zone index (`%eth0`), which ssh's config would read as a `%` token. */
const IPV6 = /^[0-9A-Fa-f:.]+$/;

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A host name by RFC 1123: labels of letters, digits and inner hyphens; the last not all digits, which would read as an address. */
function isHostName(text: string): boolean {
  const labels = text.split('.');
  return text.length <= 253 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels[labels.length - 1]);
}

export function checkHostAddress(raw: unknown): CheckResult<HostAddress> {
  if (typeof raw === 'string' && ((IPV4.test(raw) && isIP(raw) === 4) || (IPV6.test(raw) && isIP(raw) === 6) || isHostName(raw))) {
    return { ok: true, value: raw as HostAddress };
  }
  return { ok: false, reason: l10n.t('{0} is neither an IP address nor a host name', shownValue(raw)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkClusterId(raw: unknown): CheckResult<ClusterId> {
  if (typeof raw === 'string' && UUID.test(raw)) return { ok: true, value: raw as ClusterId };
  return { ok: false, reason: l10n.t('its ID {0} is not a UUID', shownValue(raw)) };
}

const LOGIN_NAME = /^[A-Za-z_][A-Za-z0-9._-]{0,31}$/;

export function checkLoginName(raw: unknown): CheckResult<LoginName> {
  if (typeof raw === 'string' && LOGIN_NAME.test(raw)) return { ok: true, value: raw as LoginName };
  return { ok: false, reason: l10n.t('{0} is not a login name', shownValue(raw)) };
}
