import * as l10n from '@vscode/l10n';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { FieldSpec, StringFieldSpec } from '../../validation/fieldSpec';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../projectRegion';

export const PULL_SECRET_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Secret name'),
  description: l10n.t('Lower-case letters, digits and hyphens, 2 to 26 characters, starting with a letter.'),
  required: true,
  trim: true,
  minLength: 2,
  maxLength: 26,
  pattern: '^[a-z][-a-z0-9]{0,24}[a-z0-9]$',
  patternHint: l10n.t(
    'must start with a lower-case letter, end with a letter or digit, and hold only lower-case letters, digits and hyphens',
  ),
};

export const PULL_SECRET_REGISTRY_FIELD: StringFieldSpec = {
  name: 'registry',
  kind: 'string',
  label: l10n.t('Registry'),
  description: l10n.t('Host of the image registry, such as ghcr.io or registry.example.com.'),
  trim: true,
  minLength: 1,
  maxLength: 400,
  // A host (and port), not an address: what Docker's credential store keys a login by.
  pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?(/[^\\s]*)?$',
  patternHint: l10n.t('must be a registry host such as ghcr.io, without https:// or spaces'),
};

export const PULL_SECRET_LOGIN_FIELD: StringFieldSpec = {
  name: 'login',
  kind: 'string',
  label: l10n.t('Login'),
  description: l10n.t('User name at the registry, up to 100 characters.'),
  trim: true,
  minLength: 1,
  maxLength: 100,
};

/** Never trimmed, never echoed: a message about it names only the bound. */
export const PULL_SECRET_PASSWORD_FIELD: StringFieldSpec = {
  name: 'password',
  kind: 'string',
  label: l10n.t('Password'),
  description: l10n.t('Password or access token of the login, up to 5,000 characters; Gcore never shows it again.'),
  minLength: 1,
  maxLength: 5000,
};

export interface PullSecretRef {
  projectId: number;
  regionId: number;
  name: string;
}

export interface CreatePullSecretArgs extends PullSecretRef {
  registry: string;
  login: string;
  password: string;
}

export interface UpdatePullSecretArgs extends PullSecretRef {
  registry?: string;
  login?: string;
  password?: string;
}

const required = (spec: StringFieldSpec): StringFieldSpec => ({ ...spec, required: true });

const REF_FIELDS: readonly FieldSpec[] = [PROJECT_ID_FIELD, REGION_ID_FIELD, PULL_SECRET_NAME_FIELD];
const CREATE_FIELDS: readonly FieldSpec[] = [
  ...REF_FIELDS,
  required(PULL_SECRET_REGISTRY_FIELD),
  required(PULL_SECRET_LOGIN_FIELD),
  required(PULL_SECRET_PASSWORD_FIELD),
];
const UPDATE_FIELDS: readonly FieldSpec[] = [
  ...REF_FIELDS,
  PULL_SECRET_REGISTRY_FIELD,
  PULL_SECRET_LOGIN_FIELD,
  PULL_SECRET_PASSWORD_FIELD,
];

function validateObject<T>(
  input: unknown,
  specs: readonly FieldSpec[],
  names: string,
  extra?: (args: Record<string, unknown>, problems: FieldProblem[]) => void,
): Validated<T> {
  if (!isPlainObject(input)) {
    return { ok: false, problems: [{ field: '', message: l10n.t('the arguments must be an object with {0}', names) }] };
  }
  const problems: FieldProblem[] = [];
  const args = checkFields(specs, input, '', problems);
  extra?.(args, problems);
  return validated(args as T, problems);
}

/** `{ projectId, regionId, name }` of deletePullSecret. */
export function validatePullSecretRef(input: unknown): Validated<PullSecretRef> {
  return validateObject(input, REF_FIELDS, 'projectId, regionId, name'); // not user text: the argument's field names
}

export function validateCreatePullSecretArgs(input: unknown): Validated<CreatePullSecretArgs> {
  return validateObject(input, CREATE_FIELDS, 'projectId, regionId, name, registry, login, password'); // not user text: the argument's field names
}

export function validateUpdatePullSecretArgs(input: unknown): Validated<UpdatePullSecretArgs> {
  const names = 'projectId, regionId, name'; // not user text: the argument's field names
  return validateObject(input, UPDATE_FIELDS, names, (args, problems) => {
    if (problems.length === 0 && args.registry === undefined && args.login === undefined && args.password === undefined) {
      problems.push({ field: '', message: l10n.t('must change at least one of registry, login and password') });
    }
  });
}

/** What an update sends: the changed fields, never the location or the name. */
export function pullSecretChanges(args: UpdatePullSecretArgs): { registry?: string; login?: string; password?: string } {
  const { registry, login, password } = args;
  return Object.fromEntries(Object.entries({ registry, login, password }).filter(([, value]) => value !== undefined));
}
