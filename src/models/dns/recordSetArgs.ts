import * as l10n from '@vscode/l10n';
import type { RecordBody, RecordPicker } from '../../api/dns/dnsTypes';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { FieldSpec, StringFieldSpec } from '../../validation/fieldSpec';
import { validateArgs } from '../../validation/argumentObjects';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { ZONE_NAME_FIELD } from './zoneCreate';
import {
  API_RECORD_TYPES,
  checkResourceRecords,
  isRecordType,
  normalizeRecordType,
  RECORD_TYPE_FIELD,
  RECORD_TYPES,
} from './recordContent';
import { RECORD_NAME_FIELD, resolveRecordName } from './recordName';
import { checkPickers, RECORD_SET_META_FIELD, RECORD_TTL_FIELD } from './recordSets';

export interface RecordRefArgs {
  zoneName: string;
  /** The full name without its trailing dot, as the path carries it. */
  name: string;
  /** Upper-case. */
  type: string;
}

export interface RecordSetArgs extends RecordRefArgs {
  ttl?: number;
  resource_records: RecordBody[];
  meta?: Record<string, unknown>;
  pickers?: RecordPicker[];
}

const RECORD_REF_ARGS: readonly FieldSpec[] = [{ ...ZONE_NAME_FIELD, name: 'zoneName' }, RECORD_NAME_FIELD, RECORD_TYPE_FIELD];
const RECORD_SET_ARGS: readonly FieldSpec[] = [...RECORD_REF_ARGS, RECORD_TTL_FIELD, RECORD_SET_META_FIELD];

/** `{ zoneName, name, type }` of getRecord and deleteRecord; any type the API names can be read or deleted. */
export function validateRecordRefArgs(input: unknown): Validated<RecordRefArgs> {
  return validateArgs<RecordRefArgs>(input, RECORD_REF_ARGS, (args, problems) => resolveRecordRef(args, API_RECORD_TYPES, problems));
}

/**
 * `{ zoneName, name, type, ttl?, resource_records, meta?, pickers? }` of createRecord and updateRecord, with
 * every record's content checked for the type before any request (a problem names the record and the part:
 * `resource_records[1].content[0]`).
 */
export function validateRecordSetArgs(input: unknown): Validated<RecordSetArgs> {
  if (!isPlainObject(input)) {
    const names = [...RECORD_SET_ARGS.filter((spec) => spec.required).map((spec) => spec.name), 'resource_records'].join(', ');
    return { ok: false, problems: [{ field: '', message: l10n.t('the arguments must be an object with {0}', names) }] };
  }
  const { resource_records: records, pickers, ...fields } = input;
  const problems: FieldProblem[] = [];
  const args = checkFields(RECORD_SET_ARGS, fields, '', problems);
  resolveRecordRef(args, RECORD_TYPES, problems);
  if (records === undefined) problems.push({ field: 'resource_records', message: l10n.t('is required') });
  else if (typeof args.type === 'string' && isRecordType(args.type)) {
    const checked = checkResourceRecords(args.type, records, Array.isArray(pickers) && pickers.length > 0);
    if (checked.ok) args.resource_records = checked.value;
    else problems.push(...checked.problems);
  }
  if (pickers !== undefined) args.pickers = checkPickers(pickers, problems);
  // The apex holds the zone's SOA and NS records, and a CNAME may share its name with no other record (RFC 1034, 3.6.2).
  if (args.type === 'CNAME' && args.name !== undefined && args.name === args.zoneName) {
    problems.push({ field: 'name', message: l10n.t("a CNAME cannot be at the zone's apex, which holds the zone's SOA and NS records") });
  }
  return validated(args as unknown as RecordSetArgs, problems);
}

/** The record list tool's argument: a zone, and optionally the one name and the one type to list. */
export interface ListRecordsArgs {
  zoneName: string;
  /** The full name without its trailing dot. */
  name?: string;
  /** Upper-case. */
  type?: string;
}

/** Narrow a zone's record sets to one name, as the record commands read a name. */
export const RECORD_NAME_FILTER_FIELD: StringFieldSpec = {
  ...RECORD_NAME_FIELD,
  required: false,
  description: l10n.t(
    'Only the record sets of this name: relative to the zone (www, @ for the apex, selector1._domainkey) or full with a trailing dot.',
  ),
};

/** Narrow a zone's record sets to one type, any the API names. */
export const RECORD_TYPE_FILTER_FIELD: StringFieldSpec = {
  ...RECORD_TYPE_FIELD,
  required: false,
  description: l10n.t('Only the record sets of this type: {0}.', API_RECORD_TYPES.join(', ')),
};

/** `{ zoneName, name?, type? }` of the record list tool: the name is read against the zone, the type checked and upper-cased. */
export function validateListRecordsArgs(input: unknown): Validated<ListRecordsArgs> {
  const specs = [{ ...ZONE_NAME_FIELD, name: 'zoneName' }, RECORD_NAME_FILTER_FIELD, RECORD_TYPE_FILTER_FIELD];
  return validateArgs<ListRecordsArgs>(input, specs, (args, problems) => resolveRecordRef(args, API_RECORD_TYPES, problems));
}

/** Reads `name` against the zone (when the zone is valid) and upper-cases `type`, in place. */
function resolveRecordRef(args: Record<string, unknown>, types: readonly string[], problems: FieldProblem[]): void {
  if (typeof args.zoneName === 'string' && typeof args.name === 'string') {
    const name = resolveRecordName(args.name, args.zoneName);
    if (name.ok) args.name = name.value;
    else problems.push(...name.problems);
  }
  if (typeof args.type === 'string') {
    const type = normalizeRecordType(args.type, types);
    if (type.ok) args.type = type.value;
    else problems.push(...type.problems);
  }
}
