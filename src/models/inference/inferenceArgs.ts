import * as l10n from '@vscode/l10n';
import { validateArgs } from '../../validation/argumentObjects';
import { isPlainObject } from '../../validation/fieldChecks';
import type { FieldSpec, IntegerFieldSpec, StringFieldSpec } from '../../validation/fieldSpec';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../projectRegion';
import { validateInferenceApplicationCreate, type InferenceApplicationCreate } from './inferenceApplications';
import { validateInferenceDeploymentCreate, type InferenceDeploymentCreate } from './inferenceDeploymentCreate';
import { validateInferenceDeploymentChanges, type InferenceDeploymentChanges } from './inferenceDeploymentUpdate';
import {
  API_KEY_NAME_FIELD,
  APPLICATION_NAME_FIELD,
  DEPLOYMENT_NAME_FIELD,
  REGISTRY_CREDENTIAL_NAME_FIELD,
  REGISTRY_URL_FIELD,
  registryUrlProblem,
} from './inferenceNames';

/*
 * The programmatic arguments of the Everywhere Inference commands (the extension contract, "Everywhere
 * Inference"; the chat models' two aside). Each is refused before any request with problems naming the argument
 * path ('deployment.containers.0.scale.max'); `unwrap` makes them the Error a caller gets.
 */

export interface InferenceProjectArgs {
  projectId: number;
}

export interface InferenceNamedArgs extends InferenceProjectArgs {
  name: string;
}

export interface InferenceLogsArgs extends InferenceNamedArgs {
  regionId?: number;
  /** 1..100000; 1000 when the caller gives none. */
  limit: number;
}

export interface InferenceDeploymentCreateArgs extends InferenceProjectArgs {
  deployment: InferenceDeploymentCreate;
}

export interface InferenceDeploymentUpdateArgs extends InferenceNamedArgs {
  changes: InferenceDeploymentChanges;
}

export interface InferenceApplicationCreateArgs extends InferenceProjectArgs {
  deployment: InferenceApplicationCreate;
}

export interface InferenceApiKeyCreateArgs extends InferenceNamedArgs {
  description?: string;
  /** ISO 8601, in the future. */
  expiresAt?: string;
}

export interface InferenceRegistryCredentialArgs extends InferenceNamedArgs {
  registryUrl: string;
  username: string;
  /** Never echoed: a message about it names only its bound. */
  password: string;
}

export interface InferenceQuotaRequestArgs {
  limits: Record<string, number>;
  description: string;
}

export const DEFAULT_LOG_LIMIT = 1000;

export const LOG_LIMIT_FIELD: IntegerFieldSpec = {
  name: 'limit',
  kind: 'integer',
  label: l10n.t('Lines'),
  description: l10n.t('How many of the newest log lines to read, from 1 to 100,000 (default 1,000).'),
  minimum: 1,
  maximum: 100_000,
};

export const LOG_REGION_FIELD: IntegerFieldSpec = {
  ...REGION_ID_FIELD,
  required: false,
  description: l10n.t("Only this region's lines; every region's when left out."),
};

const named = (spec: StringFieldSpec): readonly FieldSpec[] => [PROJECT_ID_FIELD, spec];

/** `{ projectId }` of the project's lists. */
export function validateInferenceProjectArgs(input: unknown): Validated<InferenceProjectArgs> {
  return validateArgs(input, [PROJECT_ID_FIELD]);
}

/** `{ projectId, name, apiKeyName? }` of Use in Chat: the key whose secret goes to the deployment. */
export interface InferenceChatArgs extends InferenceNamedArgs {
  apiKeyName?: string;
}

const CHAT_API_KEY_FIELD: StringFieldSpec = {
  ...API_KEY_NAME_FIELD,
  name: 'apiKeyName',
  required: false,
  description: l10n.t(
    'The API key whose secret this machine holds, sent to the deployment as X-API-Key; left out for a deployment without keys.',
  ),
};

export function validateInferenceChatArgs(input: unknown): Validated<InferenceChatArgs> {
  return validateArgs(input, [...named(DEPLOYMENT_NAME_FIELD), CHAT_API_KEY_FIELD]);
}

/** `{ projectId, name }` of a deployment's get, start, stop and delete. */
export function validateInferenceDeploymentArgs(input: unknown): Validated<InferenceNamedArgs> {
  return validateArgs(input, named(DEPLOYMENT_NAME_FIELD));
}

export function validateInferenceLogsArgs(input: unknown): Validated<InferenceLogsArgs> {
  const checked = validateArgs<InferenceLogsArgs>(input, [...named(DEPLOYMENT_NAME_FIELD), LOG_REGION_FIELD, LOG_LIMIT_FIELD]);
  return checked.ok ? { ok: true, value: { ...checked.value, limit: checked.value.limit ?? DEFAULT_LOG_LIMIT } } : checked;
}

/**
 * An argument that carries a payload beside plain fields: the fields by their specs, the payload by its own
 * validator under its name, so that a problem reads 'deployment.image'.
 */
function withPayload<T>(
  input: unknown,
  fields: readonly FieldSpec[],
  payload: string,
  check: (value: unknown, prefix: string) => Validated<unknown>,
): Validated<T> {
  if (!isPlainObject(input)) {
    const names = [...fields.map((field) => field.name), payload].join(', ');
    return { ok: false, problems: [{ field: '', message: l10n.t('the arguments must be an object with {0}', names) }] };
  }
  const { [payload]: value, ...rest } = input;
  const plain = validateArgs<Record<string, unknown>>(rest, fields);
  const problems: FieldProblem[] = plain.ok ? [] : [...plain.problems];
  let checked: Validated<unknown> | undefined;
  if (value === undefined) problems.push({ field: payload, message: l10n.t('is required') });
  else {
    checked = check(value, payload);
    if (!checked.ok) problems.push(...checked.problems);
  }
  const args = { ...(plain.ok ? plain.value : rest), [payload]: checked?.ok ? checked.value : value };
  return validated(args as T, problems);
}

/** `{ projectId, deployment }` of the preview and the create. */
export function validateInferenceDeploymentCreateArgs(input: unknown): Validated<InferenceDeploymentCreateArgs> {
  return withPayload(input, [PROJECT_ID_FIELD], 'deployment', validateInferenceDeploymentCreate);
}

/** `{ projectId, name, changes }`: any subset of the create payload but its name. */
export function validateInferenceDeploymentUpdateArgs(input: unknown): Validated<InferenceDeploymentUpdateArgs> {
  return withPayload(input, named(DEPLOYMENT_NAME_FIELD), 'changes', validateInferenceDeploymentChanges);
}

/** `{ projectId, deployment }` of an application's create (checked against its catalogue entry when that is read). */
export function validateInferenceApplicationCreateArgs(input: unknown): Validated<InferenceApplicationCreateArgs> {
  return withPayload(input, [PROJECT_ID_FIELD], 'deployment', validateInferenceApplicationCreate);
}

/** `{ projectId, name }` of an application's delete. */
export function validateInferenceApplicationArgs(input: unknown): Validated<InferenceNamedArgs> {
  return validateArgs(input, named(APPLICATION_NAME_FIELD));
}

export const API_KEY_DESCRIPTION_FIELD: StringFieldSpec = {
  name: 'description',
  kind: 'string',
  label: l10n.t('Description'),
  description: l10n.t('What the key is for, up to 300 characters.'),
  maxLength: 300,
};

/** A full ISO 8601 date and time with its zone, as Gcore writes `expires_at`. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const EXPIRES_AT_FIELD: StringFieldSpec = {
  name: 'expiresAt',
  kind: 'string',
  label: l10n.t('Expires'),
  description: l10n.t('When the key stops working, an ISO 8601 time in the future such as 2027-01-31T00:00:00Z; never when left out.'),
  trim: true,
  pattern: ISO_TIME.source,
  patternHint: l10n.t('must be an ISO 8601 time with its zone, such as 2027-01-31T00:00:00Z'),
};

/** `{ projectId, name, description?, expiresAt? }` of an API key's create; `nowMs` is what "in the future" means. */
export function validateInferenceApiKeyCreateArgs(input: unknown, nowMs: number = Date.now()): Validated<InferenceApiKeyCreateArgs> {
  return validateArgs(input, [...named(API_KEY_NAME_FIELD), API_KEY_DESCRIPTION_FIELD, EXPIRES_AT_FIELD], (args, problems) => {
    if (typeof args.expiresAt !== 'string' || !ISO_TIME.test(args.expiresAt)) return;
    const problem = expiryProblem(args.expiresAt, nowMs);
    if (problem) problems.push({ field: 'expiresAt', message: problem });
  });
}

/** What is wrong with an ISO 8601 time (as ISO_TIME writes it) as a key's expiry: not a real time, or not in the future. */
export function expiryProblem(text: string, nowMs: number): string | undefined {
  const at = Date.parse(text);
  if (!Number.isFinite(at) || !realDateAndTime(text)) return l10n.t('is not a real date and time');
  if (at <= nowMs) return l10n.t('must be in the future');
  return undefined;
}

/** Date.parse takes 2027-02-31 as 3 March: the date and time must be as written. */
function realDateAndTime(text: string): boolean {
  const [year, month, day, hours, minutes] = [0, 5, 8, 11, 14].map((at) => Number(text.slice(at, at + (at === 0 ? 4 : 2))));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hours <= 23 && minutes <= 59;
}

/** `{ projectId, name }` of an API key's delete. */
export function validateInferenceApiKeyArgs(input: unknown): Validated<InferenceNamedArgs> {
  return validateArgs(input, named(API_KEY_NAME_FIELD));
}

/** `{ projectId, name, deployment }` of attaching an API key to a deployment, or detaching it. */
export interface InferenceApiKeyAttachArgs extends InferenceNamedArgs {
  deployment: string;
}

export function validateInferenceApiKeyAttachArgs(input: unknown): Validated<InferenceApiKeyAttachArgs> {
  return validateArgs(input, [...named(API_KEY_NAME_FIELD), { ...DEPLOYMENT_NAME_FIELD, name: 'deployment' }]);
}

export const USERNAME_FIELD: StringFieldSpec = {
  name: 'username',
  kind: 'string',
  label: l10n.t('User'),
  description: l10n.t('The user name at the registry.'),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 255,
};

export const PASSWORD_FIELD: StringFieldSpec = {
  name: 'password',
  kind: 'string',
  label: l10n.t('Password'),
  description: l10n.t("The registry's password or access token; Gcore never shows it again."),
  required: true,
  minLength: 1,
  maxLength: 5000,
};

/** `{ projectId, name, registryUrl, username, password }`: Gcore replaces a credential's three together. */
export function validateInferenceRegistryCredentialArgs(input: unknown): Validated<InferenceRegistryCredentialArgs> {
  const fields = [...named(REGISTRY_CREDENTIAL_NAME_FIELD), REGISTRY_URL_FIELD, USERNAME_FIELD, PASSWORD_FIELD];
  const checked = validateArgs<InferenceRegistryCredentialArgs>(input, fields);
  if (checked.ok || !isPlainObject(input) || typeof input.registryUrl !== 'string') return checked;
  const url = input.registryUrl;
  const problems = checked.problems.map((problem) =>
    problem.field === 'registryUrl' ? { field: 'registryUrl', message: registryUrlProblem(url) ?? problem.message } : problem,
  );
  return { ok: false, problems };
}

/** `{ projectId, name }` of a registry credential's delete. */
export function validateInferenceRegistryCredentialRefArgs(input: unknown): Validated<InferenceNamedArgs> {
  return validateArgs(input, named(REGISTRY_CREDENTIAL_NAME_FIELD));
}

/** The quota names a limits request may raise: `inference_<what>_count_limit`. */
export const INFERENCE_LIMIT_PATTERN = /^inference_[a-z0-9]+(_[a-z0-9]+)*_count_limit$/;

const QUOTA_DESCRIPTION_FIELD: StringFieldSpec = {
  name: 'description',
  kind: 'string',
  label: l10n.t('Description'),
  description: l10n.t('Why the quota is needed, up to 1000 characters: Gcore reads it.'),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 1000,
};

const LIMITS_FIELD: FieldSpec = {
  name: 'limits',
  kind: 'jsonObject',
  label: l10n.t('Limits'),
  description: l10n.t('The limits asked for, by Gcore\'s name, such as {"inference_gpu_h100_count_limit": 2}.'),
  required: true,
};

/** `{ limits: { <inference_*_count_limit>: integer ≥ 0 }, description }` of a quota request. */
export function validateInferenceQuotaRequestArgs(input: unknown): Validated<InferenceQuotaRequestArgs> {
  return validateArgs(input, [LIMITS_FIELD, QUOTA_DESCRIPTION_FIELD], (args, problems) => {
    if (!isPlainObject(args.limits)) return;
    const entries = Object.entries(args.limits);
    if (entries.length === 0) problems.push({ field: 'limits', message: l10n.t('must ask for at least one limit') });
    for (const [name, value] of entries) {
      if (!INFERENCE_LIMIT_PATTERN.test(name)) {
        problems.push({ field: `limits.${name}`, message: l10n.t('is not an inference limit: its name is inference_<what>_count_limit') });
      } else if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
        problems.push({ field: `limits.${name}`, message: l10n.t('must be a whole number, 0 or more') });
      }
    }
  });
}
