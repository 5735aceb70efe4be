import { isJsonObject, type ApiRequest } from './api-request';
import { aiRegionIds } from './account-endpoints';
import { readCloudJsonObject } from './cloud-json-body';
import { parseProjectId } from './cloud-location';
import { FieldErrors } from './field-checks';
import { findInferenceFlavor } from './inference-catalogue';
import {
  buildDeployment,
  restartPods,
  startInferenceTask,
  startPods,
  stopPods,
  storedContainers,
  taskOwner,
} from './inference-deployment-changes';
import { deploymentView, isFailingImage } from './inference-deployment-view';
import { deploymentLogs, readLogQuery } from './inference-logs';
import { deploymentNeeds, exceededInferenceQuotas } from './inference-quota';
import {
  endpointSite,
  placeDeployment,
  projectOf,
  settleProject,
  type DeploymentRecord,
  type InferenceProject,
  type InferenceState,
} from './inference-state';
import { validateDeploymentCreate, validateDeploymentPatch } from './inference-validation';
import { gpuQuotaMessage } from './gpu-limits';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudQuotaError, cloudValidationError, type InvalidFields, type Reply } from './replies';

const LIST_DEFAULT_LIMIT = 1000;

export type Located<T> = ({ ok: true } & T) | { ok: false; reply: Reply };

/** The project a path names (400 for a malformed id), its inference resources settled. */
export function locateProject(
  request: ApiRequest,
  projectSegment: string,
  state: InferenceState,
): Located<{ projectId: number; project: InferenceProject }> {
  const parsed = parseProjectId(projectSegment);
  if (!parsed.ok) return { ok: false, reply: cloudValidationError(request.requestId, parsed.invalidFields) };
  const project = projectOf(state, request.accountId, parsed.projectId);
  settleProject(state, project);
  return { ok: true, projectId: parsed.projectId, project };
}

export function locateDeployment(
  request: ApiRequest,
  segments: { projectId: string; name: string },
  state: InferenceState,
): Located<{ projectId: number; project: InferenceProject; record: DeploymentRecord }> {
  const located = locateProject(request, segments.projectId, state);
  if (!located.ok) return located;
  const record = located.project.deployments.get(segments.name);
  if (!record) {
    return { ok: false, reply: cloudError(request.requestId, 404, 'NotFoundError', `Inference deployment ${segments.name} not found`) };
  }
  return { ...located, record };
}

function conflict(request: ApiRequest, message: string): Reply {
  return cloudError(request.requestId, 409, 'ConflictError', message);
}

/** What the schema cannot know: the flavor, the regions, the registry credential and the API keys must exist. */
function checkReferences(project: InferenceProject, body: Record<string, unknown>): InvalidFields {
  const errors = new FieldErrors();
  if (typeof body.flavor_name === 'string' && !findInferenceFlavor(body.flavor_name)) {
    errors.add('flavor_name', `Flavor ${body.flavor_name} not found.`);
  }
  if (Array.isArray(body.containers)) {
    body.containers.forEach((container: unknown, index) => {
      const regionId = isJsonObject(container) ? container.region_id : undefined;
      if (typeof regionId === 'number' && !aiRegionIds().includes(regionId)) {
        errors.add(`containers.${index}.region_id`, `Region ${regionId} does not run inference deployments.`);
      }
    });
  }
  if (typeof body.credentials_name === 'string' && !project.credentials.has(body.credentials_name)) {
    errors.add('credentials_name', `Registry credential ${body.credentials_name} not found.`);
  }
  if (Array.isArray(body.api_keys)) {
    body.api_keys.forEach((name: unknown, index) => {
      if (typeof name === 'string' && !project.apiKeys.has(name)) errors.add(`api_keys.${index}`, `API key ${name} not found.`);
    });
  }
  return errors.fields;
}

/**
 * GET /cloud/v3/inference/{project_id}/deployments?limit=&offset=: `{count, results}`, oldest first, 1000 a
 * page unless asked; an application's components are listed with their `object_references`.
 */
export function listInferenceDeployments(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const invalidFields: InvalidFields = {};
  const located = locateProject(request, projectSegment, state);
  const page = readPageQuery(request.query, 1000, LIST_DEFAULT_LIMIT, invalidFields);
  if (!located.ok) return located.reply;
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const now = state.clock.now();
  const views = [...located.project.deployments.values()].map((record) =>
    deploymentView(record, now, endpointSite(state, request.accountId)),
  );
  return { status: 200, body: { count: views.length, results: pageOf(views, page) } };
}

/** GET /cloud/v3/inference/{project_id}/deployments/{name} */
export function getInferenceDeployment(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateDeployment(request, segments, state);
  return located.ok
    ? { status: 200, body: deploymentView(located.record, state.clock.now(), endpointSite(state, request.accountId)) }
    : located.reply;
}

/**
 * POST /cloud/v3/inference/{project_id}/deployments: `{tasks}`; the finished task names the deployment in
 * `created_resources.inference_instances`. The deployment is listed at once, DEPLOYING. Nothing is created
 * when a check fails: the payload and references (400), a name in use (409), the account's quota (400
 * QuotaExceededError).
 */
export function createInferenceDeployment(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const schemaErrors = validateDeploymentCreate(body.value);
  if (Object.keys(schemaErrors).length > 0) return cloudValidationError(request.requestId, schemaErrors);
  const referenceErrors = checkReferences(located.project, body.value);
  if (Object.keys(referenceErrors).length > 0) return cloudValidationError(request.requestId, referenceErrors);
  const name = body.value.name as string;
  if (located.project.deployments.has(name)) return conflict(request, `Inference deployment ${name} already exists`);
  const containers = storedContainers(body.value.containers, true);
  const exceeded = exceededInferenceQuotas(state, request.accountId, deploymentNeeds(body.value.flavor_name as string, containers));
  if (Object.keys(exceeded).length > 0) return cloudQuotaError(request.requestId, gpuQuotaMessage(exceeded), exceeded);

  const record = buildDeployment(located.projectId, body.value, state.clock.now(), state.timings.deployMs);
  placeDeployment(located.project, record);
  const task = startInferenceTask(state, taskOwner(record), 'create_inference_instance', { inference_instances: [name] });
  return { status: 200, body: { tasks: [task.id] } };
}

/** What a change to these fields does: the pods restart with it. */
const RESTARTING_FIELDS = [
  'image',
  'listening_port',
  'flavor_name',
  'containers',
  'credentials_name',
  'envs',
  'command',
  'readiness_probe',
  'liveness_probe',
  'startup_probe',
];

/** What the change adds to the account's usage (only what grows counts); nothing for a stopped deployment. */
function addedNeeds(record: DeploymentRecord, flavorName: string, containers: DeploymentRecord['containers']): Record<string, number> {
  const after = deploymentNeeds(flavorName, containers);
  if (record.stopped) return {};
  const before = deploymentNeeds(record.flavorName, record.containers);
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, amount]) => [name, amount - (before[name] ?? 0)] as const)
      .filter(([, amount]) => amount > 0),
  );
}

function applyPatch(record: DeploymentRecord, body: Record<string, unknown>, containers: DeploymentRecord['containers'] | undefined): void {
  if (typeof body.image === 'string') {
    record.image = body.image;
    record.failing = isFailingImage(body.image);
  }
  if (typeof body.listening_port === 'number') record.listeningPort = body.listening_port;
  if (typeof body.flavor_name === 'string') record.flavorName = body.flavor_name;
  if (containers) record.containers = containers;
  if (body.credentials_name !== undefined) record.credentialsName = body.credentials_name as string | null;
  if (body.envs !== undefined) record.envs = (body.envs as Record<string, string> | null) ?? {};
  if (body.command !== undefined) record.command = body.command as string[] | null;
  if (body.api_keys !== undefined) record.apiKeys = (body.api_keys as string[] | null) ?? [];
  for (const key of ['readiness_probe', 'liveness_probe', 'startup_probe', 'ingress_opts', 'logging', 'timeout', 'description']) {
    if (body[key] !== undefined) record.settings[key] = body[key];
  }
}

/**
 * PATCH /cloud/v3/inference/{project_id}/deployments/{name}: every field optional; `containers` is the whole set
 * of regions (one left out is removed), each region's `scale` with `min` and `max` (no defaults in an update:
 * what is not sent is null); `api_keys: []` turns auth off. A change of what the pods run restarts them.
 * An application's component is changed through its application (409).
 */
export function patchInferenceDeployment(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const located = locateDeployment(request, segments, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const { record, project } = located;
  const schemaErrors = validateDeploymentPatch(body.value);
  if (Object.keys(schemaErrors).length > 0) return cloudValidationError(request.requestId, schemaErrors);
  const referenceErrors = checkReferences(project, body.value);
  if (Object.keys(referenceErrors).length > 0) return cloudValidationError(request.requestId, referenceErrors);
  if (record.deletionTaskId !== null) return conflict(request, `Inference deployment ${record.name} is being deleted`);
  if (record.objectReferences.length > 0) {
    return conflict(request, `Inference deployment ${record.name} belongs to application ${record.objectReferences[0].name}`);
  }
  const containers = body.value.containers === undefined ? undefined : storedContainers(body.value.containers, false);
  const flavorName = typeof body.value.flavor_name === 'string' ? body.value.flavor_name : record.flavorName;
  const exceeded = exceededInferenceQuotas(state, request.accountId, addedNeeds(record, flavorName, containers ?? record.containers));
  if (Object.keys(exceeded).length > 0) return cloudQuotaError(request.requestId, gpuQuotaMessage(exceeded), exceeded);

  applyPatch(record, body.value, containers);
  if (!record.stopped && RESTARTING_FIELDS.some((field) => body.value[field] !== undefined)) {
    restartPods(record, state.clock.now(), state.timings.deployMs);
  }
  const task = startInferenceTask(state, taskOwner(record), 'update_inference_instance');
  return { status: 200, body: { tasks: [task.id] } };
}

/** DELETE /cloud/v3/inference/{project_id}/deployments/{name}: `{tasks}`; DELETING until its task ends, then gone. */
export function deleteInferenceDeployment(
  request: ApiRequest,
  segments: { projectId: string; name: string },
  state: InferenceState,
): Reply {
  const located = locateDeployment(request, segments, state);
  if (!located.ok) return located.reply;
  const { record } = located;
  if (record.deletionTaskId !== null) return conflict(request, `Inference deployment ${record.name} is already being deleted`);
  if (record.objectReferences.length > 0) {
    return conflict(request, `Inference deployment ${record.name} belongs to application ${record.objectReferences[0].name}`);
  }
  const task = startInferenceTask(state, taskOwner(record), 'delete_inference_instance');
  stopPods(record, state.clock.now());
  record.deletionTaskId = task.id;
  return { status: 200, body: { tasks: [task.id] } };
}

/**
 * POST /cloud/v3/inference/{project_id}/deployments/{name}/start and `…/stop`: 204 without a body or a task.
 * Stop takes every region to zero pods (DISABLED); start takes each back to its `scale.min` (DEPLOYING, or
 * PENDING at once when every minimum is 0). Either answers 409 while the deployment is being deleted.
 */
export function powerInferenceDeployment(
  request: ApiRequest,
  segments: { projectId: string; name: string },
  state: InferenceState,
  action: 'start' | 'stop',
): Reply {
  const located = locateDeployment(request, segments, state);
  if (!located.ok) return located.reply;
  const { record } = located;
  if (record.deletionTaskId !== null) return conflict(request, `Inference deployment ${record.name} is being deleted`);
  const now = state.clock.now();
  if (action === 'stop' && !record.stopped) stopPods(record, now);
  if (action === 'start' && record.stopped) startPods(record, now, state.timings.deployMs);
  return { status: 204 };
}

/** GET /cloud/v3/inference/{project_id}/deployments/{name}/logs?limit=&offset=&order_by=&region_id= */
export function inferenceDeploymentLogs(request: ApiRequest, segments: { projectId: string; name: string }, state: InferenceState): Reply {
  const invalidFields: InvalidFields = {};
  const query = readLogQuery(request.query, invalidFields);
  const located = locateDeployment(request, segments, state);
  if (!located.ok) return located.reply;
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  return { status: 200, body: deploymentLogs(located.record, query, state.clock.now(), state.timings.logLineMs) };
}

/**
 * POST /cloud/v3/inference/{project_id}/deployments/check_limits `{flavor_name, containers}`: the `inference_*`
 * quotas the deployment would pass (each as `_limit`, `_requested`, `_usage`), `{}` when it fits.
 */
export function checkInferenceLimits(request: ApiRequest, projectSegment: string, state: InferenceState): Reply {
  const located = locateProject(request, projectSegment, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  if (!findInferenceFlavor(body.value.flavor_name)) errors.add('flavor_name', `Flavor ${String(body.value.flavor_name)} not found.`);
  const containers = body.value.containers;
  const readable =
    Array.isArray(containers) &&
    containers.length > 0 &&
    containers.every((container) => isJsonObject(container) && isJsonObject(container.scale) && Number.isInteger(container.scale.max));
  if (!readable) errors.add('containers', 'A list of {region_id, scale: {min, max}}, at least one, is required.');
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  const scales = (containers as { scale: { max: number } }[]).map((container) => ({ scale: { max: container.scale.max } }));
  return {
    status: 200,
    body: exceededInferenceQuotas(state, request.accountId, deploymentNeeds(body.value.flavor_name as string, scales)),
  };
}
