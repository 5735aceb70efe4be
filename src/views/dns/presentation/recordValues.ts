import type { ResourceRecord } from '../../../api/dns/dnsTypes';

/** A record's `content`, or none when Gcore sent something else. */
export function contentOf(record: ResourceRecord): readonly unknown[] {
  return Array.isArray(record.content) ? record.content : [];
}

/**
 * One part of a record's content as text. HTTPS and SVCB parameters come as `[key, ...values]` and read as a
 * zone file writes them (`alpn=h3,h2`, `no-default-alpn`).
 */
export function contentPartText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (typeof part === 'number' || typeof part === 'boolean') return String(part);
  if (Array.isArray(part)) {
    const [key, ...values] = part;
    return values.length === 0 ? contentPartText(key) : `${contentPartText(key)}=${values.map(contentPartText).join(',')}`;
  }
  return part === undefined ? '' : JSON.stringify(part);
}

/** A character-string as a zone file writes it; text Gcore already sent quoted stays as it came. */
function quoted(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return text;
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * A record's value as a zone file writes it after the type: the parts in Gcore's order, which is the zone
 * file's (MX `10 mail.example.com.`, SRV `10 5 5060 sip.example.com.`), with TXT and CAA's value quoted.
 */
export function recordValueText(type: string, content: readonly unknown[]): string {
  if (type === 'TXT') return content.map((part) => quoted(contentPartText(part))).join(' ');
  if (type === 'CAA' && content.length === 3) {
    return `${contentPartText(content[0])} ${contentPartText(content[1])} ${quoted(contentPartText(content[2]))}`;
  }
  return content.map(contentPartText).join(' ');
}

/**
 * What Copy Value copies: the value as a zone file writes it, but a TXT record's text as Gcore holds it,
 * without the zone file's quotes, which a DKIM key or a verification token is pasted without.
 */
export function recordCopyText(type: string, content: readonly unknown[]): string {
  return type === 'TXT' ? content.map(contentPartText).join(' ') : recordValueText(type, content);
}

const SHORT_VALUE_LENGTH = 40;

/** The start of a long text, ending in "…"; a character of two UTF-16 units is not cut in half. */
function shortened(text: string, length = SHORT_VALUE_LENGTH): string {
  if (text.length <= length) return text;
  const end = /[\uD800-\uDBFF]/.test(text[length - 2]) ? length - 2 : length - 1;
  return `${text.slice(0, end)}…`;
}

/** A value in a row's description: a TXT record's text (a 2048-bit DKIM key is 400 characters) cut short. */
export function shortValueText(type: string, content: readonly unknown[]): string {
  return shortened(recordCopyText(type, content));
}
