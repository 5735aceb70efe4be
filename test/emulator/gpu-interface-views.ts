import type { GpuClusterRecord } from './gpu-cluster-store';
import type { GpuPort, GpuServerRecord } from './gpu-servers';

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

function baremetalFields(port: GpuPort): Record<string, unknown> {
  return {
    ...commonFields(port),
    network_details: networkOf(port),
    floatingip_details: floatingIpsOf(port),
    interface_name: port.interfaceName,
    allowed_address_pairs: [],
  };
}

/** A server's bare-metal ports: each on its own, or those its trunk carries as the trunk's sub-ports (VLANs from 100). */
function baremetalPorts(server: GpuServerRecord): Record<string, unknown>[] {
  if (!server.trunk) return server.ports.map((port) => ({ ...baremetalFields(port), sub_ports: [] }));
  const carried = server.ports.filter((port) => !port.infiniband);
  const trunk = {
    ...baremetalFields(server.trunk),
    sub_ports: carried.map((port, index) => ({ ...baremetalFields(port), segmentation_id: 100 + index, segmentation_type: 'vlan' })),
  };
  return [trunk, ...server.ports.filter((port) => port.infiniband).map((port) => ({ ...baremetalFields(port), sub_ports: [] }))];
}

/**
 * The ports of every server of the cluster, in the shape of its kind's interfaces endpoint: virtual
 * (`/cloud/v3/…/interfaces`) names `network` and `floating_ips`; bare metal (the v1 path) `network_details`
 * and `floatingip_details`, with `interface_name`, `allowed_address_pairs` and `sub_ports` (a trunk's, its
 * InstanceInterfaceTrunkSerializer). Neither names the server a port belongs to.
 */
export function interfaceViews(record: GpuClusterRecord): Record<string, unknown>[] {
  return record.servers.flatMap((server) =>
    record.kind === 'virtual'
      ? server.ports.map((port) => ({ ...commonFields(port), network: networkOf(port), floating_ips: floatingIpsOf(port) }))
      : baremetalPorts(server),
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
