import { createHash } from 'node:crypto';
import { isJsonObject, readJsonBody, type ApiRequest, type JsonBodyResult } from './api-request';
import { dnssecRecordFor } from './dnssec-keys';
import { dnsError, type Reply } from './replies';
import { normaliseZoneName } from './zone-name';
import { pageOf, readPageQuery } from './paging-query';
import type { InvalidFields } from './replies';
import { GCORE_NAME_SERVERS, type NewZone, type ZoneRecord, type ZoneStore } from './zone-store';

const MAX_UINT32 = 0xffff_ffff;
const MIN_NX_TTL = 60;
const UNSIGNED_FIELDS = ['expiry', 'nx_ttl', 'refresh', 'retry', 'serial'] as const;
const STRING_FIELDS = ['contact', 'primary_server'] as const;
const ZONE_FIELDS = new Set<string>(['name', 'enabled', 'meta', ...UNSIGNED_FIELDS, ...STRING_FIELDS]);

type JsonObjectResult = { ok: true; value: Record<string, unknown> } | { ok: false; reply: Reply };

/** A write's body as the DNS service reads it: JSON, and an object. */
export function jsonObjectBody(body: JsonBodyResult): JsonObjectResult {
  if (body.kind === 'unsupported-media-type') {
    return { ok: false, reply: dnsError(415, 'Content-Type must be application/json') };
  }
  if (body.kind === 'malformed') return { ok: false, reply: dnsError(400, `invalid JSON body: ${body.detail}`) };
  if (!isJsonObject(body.value)) return { ok: false, reply: dnsError(400, 'request body must be a JSON object') };
  return { ok: true, value: body.value };
}

function unknownField(body: Record<string, unknown>, known: Set<string>): string | undefined {
  return Object.keys(body).find((field) => !known.has(field));
}

type ZoneParseResult = { ok: true; zone: NewZone } | { ok: false; message: string };

// null means "not given", as it does for the real service's optional fields.
function parseNewZone(body: Record<string, unknown>): ZoneParseResult {
  const extra = unknownField(body, ZONE_FIELDS);
  if (extra !== undefined) return { ok: false, message: `json: unknown field "${extra}"` };
  if (body.name === undefined || body.name === null) return { ok: false, message: 'name is required' };
  if (typeof body.name !== 'string') return { ok: false, message: 'name must be a string' };
  const name = normaliseZoneName(body.name);
  if (!name.ok) return { ok: false, message: `invalid zone name "${body.name}": ${name.reason}` };
  const zone: NewZone = { name: name.name, enabled: true };
  for (const field of UNSIGNED_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_UINT32) {
      return { ok: false, message: `${field} must be an unsigned 32-bit integer` };
    }
    zone[field] = value;
  }
  for (const field of STRING_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return { ok: false, message: `${field} must be a string` };
    zone[field] = value;
  }
  if (body.enabled !== undefined && body.enabled !== null) {
    if (typeof body.enabled !== 'boolean') return { ok: false, message: 'enabled must be a boolean' };
    zone.enabled = body.enabled;
  }
  if (body.meta !== undefined && body.meta !== null) {
    if (!isJsonObject(body.meta)) return { ok: false, message: 'meta must be an object' };
    zone.meta = structuredClone(body.meta);
  }
  return { ok: true, zone };
}

/** POST /dns/v2/zones */
export function createZone(request: ApiRequest, store: ZoneStore): Reply {
  const body = jsonObjectBody(readJsonBody(request));
  if (!body.ok) return body.reply;
  const parsed = parseNewZone(body.value);
  if (!parsed.ok) return dnsError(400, parsed.message);
  const { zone } = parsed;

  const warnings: string[] = [];
  if (zone.primary_server !== undefined) {
    warnings.push(
      `primary_server "${zone.primary_server}" is ignored: the zone is served by Gcore name servers (${GCORE_NAME_SERVERS.join(', ')})`,
    );
  }
  if (zone.nx_ttl !== undefined && zone.nx_ttl < MIN_NX_TTL) {
    warnings.push(`nx_ttl ${zone.nx_ttl} is below the minimum of ${MIN_NX_TTL} seconds and was raised to ${MIN_NX_TTL}`);
    zone.nx_ttl = MIN_NX_TTL;
  }
  const created = store.add(zone);
  if (!created) return dnsError(409, `zone ${zone.name} already exists`);
  return { status: 200, body: { id: created.id, warnings } };
}

const DNSSEC_FIELDS = new Set(['enabled', 'force_disable']);

/** PATCH /dns/v2/zones/{name}/dnssec */
export function toggleDnssec(request: ApiRequest, zoneSegment: string, store: ZoneStore): Reply {
  const name = normaliseZoneName(zoneSegment);
  const zone = name.ok ? store.find(name.name) : undefined;
  if (!zone) return dnsError(404, 'zone not found');

  const body = jsonObjectBody(readJsonBody(request));
  if (!body.ok) return body.reply;
  const extra = unknownField(body.value, DNSSEC_FIELDS);
  if (extra !== undefined) return dnsError(400, `json: unknown field "${extra}"`);
  const { enabled, force_disable: forceDisable } = body.value;
  if (typeof enabled !== 'boolean') return dnsError(400, 'enabled is required and must be a boolean');
  if (forceDisable !== undefined && typeof forceDisable !== 'boolean') return dnsError(400, 'force_disable must be a boolean');

  if (!enabled && zone.dnssecEnabled && zone.dsAtRegistrar && forceDisable !== true) {
    return dnsError(
      409,
      `the DS record of ${zone.name} is still published at the registrar; remove it there first, or send force_disable to disable DNSSEC anyway`,
    );
  }
  zone.dnssec ??= dnssecRecordFor(zone.name);
  zone.dnssecEnabled = enabled;
  zone.dnssecStatus = enabled ? (zone.dsAtRegistrar ? 'active' : 'pending') : 'disabled';
  if (!enabled) zone.dsAtRegistrar = false;
  return { status: 200, body: { ...zone.dnssec, message: enabled ? 'DNSSEC enabled' : 'DNSSEC disabled' } };
}

/** A zone as the zone list and `GET /dns/v2/zones/{name}` answer it. */
function zoneView(zone: ZoneRecord): Record<string, unknown> {
  return {
    name: zone.name,
    enabled: zone.enabled,
    status: zone.enabled ? 'active' : 'disabled',
    dnssec_enabled: zone.dnssecEnabled,
    ...(zone.dnssecStatus ? { dnssec_status: zone.dnssecStatus } : {}),
    contact: zone.contact ?? '',
    serial: zone.serial ?? 1,
    refresh: zone.refresh ?? 3600,
    retry: zone.retry ?? 3600,
    expiry: zone.expiry ?? 1_209_600,
    nx_ttl: zone.nx_ttl ?? 3600,
    primary_server: zone.primary_server ?? 'ns1.gcorelabs.net',
    meta: zone.meta ?? {},
    rrsets_amount: zone.rrsets.amount(),
    client_id: 1_186_668,
  };
}

/** GET /dns/v2/zones?limit=&offset=: `{total_amount, zones}`. */
export function listZones(request: ApiRequest, store: ZoneStore): Reply {
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, 1000, 100, invalidFields);
  const problem = Object.entries(invalidFields)[0];
  if (problem) return dnsError(400, `${problem[0]}: ${problem[1].join(' ')}`);
  const zones = store.all();
  return { status: 200, body: { total_amount: zones.length, zones: pageOf(zones, page).map(zoneView) } };
}

/** GET /dns/v2/zones/{name} */
export function getZone(zoneSegment: string, store: ZoneStore): Reply {
  const name = normaliseZoneName(zoneSegment);
  const zone = name.ok ? store.find(name.name) : undefined;
  return zone ? { status: 200, body: zoneView(zone) } : dnsError(404, 'zone not found');
}

/** GET /dns/v2/zones/{name}/dnssec: the current DS record, while DNSSEC is on. */
export function getDnssec(zoneSegment: string, store: ZoneStore): Reply {
  const name = normaliseZoneName(zoneSegment);
  const zone = name.ok ? store.find(name.name) : undefined;
  if (!zone) return dnsError(404, 'zone not found');
  if (!zone.dnssecEnabled || !zone.dnssec) return dnsError(400, 'dnssec is not enabled for the zone');
  return { status: 200, body: { ...zone.dnssec } };
}

function findZone(zoneSegment: string, store: ZoneStore): ZoneRecord | undefined {
  const name = normaliseZoneName(zoneSegment);
  return name.ok ? store.find(name.name) : undefined;
}

/** The settings a whole-zone PUT replaces: every one, those not sent going back to their defaults. */
const REPLACED_SETTINGS = ['contact', 'expiry', 'meta', 'nx_ttl', 'primary_server', 'refresh', 'retry', 'serial'] as const;

/**
 * PUT /dns/v2/zones/{name}: replaces the zone's settings, checked as a create checks them (`name` required, and
 * the zone's own); a field not sent goes back to its default, `enabled` to true. The SOA record follows. `{}`.
 */
export function updateZone(request: ApiRequest, zoneSegment: string, store: ZoneStore): Reply {
  const zone = findZone(zoneSegment, store);
  if (!zone) return dnsError(404, 'zone not found');
  const body = jsonObjectBody(readJsonBody(request));
  if (!body.ok) return body.reply;
  const parsed = parseNewZone(body.value);
  if (!parsed.ok) return dnsError(400, parsed.message);
  const settings = parsed.zone;
  if (settings.name !== zone.name) return dnsError(400, `name "${String(body.value.name)}" does not match the zone ${zone.name}`);
  if (settings.nx_ttl !== undefined && settings.nx_ttl < MIN_NX_TTL) settings.nx_ttl = MIN_NX_TTL;
  for (const field of REPLACED_SETTINGS) {
    if (settings[field] === undefined) delete zone[field];
    else (zone as unknown as Record<string, unknown>)[field] = settings[field];
  }
  zone.enabled = settings.enabled;
  refreshSoa(zone);
  return { status: 200, body: {} };
}

/** The SOA set says what the zone's settings say: its contact (as a mailbox), serial and timers. */
function refreshSoa(zone: ZoneRecord): void {
  const soa = zone.rrsets.find(zone.name, 'SOA');
  if (!soa) return;
  const mailbox = zone.contact?.includes('@') ? zone.contact.replace('@', '.') : `hostmaster.${zone.name}`;
  const content = [
    soa.records[0]?.content[0] ?? `${GCORE_NAME_SERVERS[0]}.`,
    `${mailbox}.`,
    zone.serial ?? 1,
    zone.refresh ?? 3600,
    zone.retry ?? 3600,
    zone.expiry ?? 1_209_600,
    zone.nx_ttl ?? 3600,
  ];
  zone.rrsets.put(zone.name, 'SOA', {
    ttl: soa.ttl,
    records: [{ content, enabled: true, meta: {} }],
    meta: soa.meta,
    pickers: soa.pickers,
  });
}

/** DELETE /dns/v2/zones/{name}: the zone and all its record sets go. `{}`, or 404 for a zone the account does not have. */
export function deleteZone(zoneSegment: string, store: ZoneStore): Reply {
  const name = normaliseZoneName(zoneSegment);
  return name.ok && store.remove(name.name) ? { status: 200, body: {} } : dnsError(404, 'zone not found');
}

/** PATCH /dns/v2/zones/{name}/enable and …/disable: whether Gcore's name servers answer for the zone. `{}`; no body is read. */
export function setZoneEnabled(zoneSegment: string, enabled: boolean, store: ZoneStore): Reply {
  const zone = findZone(zoneSegment, store);
  if (!zone) return dnsError(404, 'zone not found');
  zone.enabled = enabled;
  return { status: 200, body: {} };
}

/** Gcore's name servers and the zones they serve; any other server is a registrar's or another provider's. */
function isGcoreNameServer(server: string): boolean {
  return /(^|\.)(gcorelabs\.net|gcdn\.services)$/.test(server);
}

/** A fixed address per server, so that answers are the same every run (documentation ranges: nothing real). */
function addressesOf(server: string): { ipv4Addresses: string[]; ipv6Addresses: string[] } {
  const digest = createHash('sha256').update(server).digest();
  const gcore = isGcoreNameServer(server);
  return {
    ipv4Addresses: [`${gcore ? '192.0.2' : '198.51.100'}.${(digest[0] % 250) + 1}`],
    ipv6Addresses: gcore ? [`2001:db8:53::${digest[1].toString(16)}`] : [],
  };
}

/**
 * GET /dns/v2/analyze/{name}/delegation-status: what the domain's registrar lists, from the store (Gcore's two
 * servers for a zone unless a test set others). A name the account has no zone of is answered too, with
 * `zone_exists: false` (and the servers set for it, none by default), not with a 404: the check is about the
 * domain at its registrar, which exists whether or not the zone does here.
 */
export function delegationStatus(zoneSegment: string, store: ZoneStore): Reply {
  const name = normaliseZoneName(zoneSegment);
  if (!name.ok) return dnsError(400, `invalid zone name "${zoneSegment}": ${name.reason}`);
  const servers = store.registrarNameServers(name.name);
  const gcore = servers.filter(isGcoreNameServer).length;
  return {
    status: 200,
    body: {
      authoritative_name_servers: servers.map((server) => ({ name: server, ...addressesOf(server) })),
      gcore_authorized_count: gcore,
      non_gcore_authorized_count: servers.length - gcore,
      is_whitelabel_delegation: false,
      zone_exists: store.find(name.name) !== undefined,
    },
  };
}
