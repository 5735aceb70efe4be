import * as l10n from '@vscode/l10n';
import { domainNameKey } from '../../core/domainNameKey';
import { domainNameForDisplay, normalizeDnsName } from '../../validation/domainName';
import type { DnsNameRules } from '../../validation/domainName';
import type { StringFieldSpec } from '../../validation/fieldSpec';
import type { Validated } from '../../validation/problems';

/** The apex as a zone file writes it. */
export const APEX = '@';

/** The name of a record set, read against its zone by resolveRecordName. */
export const RECORD_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Record name'),
  description: l10n.t('Relative to the zone (www, @ for the apex, selector1._domainkey) or full with a trailing dot (www.example.com.).'),
  required: true,
  trim: true,
  minLength: 1,
};

/** A record set's name: service and DKIM labels (`_dmarc`, `selector1._domainkey`) and a leading wildcard. */
const RECORD_NAME_RULES: DnsNameRules = { underscores: true, wildcard: true };

/**
 * The full name of a record set from a name as a zone file reads it (the rule docs/guide/reference.md gives): `@` is
 * the apex; a name with a trailing dot is absolute and must be inside the zone; a name that ends with the
 * zone's name is full; any other name is relative to the zone, dots included (`selector1._domainkey`). The
 * result is the name the API's path carries: without the trailing dot, lower-case, punycode.
 */
export function resolveRecordName(input: unknown, zoneName: string, field = 'name'): Validated<string> {
  if (typeof input !== 'string') {
    return { ok: false, problems: [{ field, message: l10n.t('must be a record name such as www, @ or www.example.com.') }] };
  }
  const text = input.trim();
  const zone = domainNameKey(zoneName);
  if (text === APEX) return { ok: true, value: zone };
  const key = domainNameKey(text);
  if (text.endsWith('.') && !isInZone(key, zone)) {
    return { ok: false, problems: [{ field, message: l10n.t('{0} is not inside the zone {1}', text, zone) }] };
  }
  const check = normalizeDnsName(isInZone(key, zone) || key === '' ? key : `${key}.${zone}`, RECORD_NAME_RULES);
  return check.ok ? { ok: true, value: check.name } : { ok: false, problems: check.messages.map((message) => ({ field, message })) };
}

/**
 * The name of a record set relative to its zone, as a zone file writes it: `@` for the apex, `www`,
 * `selector1._domainkey`. A name outside the zone, or one whose relative part would itself read as full
 * (`www.example.com.example.com`), is written absolute with its trailing dot, so that resolveRecordName
 * reads the result back as the same name.
 */
export function relativeRecordName(fullName: string, zoneName: string): string {
  const name = domainNameKey(fullName);
  const zone = domainNameKey(zoneName);
  if (name === zone) return APEX;
  if (!name.endsWith(`.${zone}`)) return `${name}.`;
  const relative = name.slice(0, -(zone.length + 1));
  return isInZone(relative, zone) ? `${name}.` : relative;
}

/** relativeRecordName with punycode labels in Unicode, for rows and messages. */
export function recordNameForDisplay(fullName: string, zoneName: string): string {
  return domainNameForDisplay(relativeRecordName(fullName, zoneName));
}

function isInZone(name: string, zone: string): boolean {
  return name === zone || name.endsWith(`.${zone}`);
}
