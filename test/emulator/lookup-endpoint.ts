import type { ApiRequest } from './api-request';
import { canonicalRecordName } from './record-set-store';
import { dnsError, type Reply } from './replies';
import type { ZoneRecord, ZoneStore } from './zone-store';

const LOOKUP_SERVERS: readonly string[] = ['authoritative_dns', 'google', 'cloudflare', 'open_dns', 'quad9', 'gcore'];

/** Gcore's own servers answer from the zone at once; the public resolvers see it as it was a while ago. */
const GCORE_SERVERS: ReadonlySet<string> = new Set(['authoritative_dns', 'gcore']);

/**
 * GET /dns/v2/lookup?name=&request_server=: `[{name, type, ttl, content}]`, one per enabled record of every
 * set at the name. The public resolvers answer the zone as it was `propagationDelayMs` ago, so that a
 * change is seen to propagate; a name in no zone of the account, or in a disabled one, has no answers.
 */
export function lookup(request: ApiRequest, store: ZoneStore, propagationDelayMs: number): Reply {
  const name = request.query.get('name');
  if (!name) return dnsError(400, 'name is required');
  const server = request.query.get('request_server') ?? 'authoritative_dns';
  if (!LOOKUP_SERVERS.includes(server)) return dnsError(400, `request_server must be one of ${LOOKUP_SERVERS.join(', ')}`);
  const owner = canonicalRecordName(name);
  const zone = zoneOf(owner, store);
  // A disabled zone is not served: Gcore's name servers answer nothing for it, so neither do the resolvers.
  if (!zone || !zone.enabled) return { status: 200, body: [] };
  const now = Date.now();
  return { status: 200, body: zone.rrsets.answersAt(owner, GCORE_SERVERS.has(server) ? now : now - propagationDelayMs) };
}

/** The closest enclosing zone of the account: the name itself, or the zone of its parent. */
function zoneOf(name: string, store: ZoneStore): ZoneRecord | undefined {
  for (let rest = name; rest !== ''; rest = rest.includes('.') ? rest.slice(rest.indexOf('.') + 1) : '') {
    const zone = store.find(rest);
    if (zone) return zone;
  }
  return undefined;
}
