import type { InferenceNamedRef, InferenceProjectRef } from '../../api/inference/inferenceTypes';

/** The kinds inference changes register as, and their tasks' subjects name. */
export const INFERENCE_DEPLOYMENT_KIND = 'inferenceDeployment';
export const INFERENCE_APPLICATION_KIND = 'inferenceApplication';

/**
 * Inference lives in a project, not a region (a deployment spans regions); a subject's place is its project with
 * this region, which no Gcore region has, so that the task machinery's project/region key still names one place.
 */
export const PROJECT_WIDE_REGION = 0;

/** What a deployment change does, in the words its kind reads: `create`, `update`, `delete`, `start`, `stop`. */
export type InferenceDeploymentAction = 'create' | 'update' | 'delete' | 'start' | 'stop';

/** A change of a deployment as its tasks' subject names it: by project and name (names are unique in a project). */
export function inferenceDeploymentChange(ref: InferenceNamedRef, action: InferenceDeploymentAction) {
  return { kind: INFERENCE_DEPLOYMENT_KIND, projectId: ref.projectId, regionId: PROJECT_WIDE_REGION, name: ref.name, action };
}

/** A change of a catalogue application's deployment: `create` or `delete` (its components change with it). */
export function inferenceApplicationChange(ref: InferenceNamedRef, action: 'create' | 'update' | 'delete') {
  return { kind: INFERENCE_APPLICATION_KIND, projectId: ref.projectId, regionId: PROJECT_WIDE_REGION, name: ref.name, action };
}

/** The project/region key of a project's inference, as the loaders and the task machinery use it. */
export function inferencePlace(ref: InferenceProjectRef) {
  return { projectId: ref.projectId, regionId: PROJECT_WIDE_REGION };
}
