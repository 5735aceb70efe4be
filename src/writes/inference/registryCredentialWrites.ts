import type { CallOptions } from '../../api/callOptions';
import { isGcoreApiError } from '../../api/errors';
import type { InferenceProjectRef, InferenceRegistryCredential } from '../../api/inference/inferenceTypes';
import type { InferenceWritesDeps } from './inferenceDeploymentWrites';

/** A registry credential as it is set: all three of its fields, as Gcore takes no partial update. */
export interface RegistryCredentialValues {
  name: string;
  username: string;
  password: string;
  /** The registry's host name only (`ghcr.io`). */
  registry_url: string;
}

/** What was set: the credential as Gcore answered it (never with its password), and whether it replaced one. */
export interface SetRegistryCredential {
  credential: InferenceRegistryCredential;
  replaced: boolean;
}

/**
 * Sets a project's registry credential: created when the name is new, replaced (a PUT of all three fields) when the
 * project has one of that name, also when it appeared between the read and the create. The password goes to Gcore in
 * the request body and nowhere else: not in the log, not in the answer.
 */
export async function setInferenceRegistryCredential(
  deps: InferenceWritesDeps,
  project: InferenceProjectRef,
  values: RegistryCredentialValues,
  options: CallOptions = {},
): Promise<SetRegistryCredential> {
  const { inference } = deps.client;
  const ref = { projectId: project.projectId, name: values.name };
  const { name: _name, ...fields } = values;
  const listed = (await inference.listRegistryCredentials(project, options)).results.some((credential) => credential.name === values.name);
  let replaced = listed;
  let credential: InferenceRegistryCredential;
  if (listed) {
    credential = await inference.replaceRegistryCredential(ref, fields, options);
  } else {
    try {
      credential = await inference.createRegistryCredential(project, values, options);
    } catch (error) {
      if (!isGcoreApiError(error) || error.kind !== 'conflict') throw error;
      credential = await inference.replaceRegistryCredential(ref, fields, options);
      replaced = true;
    }
  }
  deps.log.info(`registry credential ${values.name} of project ${project.projectId} ${replaced ? 'replaced' : 'created'}`); // not user text: a line of the log
  return { credential, replaced };
}
