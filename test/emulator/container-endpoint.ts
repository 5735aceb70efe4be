import { isJsonObject, type ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { parseCloudLocation } from './cloud-location';
import { scaleAsStored, type ContainerConfig, type ContainerStore } from './container-store';
import { validateContainerUpdate } from './container-update-validation';
import { cloudError, cloudValidationError, type Reply } from './replies';
import { imagePullFailure } from './image-pull';
import type { PullSecretStore } from './pull-secret-store';
import type { TaskStore } from './task-store';

/** PATCH /cloud/v1/caas/{project_id}/{region_id}/containers/{container_name} */
export function updateContainer(
  request: ApiRequest,
  segments: { projectId: string; regionId: string; containerName: string },
  store: ContainerStore,
  tasks: TaskStore,
  secrets: PullSecretStore,
): Reply {
  const { requestId } = request;
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(requestId, location.invalidFields);
  const { projectId, regionId } = location.location;
  const container = store.find(projectId, regionId, segments.containerName);
  if (!container) {
    return cloudError(requestId, 404, 'NotFoundError', `Container ${segments.containerName} not found`);
  }

  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const update = body.value;
  if ('is_disabled' in update && Object.keys(update).length > 1) {
    return cloudError(requestId, 405, 'MethodNotAllowed', 'is_disabled must be sent alone');
  }
  const invalidFields = validateContainerUpdate(update);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(requestId, invalidFields);

  mergeUpdate(container.config, update);
  container.updates += 1;
  if (update.is_disabled === true) container.state = { ...container.state, status: 'Disabled', statusMessage: null, ready: 0, total: 0 };
  if (update.is_disabled === false) {
    container.state = { ...container.state, status: 'Ready', statusMessage: null, total: Math.max(1, container.state.total) };
  }
  // A new image and a new scale are rolled out by separate tasks in the real service. An image that cannot
  // be pulled makes the task fail.
  const changes = (field: string): boolean => update[field] !== undefined && update[field] !== null;
  const taskCount = changes('image') && changes('scale') ? 2 : 1;
  const error = imagePullFailure(container.config, (secret) => secrets.find(projectId, regionId, secret) !== undefined);
  const started = Array.from({ length: taskCount }, () =>
    tasks.start({ taskType: 'patch_caas_container', projectId, regionId, containerName: container.name, error }),
  );
  container.rolloutTaskId = started[0].id;
  return { status: 200, body: { tasks: started.map((task) => task.id) } };
}

/** null unsets a field; envs and scale replace the stored value (what a scale leaves out is Gcore's default); logging merges its sub-fields. */
function mergeUpdate(config: ContainerConfig, update: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(update)) {
    if (value === null) {
      delete config[field];
    } else if (field === 'logging' && isJsonObject(value)) {
      const logging = isJsonObject(config.logging) ? config.logging : {};
      mergeUpdate(logging, value);
      config.logging = logging;
    } else if (field === 'scale' && isJsonObject(value)) {
      config.scale = scaleAsStored(value);
    } else {
      config[field] = structuredClone(value);
    }
  }
}
