import type { InvalidFields } from './replies';
import { isJsonObject } from './api-request';
import {
  checkBoolean,
  checkInteger,
  checkObject,
  checkRequired,
  checkString,
  FieldErrors,
  NO_PATTERN_MATCH,
  NOT_A_MAPPING,
  REQUIRED,
  type FieldRule,
} from './field-checks';

// Bounds and patterns from the public Gcore CaaS API.
const FLAVOR_PATTERN = /^[0-9]{0,12}mCPU-[0-9]{0,12}M[i]?B$/;
const ENV_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TOPIC_NAME_PATTERN = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])*)*$/;

function checkEnvs(errors: FieldErrors, field: string, value: unknown): void {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  for (const [name, envValue] of Object.entries(value)) {
    if (!ENV_NAME_PATTERN.test(name)) errors.add(`${field}.${name}`, NO_PATTERN_MATCH);
    checkString(errors, `${field}.${name}`, envValue, { maxLength: 255 });
  }
}

/** A mapping whose parts are all required integers within their bounds: a trigger (`cpu`, `memory`, `http`). */
function requiredIntegers(bounds: Record<string, [number, number]>): FieldRule {
  return (errors, field, value) => {
    if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
    checkRequired(errors, value, Object.keys(bounds), field);
    checkObject(
      errors,
      field,
      value,
      Object.fromEntries(
        Object.entries(bounds).map(([key, [min, max]]) => [
          key,
          (e: FieldErrors, f: string, v: unknown) => checkInteger(e, f, v, min, max),
        ]),
      ),
    );
  };
}

const THRESHOLD_TRIGGER = requiredIntegers({ threshold: [1, 99] });

/** Each trigger may be null (checkObject lets null through), as may the triggers. */
function checkTriggers(errors: FieldErrors, field: string, value: unknown): void {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  checkObject(errors, field, value, {
    cpu: THRESHOLD_TRIGGER,
    memory: THRESHOLD_TRIGGER,
    http: requiredIntegers({ rate: [1, 1000], window: [1, 3600] }),
  });
}

export function checkScale(errors: FieldErrors, field: string, value: unknown): void {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  const { min, max } = value;
  checkRequired(errors, value, ['min', 'max'], field);
  checkObject(errors, field, value, {
    min: (e, f, v) => checkInteger(e, f, v, 0, 25),
    max: (e, f, v) => checkInteger(e, f, v, 1, 25),
    cooldown_period: (e, f, v) => checkInteger(e, f, v, 1, 3600),
    triggers: checkTriggers,
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

export const CONTAINER_UPDATE_RULES: Record<string, FieldRule> = {
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
