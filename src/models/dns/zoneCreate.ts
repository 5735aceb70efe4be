import * as l10n from '@vscode/l10n';
import { domainNameForDisplay } from '../../validation/domainName';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { FieldSpec, IntegerFieldSpec, StringFieldSpec } from '../../validation/fieldSpec';
import type { ZoneSettingsBody } from '../../api/dns/dnsTypes';
import { validated } from '../../validation/problems';
import type { FieldProblem, Validated } from '../../validation/problems';

/** A zone as a create sends it: the same fields as the whole-zone PUT of Edit Zone Settings. */
export type ZoneCreate = ZoneSettingsBody;

export type ZoneFieldSpec = FieldSpec & { readonly name: keyof ZoneCreate };

const MAX_UNSIGNED_32 = 4294967295;

function unsigned(name: keyof ZoneCreate, label: string, description: string): IntegerFieldSpec & { name: keyof ZoneCreate } {
  return { name, kind: 'integer', label, description, minimum: 0, maximum: MAX_UNSIGNED_32 };
}

export const ZONE_NAME_FIELD: StringFieldSpec & { name: 'name' } = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Zone name'),
  description: l10n.t('Domain name of the zone, such as example.com; international names are sent as punycode.'),
  required: true,
  format: 'domainName',
};

/*
 * The API documents no nullable zone fields, so null is refused: leaving a field out is how the
 * API's default is chosen.
 */
export const ZONE_CREATE_FIELDS: readonly ZoneFieldSpec[] = [
  ZONE_NAME_FIELD,
  {
    name: 'contact',
    kind: 'string',
    label: l10n.t('Contact'),
    description: l10n.t("Administrator's e-mail address, such as hostmaster@example.com."),
    format: 'email',
    maxLength: 254,
  },
  {
    name: 'enabled',
    kind: 'boolean',
    label: l10n.t('Enabled'),
    description: l10n.t('Whether the zone is served; the API default is true.'),
  },
  unsigned('expiry', l10n.t('Expiry'), l10n.t('SOA expiry, in seconds.')),
  {
    name: 'meta',
    kind: 'jsonObject',
    label: l10n.t('Metadata'),
    description: l10n.t('Free-form key/value object; values are usually strings.'),
  },
  unsigned('nx_ttl', l10n.t('Negative TTL'), l10n.t('How long resolvers cache a missing name, in seconds.')),
  {
    name: 'primary_server',
    kind: 'string',
    label: l10n.t('Primary server'),
    description: l10n.t('Host name of the primary name server, such as ns1.example.com.'),
    format: 'domainName',
  },
  unsigned(
    'refresh',
    l10n.t({ message: 'Refresh', comment: ['The SOA refresh interval of a DNS zone (a noun), not the Refresh command.'] }),
    l10n.t('SOA refresh interval, in seconds.'),
  ),
  unsigned(
    'retry',
    l10n.t({ message: 'Retry', comment: ['The SOA retry interval of a DNS zone (a noun), not the Retry button.'] }),
    l10n.t('SOA retry interval, in seconds.'),
  ),
  unsigned('serial', l10n.t('Serial'), l10n.t('Zone serial number.')),
];

/**
 * Trims whitespace and one trailing dot, lower-cases, converts international labels to punycode and
 * applies DNS host name rules (at least two labels; see normalizeDomainName for why).
 */
export function normalizeZoneName(input: unknown, field = 'name'): Validated<string> {
  const problems: FieldProblem[] = [];
  const value = checkFields([{ ...ZONE_NAME_FIELD, name: field }], { [field]: input }, '', problems)[field];
  return validated(value as string, problems);
}

export function validateZoneCreate(input: unknown): Validated<ZoneCreate> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [{ field: '', message: l10n.t("the zone must be an object with at least a name, such as { name: 'example.com' }") }],
    };
  }
  const problems: FieldProblem[] = [];
  const zone = checkFields(ZONE_CREATE_FIELDS, input, '', problems);
  return validated(zone as unknown as ZoneCreate, problems);
}

export function zoneNameForDisplay(asciiName: string): string {
  return domainNameForDisplay(asciiName);
}
