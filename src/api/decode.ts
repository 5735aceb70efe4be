import { GcoreApiError } from './errors';

/**
 * Decoders accept missing and unknown fields (real responses carry more than the spec lists, and the
 * docs promise few fields) but refuse a shape the extension cannot use, with one clear error.
 */
export type Json = Record<string, unknown>;

export function unexpected(what: string): GcoreApiError {
  return new GcoreApiError('badResponse', `The Gcore API sent an unexpected response: ${what}.`);
}

export function asObject(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unexpected(`${what} is not an object`);
  return value as Json;
}

export type FieldType = 'string' | 'number' | 'boolean' | 'object';

/** The type of a field that is present with another type than expected; undefined when it is fine. */
export function wrongType(object: Json, field: string, type: FieldType): string | undefined {
  const value = object[field];
  if (value === undefined || value === null) return undefined;
  const actual = Array.isArray(value) ? 'array' : typeof value;
  return actual === type ? undefined : actual;
}

export function checkOptional(object: Json, field: string, type: FieldType): void {
  const actual = wrongType(object, field, type);
  if (actual !== undefined) throw unexpected(`${field} is ${actual}, expected ${type}`);
}

/** Answers that were empty where an object was expected; the caller may say so rather than fail. */
const emptyAnswers = new WeakSet<object>();

export function markEmptyAnswer<T extends object>(result: T): T {
  emptyAnswers.add(result);
  return result;
}

export function wasEmptyAnswer(result: object): boolean {
  return emptyAnswers.has(result);
}
