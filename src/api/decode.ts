import { stringField } from './errorBody';
import { GcoreApiError } from './errors';
import type { ContainerUpdateResult, CreateZoneResult, DnssecState, GpuFlavor, GpuFlavorList, UnreadableFlavor } from './types';

/**
 * Decoders accept missing and unknown fields (real responses carry more than the spec lists, and the
 * docs promise few fields) but refuse a shape the extension cannot use, with one clear error.
 */
type Json = Record<string, unknown>;

function unexpected(what: string): GcoreApiError {
  return new GcoreApiError('badResponse', `The Gcore API sent an unexpected response: ${what}.`);
}

function asObject(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unexpected(`${what} is not an object`);
  return value as Json;
}

type FieldType = 'string' | 'number' | 'boolean' | 'object';

/** The type of a field that is present with another type than expected; undefined when it is fine. */
function wrongType(object: Json, field: string, type: FieldType): string | undefined {
  const value = object[field];
  if (value === undefined || value === null) return undefined;
  const actual = Array.isArray(value) ? 'array' : typeof value;
  return actual === type ? undefined : actual;
}

function checkOptional(object: Json, field: string, type: FieldType): void {
  const actual = wrongType(object, field, type);
  if (actual !== undefined) throw unexpected(`${field} is ${actual}, expected ${type}`);
}

type FieldChecks = readonly (readonly [field: string, type: FieldType])[];

/** What the tree reads of a flavor, by the object it sits in ('' for the flavor itself). */
const FLAVOR_CHECKS: readonly (readonly [object: string, checks: FieldChecks])[] = [
  ['', [['capacity', 'number'], ['disabled', 'boolean'], ['architecture', 'string'], ['hardware_description', 'object'], ['hardware_properties', 'object'], ['price', 'object']]],
  ['hardware_description', [['gpu', 'string'], ['ram', 'number'], ['vcpus', 'number']]],
  ['hardware_properties', [['gpu_count', 'number'], ['gpu_model', 'string'], ['gpu_manufacturer', 'string']]],
  ['price', [['price_per_hour', 'number'], ['price_per_month', 'number'], ['currency_code', 'string'], ['price_status', 'string']]],
];

/**
 * Why a flavor cannot be shown, or undefined when it can. A region can list thousands of flavors: the
 * path in the message is only built for the one that fails.
 */
function flavorProblem(value: unknown, index: number): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `results[${index}] is not an object`;
  const flavor = value as Json;
  if (typeof flavor.name !== 'string' || flavor.name === '') return `results[${index}].name is missing`;
  for (const [objectName, checks] of FLAVOR_CHECKS) {
    const object = objectName === '' ? flavor : (flavor[objectName] as Json | null | undefined);
    if (!object) continue;
    if (typeof object !== 'object' || Array.isArray(object)) return `results[${index}].${objectName} is not an object`;
    for (const [field, type] of checks) {
      const actual = wrongType(object, field, type);
      if (actual !== undefined) {
        const where = objectName === '' ? `results[${index}].` : `results[${index}].${objectName}.`;
        return `${where}${field} is ${actual}, expected ${type}`;
      }
    }
  }
  return undefined;
}

/**
 * One page of flavors. A flavor the extension cannot read is left out and described in `unreadable`
 * (one bad entry must not hide a region's whole list); a page it cannot read at all is an error.
 */
export function decodeFlavorList(value: unknown): GpuFlavorList {
  const list = asObject(value, 'the flavor list');
  if (!Array.isArray(list.results)) throw unexpected('the flavor list has no results array');
  if (list.count !== undefined && list.count !== null && (typeof list.count !== 'number' || !Number.isFinite(list.count))) {
    throw unexpected('count is not a number');
  }
  const results: GpuFlavor[] = [];
  const unreadable: UnreadableFlavor[] = [];
  list.results.forEach((entry: unknown, index) => {
    const problem = flavorProblem(entry, index);
    if (problem === undefined) results.push(entry as GpuFlavor);
    else unreadable.push({ name: nameOf(entry), problem });
  });
  const count = typeof list.count === 'number' ? list.count : list.results.length;
  return { ...list, count, results, ...(unreadable.length > 0 ? { unreadable } : {}) };
}

function nameOf(entry: unknown): string | undefined {
  const name = typeof entry === 'object' && entry !== null ? (entry as Json).name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** Answers that were empty where an object was expected; the caller may say so rather than fail. */
const emptyAnswers = new WeakSet<object>();

export function wasEmptyAnswer(result: object): boolean {
  return emptyAnswers.has(result);
}

/**
 * An empty answer to an update is not a failure: the change was sent and may have been carried out; the
 * result has no task ids and `wasEmptyAnswer` tells the caller so.
 */
export function decodeContainerUpdate(value: unknown): ContainerUpdateResult {
  if (value === undefined) {
    const empty = { tasks: [] };
    emptyAnswers.add(empty);
    return empty;
  }
  const body = asObject(value, 'the update response');
  const tasks = body.tasks ?? [];
  if (!Array.isArray(tasks) || !tasks.every((task) => typeof task === 'string')) {
    throw unexpected('tasks is not a list of task ids');
  }
  return { ...body, tasks };
}

/**
 * Gcore's DNS API can answer 200 with `{"error": …}`; its own client reads that as a failure, and so does
 * this one: the zone was not created.
 */
export function decodeCreateZone(value: unknown): CreateZoneResult {
  const body = asObject(value ?? {}, 'the zone response');
  const refusal = stringField(body, 'error');
  if (refusal !== undefined) {
    const kind = /already exists/i.test(refusal) ? 'conflict' : 'invalidInput';
    throw new GcoreApiError(kind, refusal, { status: 200, apiMessage: refusal });
  }
  checkOptional(body, 'id', 'number');
  const warnings = body.warnings ?? [];
  if (!Array.isArray(warnings)) throw unexpected('warnings is not a list');
  return { ...body, id: typeof body.id === 'number' ? body.id : undefined, warnings: warnings.map(String) };
}

export function decodeDnssec(value: unknown): DnssecState {
  const body = asObject(value ?? {}, 'the DNSSEC response');
  for (const field of ['algorithm', 'digest', 'digest_algorithm', 'digest_type', 'ds', 'key_type', 'message', 'public_key', 'uuid']) {
    checkOptional(body, field, 'string');
  }
  checkOptional(body, 'flags', 'number');
  checkOptional(body, 'key_tag', 'number');
  return body as DnssecState;
}
