import { CONTAINER_FLAVORS } from './container-read-endpoints';
import { CONTAINER_UPDATE_RULES } from './container-update-validation';
import { checkObject, checkRequired, checkString, FieldErrors, NOT_A_STRING, type FieldRule } from './field-checks';
import type { InvalidFields } from './replies';

const NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9.-]+[a-zA-Z0-9]$/;
const REQUIRED_FIELDS = ['name', 'image', 'listening_port', 'flavor', 'scale'] as const;

/** A container size must be one the location offers (the update only checks its pattern). */
export const checkKnownFlavor: FieldRule = (errors, field, value) => {
  if (typeof value !== 'string') return errors.add(field, NOT_A_STRING);
  if (!CONTAINER_FLAVORS.some((flavor) => flavor.name === value)) {
    errors.add(field, `Must be one of: ${CONTAINER_FLAVORS.map((flavor) => flavor.name).join(', ')}.`);
  }
};

/** Every field of an update, plus the name, with the bounds a creation has. */
const CONTAINER_CREATE_RULES: Record<string, FieldRule> = {
  ...CONTAINER_UPDATE_RULES,
  name: (e, f, v) => checkString(e, f, v, { maxLength: 43, pattern: NAME_PATTERN }),
  image: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 230 }),
  flavor: checkKnownFlavor,
};

/** The invalid fields of a container create payload, keyed by dotted path; empty when the payload is valid. */
export function validateContainerCreate(body: Record<string, unknown>): InvalidFields {
  const errors = new FieldErrors();
  checkRequired(errors, body, REQUIRED_FIELDS);
  checkObject(errors, '', body, CONTAINER_CREATE_RULES);
  return errors.fields;
}
