import type { ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { parseCloudLocation } from './cloud-location';
import { checkRequired, checkString, FieldErrors, NOT_NULL, UNKNOWN_FIELD, type FieldRule } from './field-checks';
import { pageOf, readPageQuery } from './paging-query';
import { pullSecretView, type PullSecretFields, type PullSecretStore } from './pull-secret-store';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

const MAX_LIMIT = 1000;
const NAME_PATTERN = /^[a-z][-a-z0-9]{0,24}[a-z0-9]$/;

const CHANGEABLE_RULES: Record<keyof PullSecretFields, FieldRule> = {
  registry: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 400 }),
  login: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 100 }),
  password: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 5000 }),
};
const CREATE_RULES: Record<string, FieldRule> = { name: (e, f, v) => checkString(e, f, v, { pattern: NAME_PATTERN }), ...CHANGEABLE_RULES };

type Location = { projectId: string; regionId: string };

/** GET /cloud/v1/caas/secrets/{project_id}/{region_id}?limit=&offset=: in creation order, without passwords. */
export function listPullSecrets(request: ApiRequest, segments: Location, store: PullSecretStore): Reply {
  const invalidFields: InvalidFields = {};
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  const page = readPageQuery(request.query, MAX_LIMIT, MAX_LIMIT, invalidFields);
  if (!location.ok) Object.assign(invalidFields, location.invalidFields);
  if (!location.ok || Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const secrets = store.list(location.location.projectId, location.location.regionId);
  return { status: 200, body: { count: secrets.length, results: pageOf(secrets, page).map(pullSecretView) } };
}

/** POST /cloud/v1/caas/secrets/{project_id}/{region_id}: answers the secret, without its password. */
export function createPullSecret(request: ApiRequest, segments: Location, store: PullSecretStore): Reply {
  const { requestId } = request;
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(requestId, location.invalidFields);
  const body = readCloudJsonObject(request, { quoteParseError: false });
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, Object.keys(CREATE_RULES));
  checkFields(errors, body.value, CREATE_RULES);
  if (!errors.empty) return cloudValidationError(requestId, errors.fields);

  const { projectId, regionId } = location.location;
  const { name, registry, login, password } = body.value as Record<string, string>;
  if (store.find(projectId, regionId, name)) return cloudError(requestId, 409, 'ConflictError', `Pull secret ${name} already exists`);
  return { status: 200, body: pullSecretView(store.create(projectId, regionId, name, { registry, login, password })) };
}

/** PATCH /cloud/v1/caas/secrets/{project_id}/{region_id}/{secret_name}: any of registry, login, password. */
export function updatePullSecret(request: ApiRequest, segments: Location & { secretName: string }, store: PullSecretStore): Reply {
  const { requestId } = request;
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(requestId, location.invalidFields);
  const secret = store.find(location.location.projectId, location.location.regionId, segments.secretName);
  if (!secret) return notFound(requestId, segments.secretName);
  const body = readCloudJsonObject(request, { quoteParseError: false });
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  if (Object.keys(body.value).length === 0) {
    errors.add('_schema', `At least one of ${Object.keys(CHANGEABLE_RULES).join(', ')} is required.`);
  }
  checkFields(errors, body.value, CHANGEABLE_RULES);
  if (!errors.empty) return cloudValidationError(requestId, errors.fields);

  store.update(secret, body.value as Partial<PullSecretFields>);
  return { status: 200, body: pullSecretView(secret) };
}

/** DELETE /cloud/v1/caas/secrets/{project_id}/{region_id}/{secret_name}: 204 with no body. */
export function deletePullSecret(request: ApiRequest, segments: Location & { secretName: string }, store: PullSecretStore): Reply {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(request.requestId, location.invalidFields);
  if (!store.remove(location.location.projectId, location.location.regionId, segments.secretName)) {
    return notFound(request.requestId, segments.secretName);
  }
  return { status: 204, rawBody: '' };
}

function notFound(requestId: string, name: string): Reply {
  return cloudError(requestId, 404, 'NotFoundError', `Pull secret ${name} not found`);
}

/** Unlike a container's fields, none of a secret's can be unset: null is refused. */
function checkFields(errors: FieldErrors, value: Record<string, unknown>, rules: Record<string, FieldRule>): void {
  for (const [field, fieldValue] of Object.entries(value)) {
    if (!Object.hasOwn(rules, field)) errors.add(field, UNKNOWN_FIELD);
    else if (fieldValue === null) {
      if (!errors.fields[field]) errors.add(field, NOT_NULL);
    } else rules[field](errors, field, fieldValue);
  }
}
