import type { ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import type { CloudLocation } from './cloud-location';
import { checkInteger, checkObject, checkOneOf, checkRequired, FieldErrors } from './field-checks';
import { freeCapacity, isoNow, startGpuChange, takeCapacity } from './gpu-cluster-changes';
import { locateCluster, type ClusterSegments } from './gpu-cluster-endpoints';
import type { GpuClusterRecord } from './gpu-cluster-store';
import { clusterStatus } from './gpu-cluster-view';
import type { GpuKind } from './gpu-kind';
import { exceededGpuQuotas, gpuNeeds, gpuQuotaMessage } from './gpu-limits';
import { makeServer } from './gpu-servers';
import type { GpuState } from './gpu-state';
import { gpuTaskType } from './gpu-tasks';
import { cloudError, cloudQuotaError, cloudValidationError, type Reply } from './replies';

const POWER_ACTIONS = ['start', 'stop', 'soft_reboot', 'hard_reboot'] as const;
type PowerAction = (typeof POWER_ACTIONS)[number];

/** The 403 Gcore answers when a region has too few servers of a flavor left (docs: real-api-notes.md). */
export function capacityError(requestId: string, flavor: string, free: number, wanted: number): Reply {
  return cloudError(
    requestId,
    403,
    'ForbiddenError',
    `Not enough capacity for flavor ${flavor}: ${wanted} servers requested, ${free} available`,
  );
}

/**
 * Why the cluster cannot take this change now (409, Gcore's shape), or undefined: nothing while a task of the
 * cluster runs; start only from `shutoff`; stop, the reboots and resize only from `active` (docs: gpu-notes.md §2.4).
 */
function refusal(requestId: string, record: GpuClusterRecord, action: PowerAction | 'resize'): Reply | undefined {
  if (record.pending) {
    const running = gpuTaskType(record.kind, record.pending.change);
    return cloudError(
      requestId,
      409,
      'ConflictError',
      `GPU cluster ${record.id} has a task in progress (${running}): ${action} is not allowed`,
    );
  }
  const allowedIn = action === 'start' ? 'shutoff' : 'active';
  if (record.status === allowedIn) return undefined;
  return cloudError(requestId, 409, 'ConflictError', `GPU cluster state ${clusterStatus(record)} not allow for ${action}`);
}

/** A shelved virtual cluster needs its flavor's capacity again: without it the start task fails (docs: gpu-notes.md §2.9). */
function startError(state: GpuState, record: GpuClusterRecord): string | undefined {
  if (record.holdsCapacity) return undefined;
  const free = freeCapacity(state, record);
  if (free < record.servers.length) {
    return `Failed to start servers: not enough capacity for flavor ${record.flavor} (${record.servers.length} servers needed, ${free} available)`;
  }
  takeCapacity(state, record, record.servers.length);
  record.holdsCapacity = true;
  return undefined;
}

/**
 * A resize to `count` servers: new servers are BUILD until the task ends; a shrink removes servers when it
 * ends. Refused past the quota (400 QuotaExceededError) or the flavor's capacity (403).
 */
function resize(
  request: ApiRequest,
  state: GpuState,
  location: CloudLocation,
  record: GpuClusterRecord,
  count: number,
  field: string,
): Reply {
  const { requestId } = request;
  const current = record.servers.length;
  if (count === current) return cloudValidationError(requestId, { [field]: [`The cluster already has ${current} servers.`] });
  if (count < current) {
    const task = startGpuChange(state, record, 'downscale', { serversCount: count, data: { [field]: count } });
    return { status: 200, body: { tasks: [task.id] } };
  }
  const added = count - current;
  const exceeded = exceededGpuQuotas(state, location, gpuNeeds(record.kind, record.flavor, added, record.settings, false));
  if (Object.keys(exceeded).length > 0) return cloudQuotaError(requestId, gpuQuotaMessage(exceeded), exceeded);
  const free = freeCapacity(state, record);
  if (free < added) return capacityError(requestId, record.flavor, free, added);
  takeCapacity(state, record, added);
  const createdAt = isoNow();
  for (let i = 0; i < added; i++) {
    const seat = { ...location, clusterId: record.id, clusterName: record.name, index: record.nextServerIndex++, createdAt };
    record.servers.push({ ...makeServer(seat, record.settings.interfaces, record.settings.volumes), building: true });
  }
  const task = startGpuChange(state, record, 'upscale', { serversCount: count, data: { [field]: count } });
  return { status: 200, body: { tasks: [task.id] } };
}

/**
 * POST /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/clusters/{cluster_id}/action
 * `{action: start|stop|soft_reboot|hard_reboot}`, and for virtual clusters `{action: "resize", servers_count}`:
 * `{tasks}`. A virtual stop shelves the servers (their capacity goes back to the flavor); a bare-metal one
 * powers them off.
 */
export function gpuClusterAction(request: ApiRequest, kind: GpuKind, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, kind, segments, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const actions: readonly string[] = kind === 'virtual' ? [...POWER_ACTIONS, 'resize'] : POWER_ACTIONS;
  const errors = new FieldErrors();
  const isResize = body.value.action === 'resize' && kind === 'virtual';
  checkRequired(errors, body.value, isResize ? ['action', 'servers_count'] : ['action']);
  checkObject(errors, '', body.value, {
    action: (e, f, v) => checkOneOf(e, f, v, actions),
    ...(isResize ? { servers_count: (e: FieldErrors, f: string, v: unknown) => checkInteger(e, f, v, 1, 999) } : {}),
  });
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);

  const { record, location } = located;
  const action = body.value.action as PowerAction | 'resize';
  const refused = refusal(request.requestId, record, action);
  if (refused) return refused;
  if (action === 'resize') return resize(request, state, location, record, body.value.servers_count as number, 'servers_count');
  const error = action === 'start' ? startError(state, record) : undefined;
  const task = startGpuChange(state, record, action, { data: { action }, error });
  return { status: 200, body: { tasks: [task.id] } };
}

/**
 * POST /cloud/v1/ai/clusters/gpu/{project_id}/{region_id}/{cluster_id}/resize `{instances_count}` (at least 1:
 * a bare-metal cluster cannot shrink to nothing): bare metal's resize, which its v3 `action` lacks.
 */
export function resizeBaremetalCluster(request: ApiRequest, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, 'baremetal', segments, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['instances_count']);
  checkObject(errors, '', body.value, { instances_count: (e, f, v) => checkInteger(e, f, v, 1, 999) });
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);
  const refused = refusal(request.requestId, located.record, 'resize');
  if (refused) return refused;
  return resize(request, state, located.location, located.record, body.value.instances_count as number, 'instances_count');
}
