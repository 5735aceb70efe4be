import type { GpuInterface, GpuServer } from './gpuClusterTypes';

/**
 * The addresses of a cluster that are reachable from outside: every address on an external network and every
 * floating IP, of each port and of each sub-port of a trunk. Gcore's interface lists carry no server id
 * (docs/gcore-api.md, "GPU cluster addresses"), so a server's public address is found by matching its own
 * addresses against these. Each value is read only when it has the type Gcore documents.
 */
interface PublicAddresses {
  external: Set<string>;
  /** A floating IP by the fixed address it points at. */
  floatingByFixed: Map<string, string>;
}

function publicAddressesOf(interfaces: readonly GpuInterface[]): PublicAddresses {
  const external = new Set<string>();
  const floatingByFixed = new Map<string, string>();
  const add = (port: unknown): void => {
    if (!isObject(port)) return;
    const network = isObject(port.network) ? port.network : isObject(port.network_details) ? port.network_details : undefined;
    if (network?.external === true) {
      for (const assignment of listOf(port.ip_assignments)) {
        const address = isObject(assignment) ? text(assignment.ip_address) : undefined;
        if (address !== undefined) external.add(address);
      }
    }
    for (const floating of listOf(port.floating_ips ?? port.floatingip_details)) {
      const address = isObject(floating) ? text(floating.floating_ip_address) : undefined;
      if (!isObject(floating) || address === undefined) continue;
      external.add(address);
      const fixed = text(floating.fixed_ip_address);
      if (fixed !== undefined) floatingByFixed.set(fixed, address);
    }
  };
  for (const port of interfaces) {
    add(port);
    // A bare-metal port may be a trunk: the networks it carries, the public one among them, are its sub-ports.
    for (const subPort of listOf(port.sub_ports)) add(subPort);
  }
  return { external, floatingByFixed };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
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
