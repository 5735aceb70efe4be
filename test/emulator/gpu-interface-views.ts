import type { GpuClusterRecord } from './gpu-cluster-store';
import type { GpuPort } from './gpu-servers';

function networkOf(port: GpuPort): Record<string, unknown> {
  return {
    id: port.networkId,
    name: port.networkName,
    external: port.external,
    mtu: port.infiniband ? 4092 : 1500,
    type: port.infiniband ? 'infiniband' : 'vlan',
    subnets: [port.subnetId],
    shared: port.external,
  };
}

function floatingIpsOf(port: GpuPort): Record<string, unknown>[] {
  if (!port.floatingIp) return [];
  return [
    {
      id: port.floatingIp.id,
      floating_ip_address: port.floatingIp.address,
      fixed_ip_address: port.ipAddress,
      status: 'ACTIVE',
      port_id: port.portId,
    },
  ];
}

function commonFields(port: GpuPort): Record<string, unknown> {
  return {
    port_id: port.portId,
    mac_address: port.macAddress,
    network_id: port.networkId,
    port_security_enabled: !port.infiniband,
    ip_assignments: [{ subnet_id: port.subnetId, ip_address: port.ipAddress }],
  };
}

/**
 * The ports of every server of the cluster, in the shape of its kind's interfaces endpoint: virtual
 * (`/cloud/v3/…/interfaces`) names `network` and `floating_ips`; bare metal (the v1 path) `network_details`
 * and `floatingip_details`, with `interface_name`, `allowed_address_pairs` and `sub_ports`. Neither names
 * the server a port belongs to.
 */
export function interfaceViews(record: GpuClusterRecord): Record<string, unknown>[] {
  return record.servers.flatMap((server) =>
    server.ports.map((port) =>
      record.kind === 'virtual'
        ? { ...commonFields(port), network: networkOf(port), floating_ips: floatingIpsOf(port) }
        : {
            ...commonFields(port),
            network_details: networkOf(port),
            floatingip_details: floatingIpsOf(port),
            interface_name: port.interfaceName,
            allowed_address_pairs: [],
            sub_ports: [],
          },
    ),
  );
}

/** The volumes of a virtual cluster's servers, as `…/clusters/{id}/volumes` answers. */
export function volumeViews(record: GpuClusterRecord): Record<string, unknown>[] {
  return record.servers.flatMap((server) =>
    server.volumes.map((volume) => ({
      id: volume.id,
      server_id: server.id,
      name: volume.name,
      type: volume.type,
      status: server.building && record.pending ? 'creating' : 'in-use',
      size: volume.size,
      bootable: volume.bootIndex === 0,
      root_fs: volume.bootIndex === 0,
      tags: [],
      created_at: server.createdAt,
    })),
  );
}
