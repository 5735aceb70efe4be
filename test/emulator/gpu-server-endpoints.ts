import type { ApiRequest } from './api-request';
import { isUuid } from './field-checks';
import { startGpuChange } from './gpu-cluster-changes';
import {
  GPU_LIST_DEFAULT_LIMIT,
  GPU_LIST_MAX_LIMIT,
  keptResources,
  locateCluster,
  readDeleteFlags,
  type ClusterSegments,
} from './gpu-cluster-endpoints';
import { serverView } from './gpu-cluster-view';
import { interfaceViews, volumeViews } from './gpu-interface-views';
import type { GpuKind } from './gpu-kind';
import type { GpuState } from './gpu-state';
import { pageOf, readPageQuery } from './paging-query';
import { booleanParameter } from './query-flags';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

const SERVER_ORDERS = ['created_at.desc', 'created_at.asc', 'status.asc', 'status.desc'];

/**
 * GET …/{virtual|baremetal}/{project_id}/{region_id}/clusters/{cluster_id}/servers?limit=&offset=&name=&status=&order_by=:
 * 10 a page, newest first unless `order_by` says otherwise; `name` matches part of a name.
 */
export function listGpuServers(request: ApiRequest, kind: GpuKind, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, kind, segments, state);
  if (!located.ok) return located.reply;
  const { query } = request;
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(query, GPU_LIST_MAX_LIMIT, GPU_LIST_DEFAULT_LIMIT, invalidFields);
  const order = query.get('order_by') ?? 'created_at.desc';
  if (!SERVER_ORDERS.includes(order)) invalidFields.order_by = [`Must be one of: ${SERVER_ORDERS.join(', ')}.`];
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);

  const { record } = located;
  const part = query.get('name') ?? '';
  const statuses = query.getAll('status');
  const [field, direction] = order.split('.');
  const servers = record.servers
    .map((server, index) => ({ view: serverView(record, server), index }))
    .filter(({ view }) => String(view.name).includes(part) && (statuses.length === 0 || statuses.includes(String(view.status))))
    .sort((a, b) => {
      const byField = field === 'status' ? String(a.view.status).localeCompare(String(b.view.status)) : 0;
      return (
        (byField || String(a.view.created_at).localeCompare(String(b.view.created_at)) || a.index - b.index) *
        (direction === 'asc' ? 1 : -1)
      );
    })
    .map(({ view }) => view);
  return { status: 200, body: { count: servers.length, results: pageOf(servers, page) } };
}

/** Gcore lists interfaces and volumes 1000 a page unless asked for fewer. */
const PORT_LIMIT = 1000;

function listOf(request: ApiRequest, items: Record<string, unknown>[]): Reply {
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, PORT_LIMIT, PORT_LIMIT, invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  return { status: 200, body: { count: items.length, results: pageOf(items, page) } };
}

/**
 * GET /cloud/v3/gpu/virtual/…/clusters/{cluster_id}/interfaces, and bare metal's
 * GET /cloud/v1/ai/clusters/{project_id}/{region_id}/{cluster_id}/interfaces (its v3 path is not served, as it is
 * not in Gcore's spec): every port of every server, its external or private address and the InfiniBand one.
 */
export function listGpuInterfaces(request: ApiRequest, kind: GpuKind, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, kind, segments, state);
  return located.ok ? listOf(request, interfaceViews(located.record)) : located.reply;
}

/** GET /cloud/v3/gpu/virtual/…/clusters/{cluster_id}/volumes (bare metal has local disks only). */
export function listGpuVolumes(request: ApiRequest, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, 'virtual', segments, state);
  return located.ok ? listOf(request, volumeViews(located.record)) : located.reply;
}

/**
 * Starts the deletion of one server: refused (409, Gcore's words) while a task of the cluster runs. The last
 * server takes the cluster with it, with no question asked (docs: gpu-notes.md §2.6).
 */
function deleteServer(
  request: ApiRequest,
  kind: GpuKind,
  segments: ClusterSegments & { serverId: string },
  state: GpuState,
  readFlags: (invalidFields: InvalidFields) => Parameters<typeof keptResources>[1] & { data: Record<string, unknown> },
): Reply {
  const located = locateCluster(request, kind, segments, state);
  if (!located.ok) return located.reply;
  const invalidFields: InvalidFields = {};
  if (!isUuid(segments.serverId)) invalidFields[kind === 'virtual' ? 'server_id' : 'instance_id'] = ['Not a valid UUID.'];
  const flags = readFlags(invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const { record } = located;
  const server = record.servers.find((candidate) => candidate.id === segments.serverId);
  if (!server) {
    return cloudError(request.requestId, 404, 'NotFoundError', `Server ${segments.serverId} not found in GPU cluster ${record.id}`);
  }
  if (record.pending) return cloudError(request.requestId, 409, 'ConflictError', 'GPU cluster state not allow for node removal');
  const task = startGpuChange(state, record, 'delete_server', {
    serverId: server.id,
    kept: keptResources([server], flags),
    data: { server_id: server.id, ...flags.data },
  });
  return { status: 200, body: { tasks: [task.id] } };
}

/** DELETE /cloud/v3/gpu/virtual/…/clusters/{cluster_id}/servers/{server_id}?<the cluster deletion's flags> */
export function deleteGpuServer(request: ApiRequest, segments: ClusterSegments & { serverId: string }, state: GpuState): Reply {
  return deleteServer(request, 'virtual', segments, state, (invalidFields) => readDeleteFlags(request.query, 'virtual', invalidFields));
}

/** DELETE /cloud/v1/ai/clusters/gpu/{project_id}/{region_id}/{cluster_id}/node/{instance_id}?delete_floatings= (default true) */
export function deleteBaremetalNode(request: ApiRequest, segments: ClusterSegments & { serverId: string }, state: GpuState): Reply {
  return deleteServer(request, 'baremetal', segments, state, (invalidFields) => {
    const floatingIps = booleanParameter(request.query, 'delete_floatings', invalidFields, true);
    return { volumes: true, volumeIds: [], floatingIps, floatingIpIds: [], data: { delete_floatings: floatingIps } };
  });
}
