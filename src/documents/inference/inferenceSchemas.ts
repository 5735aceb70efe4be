import { inferenceDeploymentCreateSchema } from '../../models/inference/inferenceDeploymentCreate';
import { INFERENCE_SCHEMA_PATHS } from '../../models/inference/inferenceDeploymentDocuments';
import { inferenceDeploymentChangesSchema } from '../../models/inference/inferenceDeploymentUpdate';

/** The JSON schema a `gcore-schema` path names, when it is an inference deployment document's. */
export function inferenceSchemaText(path: string): string | undefined {
  if (path === INFERENCE_SCHEMA_PATHS.deployment) return JSON.stringify(inferenceDeploymentChangesSchema(), null, 2);
  if (path === INFERENCE_SCHEMA_PATHS.newDeployment) return JSON.stringify(inferenceDeploymentCreateSchema(), null, 2);
  return undefined;
}
