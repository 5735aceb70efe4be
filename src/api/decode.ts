import * as l10n from '@vscode/l10n';
import { GcoreApiError } from './errors';

/**
 * Decoders accept missing and unknown fields (real responses carry more than the spec lists, and the
 * docs promise few fields) but refuse a shape the extension cannot use, with one clear error.
 */
export type Json = Record<string, unknown>;

/** `problem`: what is wrong, a whole clause ("logs is not a list"), so that it translates as one. */
export function unexpected(problem: string): GcoreApiError {
  return new GcoreApiError('badResponse', l10n.t('The Gcore API sent an unexpected response: {0}.', problem));
}

/** `notAnObject` words the problem as one clause ("the log answer is not an object"), called only when it applies. */
export function asObject(value: unknown, notAnObject: () => string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unexpected(notAnObject());
  return value as Json;
}

export type FieldType = 'string' | 'number' | 'boolean' | 'object';

/** A present value's type as a message names it ('array' for a list); undefined for an absent one (undefined, null). */
export function typeOfPresent(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? 'array' : typeof value;
}

/** A field present with another type than expected is refused; absent, it is fine. */
export function checkOptional(object: Json, field: string, type: FieldType): void {
  const actual = typeOfPresent(object[field]);
  if (actual !== undefined && actual !== type) throw unexpected(l10n.t('{0} is {1}, expected {2}', field, actual, type));
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
