import { randomUUID } from 'node:crypto';
import { regionVolumeTypes } from './account-endpoints';
import type { ApiRequest } from './api-request';
import { readLocatedJsonObject } from './cloud-json-body';
import type { CloudLocation } from './cloud-location';
import { capacityError } from './gpu-cluster-actions';
import { freeCapacity, isoNow, startGpuChange, takeCapacity } from './gpu-cluster-changes';
import type { GpuClusterRecord, GpuClusterSettings } from './gpu-cluster-store';
import { validateGpuClusterCreate } from './gpu-cluster-validation';
import { findGpuImage } from './gpu-images';
import type { GpuKind } from './gpu-kind';
import { exceededGpuQuotas, gpuNeeds, gpuQuotaMessage } from './gpu-limits';
import { makeServer, type InterfaceTemplate, type VolumeTemplate } from './gpu-servers';
import type { GpuState } from './gpu-state';
import { cloudQuotaError, cloudValidationError, type InvalidFields, type Reply } from './replies';

interface CreateBody {
  name: string;
  flavor: string;
  servers_count: number;
  image_id?: string;
  servers_settings: {
    interfaces: InterfaceTemplate[];
    volumes?: VolumeTemplate[];
    credentials?: { ssh_key_name?: string | null } | null;
    user_data?: string | null;
    file_shares?: Record<string, unknown>[] | null;
  };
  tags?: Record<string, string> | null;
}

/** What the schema cannot know: the flavor, the images and the SSH key must exist here. */
function checkReferences(state: GpuState, kind: GpuKind, location: CloudLocation, body: CreateBody): InvalidFields {
  const invalidFields: InvalidFields = {};
  const flavor = state.catalogues[kind].find(location, body.flavor);
  if (!flavor) invalidFields.flavor = [`Flavor ${body.flavor} not found.`];
  else if (flavor.flavor.disabled) invalidFields.flavor = [`Flavor ${body.flavor} is disabled.`];
  if (kind === 'baremetal' && !findGpuImage(kind, body.image_id)) invalidFields.image_id = [`Image ${body.image_id} not found.`];
  // Not every region has every volume type (gpu-notes.md §2.1).
  const offeredTypes = regionVolumeTypes(location.regionId);
  (body.servers_settings.volumes ?? []).forEach((volume, index) => {
    const field = `servers_settings.volumes.${index}`;
    if (offeredTypes && !offeredTypes.includes(volume.type)) {
      invalidFields[`${field}.type`] = [`Volume type ${volume.type} is not available in this region.`];
    }
    if (volume.source !== 'image') return;
    const image = findGpuImage(kind, volume.image_id);
    if (!image) invalidFields[`${field}.image_id`] = [`Image ${String(volume.image_id)} not found.`];
    else if (volume.size < image.minDisk) invalidFields[`${field}.size`] = [`Must be at least the image's min_disk, ${image.minDisk} GiB.`];
  });
  const keyName = body.servers_settings.credentials?.ssh_key_name;
  if (typeof keyName === 'string' && !state.sshKeys.find(location.projectId, keyName)) {
    invalidFields['servers_settings.credentials.ssh_key_name'] = [`SSH key ${keyName} not found.`];
  }
  return invalidFields;
}

function newCluster(kind: GpuKind, location: CloudLocation, body: CreateBody): GpuClusterRecord {
  const id = randomUUID();
  const createdAt = isoNow();
  const volumes = body.servers_settings.volumes ?? [];
  const settings: GpuClusterSettings = {
    interfaces: body.servers_settings.interfaces,
    volumes,
    sshKeyName: body.servers_settings.credentials?.ssh_key_name ?? null,
    userData: body.servers_settings.user_data ?? null,
    fileShares: body.servers_settings.file_shares ?? [],
  };
  const boot = volumes.find((volume) => volume.boot_index === 0 && typeof volume.image_id === 'string');
  return {
    id,
    kind,
    ...location,
    name: body.name,
    flavor: body.flavor,
    imageId: kind === 'baremetal' ? (body.image_id ?? null) : ((boot?.image_id as string | undefined) ?? null),
    managedBy: 'user',
    tags: body.tags ?? {},
    createdAt,
    updatedAt: null,
    settings,
    servers: Array.from({ length: body.servers_count }, (_, index) =>
      makeServer({ ...location, clusterId: id, clusterName: body.name, index: index + 1, createdAt }, settings.interfaces, volumes),
    ),
    nextServerIndex: body.servers_count + 1,
    status: 'active',
    holdsCapacity: true,
  };
}

/**
 * POST /cloud/v3/gpu/{virtual|baremetal}/{project_id}/{region_id}/clusters: `{tasks: [id]}` of its create
 * task. The cluster is listed at once, `creating` with BUILD servers until the task ends, then `active` (or
 * `error` when a test made the task fail or marked its image failing). Nothing is created when a check fails: the payload (400), the
 * quota (400 QuotaExceededError), the flavor's capacity (403). Names need not be unique, as at Gcore.
 */
export function createGpuCluster(
  request: ApiRequest,
  kind: GpuKind,
  segments: { projectId: string; regionId: string },
  state: GpuState,
): Reply {
  const body = readLocatedJsonObject(request, segments);
  if (!body.ok) return body.reply;
  const schemaErrors = validateGpuClusterCreate(kind, body.value);
  if (Object.keys(schemaErrors).length > 0) return cloudValidationError(request.requestId, schemaErrors);
  const create = body.value as unknown as CreateBody;
  const referenceErrors = checkReferences(state, kind, body.location, create);
  if (Object.keys(referenceErrors).length > 0) return cloudValidationError(request.requestId, referenceErrors);

  const record = newCluster(kind, body.location, create);
  const exceeded = exceededGpuQuotas(state, body.location, gpuNeeds(kind, record.flavor, record.servers.length, record.settings, true));
  if (Object.keys(exceeded).length > 0) return cloudQuotaError(request.requestId, gpuQuotaMessage(exceeded), exceeded);
  const free = freeCapacity(state, record);
  if (free < record.servers.length) return capacityError(request.requestId, record.flavor, free, record.servers.length);
  takeCapacity(state, record, record.servers.length);
  state.clusters.add(record);
  const task = startGpuChange(state, record, 'create', {
    data: { name: record.name, flavor: record.flavor, servers_count: record.servers.length },
    error: (record.imageId !== null && state.failingImages.get(record.imageId)) || undefined,
  });
  return { status: 200, body: { tasks: [task.id] } };
}
