import type { ApiRequest } from './api-request';
import { parseCloudLocation, type CloudLocation } from './cloud-location';
import { isUuid } from './field-checks';
import { readCloudJsonObject } from './cloud-json-body';
import { isoNow, startGpuChange } from './gpu-cluster-changes';
import { validateGpuClusterPatch } from './gpu-cluster-validation';
import type { GpuClusterRecord, KeptResources } from './gpu-cluster-store';
import { clusterView } from './gpu-cluster-view';
import type { GpuKind } from './gpu-kind';
import type { GpuServerRecord } from './gpu-servers';
import type { GpuState } from './gpu-state';
import { pageOf, readPageQuery } from './paging-query';
import { booleanParameter } from './query-flags';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

export interface ClusterSegments {
  projectId: string;
  regionId: string;
  clusterId: string;
}

/** The cluster a path names, or the answer when the location or id is malformed (400) or names none (404). */
export function locateCluster(
  request: ApiRequest,
  kind: GpuKind,
  segments: ClusterSegments,
  state: GpuState,
): { ok: true; location: CloudLocation; record: GpuClusterRecord } | { ok: false; reply: Reply } {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  const invalidFields: InvalidFields = location.ok ? {} : { ...location.invalidFields };
  if (!isUuid(segments.clusterId)) invalidFields.cluster_id = ['Not a valid UUID.'];
  if (!location.ok || Object.keys(invalidFields).length > 0) {
    return { ok: false, reply: cloudValidationError(request.requestId, invalidFields) };
  }
  const record = state.clusters.find(location.location, kind, segments.clusterId);
  if (!record) {
    return { ok: false, reply: cloudError(request.requestId, 404, 'NotFoundError', `GPU cluster ${segments.clusterId} not found`) };
  }
  return { ok: true, location: location.location, record };
}

/** Gcore's cluster and server lists answer 10 unless asked for more, 1000 at most. */
export const GPU_LIST_DEFAULT_LIMIT = 10;
export const GPU_LIST_MAX_LIMIT = 1000;
const MANAGERS = ['user', 'k8s'];

/**
 * GET /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/clusters?limit=&offset=&managed_by=: newest
 * first, 10 a page. Bare metal lists the clusters managed by the user unless `managed_by` (repeated) asks for
 * Kubernetes' too.
 */
export function listGpuClusters(
  request: ApiRequest,
  kind: GpuKind,
  segments: { projectId: string; regionId: string },
  state: GpuState,
): Reply {
  const invalidFields: InvalidFields = {};
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) Object.assign(invalidFields, location.invalidFields);
  const page = readPageQuery(request.query, GPU_LIST_MAX_LIMIT, GPU_LIST_DEFAULT_LIMIT, invalidFields);
  const managers = kind === 'baremetal' ? request.query.getAll('managed_by') : [];
  if (managers.some((manager) => !MANAGERS.includes(manager))) invalidFields.managed_by = [`Must be one of: ${MANAGERS.join(', ')}.`];
  if (!location.ok || Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);

  const shown = managers.length > 0 ? managers : ['user'];
  const clusters = state.clusters
    .clusters(location.location, kind)
    .filter((record) => kind === 'virtual' || shown.includes(record.managedBy))
    .map((record, index) => ({ record, index }))
    .sort((a, b) => b.record.createdAt.localeCompare(a.record.createdAt) || b.index - a.index)
    .map(({ record }) => clusterView(record));
  return { status: 200, body: { count: clusters.length, results: pageOf(clusters, page) } };
}

/** GET /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/clusters/{cluster_id}: any manager's. */
export function getGpuCluster(request: ApiRequest, kind: GpuKind, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, kind, segments, state);
  return located.ok ? { status: 200, body: clusterView(located.record) } : located.reply;
}

/**
 * PATCH /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/clusters/{cluster_id}: synchronous, answers
 * the cluster. `tags` is a JSON Merge Patch: a named tag is set, or removed with null; the others stay.
 */
export function patchGpuCluster(request: ApiRequest, kind: GpuKind, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, kind, segments, state);
  if (!located.ok) return located.reply;
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const invalidFields = validateGpuClusterPatch(body.value);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const { record } = located;
  if (typeof body.value.name === 'string') record.name = body.value.name;
  const tags = (body.value.tags ?? {}) as Record<string, string | null>;
  for (const [key, value] of Object.entries(tags)) {
    if (value === null) delete record.tags[key];
    else record.tags[key] = value;
  }
  record.updatedAt = isoNow();
  return { status: 200, body: clusterView(record) };
}

/** What deleting these servers leaves behind: volumes and floating IPs the flags do not take along. */
export function keptResources(
  servers: readonly GpuServerRecord[],
  flags: { volumes: boolean; volumeIds: readonly string[]; floatingIps: boolean; floatingIpIds: readonly string[] },
): KeptResources {
  const volumes = servers.flatMap((server) => server.volumes);
  const floatingIps = servers.flatMap((server) => server.ports.flatMap((port) => (port.floatingIp ? [port.floatingIp] : [])));
  return {
    volumes: volumes
      .filter((volume) => !volume.deleteOnTermination && !flags.volumes && !flags.volumeIds.includes(volume.id))
      .map(({ id, name, size, type }) => ({ id, name, size, type })),
    floatingIps: flags.floatingIps ? [] : floatingIps.filter((ip) => !flags.floatingIpIds.includes(ip.id)),
  };
}

/**
 * The query of a cluster's or a virtual server's deletion: `all_floating_ips`, `all_reserved_fixed_ips`,
 * `all_volumes` (default false) and the id lists `floating_ip_ids`, `reserved_fixed_ip_ids`, `volume_ids`;
 * bare metal has no volume flags.
 */
export function readDeleteFlags(
  query: URLSearchParams,
  kind: GpuKind,
  invalidFields: InvalidFields,
): { volumes: boolean; volumeIds: string[]; floatingIps: boolean; floatingIpIds: string[]; data: Record<string, unknown> } {
  const ids = (name: string): string[] => {
    const values = query.getAll(name);
    if (values.some((value) => !isUuid(value))) invalidFields[name] = ['Not a valid UUID.'];
    return values;
  };
  const virtual = kind === 'virtual';
  if (!virtual) {
    for (const name of ['all_volumes', 'volume_ids']) if (query.has(name)) invalidFields[name] = ['Unknown field.'];
  }
  const flags = {
    volumes: virtual && booleanParameter(query, 'all_volumes', invalidFields),
    volumeIds: virtual ? ids('volume_ids') : [],
    floatingIps: booleanParameter(query, 'all_floating_ips', invalidFields),
    floatingIpIds: ids('floating_ip_ids'),
  };
  const reservedFixedIps = booleanParameter(query, 'all_reserved_fixed_ips', invalidFields);
  ids('reserved_fixed_ip_ids');
  const data: Record<string, unknown> = { all_floating_ips: flags.floatingIps, all_reserved_fixed_ips: reservedFixedIps };
  if (virtual) data.all_volumes = flags.volumes;
  return { ...flags, data };
}

/**
 * DELETE /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/clusters/{cluster_id}?<flags>: `{tasks}`.
 * The cluster is `deleting` until its task ends, then gone; what the flags keep stays in the location (and
 * keeps costing). Allowed in any state but while a deletion already runs (409).
 */
export function deleteGpuCluster(request: ApiRequest, kind: GpuKind, segments: ClusterSegments, state: GpuState): Reply {
  const located = locateCluster(request, kind, segments, state);
  if (!located.ok) return located.reply;
  const invalidFields: InvalidFields = {};
  const flags = readDeleteFlags(request.query, kind, invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  const { record } = located;
  if (record.pending?.change === 'delete' || (record.pending?.change === 'delete_server' && record.servers.length === 1)) {
    return cloudError(request.requestId, 409, 'ConflictError', `GPU cluster ${record.id} is already being deleted`);
  }
  const task = startGpuChange(state, record, 'delete', { data: flags.data, kept: keptResources(record.servers, flags) });
  return { status: 200, body: { tasks: [task.id] } };
}
