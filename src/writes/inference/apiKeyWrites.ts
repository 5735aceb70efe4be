import * as l10n from '@vscode/l10n';
import type { CallOptions } from '../../api/callOptions';
import { isGcoreApiError } from '../../api/errors';
import type { InferenceApiKey, InferenceDeploymentRef, InferenceNamedRef, InferenceProjectRef } from '../../api/inference/inferenceTypes';
import { hideSecret } from '../../logging/redaction';
import { deploymentsUsing, keysAfter } from '../../models/inference/inferenceApiKeys';
import { inferenceDeploymentChange } from '../../models/inference/inferenceKinds';
import { inferenceOf, loggedInferenceChange, type InferenceWritesDeps, type SentInferenceChange } from './inferenceDeploymentWrites';

/**
 * Where a key's secret is kept: VS Code's SecretStorage (auth/inference/inferenceKeySecrets.ts), by project and
 * name. A write path sees only this port, so that nothing else can keep a secret.
 */
export interface InferenceKeySecretStore {
  store(ref: InferenceNamedRef, secret: string): Promise<void>;
  delete(ref: InferenceNamedRef): Promise<void>;
}

export interface InferenceKeyWritesDeps extends InferenceWritesDeps {
  secrets: InferenceKeySecretStore;
}

/** A new key as Gcore takes it: `expires_at` an ISO time, left out for a key that never expires. */
export interface InferenceApiKeyValues {
  name: string;
  description?: string;
  expires_at?: string;
}

/** What a create left: the key as Gcore answered it without its secret, and whether this machine holds the secret. */
export interface CreatedInferenceApiKey {
  key: InferenceApiKey;
  secretStored: boolean;
}

/**
 * Creates a key and puts the secret Gcore answers once into the secret store, the only place it goes: the key is
 * answered without it, and the secret is hidden from every log line and message of the session at once. A secret
 * that cannot be stored is lost: the error says the key exists and how to go on.
 */
export async function createInferenceApiKey(
  deps: InferenceKeyWritesDeps,
  project: InferenceProjectRef,
  values: InferenceApiKeyValues,
  options: CallOptions = {},
): Promise<CreatedInferenceApiKey> {
  const { secret, ...key } = await deps.client.inference.createApiKey(project, values, options);
  const ref = { projectId: project.projectId, name: key.name || values.name };
  const held = typeof secret === 'string' && secret !== '' ? secret : undefined;
  hideSecret(held);
  if (held !== undefined) {
    try {
      await deps.secrets.store(ref, held);
    } catch (error) {
      deps.log.warn(`inference API key ${ref.name} of project ${ref.projectId} created; its secret could not be stored`); // not user text: a line of the log
      throw new Error(
        l10n.t(
          'API key {0} was created, but its secret could not be kept: {1} Delete the key and create another, or paste its secret once it can be stored.',
          ref.name,
          error instanceof Error ? error.message : String(error),
        ),
        { cause: error },
      );
    }
  }
  deps.log.info(
    `inference API key ${ref.name} of project ${ref.projectId} created; ${held === undefined ? 'Gcore answered no secret' : 'its secret is in SecretStorage'}`, // not user text: a line of the log
  );
  return { key: { ...key, name: ref.name }, secretStored: held !== undefined };
}

/**
 * Deletes a key and the secret this machine holds for it. Gcore refuses a key still attached to a deployment: the
 * error names the deployments, read from the key's list, so that it can be detached from them first.
 */
export async function deleteInferenceApiKey(
  deps: InferenceKeyWritesDeps,
  ref: InferenceNamedRef,
  options: CallOptions = {},
): Promise<void> {
  try {
    await deps.client.inference.deleteApiKey(ref, options);
  } catch (error) {
    if (isGcoreApiError(error) && error.kind === 'conflict') throw await attachedError(deps, ref, error, options);
    // A key already gone at Gcore leaves no use for its secret either.
    if (isGcoreApiError(error) && error.kind === 'notFound') await deps.secrets.delete(ref);
    throw error;
  }
  await deps.secrets.delete(ref);
  deps.log.info(`inference API key ${ref.name} of project ${ref.projectId} deleted with its stored secret`); // not user text: a line of the log
}

async function attachedError(deps: InferenceKeyWritesDeps, ref: InferenceNamedRef, conflict: Error, options: CallOptions): Promise<Error> {
  const listed = await deps.client.inference.listApiKeys(ref, options).then(
    (list) => list.results.find((key) => key.name === ref.name),
    () => undefined,
  );
  const users = listed ? deploymentsUsing(listed) : [];
  if (users.length === 0) return conflict;
  return new Error(
    l10n.t(
      'API key {0} is attached to {1}: Gcore deletes a key only once no deployment uses it. Detach it from them first (they then take requests without it, or with their other keys).',
      ref.name,
      users.join(', '),
    ),
    { cause: conflict },
  );
}

/**
 * Attaches a key to a deployment or detaches it: a PATCH of the deployment's whole `api_keys`, as read just before.
 * The last key detached turns the deployment's auth off: anyone who knows its address can call it.
 */
export async function sendInferenceApiKeyAttachment(
  deps: InferenceWritesDeps,
  deployment: InferenceDeploymentRef,
  key: string,
  action: 'attach' | 'detach',
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  const current = await deps.client.inference.getDeployment(deployment, options);
  const api_keys = keysAfter(current, key, action);
  const result = await deps.client.inference.updateDeployment(deployment, { api_keys }, options);
  return loggedInferenceChange(
    deps.log,
    `inference API key ${key} ${action === 'attach' ? 'attached to' : 'detached from'} deployment`, // not user text: a line of the log
    { result, change: inferenceDeploymentChange(deployment, 'update'), stale: inferenceOf(deployment) },
  );
}
