import * as l10n from '@vscode/l10n';
import { LOOKUP_SERVERS } from '../api/types';
import type { LookupServer, RecordBody, RecordPicker } from '../api/types';
import { normalizeDnsName } from '../validation/domainName';
import { CONTAINER_NAME_FIELD, CONTAINER_UPDATE_FIELDS } from './containers/containerUpdate';
import type { ContainerUpdate } from './containers/containerUpdate';
import { checkFields, isPlainObject } from '../validation/fieldChecks';
import type { FieldSpec, StringFieldSpec } from '../validation/fieldSpec';
import { validateArgs } from '../validation/argumentObjects';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from './projectRegion';
import { validated } from '../validation/problems';
import type { FieldProblem, Validated } from '../validation/problems';
import { normalizeZoneName, ZONE_NAME_FIELD } from './dns/zoneCreate';
import {
  API_RECORD_TYPES,
  checkResourceRecords,
  isRecordType,
  normalizeRecordType,
  RECORD_TYPE_FIELD,
  RECORD_TYPES,
} from './dns/recordContent';
import { RECORD_NAME_FIELD, resolveRecordName } from './dns/recordName';
import { checkPickers, RECORD_SET_META_FIELD, RECORD_TTL_FIELD } from './dns/recordSets';

/*
 * Argument objects of the programmatic commands (see the extension contract). Problems name the
 * argument path, so a bad change reads 'changes.scale.min' rather than the bare wire path.
 */

export interface UpdateContainerArgs {
  projectId: number;
  regionId: number;
  containerName: string;
  changes: ContainerUpdate;
}

export interface ListGpuFlavorsArgs {
  projectId: number;
  regionId: number;
  hideDisabled?: boolean;
  includePrices?: boolean;
}

const UPDATE_CONTAINER_ARGS: readonly FieldSpec[] = [
  PROJECT_ID_FIELD,
  REGION_ID_FIELD,
  CONTAINER_NAME_FIELD,
  {
    name: 'changes',
    kind: 'object',
    label: l10n.t('Changes'),
    description: l10n.t('Fields of the update payload to change.'),
    required: true,
    fields: CONTAINER_UPDATE_FIELDS,
  },
];

const LIST_GPU_FLAVORS_ARGS: readonly FieldSpec[] = [
  PROJECT_ID_FIELD,
  REGION_ID_FIELD,
  { name: 'hideDisabled', kind: 'boolean', label: l10n.t('Hide disabled'), description: l10n.t('Leave out disabled flavors.') },
  { name: 'includePrices', kind: 'boolean', label: l10n.t('Include prices'), description: l10n.t('Ask for flavor prices.') },
];

export function validateUpdateContainerArgs(input: unknown): Validated<UpdateContainerArgs> {
  return validateArgs<UpdateContainerArgs>(input, UPDATE_CONTAINER_ARGS, (args, problems) => {
    if (isPlainObject(args.changes) && Object.keys(args.changes).length === 0) {
      problems.push({ field: 'changes', message: l10n.t('must change at least one field') });
    }
  });
}

export function validateListGpuFlavorsArgs(input: unknown): Validated<ListGpuFlavorsArgs> {
  return validateArgs<ListGpuFlavorsArgs>(input, LIST_GPU_FLAVORS_ARGS);
}

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

export interface ContainerRefArgs {
  projectId: number;
  regionId: number;
  containerName: string;
}

const CONTAINER_REF_ARGS: readonly FieldSpec[] = [PROJECT_ID_FIELD, REGION_ID_FIELD, CONTAINER_NAME_FIELD];

/** `{ projectId, regionId }` of listContainers and listContainerFlavors. */
export function validateProjectRegionArgs(input: unknown): Validated<{ projectId: number; regionId: number }> {
  return validateArgs(input, [PROJECT_ID_FIELD, REGION_ID_FIELD]);
}

/** `{ projectId, regionId, containerName }` of getContainer. */
export function validateContainerRefArgs(input: unknown): Validated<ContainerRefArgs> {
  return validateArgs(input, CONTAINER_REF_ARGS);
}

export interface ContainerLogsArgs extends ContainerRefArgs {
  limit?: number;
}

const LOG_LIMIT_FIELD: FieldSpec = {
  name: 'limit',
  kind: 'integer',
  label: l10n.t('Lines'),
  description: l10n.t('How many of the newest log lines to read, from 1 to 100,000.'),
  minimum: 1,
  maximum: 100_000,
};

/** `{ projectId, regionId, containerName, limit? }` of getContainerLogs. */
export function validateContainerLogsArgs(input: unknown): Validated<ContainerLogsArgs> {
  return validateArgs(input, [...CONTAINER_REF_ARGS, LOG_LIMIT_FIELD]);
}

export type RegionProductArg = 'containers' | 'inference';

/** Nothing, or `{ product?: "containers" | "inference" }` (listRegions). */
export function validateListRegionsArgs(input: unknown): Validated<{ product?: RegionProductArg }> {
  if (input === undefined) return { ok: true, value: {} };
  if (!isPlainObject(input)) {
    return { ok: false, problems: [{ field: '', message: l10n.t("the arguments must be an object such as { product: 'containers' }") }] };
  }
  const problems: FieldProblem[] = Object.keys(input)
    .filter((key) => key !== 'product')
    .map((key) => ({ field: key, message: l10n.t('unknown field') }));
  const product = input.product;
  if (product !== undefined && product !== 'containers' && product !== 'inference') {
    problems.push({ field: 'product', message: l10n.t('must be "containers" or "inference"') });
  }
  return validated(product === undefined ? {} : { product: product as RegionProductArg }, problems);
}

/** A task id string or `{ taskId }`; it must not be empty. */
export interface WaitForTasksArgs {
  taskIds: string[];
  /** Absent: `gcore.tasks.timeoutMinutes`. */
  timeoutSeconds?: number;
}

/** More than anyone follows at once; a longer list is a mistake, refused before any request. */
const MAX_WAITED_TASKS = 1_000;
const MAX_WAIT_SECONDS = 24 * 60 * 60;

export function validateWaitForTasksArgs(input: unknown): Validated<WaitForTasksArgs> {
  if (!isPlainObject(input)) {
    return validated({ taskIds: [] }, [{ field: 'taskIds', message: l10n.t("the argument must be an object such as { taskIds: ['…'] }") }]);
  }
  const problems: FieldProblem[] = Object.keys(input)
    .filter((key) => key !== 'taskIds' && key !== 'timeoutSeconds')
    .map((key) => ({ field: key, message: l10n.t('unknown field') }));
  const raw = input.taskIds;
  const taskIds: string[] = [];
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.push({ field: 'taskIds', message: l10n.t('must be a non-empty array of task id strings') });
  } else if (raw.length > MAX_WAITED_TASKS) {
    problems.push({ field: 'taskIds', message: l10n.t('must hold at most {0} ids', MAX_WAITED_TASKS) });
  } else {
    raw.forEach((id, index) => {
      if (typeof id !== 'string' || id.trim() === '') {
        problems.push({ field: `taskIds[${index}]`, message: l10n.t('must be a non-empty task id string') });
      } else if (!taskIds.includes(id.trim())) taskIds.push(id.trim());
    });
  }
  const timeout = input.timeoutSeconds;
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_WAIT_SECONDS)) {
    problems.push({ field: 'timeoutSeconds', message: l10n.t('must be a number of seconds above 0 and at most {0}', MAX_WAIT_SECONDS) });
  }
  return validated({ taskIds, timeoutSeconds: typeof timeout === 'number' ? timeout : undefined }, problems);
}

export function validateTaskIdArg(input: unknown): Validated<string> {
  const raw = isPlainObject(input) ? input.taskId : input;
  const extra = isPlainObject(input) ? Object.keys(input).filter((key) => key !== 'taskId') : [];
  const problems: FieldProblem[] = extra.map((key) => ({ field: key, message: l10n.t('unknown field') }));
  if (typeof raw !== 'string') {
    problems.push({ field: 'taskId', message: l10n.t("must be a task id string, or an object such as { taskId: '…' }") });
  } else if (raw.trim() === '') problems.push({ field: 'taskId', message: l10n.t('must not be empty') });
  return validated(typeof raw === 'string' ? raw.trim() : '', problems);
}

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

export interface LookupNameArgs {
  name: string;
  server: LookupServer;
}

const DEFAULT_LOOKUP_SERVER: LookupServer = 'authoritative_dns';

const LOOKUP_ARGS: readonly FieldSpec[] = [
  {
    name: 'name',
    kind: 'string',
    label: l10n.t('Name to look up'),
    description: l10n.t('A full domain name, such as www.example.com or _dmarc.example.com.'),
    required: true,
    trim: true,
    minLength: 1,
  },
  {
    name: 'server',
    kind: 'string',
    label: l10n.t('Resolver'),
    description: l10n.t(
      "Who answers: authoritative_dns (Gcore's own name servers, the default), google, cloudflare, open_dns, quad9 or gcore.",
    ),
    pattern: `^(?:${LOOKUP_SERVERS.join('|')})$`,
    patternHint: l10n.t('must be one of {0}', LOOKUP_SERVERS.join(', ')),
  },
];

/** `{ name, server? }` of lookupName: the name as DNS compares it (a record set's name may hold `_` and a leading `*`). */
export function validateLookupNameArgs(input: unknown): Validated<LookupNameArgs> {
  return validateArgs<LookupNameArgs>(input, LOOKUP_ARGS, (args, problems) => {
    if (typeof args.name === 'string') {
      const name = normalizeDnsName(args.name, { underscores: true, wildcard: true });
      if (name.ok) args.name = name.name;
      else problems.push(...name.messages.map((message) => ({ field: 'name', message })));
    }
    args.server ??= DEFAULT_LOOKUP_SERVER;
  });
}
