import * as l10n from '@vscode/l10n';
import { isPlainObject } from '../../validation/fieldChecks';
import { validated, type Validated } from '../../validation/problems';
import { normalizeZoneName } from './zoneCreate';

/** Accepts a zone name string or `{ zoneName }` and returns the normalized name; problems use the field 'zoneName'. */
export function validateZoneNameArg(input: unknown): Validated<string> {
  if (isPlainObject(input)) {
    const unknownKeys = Object.keys(input).filter((k) => k !== 'zoneName');
    const zone = normalizeZoneName(input.zoneName, 'zoneName');
    const problems = unknownKeys.map((k) => ({ field: k, message: l10n.t('unknown field') }));
    return zone.ok ? validated(zone.value, problems) : { ok: false, problems: [...problems, ...zone.problems] };
  }
  if (typeof input !== 'string') {
    return {
      ok: false,
      problems: [{ field: 'zoneName', message: l10n.t("must be a zone name or an object such as { zoneName: 'example.com' }") }],
    };
  }
  return normalizeZoneName(input, 'zoneName');
}
