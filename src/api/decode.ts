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

function checkOptional(object: Json, field: string, type: 'string' | 'number' | 'boolean' | 'object', where: string): void {
  const value = object[field];
  if (value === undefined || value === null) return;
  const actual = Array.isArray(value) ? 'array' : typeof value;
  if (actual !== type) throw unexpected(`${where}${field} is ${actual}, expected ${type}`);
}

function decodeFlavor(value: unknown, index: number): GpuFlavor {
  const where = `results[${index}].`;
  const flavor = asObject(value, `results[${index}]`);
  if (typeof flavor.name !== 'string' || flavor.name === '') throw unexpected(`${where}name is missing`);
  checkOptional(flavor, 'capacity', 'number', where);
  checkOptional(flavor, 'disabled', 'boolean', where);
  checkOptional(flavor, 'architecture', 'string', where);
  checkOptional(flavor, 'hardware_description', 'object', where);
  checkOptional(flavor, 'hardware_properties', 'object', where);
  checkOptional(flavor, 'price', 'object', where);
  const description = flavor.hardware_description as Json | null | undefined;
  if (description) {
    checkOptional(description, 'gpu', 'string', `${where}hardware_description.`);
    checkOptional(description, 'ram', 'number', `${where}hardware_description.`);
    checkOptional(description, 'vcpus', 'number', `${where}hardware_description.`);
  }
  const properties = flavor.hardware_properties as Json | null | undefined;
  if (properties) {
    checkOptional(properties, 'gpu_count', 'number', `${where}hardware_properties.`);
    checkOptional(properties, 'gpu_model', 'string', `${where}hardware_properties.`);
    checkOptional(properties, 'gpu_manufacturer', 'string', `${where}hardware_properties.`);
  }
  const price = flavor.price as Json | null | undefined;
  if (price) {
    checkOptional(price, 'price_per_hour', 'number', `${where}price.`);
    checkOptional(price, 'price_per_month', 'number', `${where}price.`);
    checkOptional(price, 'currency_code', 'string', `${where}price.`);
    checkOptional(price, 'price_status', 'string', `${where}price.`);
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
  checkOptional(body, 'id', 'number', '');
  const warnings = body.warnings ?? [];
  if (!Array.isArray(warnings)) throw unexpected('warnings is not a list');
  return { ...body, id: typeof body.id === 'number' ? body.id : undefined, warnings: warnings.map(String) };
}

export function decodeDnssec(value: unknown): DnssecState {
  const body = asObject(value ?? {}, 'the DNSSEC response');
  for (const field of ['algorithm', 'digest', 'digest_algorithm', 'digest_type', 'ds', 'key_type', 'message', 'public_key', 'uuid']) {
    checkOptional(body, field, 'string', '');
  }
  checkOptional(body, 'flags', 'number', '');
  checkOptional(body, 'key_tag', 'number', '');
  return body as DnssecState;
}
