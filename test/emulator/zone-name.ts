import { domainToASCII } from 'node:url';

export type ZoneNameResult = { ok: true; name: string } | { ok: false; reason: string };

const LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * The canonical stored form of a zone name: lower case, punycode for IDNs, no trailing dot. The API
 * documents no rules of its own, so these are the DNS ones.
 */
export function normaliseZoneName(input: string): ZoneNameResult {
  const withoutDot = input.endsWith('.') ? input.slice(0, -1) : input;
  if (withoutDot === '') return { ok: false, reason: 'zone name is empty' };
  // eslint-disable-next-line no-control-regex
  const ascii = /[^\x00-\x7f]/.test(withoutDot) ? domainToASCII(withoutDot) : withoutDot.toLowerCase();
  if (ascii === '') return { ok: false, reason: 'zone name is not a valid internationalised domain name' };
  if (ascii.length > 253) return { ok: false, reason: 'zone name is longer than 253 characters' };
  for (const label of ascii.split('.')) {
    if (label.length === 0) return { ok: false, reason: 'zone name has an empty label' };
    if (label.length > 63) return { ok: false, reason: `label "${label}" is longer than 63 characters` };
    if (!LABEL_PATTERN.test(label)) {
      return { ok: false, reason: `label "${label}" must hold only letters, digits and inner hyphens` };
    }
  }
  return { ok: true, name: ascii };
}
