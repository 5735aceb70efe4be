import { randomBytes } from 'node:crypto';
import type { ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { checkObject, checkRequired, checkString, FieldErrors } from './field-checks';
import { locateProject } from './inference-deployments';
import type { ApiKeyRecord, InferenceProject, InferenceState, RegistryCredentialRecord } from './inference-state';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function notFound(request: ApiRequest, what: string, name: string): Reply {
  return cloudError(request.requestId, 404, 'NotFoundError', `${what} ${name} not found`);
}

/** The deployments a key is attached to. */
function deploymentsUsing(project: InferenceProject, keyName: string): string[] {
  return [...project.deployments.values()].filter((record) => record.apiKeys.includes(keyName)).map((record) => record.name);
}

function keyView(project: InferenceProject, key: ApiKeyRecord): Record<string, unknown> {
  return {
    name: key.name,
    description: key.description,
    expires_at: key.expiresAt,
    created_at: key.createdAt,
    deployment_names: deploymentsUsing(project, key.name),
  };
}

/**
 * A key's name in a path. Gcore routes on the name without letting a dot through, so a key whose name holds
 * one is created but can be neither read nor deleted by name (inference-notes.md, trap 6).
 */
function keyByPath(project: InferenceProject, name: string): ApiKeyRecord | undefined {
  return name.includes('.') ? undefined : project.apiKeys.get(name);
}

function checkKeyFields(body: Record<string, unknown>, errors: FieldErrors, withName: boolean): void {
  checkObject(errors, '', body, {
    ...(withName ? { name: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 63, pattern: KEY_NAME }) } : {}),
    description: (e, f, v) => checkString(e, f, v, { maxLength: 300 }),
    expires_at: (e, f, v) => checkString(e, f, v, { pattern: ISO_DATE_TIME }),
  });
}

/** GET /cloud/v3/inference/{project_id}/api_keys?limit=&offset=: 100 a page unless asked; never a secret. */
export function listInferenceApiKeys(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, 1000, 100, invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const views = [...located.project.apiKeys.values()].map((key) => keyView(located.project, key));
  return { status: 200, body: { count: views.length, results: pageOf(views, page) } };
}

/** POST /cloud/v3/inference/{project_id}/api_keys `{name, description?, expires_at?}`: the key with its `secret`, the only time it is shown. */
export function createInferenceApiKey(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['name']);
  checkKeyFields(body.value, errors, true);
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  const name = body.value.name as string;
  if (located.project.apiKeys.has(name)) return cloudError(request.requestId, 409, 'ConflictError', `API key ${name} already exists`);
  const key: ApiKeyRecord = {
    name,
    description: (body.value.description as string | undefined) ?? null,
    expiresAt: (body.value.expires_at as string | undefined) ?? null,
    createdAt: new Date(state.clock.now()).toISOString(),
    secret: randomBytes(24).toString('base64url'),
  };
  located.project.apiKeys.set(name, key);
  return { status: 200, body: { ...keyView(located.project, key), secret: key.secret } };
}

/** GET /cloud/v3/inference/{project_id}/api_keys/{name} */
export function getInferenceApiKey(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located.reply;
  const key = keyByPath(located.project, segments.name);
  return key ? { status: 200, body: keyView(located.project, key) } : notFound(request, 'API key', segments.name);
}

/** PATCH /cloud/v3/inference/{project_id}/api_keys/{name} `{description?, expires_at?}` */
export function patchInferenceApiKey(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located.reply;
  const key = keyByPath(located.project, segments.name);
  if (!key) return notFound(request, 'API key', segments.name);
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkKeyFields(body.value, errors, false);
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  if (body.value.description !== undefined) key.description = body.value.description as string | null;
  if (body.value.expires_at !== undefined) key.expiresAt = body.value.expires_at as string | null;
  return { status: 200, body: keyView(located.project, key) };
}

/** DELETE /cloud/v3/inference/{project_id}/api_keys/{name}: 204; 409 while a deployment still uses it. */
export function deleteInferenceApiKey(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located.reply;
  const key = keyByPath(located.project, segments.name);
  if (!key) return notFound(request, 'API key', segments.name);
  const users = deploymentsUsing(located.project, key.name);
  if (users.length > 0) {
    return cloudError(request.requestId, 409, 'ConflictError', `API key ${key.name} is attached to deployments: ${users.join(', ')}`);
  }
  located.project.apiKeys.delete(key.name);
  return { status: 204 };
}

/** A registry's host name, as Gcore takes it: no scheme, no path, no port. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?(\.[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)+$/i;
const CREDENTIAL_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function credentialView(credential: RegistryCredentialRecord, projectId: number): Record<string, unknown> {
  return { name: credential.name, username: credential.username, registry_url: credential.registryUrl, project_id: projectId };
}

function checkCredential(body: Record<string, unknown>, withName: boolean): InvalidFields {
  const errors = new FieldErrors();
  const required = ['username', 'password', 'registry_url'];
  checkRequired(errors, body, withName ? ['name', ...required] : required);
  checkObject(errors, '', body, {
    ...(withName ? { name: (e, f, v) => checkString(e, f, v, { minLength: 3, maxLength: 63, pattern: CREDENTIAL_NAME }) } : {}),
    username: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 255 }),
    password: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 4096 }),
    registry_url: (e, f, v) => checkString(e, f, v, { pattern: HOST_NAME }),
  });
  return errors.fields;
}

/** GET /cloud/v3/inference/{project_id}/registry_credentials: never a password. */
export function listRegistryCredentials(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, 1000, 100, invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const views = [...located.project.credentials.values()].map((credential) => credentialView(credential, located.projectId));
  return { status: 200, body: { count: views.length, results: pageOf(views, page) } };
}

/** POST /cloud/v3/inference/{project_id}/registry_credentials `{name, username, password, registry_url}`; a malformed body's text is never quoted (it may hold the password). */
export function createRegistryCredential(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request, { quoteParseError: false });
  if (!body.ok) return body.reply;
  const invalidFields = checkCredential(body.value, true);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const name = body.value.name as string;
  if (located.project.credentials.has(name)) {
    return cloudError(request.requestId, 409, 'ConflictError', `Registry credential ${name} already exists`);
  }
  const credential: RegistryCredentialRecord = {
    name,
    username: body.value.username as string,
    password: body.value.password as string,
    registryUrl: body.value.registry_url as string,
  };
  located.project.credentials.set(name, credential);
  return { status: 200, body: credentialView(credential, located.projectId) };
}

/** GET /cloud/v3/inference/{project_id}/registry_credentials/{name} */
export function getRegistryCredential(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located.reply;
  const credential = located.project.credentials.get(segments.name);
  return credential
    ? { status: 200, body: credentialView(credential, located.projectId) }
    : notFound(request, 'Registry credential', segments.name);
}

/** PUT /cloud/v3/inference/{project_id}/registry_credentials/{name}: all three of username, password, registry_url (400 otherwise). */
export function replaceRegistryCredential(
  request: ApiRequest,
  segments: { projectId: string; name: string },
  state: InferenceState,
): Reply {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located.reply;
  const credential = located.project.credentials.get(segments.name);
  if (!credential) return notFound(request, 'Registry credential', segments.name);
  const body = readCloudJsonObject(request, { quoteParseError: false });
  if (!body.ok) return body.reply;
  const invalidFields = checkCredential(body.value, false);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  credential.username = body.value.username as string;
  credential.password = body.value.password as string;
  credential.registryUrl = body.value.registry_url as string;
  return { status: 200, body: credentialView(credential, located.projectId) };
}

/** DELETE /cloud/v3/inference/{project_id}/registry_credentials/{name}: 204; 409 while a deployment pulls with it. */
export function deleteRegistryCredential(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located.reply;
  const credential = located.project.credentials.get(segments.name);
  if (!credential) return notFound(request, 'Registry credential', segments.name);
  const users = [...located.project.deployments.values()].filter((record) => record.credentialsName === credential.name);
  if (users.length > 0) {
    return cloudError(
      request.requestId,
      409,
      'ConflictError',
      `Registry credential ${credential.name} is used by deployments: ${users.map((record) => record.name).join(', ')}`,
    );
  }
  located.project.credentials.delete(credential.name);
  return { status: 204 };
}
