import { GcoreApiError } from './errors';
import type { ContainerUpdateResult, CreateZoneResult, DnssecState, GpuFlavor, GpuFlavorList } from './types';

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

// A region can list thousands of flavors: the path in an error message is only built for the one that fails.
function decodeFlavor(value: unknown, index: number): GpuFlavor {
  const flavor = asObject(value, `results[${index}]`);
  if (typeof flavor.name !== 'string' || flavor.name === '') throw unexpected(`results[${index}].name is missing`);
  for (const [objectName, checks] of FLAVOR_CHECKS) {
    const object = objectName === '' ? flavor : (flavor[objectName] as Json | null | undefined);
    if (!object) continue;
    for (const [field, type] of checks) {
      const actual = wrongType(object, field, type);
      if (actual !== undefined) {
        const where = objectName === '' ? `results[${index}].` : `results[${index}].${objectName}.`;
        throw unexpected(`${where}${field} is ${actual}, expected ${type}`);
      }
    }
  }
  return flavor as GpuFlavor;
}

export function decodeFlavorList(value: unknown): GpuFlavorList {
  const list = asObject(value, 'the flavor list');
  if (!Array.isArray(list.results)) throw unexpected('the flavor list has no results array');
  const results = list.results.map(decodeFlavor);
  if (list.count !== undefined && list.count !== null && typeof list.count !== 'number') {
    throw unexpected('count is not a number');
  }
  return { ...list, count: typeof list.count === 'number' ? list.count : results.length, results };
}

export function decodeContainerUpdate(value: unknown): ContainerUpdateResult {
  const body = asObject(value, 'the update response');
  const tasks = body.tasks ?? [];
  if (!Array.isArray(tasks) || !tasks.every((task) => typeof task === 'string')) {
    throw unexpected('tasks is not a list of task ids');
  }
  return { ...body, tasks };
}

export function decodeCreateZone(value: unknown): CreateZoneResult {
  const body = asObject(value ?? {}, 'the zone response');
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
