import { createHash } from 'node:crypto';

/** One port of a server: an address on one network, perhaps with a floating IP in front of it. */
export interface GpuPort {
  portId: string;
  macAddress: string;
  networkId: string;
  networkName: string;
  subnetId: string;
  external: boolean;
  /** The cluster's InfiniBand network, which Gcore adds to every cluster for traffic between its servers. */
  infiniband: boolean;
  ipAddress: string;
  floatingIp?: { id: string; address: string };
  interfaceName: string;
}

export interface GpuVolume {
  id: string;
  name: string;
  type: string;
  size: number;
  bootIndex: number;
  imageId: string | null;
  deleteOnTermination: boolean;
}

export interface GpuServerRecord {
  id: string;
  name: string;
  createdAt: string;
  ports: GpuPort[];
  volumes: GpuVolume[];
  /** Left in ERROR by a task that failed part-way. */
  failed: boolean;
  /** Added by a resize still under way (BUILD until it ends). */
  building: boolean;
  /**
   * Bare metal: the trunk port its ports but InfiniBand ride on, on a private network of its own, as Gcore answers
   * a server whose interfaces share a port group: those ports are then the trunk's sub-ports.
   */
  trunk?: GpuPort;
}

/** An interface of the cluster's template, as the create asked for it (wire field names). */
export type InterfaceTemplate = Record<string, unknown> & { type: string };
/** A volume of the cluster's template (virtual clusters only). */
export type VolumeTemplate = Record<string, unknown> & { name: string; size: number; type: string; boot_index: number };

/** A version-4-shaped UUID that is the same every time for the same parts, so seeds keep their ids. */
export function stableUuid(...parts: readonly (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('/')).digest('hex');
  const variant = '89ab'[parseInt(hex[16], 16) & 3];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function bytesOf(...parts: readonly (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('/')).digest();
}

/** What a server's addresses are made from: where it is, its cluster, its place in the cluster. */
export interface ServerSeat {
  projectId: number;
  regionId: number;
  clusterId: string;
  clusterName: string;
  /** 1 for the first server; Gcore names servers after their cluster. */
  index: number;
  createdAt: string;
}

function port(seat: ServerSeat, ordinal: number, fields: Omit<GpuPort, 'portId' | 'macAddress'>): GpuPort {
  const bytes = bytesOf(seat.clusterId, seat.index, ordinal, 'mac');
  const mac = ['fa', '16', '3e', ...[0, 1, 2].map((i) => bytes[i].toString(16).padStart(2, '0'))].join(':');
  return { portId: stableUuid(seat.clusterId, seat.index, ordinal, 'port'), macAddress: mac, ...fields };
}

function externalAddress(seat: ServerSeat, ordinal: number): string {
  const bytes = bytesOf(seat.projectId, seat.regionId, seat.clusterId, seat.index, ordinal, 'public');
  return `85.234.${64 + (bytes[0] % 64)}.${2 + (bytes[1] % 250)}`;
}

/** One port per interface of the template, then the InfiniBand port; subnets belong to the cluster. */
function portsOf(seat: ServerSeat, interfaces: readonly InterfaceTemplate[]): GpuPort[] {
  const ports = interfaces.map((template, ordinal) => {
    const interfaceName = typeof template.name === 'string' ? template.name : `eth${ordinal}`;
    if (template.type === 'external') {
      return port(seat, ordinal, {
        networkId: stableUuid(seat.regionId, 'pub_net'),
        networkName: 'pub_net',
        subnetId: stableUuid(seat.regionId, 'pub_net', 'subnet'),
        external: true,
        infiniband: false,
        ipAddress: externalAddress(seat, ordinal),
        interfaceName,
      });
    }
    const bytes = bytesOf(seat.clusterId, seat.index, ordinal, 'private');
    const networkId = typeof template.network_id === 'string' ? template.network_id : stableUuid(seat.clusterId, 'private-network');
    const withFloating = (template.floating_ip as { source?: unknown } | undefined)?.source === 'new';
    return port(seat, ordinal, {
      networkId,
      networkName: `private-${networkId.slice(0, 8)}`,
      subnetId: typeof template.subnet_id === 'string' ? template.subnet_id : stableUuid(networkId, 'subnet'),
      external: false,
      infiniband: false,
      ipAddress: `10.${bytes[0] % 256}.${bytes[1] % 256}.${2 + (bytes[2] % 250)}`,
      floatingIp: withFloating
        ? { id: stableUuid(seat.clusterId, seat.index, ordinal, 'floating'), address: `5.188.${bytes[3] % 256}.${2 + (bytes[4] % 250)}` }
        : undefined,
      interfaceName,
    });
  });
  const ib = bytesOf(seat.clusterId, 'infiniband');
  ports.push(
    port(seat, interfaces.length, {
      networkId: stableUuid(seat.clusterId, 'ib-network'),
      networkName: `gpu-cluster-ib-network-${seat.clusterId}`,
      subnetId: stableUuid(seat.clusterId, 'ib-subnet'),
      external: false,
      infiniband: true,
      ipAddress: `192.168.${ib[0] % 256}.${1 + seat.index}`,
      interfaceName: `ib${interfaces.length}`,
    }),
  );
  return ports;
}

function volumesOf(seat: ServerSeat, volumes: readonly VolumeTemplate[]): GpuVolume[] {
  return volumes.map((template, ordinal) => ({
    id: stableUuid(seat.clusterId, seat.index, ordinal, 'volume'),
    name: template.name,
    type: template.type,
    size: template.size,
    bootIndex: template.boot_index,
    imageId: typeof template.image_id === 'string' ? template.image_id : null,
    deleteOnTermination: template.delete_on_termination === true,
  }));
}

/** A server of the cluster, its ports and volumes made from the cluster's template. */
export function makeServer(
  seat: ServerSeat,
  interfaces: readonly InterfaceTemplate[],
  volumes: readonly VolumeTemplate[],
): GpuServerRecord {
  return {
    id: stableUuid(seat.clusterId, seat.index, 'server'),
    name: `${seat.clusterName}-${seat.index}`,
    createdAt: seat.createdAt,
    ports: portsOf(seat, interfaces),
    volumes: volumesOf(seat, volumes),
    failed: false,
    building: false,
  };
}

/** The addresses a server lists, in the order of its ports (its trunk's first); a floating IP follows the address behind it. */
export function serverAddresses(server: GpuServerRecord): string[] {
  const ports = server.trunk ? [server.trunk, ...server.ports] : server.ports;
  return ports.flatMap((port) => (port.floatingIp ? [port.ipAddress, port.floatingIp.address] : [port.ipAddress]));
}

/** Puts the server's ports but InfiniBand on a trunk (a new port on a private network), or with false takes them off it. */
export function setTrunk(server: GpuServerRecord, trunked: boolean): void {
  if (!trunked) {
    server.trunk = undefined;
    return;
  }
  const bytes = bytesOf(server.id, 'trunk');
  const networkId = stableUuid(server.id, 'trunk-network');
  server.trunk = {
    portId: stableUuid(server.id, 'trunk-port'),
    macAddress: ['fa', '16', '3e', ...[0, 1, 2].map((i) => bytes[i].toString(16).padStart(2, '0'))].join(':'),
    networkId,
    networkName: `trunk-${networkId.slice(0, 8)}`,
    subnetId: stableUuid(networkId, 'subnet'),
    external: false,
    infiniband: false,
    ipAddress: `172.16.${bytes[3] % 256}.${2 + (bytes[4] % 250)}`,
    interfaceName: 'bond0',
  };
}

/**
 * Gives the server `address` as its public one (its floating IP, or its external port's address, or a new floating IP
 * on its first port when it has neither), or with null takes every public address away: its ports are then private.
 */
export function setPublicAddress(server: GpuServerRecord, address: string | null): void {
  if (address === null) {
    for (const port of server.ports) {
      port.external = false;
      port.floatingIp = undefined;
    }
    return;
  }
  const floating = server.ports.find((port) => port.floatingIp);
  if (floating?.floatingIp) {
    floating.floatingIp.address = address;
    return;
  }
  const external = server.ports.find((port) => port.external);
  if (external) {
    external.ipAddress = address;
    return;
  }
  const [first] = server.ports;
  first.floatingIp = { id: stableUuid(server.id, 'floating'), address };
}
