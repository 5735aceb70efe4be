import type { ApiRequest } from './api-request';
import { cloudError, type Reply } from './replies';
import type { TaskStore } from './task-store';

/** GET /cloud/v1/tasks/{task_id}: task ids are global, with no project or region in the path. */
export function getTask(request: ApiRequest, taskId: string, store: TaskStore): Reply {
  const task = store.find(taskId);
  if (!task) return cloudError(request.requestId, 404, 'NotFoundError', `Task ${taskId} not found`);
  return { status: 200, body: store.view(task) };
}
