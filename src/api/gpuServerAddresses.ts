import type { GpuInterface, GpuServer } from './gpuClusterTypes';

/**
 * The addresses of a cluster that are reachable from outside: every address on an external network and every
 * floating IP. Gcore's interface lists carry no server id (docs/gcore-api.md, "GPU cluster addresses"), so a
 * server's public address is found by matching its own addresses against these.
 */
interface PublicAddresses {
  external: Set<string>;
  /** A floating IP by the fixed address it points at. */
  floatingByFixed: Map<string, string>;
}

function publicAddressesOf(interfaces: readonly GpuInterface[]): PublicAddresses {
  const external = new Set<string>();
  const floatingByFixed = new Map<string, string>();
  for (const port of interfaces) {
    const network = port.network ?? port.network_details;
    if (network?.external === true) {
      for (const assignment of port.ip_assignments ?? []) if (assignment?.ip_address) external.add(assignment.ip_address);
    }
    for (const floating of port.floating_ips ?? port.floatingip_details ?? []) {
      if (!floating?.floating_ip_address) continue;
      external.add(floating.floating_ip_address);
      if (floating.fixed_ip_address) floatingByFixed.set(floating.fixed_ip_address, floating.floating_ip_address);
    }
  }
  return { external, floatingByFixed };
}

/** The server's public address, IPv4 before IPv6; undefined for a server reachable only on private networks. */
function publicAddressOf(server: GpuServer, addresses: PublicAddresses): string | undefined {
  const candidates: string[] = [];
  for (const address of server.ip_addresses ?? []) {
    if (addresses.external.has(address)) candidates.push(address);
    const floating = addresses.floatingByFixed.get(address);
    if (floating !== undefined) candidates.push(floating);
  }
  return candidates.find((address) => !address.includes(':')) ?? candidates[0];
}

/** Each server with `public_ip` set when it has one (absent when it has none). */
export function withPublicAddresses(servers: readonly GpuServer[], interfaces: readonly GpuInterface[]): GpuServer[] {
  const addresses = publicAddressesOf(interfaces);
  return servers.map((server) => {
    const { public_ip: _ignored, ...own } = server;
    const address = publicAddressOf(own, addresses);
    return address === undefined ? own : { ...own, public_ip: address };
  });
}
