import type { GpuClusterRecord } from './gpu-cluster-store';
import { serverAddresses, type GpuServerRecord } from './gpu-servers';

/**
 * `GPUClusterStatus` as its task has it: `creating`, `deleting`, `rebooting` and `resizing` while one runs.
 * A start or a stop has no status of its own (docs: gpu-notes.md §2.4): the cluster shows where it was until
 * the task ends, and its servers carry the task's id.
 */
export function clusterStatus(record: GpuClusterRecord): string {
  const pending = record.pending;
  switch (pending?.change) {
    case undefined:
    case 'start':
    case 'stop':
      return record.status;
    case 'create':
      return 'creating';
    case 'delete':
      return 'deleting';
    case 'soft_reboot':
    case 'hard_reboot':
      return 'rebooting';
    case 'delete_server':
      // Deleting the last server deletes the cluster.
      return record.servers.length === 1 ? 'deleting' : 'resizing';
    default:
      return 'resizing';
  }
}

function volumeTemplateView(volume: Record<string, unknown>): Record<string, unknown> {
  // Gcore does not return a volume's `source` (Terraform infers it from `image_id`).
  const { source: _source, ...shown } = volume;
  return { delete_on_termination: false, tags: {}, ...shown };
}

/** The cluster as a list and a get answer it (`VirtualClusterSerializer`; bare metal adds `image_id`, `managed_by`). */
export function clusterView(record: GpuClusterRecord): Record<string, unknown> {
  const { settings } = record;
  const view: Record<string, unknown> = {
    id: record.id,
    name: record.name,
    status: clusterStatus(record),
    flavor: record.flavor,
    tags: Object.entries(record.tags).map(([key, value]) => ({ key, value, read_only: false })),
    servers_count: record.servers.length,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    servers_ids: record.servers.map((server) => server.id),
    servers_settings: {
      interfaces: settings.interfaces,
      volumes: settings.volumes.map(volumeTemplateView),
      ssh_key_name: settings.sshKeyName,
      user_data: settings.userData,
      file_shares: settings.fileShares,
      security_groups: [],
    },
    has_pending_changes: false,
  };
  if (record.kind === 'baremetal') Object.assign(view, { image_id: record.imageId, managed_by: record.managedBy });
  return view;
}

/** `InstanceStatus`: a stopped virtual server is shelved and offloaded, a bare-metal one shut off. */
function serverStatus(record: GpuClusterRecord, server: GpuServerRecord): string {
  if (server.failed) return 'ERROR';
  const change = record.pending?.change;
  if (change === 'create' || (server.building && change === 'upscale')) return 'BUILD';
  if (change === 'soft_reboot') return 'REBOOT';
  if (change === 'hard_reboot') return 'HARD_REBOOT';
  if (record.status === 'shutoff') return record.kind === 'virtual' ? 'SHELVED_OFFLOADED' : 'SHUTOFF';
  return record.status === 'error' ? 'ERROR' : 'ACTIVE';
}

/** A server as the cluster's server list answers it; `task_id` names the task changing it, if any. */
export function serverView(record: GpuClusterRecord, server: GpuServerRecord): Record<string, unknown> {
  const pending = record.pending;
  const changing = pending !== undefined && (pending.serverId === undefined || pending.serverId === server.id);
  const imageId = record.imageId;
  return {
    id: server.id,
    name: server.name,
    status: serverStatus(record, server),
    flavor: record.flavor,
    image_id: imageId,
    ssh_key_name: record.settings.sshKeyName,
    ip_addresses: serverAddresses(server),
    security_groups: [{ id: '0f3f0d1c-5f4d-4b8e-9a0c-5d7c2b1e4a61', name: 'default' }],
    tags: [],
    task_id: changing ? pending.taskId : null,
    created_at: server.createdAt,
    updated_at: record.updatedAt,
    has_pending_changes: false,
    applied_servers_settings: { image_id: imageId, servers_settings: {} },
  };
}
