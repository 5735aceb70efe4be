import type { InvalidFields } from './replies';
import { isJsonObject } from './api-request';

// Bounds and patterns from the public Gcore CaaS API; messages follow the marshmallow wording the Cloud API returns.
const FLAVOR_PATTERN = /^[0-9]{0,12}mCPU-[0-9]{0,12}M[i]?B$/;
const ENV_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TOPIC_NAME_PATTERN = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])*)*$/;

const NOT_A_STRING = 'Not a valid string.';
const NOT_AN_INTEGER = 'Not a valid integer.';
const NOT_A_BOOLEAN = 'Not a valid boolean.';
const NOT_A_MAPPING = 'Not a valid mapping type.';
const UNKNOWN_FIELD = 'Unknown field.';
const REQUIRED = 'Missing data for required field.';
const NOT_NULL = 'Field may not be null.';
const NO_PATTERN_MATCH = 'String does not match expected pattern.';

class FieldErrors {
  readonly fields: InvalidFields = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }
}

interface StringBounds {
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

function checkString(errors: FieldErrors, field: string, value: unknown, bounds: StringBounds = {}): void {
  if (typeof value !== 'string') return errors.add(field, NOT_A_STRING);
  const { minLength, maxLength, pattern } = bounds;
  if (minLength !== undefined && maxLength !== undefined && (value.length < minLength || value.length > maxLength)) {
    errors.add(field, `Length must be between ${minLength} and ${maxLength}.`);
  } else if (maxLength !== undefined && value.length > maxLength) {
    errors.add(field, `Longer than maximum length ${maxLength}.`);
  }
  if (pattern && !pattern.test(value)) errors.add(field, NO_PATTERN_MATCH);
}

function checkInteger(errors: FieldErrors, field: string, value: unknown, min?: number, max?: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) return errors.add(field, NOT_AN_INTEGER);
  if (min !== undefined && max !== undefined && (value < min || value > max)) {
    errors.add(field, `Must be greater than or equal to ${min} and less than or equal to ${max}.`);
  }
}

function checkBoolean(errors: FieldErrors, field: string, value: unknown): void {
  if (typeof value !== 'boolean') errors.add(field, NOT_A_BOOLEAN);
}

type FieldRule = (errors: FieldErrors, field: string, value: unknown) => void;

/** Checks an object's keys against rules; null means "unset" and is accepted for every field. */
function checkObject(errors: FieldErrors, prefix: string, value: Record<string, unknown>, rules: Record<string, FieldRule>): void {
  for (const [key, fieldValue] of Object.entries(value)) {
    const field = prefix ? `${prefix}.${key}` : key;
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!rule) errors.add(field, UNKNOWN_FIELD);
    else if (fieldValue !== null) rule(errors, field, fieldValue);
  }
}

function checkEnvs(errors: FieldErrors, field: string, value: unknown): void {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  for (const [name, envValue] of Object.entries(value)) {
    if (!ENV_NAME_PATTERN.test(name)) errors.add(`${field}.${name}`, NO_PATTERN_MATCH);
    checkString(errors, `${field}.${name}`, envValue, { maxLength: 255 });
  }
}

function checkScale(errors: FieldErrors, field: string, value: unknown): void {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  const { min, max } = value;
  for (const [key, bound] of [['min', min], ['max', max]] as const) {
    if (bound === undefined) errors.add(`${field}.${key}`, REQUIRED);
    else if (bound === null) errors.add(`${field}.${key}`, NOT_NULL);
  }
  checkObject(errors, field, value, {
    min: (e, f, v) => checkInteger(e, f, v, 0, 25),
    max: (e, f, v) => checkInteger(e, f, v, 1, 25),
  });
  if (typeof min === 'number' && typeof max === 'number' && min > max && !errors.fields[`${field}.min`]) {
    errors.add(`${field}.min`, `Must be less than or equal to ${field}.max.`);
  }
}

function checkRetentionPolicy(errors: FieldErrors, field: string, value: unknown): void {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  if (value.period === undefined) errors.add(`${field}.period`, REQUIRED);
  checkObject(errors, field, value, { period: (e, f, v) => checkInteger(e, f, v, 1, 1825) });
}

function checkLogging(errors: FieldErrors, field: string, value: unknown): void {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  checkObject(errors, field, value, {
    destination_region_id: (e, f, v) => checkInteger(e, f, v),
    enabled: checkBoolean,
    retention_policy: checkRetentionPolicy,
    topic_name: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 223, pattern: TOPIC_NAME_PATTERN }),
  });
}

const CONTAINER_UPDATE_RULES: Record<string, FieldRule> = {
  commands: (e, f, v) => checkString(e, f, v),
  description: (e, f, v) => checkString(e, f, v, { maxLength: 255 }),
  envs: checkEnvs,
  flavor: (e, f, v) => checkString(e, f, v, { pattern: FLAVOR_PATTERN }),
  image: (e, f, v) => checkString(e, f, v, { maxLength: 230 }),
  is_api_key_auth: checkBoolean,
  is_disabled: checkBoolean,
  listening_port: (e, f, v) => checkInteger(e, f, v, 1, 65535),
  logging: checkLogging,
  pull_secret: (e, f, v) => checkString(e, f, v, { maxLength: 400 }),
  scale: checkScale,
  timeout: (e, f, v) => checkInteger(e, f, v, 0, 180),
};

/** The invalid fields of a container update payload, keyed by dotted path; empty when the payload is valid. */
export function validateContainerUpdate(update: Record<string, unknown>): InvalidFields {
  const errors = new FieldErrors();
  checkObject(errors, '', update, CONTAINER_UPDATE_RULES);
  return errors.fields;
}
