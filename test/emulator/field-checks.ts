import type { InvalidFields } from './replies';

// Messages follow the marshmallow wording the Cloud API returns. None quotes the value: some are secrets.
export const NOT_A_STRING = 'Not a valid string.';
export const NOT_AN_INTEGER = 'Not a valid integer.';
export const NOT_A_BOOLEAN = 'Not a valid boolean.';
export const NOT_A_MAPPING = 'Not a valid mapping type.';
export const UNKNOWN_FIELD = 'Unknown field.';
export const REQUIRED = 'Missing data for required field.';
export const NOT_NULL = 'Field may not be null.';
export const NO_PATTERN_MATCH = 'String does not match expected pattern.';

/**
 * The name rule of Gcore's GPU clusters, their volumes and SSH keys: a letter or digit first, letters, digits,
 * spaces, dots, underscores and hyphens between, no space or hyphen last; 3 to `maxLength` characters.
 */
export function resourceNamePattern(maxLength: number): RegExp {
  return new RegExp(`^[a-zA-Z0-9][a-zA-Z 0-9._\\-]{1,${maxLength - 2}}[a-zA-Z0-9._]$`);
}

export class FieldErrors {
  readonly fields: InvalidFields = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
}

export interface StringBounds {
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

export function checkString(errors: FieldErrors, field: string, value: unknown, bounds: StringBounds = {}): void {
  if (typeof value !== 'string') return errors.add(field, NOT_A_STRING);
  const { minLength, maxLength, pattern } = bounds;
  if (minLength !== undefined && maxLength !== undefined && (value.length < minLength || value.length > maxLength)) {
    errors.add(field, `Length must be between ${minLength} and ${maxLength}.`);
  } else if (maxLength !== undefined && value.length > maxLength) {
    errors.add(field, `Longer than maximum length ${maxLength}.`);
  }
  if (pattern && !pattern.test(value)) errors.add(field, NO_PATTERN_MATCH);
}

export function checkInteger(errors: FieldErrors, field: string, value: unknown, min?: number, max?: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) return errors.add(field, NOT_AN_INTEGER);
  if (min !== undefined && max !== undefined && (value < min || value > max)) {
    errors.add(field, `Must be greater than or equal to ${min} and less than or equal to ${max}.`);
  }
}

export function checkBoolean(errors: FieldErrors, field: string, value: unknown): void {
  if (typeof value !== 'boolean') errors.add(field, NOT_A_BOOLEAN);
}

export type FieldRule = (errors: FieldErrors, field: string, value: unknown) => void;

/** Checks an object's keys against rules; null means "unset" and is accepted for every field. */
export function checkObject(errors: FieldErrors, prefix: string, value: Record<string, unknown>, rules: Record<string, FieldRule>): void {
  for (const [key, fieldValue] of Object.entries(value)) {
    const field = prefix ? `${prefix}.${key}` : key;
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!rule) errors.add(field, UNKNOWN_FIELD);
    else if (fieldValue !== null) rule(errors, field, fieldValue);
  }
}

/** Required fields may be neither missing nor null (checkObject lets null through as "unset"); `prefix` names the object they are in. */
export function checkRequired(errors: FieldErrors, value: Record<string, unknown>, fields: readonly string[], prefix = ''): void {
  for (const key of fields) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (value[key] === undefined) errors.add(field, REQUIRED);
    else if (value[key] === null) errors.add(field, NOT_NULL);
  }
}

export function checkOneOf(errors: FieldErrors, field: string, value: unknown, choices: readonly string[]): void {
  if (typeof value !== 'string') return errors.add(field, NOT_A_STRING);
  if (!choices.includes(value)) errors.add(field, `Must be one of: ${choices.join(', ')}.`);
}

/** A list whose items each pass `item`, named `field.0`, `field.1`…; `minItems` and `maxItems` bound its length. */
export function checkList(
  errors: FieldErrors,
  field: string,
  value: unknown,
  item: FieldRule,
  { minItems, maxItems }: { minItems?: number; maxItems?: number } = {},
): void {
  if (!Array.isArray(value)) return errors.add(field, 'Not a valid list.');
  if (minItems !== undefined && value.length < minItems) errors.add(field, `Shorter than minimum length ${minItems}.`);
  if (maxItems !== undefined && value.length > maxItems) errors.add(field, `Longer than maximum length ${maxItems}.`);
  value.forEach((entry: unknown, index) => item(errors, `${field}.${index}`, entry));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function checkUuid(errors: FieldErrors, field: string, value: unknown): void {
  if (!isUuid(value)) errors.add(field, 'Not a valid UUID.');
}
