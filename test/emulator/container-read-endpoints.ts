import type { ApiRequest } from './api-request';
import { parseCloudLocation } from './cloud-location';
import { containerView, type ContainerStore, type TaskLookup } from './container-store';
import type { TaskStore } from './task-store';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

const MAX_LIMIT = 1000;

/** The container sizes of every region, as Gcore's guide lists them. */
export const CONTAINER_FLAVORS: readonly { name: string; cpu: number; ram: number }[] = [
  { name: '80mCPU-128MiB', cpu: 80, ram: 128 },
  { name: '160mCPU-256MiB', cpu: 160, ram: 256 },
  { name: '250mCPU-512MiB', cpu: 250, ram: 512 },
  { name: '330mCPU-512MiB', cpu: 330, ram: 512 },
  { name: '580mCPU-1024MiB', cpu: 580, ram: 1024 },
  { name: '1140mCPU-2048MiB', cpu: 1140, ram: 2048 },
  { name: '1700mCPU-3072MiB', cpu: 1700, ram: 3072 },
  { name: '2260mCPU-4096MiB', cpu: 2260, ram: 4096 },
];

/** GET /cloud/v1/caas/{project_id}/{region_id}/containers?limit=&offset= */
export function listContainers(
  request: ApiRequest,
  segments: { projectId: string; regionId: string },
  store: ContainerStore,
  tasks: TaskStore,
): Reply {
  const invalidFields: InvalidFields = {};
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  const page = readPageQuery(request.query, MAX_LIMIT, MAX_LIMIT, invalidFields);
  if (!location.ok) Object.assign(invalidFields, location.invalidFields);
  if (!location.ok || Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const { projectId, regionId } = location.location;
  const names = store.names(projectId, regionId);
  const results = pageOf(names, page).map((name) => containerView(store.find(projectId, regionId, name)!, taskProgressOf(tasks)));
  return { status: 200, body: { count: names.length, results } };
}

/** GET /cloud/v1/caas/{project_id}/{region_id}/containers/{container_name} */
export function getContainer(
  request: ApiRequest,
  segments: { projectId: string; regionId: string; containerName: string },
  store: ContainerStore,
  tasks: TaskStore,
): Reply {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(request.requestId, location.invalidFields);
  const container = store.find(location.location.projectId, location.location.regionId, segments.containerName);
  if (!container) return cloudError(request.requestId, 404, 'NotFoundError', `Container ${segments.containerName} not found`);
  return { status: 200, body: containerView(container, taskProgressOf(tasks)) };
}

/** GET /cloud/v1/caas/flavors/{project_id}/{region_id}: no paging. */
export function listContainerFlavors(request: ApiRequest, segments: { projectId: string; regionId: string }): Reply {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(request.requestId, location.invalidFields);
  return { status: 200, body: { count: CONTAINER_FLAVORS.length, results: CONTAINER_FLAVORS.map((flavor) => ({ ...flavor })) } };
}

/** Where the tasks of the containers stand, for containerView. */
export function taskProgressOf(tasks: TaskStore): TaskLookup {
  return (taskId) => tasks.progress(taskId);
}
