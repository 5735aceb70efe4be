import type { ApiRequest } from './api-request';
import { parseCloudLocation } from './cloud-location';
import type { ContainerStore } from './container-store';
import { cloudError, cloudValidationError, type Reply } from './replies';
import type { TaskStore } from './task-store';

/**
 * DELETE /cloud/v1/caas/{project_id}/{region_id}/containers/{container_name}: `{tasks: [id]}` of a
 * `delete_caas_container` task. The container is listed as Deleting while the task runs, then gone with its
 * logs (404 everywhere).
 *
 * A second DELETE while the first task runs answers 409 ConflictError rather than starting another task. Gcore
 * does not document this case; a conflict is how its API refuses a request the resource's state forbids, and
 * it tells a client that retries after a lost answer that the deletion is under way (a 404 once it is gone).
 */
export function deleteContainer(
  request: ApiRequest,
  segments: { projectId: string; regionId: string; containerName: string },
  containers: ContainerStore,
  tasks: TaskStore,
): Reply {
  const { requestId } = request;
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(requestId, location.invalidFields);
  const { projectId, regionId } = location.location;
  const container = containers.find(projectId, regionId, segments.containerName);
  if (!container) return cloudError(requestId, 404, 'NotFoundError', `Container ${segments.containerName} not found`);
  if (container.deleteTaskId !== undefined) {
    return cloudError(requestId, 409, 'ConflictError', `Container ${container.name} is already being deleted`);
  }

  const task = tasks.start({ taskType: 'delete_caas_container', projectId, regionId, containerName: container.name });
  containers.startDeleting(container, task.id);
  return { status: 200, body: { tasks: [task.id] } };
}
