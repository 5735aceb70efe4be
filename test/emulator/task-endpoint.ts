import type { ApiRequest } from './api-request';
import { parseCloudLocation, type CloudLocation } from './cloud-location';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';
import type { TaskStore } from './task-store';

/** GET /cloud/v1/tasks/{task_id}: task ids are global, with no project or region in the path. */
export function getTask(request: ApiRequest, taskId: string, store: TaskStore): Reply {
  const task = store.find(taskId);
  if (!task) return cloudError(request.requestId, 404, 'NotFoundError', `Task ${taskId} not found`);
  return { status: 200, body: store.view(task) };
}

const STATES = ['NEW', 'RUNNING', 'FINISHED', 'ERROR'];
/** Gcore's task list answers 10 tasks unless asked for more, 1000 at most. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 1000;

/**
 * GET /cloud/v1/tasks?state=&project_id=&region_id=&task_type=&from_timestamp=&to_timestamp=&order_by=&limit=&offset=
 * `{count, results}`, newest first (`order_by=asc`: oldest first). The repeated filters keep a task whose value
 * is any of theirs; the timestamps bound the creation time, both ends included. There is no filter by id.
 */
export function listTasks(request: ApiRequest, store: TaskStore): Reply {
  const { query } = request;
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(query, MAX_LIMIT, DEFAULT_LIMIT, invalidFields);
  const states = query.getAll('state');
  const badState = states.find((state) => !STATES.includes(state));
  if (badState !== undefined) invalidFields.state = [`Must be one of: ${STATES.join(', ')}.`];
  const projectIds = integers(query, 'project_id', invalidFields);
  const regionIds = integers(query, 'region_id', invalidFields);
  const taskTypes = query.getAll('task_type');
  const fromMs = timestamp(query, 'from_timestamp', invalidFields);
  const toMs = timestamp(query, 'to_timestamp', invalidFields);
  const order = query.get('order_by');
  if (order !== null && order !== 'asc' && order !== 'desc') invalidFields.order_by = ['Must be one of: asc, desc.'];
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);

  const now = Date.now();
  const matching: Record<string, unknown>[] = [];
  for (const record of store.newestFirst()) {
    if (projectIds.length > 0 && !projectIds.includes(record.projectId)) continue;
    if (regionIds.length > 0 && !regionIds.includes(record.regionId)) continue;
    if (taskTypes.length > 0 && !taskTypes.includes(record.taskType)) continue;
    if (fromMs !== undefined && record.createdAtMs < fromMs) continue;
    if (toMs !== undefined && record.createdAtMs > toMs) continue;
    const view = store.view(record, now);
    if (states.length > 0 && !states.includes(String(view.state))) continue;
    matching.push(view);
  }
  if (order === 'asc') matching.reverse();
  return { status: 200, body: { count: matching.length, results: pageOf(matching, page) } };
}

function integers(query: URLSearchParams, name: string, invalidFields: InvalidFields): number[] {
  const values = query.getAll(name);
  if (values.some((value) => !/^\d+$/.test(value))) invalidFields[name] = ['Not a valid integer.'];
  return values.map(Number);
}

/** An ISO 8601 time; one without a zone is UTC, as Gcore writes its own. */
function timestamp(query: URLSearchParams, name: string, invalidFields: InvalidFields): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const ms = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/.test(value)
    ? Date.parse(zoned.includes('T') ? zoned : value)
    : Number.NaN;
  if (!Number.isFinite(ms)) {
    invalidFields[name] = ['Not a valid datetime.'];
    return undefined;
  }
  return ms;
}

/** The active tasks list answers at most 100 a page, whatever `limit` asks (its schema allows 1000). */
const ACTIVE_PAGE_CAP = 100;

/**
 * GET /cloud/v1/tasks/{project_id}/{region_id}/active?task_type=&limit=&offset=: the location's tasks still NEW
 * or RUNNING, newest first, `{count, results}`; what restores "creating…" rows after a reload. `seed` brings
 * the location's seeded resources (and their tasks) into being first.
 */
export function listActiveTasks(
  request: ApiRequest,
  segments: { projectId: string; regionId: string },
  store: TaskStore,
  seed: (location: CloudLocation) => void,
): Reply {
  const parsed = parseCloudLocation(segments.projectId, segments.regionId);
  const invalidFields: InvalidFields = parsed.ok ? {} : { ...parsed.invalidFields };
  const page = readPageQuery(request.query, MAX_LIMIT, DEFAULT_LIMIT, invalidFields);
  if (!parsed.ok || Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const location = parsed.location;
  seed(location);
  const taskTypes = request.query.getAll('task_type');
  const now = Date.now();
  const active = store
    .newestFirst()
    .filter((record) => record.projectId === location.projectId && record.regionId === location.regionId)
    .filter((record) => taskTypes.length === 0 || taskTypes.includes(record.taskType))
    .filter((record) => ['NEW', 'RUNNING'].includes(store.progress(record.id, now)?.state ?? ''))
    .map((record) => store.view(record, now));
  return {
    status: 200,
    body: { count: active.length, results: pageOf(active, { ...page, limit: Math.min(page.limit, ACTIVE_PAGE_CAP) }) },
  };
}
