import { jsonObject, nonBlankText } from '../decodeItems';
import type { GpuCluster, GpuImage, GpuInterface, GpuServer, GpuVolume, SshKey } from './gpuClusterTypes';

/*
 * Item decoders of the GPU cluster endpoints, as tolerant as the other reads (decodeItems.ts): an entry is
 * kept when it has what identifies it, and left out otherwise. The UUIDs Gcore gives are what every later
 * request names, so a cluster, server, image or key without one cannot be used.
 */

type Json = Record<string, unknown>;

/** An item with an `id`, and its `name` or, lacking one, its id: a name is what a row shows. */
function withIdAndName<T>(value: unknown): T | undefined {
  const item = jsonObject(value);
  const id = item && nonBlankText(item.id);
  if (!item || id === undefined) return undefined;
  return (nonBlankText(item.name) === undefined ? { ...item, name: id } : item) as T;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Each known field of a cluster and the shape the extension reads it in. */
const CLUSTER_FIELD_SHAPES: readonly [field: string, readable: (value: unknown) => boolean][] = [
  ['name', (value) => typeof value === 'string'],
  ['status', (value) => typeof value === 'string'],
  ['flavor', (value) => typeof value === 'string'],
  ['servers_count', (value) => typeof value === 'number' && Number.isFinite(value)],
  ['servers_ids', Array.isArray],
  ['tags', Array.isArray],
  ['created_at', (value) => typeof value === 'string'],
  ['updated_at', (value) => typeof value === 'string'],
  ['has_pending_changes', (value) => typeof value === 'boolean'],
  ['image_id', (value) => typeof value === 'string'],
  ['managed_by', (value) => typeof value === 'string'],
  ['servers_settings', (value) => jsonObject(value) !== undefined],
];

function isTag(value: unknown): boolean {
  const tag = jsonObject(value);
  return tag !== undefined && typeof tag.key === 'string' && (isAbsent(tag.value) || typeof tag.value === 'string');
}

/** The lists whose entries are read one by one, and what an entry must be. */
const CLUSTER_LIST_ENTRIES: readonly [field: 'tags' | 'servers_ids', readable: (entry: unknown) => boolean][] = [
  ['tags', isTag],
  ['servers_ids', (id) => typeof id === 'string'],
];

/**
 * A cluster with an id. A known field Gcore sent in another shape (`tags` as an object, `servers_count` as text)
 * is left out and named in `unreadable_fields`, and so is a list with entries that are not what it holds (its
 * readable entries stay): one odd field marks its own row, where a row that read it as it came would fail its
 * whole location. A cluster that needs none of this is returned as it came.
 */
export function decodeGpuCluster(value: unknown): GpuCluster | undefined {
  const cluster = withIdAndName<GpuCluster>(value);
  if (!cluster) return undefined;
  const given = value as Json;
  const odd = CLUSTER_FIELD_SHAPES.filter(([field, readable]) => !isAbsent(given[field]) && !readable(given[field])).map(
    ([field]) => field,
  );
  const partly = CLUSTER_LIST_ENTRIES.filter(
    ([field, readable]) => Array.isArray(cluster[field]) && !(cluster[field] as unknown[]).every(readable),
  );
  // The field is the extension's: one an answer brings of its own would say what the extension did not find.
  if (odd.length === 0 && partly.length === 0 && !Object.hasOwn(given, 'unreadable_fields')) return cluster;
  const decoded: Record<string, unknown> = { ...cluster };
  delete decoded.unreadable_fields;
  // A name of another type is already the id (withIdAndName).
  for (const field of odd) if (field !== 'name') delete decoded[field];
  for (const [field, readable] of partly) decoded[field] = (cluster[field] as unknown[]).filter(readable);
  if (odd.length > 0 || partly.length > 0) decoded.unreadable_fields = [...odd, ...partly.map(([field]) => field)];
  return decoded as GpuCluster;
}

/** A server whose `ip_addresses` is not a list of strings keeps the strings it has. */
export function decodeGpuServer(value: unknown): GpuServer | undefined {
  const server = withIdAndName<GpuServer>(value);
  if (!server || server.ip_addresses === undefined || server.ip_addresses === null) return server;
  const addresses = Array.isArray(server.ip_addresses) ? server.ip_addresses.filter((address) => typeof address === 'string') : [];
  return { ...server, ip_addresses: addresses };
}

export function decodeGpuImage(value: unknown): GpuImage | undefined {
  return withIdAndName<GpuImage>(value);
}

export function decodeSshKey(value: unknown): SshKey | undefined {
  const key = jsonObject(value);
  return key && nonBlankText(key.id) && nonBlankText(key.name) ? (key as SshKey) : undefined;
}

export function decodeGpuVolume(value: unknown): GpuVolume | undefined {
  const volume = jsonObject(value);
  return volume && nonBlankText(volume.id) ? (volume as GpuVolume) : undefined;
}

export function decodeGpuInterface(value: unknown): GpuInterface | undefined {
  return jsonObject(value) as GpuInterface | undefined;
}
