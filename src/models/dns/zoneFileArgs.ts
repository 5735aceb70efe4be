import * as l10n from '@vscode/l10n';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { BooleanFieldSpec, FieldSpec, StringFieldSpec } from '../../validation/fieldSpec';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { ZONE_NAME_FIELD } from './zoneCreate';

/** `gcore.importZoneFile`'s argument, checked. */
export interface ImportZoneFileArgs {
  zoneName: string;
  text: string;
  deleteMissing: boolean;
}

/**
 * The largest zone file an import takes: characters of a text, bytes of a file (never fewer than the characters
 * they decode to). A zone of 100,000 record sets, the most a list holds here, exports to about 5 MB; a larger
 * file is not a zone's, and reading one would hold the window for seconds.
 */
export const ZONE_FILE_MAX_LENGTH = 10 * 1024 * 1024;

const TEXT_FIELD: StringFieldSpec = {
  name: 'text',
  kind: 'string',
  label: l10n.t('Zone file'),
  description: l10n.t('The zone file text (RFC 1035 master file), names relative to the zone unless absolute.'),
  required: true,
  minLength: 1,
  maxLength: ZONE_FILE_MAX_LENGTH,
};

const DELETE_MISSING_FIELD: BooleanFieldSpec = {
  name: 'deleteMissing',
  kind: 'boolean',
  label: l10n.t('Delete missing record sets'),
  description: l10n.t('Also delete the record sets the file lacks (never the SOA, the apex NS set or dynamic sets). Default false.'),
};

const IMPORT_FIELDS: readonly FieldSpec[] = [{ ...ZONE_NAME_FIELD, name: 'zoneName', required: true }, TEXT_FIELD, DELETE_MISSING_FIELD];

/** Accepts `{ zoneName, text, deleteMissing? }`: a zone name by the zone rules, a non-empty text, a boolean. */
export function validateImportZoneFileArgs(input: unknown): Validated<ImportZoneFileArgs> {
  if (!isPlainObject(input)) {
    return { ok: false, problems: [{ field: '', message: l10n.t('the arguments must be an object with {0}', 'zoneName, text') }] };
  }
  const problems: FieldProblem[] = [];
  const args = checkFields(IMPORT_FIELDS, input, '', problems);
  return validated(
    { zoneName: String(args.zoneName ?? ''), text: String(args.text ?? ''), deleteMissing: args.deleteMissing === true },
    problems,
  );
}
