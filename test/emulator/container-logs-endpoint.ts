import type { ApiRequest } from './api-request';
import { parseCloudLocation } from './cloud-location';
import { containerView, type ContainerStore } from './container-store';
import type { TaskStore } from './task-store';
import { taskProgressOf } from './container-read-endpoints';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

const MAX_LIMIT = 100_000;
const DEFAULT_LIMIT = 1000;
/** Every pod writes a line at each multiple of this interval, so a re-read returns the same lines and newer ones. */
export const LOG_INTERVAL_MS = 2_000;

/**
 * GET /cloud/v1/caas/{project_id}/{region_id}/containers/{container_name}/logs?limit=: the newest `limit`
 * lines, oldest first, as the guides show them ({time, pod, message}). Lines are computed from the clock:
 * each pod of the container logs at the same instants (so lines share their times, as real pods' do), a
 * Ready container its requests, a Deploying one its image pull, a failed one why it failed, one being
 * deleted its shutdown.
 */
export function containerLogs(
  request: ApiRequest,
  segments: { projectId: string; regionId: string; containerName: string },
  store: ContainerStore,
  tasks: TaskStore,
  now: number = Date.now(),
): Reply {
  const invalidFields: InvalidFields = {};
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) Object.assign(invalidFields, location.invalidFields);
  const limit = readLimit(request.query.get('limit'), invalidFields);
  if (!location.ok || Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const record = store.find(location.location.projectId, location.location.regionId, segments.containerName);
  if (!record) return cloudError(request.requestId, 404, 'NotFoundError', `Container ${segments.containerName} not found`);

  const view = containerView(record, taskProgressOf(tasks)) as { status: string; status_message: string | null; image?: string };
  const pods = podNames(record.name, Math.max(1, record.state.total));
  const script = record.logs ?? {};
  const extra = (script.extraLines ?? []).slice(-limit);
  const latest = Math.floor(now / LOG_INTERVAL_MS) * LOG_INTERVAL_MS;
  const logs: unknown[] = [];
  for (let step = 0; logs.length < limit - extra.length; step++) {
    const at = latest - step * LOG_INTERVAL_MS;
    // Newest first here, reversed below; within one instant the pods keep their order.
    for (const [index, pod] of [...pods.entries()].reverse()) {
      if (logs.length === limit - extra.length) break;
      // A late pod's line is not in the store yet.
      if (index > 0 && script.lateMs !== undefined && at > now - script.lateMs) continue;
      logs.push({
        time: new Date(at).toISOString().replace('Z', '000Z'),
        pod,
        message: lengthened(messageAt(view, index, at), script.messageLength),
      });
    }
  }
  return { status: 200, body: { logs: [...logs.reverse(), ...extra] } };
}

const USER_AGENT = ' "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"';

/** A message as long as an access log line with a full user agent and referrer. */
function lengthened(message: string, length: number | undefined): string {
  if (length === undefined || message.length >= length) return message;
  return (message + USER_AGENT.repeat(Math.ceil((length - message.length) / USER_AGENT.length))).slice(0, length);
}

function readLimit(value: string | null, invalidFields: InvalidFields): number {
  if (value === null) return DEFAULT_LIMIT;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LIMIT) {
    invalidFields.limit = [`Must be greater than or equal to 1 and less than or equal to ${MAX_LIMIT}.`];
    return DEFAULT_LIMIT;
  }
  return limit;
}

/** Pod names as Kubernetes makes them: the deployment, a replica-set hash, a five-character suffix. */
function podNames(container: string, count: number): string[] {
  const suffixes = ['f4vzd', 'k8x2q', 'p9m3w', 'r2t7c', 'z6h1n'];
  return Array.from({ length: Math.min(count, suffixes.length) }, (_, index) => `${container}-58fcc6c77b-${suffixes[index]}`);
}

function messageAt(view: { status: string; status_message: string | null; image?: string }, pod: number, at: number): string {
  const tick = Math.floor(at / LOG_INTERVAL_MS);
  if (view.status === 'Error') {
    return tick % 2 === 0
      ? `Error: ${view.status_message ?? 'the container failed'}`
      : `Back-off restarting failed container (image ${view.image ?? 'unknown'})`;
  }
  if (view.status === 'Pending') return 'Waiting for the pod to be scheduled';
  if (view.status === 'Deploying') return `Pulling image "${view.image ?? 'unknown'}"`;
  if (view.status === 'Deleting') return 'Received SIGTERM, shutting down';
  if (view.status === 'Disabled') return 'Container is disabled; no requests are served';
  const paths = ['/', '/healthz', '/api/items', '/static/app.js'];
  const path = paths[(tick + pod) % paths.length];
  return `10.0.${pod}.${(tick % 200) + 10} - - "GET ${path} HTTP/1.1" 200 ${((tick * 37) % 4000) + 120} "-" "Mozilla/5.0"`;
}
