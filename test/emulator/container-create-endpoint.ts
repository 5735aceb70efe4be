import type { ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { parseCloudLocation } from './cloud-location';
import { validateContainerCreate } from './container-create-validation';
import { exceededQuotas, requestOf, usageAt, type QuotaLimits } from './container-quota';
import { instancesAtStart, scaleAsStored, type ContainerConfig, type ContainerState, type ContainerStore } from './container-store';
import { imagePullFailure } from './image-pull';
import type { PullSecretStore } from './pull-secret-store';
import { cloudError, cloudQuotaError, cloudValidationError, type Reply } from './replies';
import type { TaskStore, TaskTimings } from './task-store';

/** What a create reads and changes beside the containers. */
export interface ContainerCreateContext {
  containers: ContainerStore;
  tasks: TaskStore;
  secrets: PullSecretStore;
  quota: QuotaLimits;
  /** A create takes longer than an update (30–60 s at Gcore). */
  createTimings: TaskTimings;
}

/** The optional fields as a read shows them when the payload left them out. */
const DEFAULTS: ContainerConfig = {
  timeout: 60,
  envs: {},
  description: '',
  is_api_key_auth: false,
  is_disabled: false,
  pull_secret: null,
  commands: null,
  logging: null,
};

/**
 * POST /cloud/v1/caas/{project_id}/{region_id}/containers: `{tasks: [id]}` of a `create_caas_container` task.
 * The container is listed at once, Pending while the task is NEW, Deploying while it runs, then Ready (or
 * Disabled when created so), or Error with the task's error. Nothing is created when a check fails: the
 * payload, the name already taken here (409), the location's quota (400 QuotaExceededError).
 */
export function createContainer(
  request: ApiRequest,
  segments: { projectId: string; regionId: string },
  context: ContainerCreateContext,
): Reply {
  const { requestId } = request;
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(requestId, location.invalidFields);
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const invalidFields = validateContainerCreate(body.value);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(requestId, invalidFields);

  const { projectId, regionId } = location.location;
  const { containers, tasks, secrets, quota } = context;
  const { name, ...fields } = body.value as { name: string } & ContainerConfig;
  // One being deleted still holds its name until its task ends.
  if (containers.find(projectId, regionId, name)) return cloudError(requestId, 409, 'ConflictError', `Container ${name} already exists`);
  const config = initialConfig(fields);
  const requested = requestOf(config.flavor, (config.scale as { max: number }).max);
  const exceeded = exceededQuotas(quota, usageAt(containers, projectId, regionId), requested);
  if (exceeded) return cloudQuotaError(requestId, exceeded.message, exceeded.info);

  const error = imagePullFailure(config, (secret) => secrets.find(projectId, regionId, secret) !== undefined);
  const task = tasks.start({ taskType: 'create_caas_container', projectId, regionId, containerName: name, error }, context.createTimings);
  containers.create(projectId, regionId, name, config, stateOnceCreated(config), task.id);
  return { status: 200, body: { tasks: [task.id] } };
}

/** The payload over the defaults; null asks for the default, as it unsets a field in an update. */
function initialConfig(fields: ContainerConfig): ContainerConfig {
  const config: ContainerConfig = structuredClone(DEFAULTS);
  for (const [field, value] of Object.entries(fields)) {
    if (value !== null) config[field] = structuredClone(value);
  }
  config.scale = scaleAsStored(config.scale as object);
  return config;
}

/** What the container reports once its create task has finished. */
function stateOnceCreated(config: ContainerConfig): ContainerState {
  const createdAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (config.is_disabled === true) return { status: 'Disabled', statusMessage: null, ready: 0, total: 0, createdAt };
  const total = instancesAtStart(config);
  return { status: 'Ready', statusMessage: null, ready: total, total, createdAt };
}
