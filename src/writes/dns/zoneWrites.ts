import type { CallOptions, GcoreClient } from '../../api';
import type { CreateZoneResult, DnssecState } from '../../api/dns/dnsTypes';
import type { Log } from '../../logging/log';
import type { ZoneCreate } from '../../models/dns/zoneCreate';

export interface ZoneWritesDeps {
  client: Pick<GcoreClient, 'dns'>;
  log: Log;
}

/*
 * A zone's writes that both a command and an agent tool send (Create DNS Zone, Enable and Disable DNSSEC), for the
 * commands (and through them the agent tools in VS Code) and the agent tools in the MCP server.
 */

/** A new zone with the fields given, the others Gcore's defaults; a zone the account has already is refused (409). */
export function sendZoneCreate(
  deps: Pick<ZoneWritesDeps, 'client'>,
  zone: ZoneCreate,
  options: CallOptions = {},
): Promise<CreateZoneResult> {
  return deps.client.dns.createZone(zone, options);
}

/** DNSSEC on or off; `forceDisable` stops signing even while the registrar may still publish the DS record. */
export async function sendDnssec(
  deps: ZoneWritesDeps,
  zoneName: string,
  enabled: boolean,
  options: CallOptions & { forceDisable?: boolean } = {},
): Promise<DnssecState> {
  const state = await deps.client.dns.setDnssec(zoneName, enabled, options);
  deps.log.info(`DNSSEC ${enabled ? 'enabled' : 'disabled'} for ${zoneName}`);
  return state;
}
