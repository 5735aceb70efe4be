import type { ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { parseProjectId } from './cloud-location';
import { checkBoolean, checkObject, checkRequired, checkString, FieldErrors, isUuid, resourceNamePattern } from './field-checks';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';
import { fingerprintOf, generateEd25519Pair } from './ssh-key-pair';
import { sshKeyView, type SshKeyRecord, type SshKeyStore } from './ssh-key-store';

/** Gcore's SSH key list answers 10 keys unless asked for more, 1000 at most. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 1000;
const ORDERS = ['created_at.desc', 'created_at.asc', 'name.asc', 'name.desc'];

/** GET /cloud/v1/ssh_keys/{project_id}?limit=&offset=&name=&order_by=: `name` matches part of the name, any case. */
export function listSshKeys(request: ApiRequest, projectSegment: string, store: SshKeyStore): Reply {
  const invalidFields: InvalidFields = {};
  const project = parseProjectId(projectSegment);
  if (!project.ok) Object.assign(invalidFields, project.invalidFields);
  const page = readPageQuery(request.query, MAX_LIMIT, DEFAULT_LIMIT, invalidFields);
  const order = request.query.get('order_by') ?? 'created_at.desc';
  if (!ORDERS.includes(order)) invalidFields.order_by = [`Must be one of: ${ORDERS.join(', ')}.`];
  if (!project.ok || Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);

  const part = (request.query.get('name') ?? '').toLowerCase();
  const [field, direction] = order.split('.');
  const keys = store
    .keys(project.projectId)
    .filter((key) => key.name.toLowerCase().includes(part))
    .map((key, index) => ({ key, index }))
    .sort((a, b) => {
      const byField =
        field === 'name' ? a.key.name.localeCompare(b.key.name) : a.key.createdAt.localeCompare(b.key.createdAt) || a.index - b.index;
      return direction === 'asc' ? byField : -byField;
    })
    .map(({ key }) => sshKeyView(key));
  return { status: 200, body: { count: keys.length, results: pageOf(keys, page) } };
}

/**
 * POST /cloud/v1/ssh_keys/{project_id} `{name, public_key?, shared_in_project?}`: 201 with the key. Without a
 * public key Gcore generates an Ed25519 pair and answers its `private_key` this once; it is not kept.
 */
export function createSshKey(request: ApiRequest, projectSegment: string, store: SshKeyStore): Reply {
  const project = parseProjectId(projectSegment);
  if (!project.ok) return cloudValidationError(request.requestId, project.invalidFields);
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['name']);
  checkObject(errors, '', body.value, {
    name: (e, f, v) => checkString(e, f, v, { maxLength: 255, pattern: resourceNamePattern(255) }),
    public_key: (e, f, v) => {
      if (typeof v === 'string' && fingerprintOf(v) === undefined) e.add(f, 'Not a valid OpenSSH public key.');
      else checkString(e, f, v);
    },
    shared_in_project: checkBoolean,
  });
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);

  const {
    name,
    public_key: publicKey,
    shared_in_project: shared,
  } = body.value as { name: string; public_key?: string | null; shared_in_project?: boolean | null };
  if (store.find(project.projectId, name)) {
    return cloudError(request.requestId, 409, 'ConflictError', `SSH key with name ${name} already exists`);
  }
  const generated = publicKey ? undefined : generateEd25519Pair(name);
  const key = store.add(project.projectId, { name, publicKey: publicKey ?? generated!.publicKey, sharedInProject: shared ?? true });
  return { status: 201, body: { ...sshKeyView(key), private_key: generated?.privateKey ?? null } };
}

/** The key a path names, or the answer when the project or id is malformed (400) or names none (404). */
function locateKey(
  request: ApiRequest,
  segments: { projectId: string; keyId: string },
  store: SshKeyStore,
): { ok: true; projectId: number; key: SshKeyRecord } | { ok: false; reply: Reply } {
  const project = parseProjectId(segments.projectId);
  const invalidFields: InvalidFields = project.ok ? {} : { ...project.invalidFields };
  if (!isUuid(segments.keyId)) invalidFields.ssh_key_id = ['Not a valid UUID.'];
  if (!project.ok || Object.keys(invalidFields).length > 0) {
    return { ok: false, reply: cloudValidationError(request.requestId, invalidFields) };
  }
  const key = store.keys(project.projectId).find((candidate) => candidate.id === segments.keyId);
  if (!key) return { ok: false, reply: cloudError(request.requestId, 404, 'NotFoundError', `SSH key ${segments.keyId} not found`) };
  return { ok: true, projectId: project.projectId, key };
}

/** GET /cloud/v1/ssh_keys/{project_id}/{ssh_key_id} */
export function getSshKey(request: ApiRequest, segments: { projectId: string; keyId: string }, store: SshKeyStore): Reply {
  const located = locateKey(request, segments, store);
  return located.ok ? { status: 200, body: sshKeyView(located.key) } : located.reply;
}

/** PATCH /cloud/v1/ssh_keys/{project_id}/{ssh_key_id} `{shared_in_project}`: the only thing a key lets change. */
export function shareSshKey(request: ApiRequest, segments: { projectId: string; keyId: string }, store: SshKeyStore): Reply {
  const located = locateKey(request, segments, store);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['shared_in_project']);
  checkObject(errors, '', body.value, { shared_in_project: checkBoolean });
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  located.key.sharedInProject = body.value.shared_in_project as boolean;
  return { status: 200, body: sshKeyView(located.key) };
}

/** DELETE /cloud/v1/ssh_keys/{project_id}/{ssh_key_id}: 204 at once. Clusters name keys, so theirs stay as they are. */
export function deleteSshKey(request: ApiRequest, segments: { projectId: string; keyId: string }, store: SshKeyStore): Reply {
  const located = locateKey(request, segments, store);
  if (!located.ok) return located.reply;
  store.remove(located.projectId, located.key.id);
  return { status: 204 };
}
