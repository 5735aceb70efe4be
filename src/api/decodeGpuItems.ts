import type { GpuCluster, GpuImage, GpuInterface, GpuServer, GpuVolume, SshKey } from './gpuClusterTypes';

/*
 * Item decoders of the GPU cluster endpoints, as tolerant as the other reads (decodeItems.ts): an entry is
 * kept when it has what identifies it, and left out otherwise. The UUIDs Gcore gives are what every later
 * request names, so a cluster, server, image or key without one cannot be used.
 */

type Json = Record<string, unknown>;

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An item with an `id`, and its `name` or, lacking one, its id: a name is what a row shows. */
function withIdAndName<T>(value: unknown): T | undefined {
  const item = object(value);
  const id = item && text(item.id);
  if (!item || id === undefined) return undefined;
  return (text(item.name) === undefined ? { ...item, name: id } : item) as T;
}

export function decodeGpuCluster(value: unknown): GpuCluster | undefined {
  return withIdAndName<GpuCluster>(value);
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
  const key = object(value);
  return key && text(key.id) && text(key.name) ? (key as SshKey) : undefined;
}

export function decodeGpuVolume(value: unknown): GpuVolume | undefined {
  const volume = object(value);
  return volume && text(volume.id) ? (volume as GpuVolume) : undefined;
}

export function decodeGpuInterface(value: unknown): GpuInterface | undefined {
  return object(value) as GpuInterface | undefined;
}
