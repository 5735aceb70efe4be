import { readJsonBody, type ApiRequest } from './api-request';
import { pageOf, readPageQuery } from './paging-query';
import { recordSetView, type RecordSetInput } from './record-set-store';
import { parseRecordSetBody, recordSetName, recordSetType } from './record-set-validation';
import { dnsError, type InvalidFields, type Reply } from './replies';
import { jsonObjectBody } from './zone-endpoints';
import { normaliseZoneName } from './zone-name';
import type { ZoneRecord, ZoneStore } from './zone-store';

const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;

/** The path segments of one record set, decoded, as the request named them. */
export interface RecordSetSegments {
  zone: string;
  name: string;
  type: string;
}

interface Located {
  zone: ZoneRecord;
  name: string;
  type: string;
}

function findZone(segment: string, store: ZoneStore): ZoneRecord | undefined {
  const name = normaliseZoneName(segment);
  return name.ok ? store.find(name.name) : undefined;
}

function locate(segments: RecordSetSegments, store: ZoneStore): { ok: true; set: Located } | { ok: false; reply: Reply } {
  const zone = findZone(segments.zone, store);
  if (!zone) return { ok: false, reply: dnsError(404, 'zone not found') };
  const name = recordSetName(segments.name, zone.name);
  if (!name.ok) return { ok: false, reply: dnsError(400, name.message) };
  const type = recordSetType(segments.type);
  if (!type.ok) return { ok: false, reply: dnsError(400, type.message) };
  return { ok: true, set: { zone, name: name.value, type: type.value } };
}

/** GET /dns/v2/zones/{zone}/rrsets: every set with `all=true`, else a `limit`/`offset` page; ordering parameters are ignored. */
export function listRecordSets(request: ApiRequest, zoneSegment: string, store: ZoneStore): Reply {
  const zone = findZone(zoneSegment, store);
  if (!zone) return dnsError(404, 'zone not found');
  const sets = zone.rrsets.all();
  if (request.query.get('all') === 'true') return { status: 200, body: { rrsets: sets.map(recordSetView), total_amount: sets.length } };
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, MAX_LIMIT, DEFAULT_LIMIT, invalidFields);
  const problem = Object.entries(invalidFields)[0];
  if (problem) return dnsError(400, `${problem[0]}: ${problem[1].join(' ')}`);
  return { status: 200, body: { rrsets: pageOf(sets, page).map(recordSetView), total_amount: sets.length } };
}

/** GET /dns/v2/zones/{zone}/{rrsetName}/{rrsetType} */
export function getRecordSet(segments: RecordSetSegments, store: ZoneStore): Reply {
  const located = locate(segments, store);
  if (!located.ok) return located.reply;
  const { zone, name, type } = located.set;
  const set = zone.rrsets.find(name, type);
  return set ? { status: 200, body: recordSetView(set) } : dnsError(404, 'rrset not found');
}

/** POST …/{rrsetName}/{rrsetType}: 409 on an existing set, in Gcore's own words. */
export function createRecordSet(request: ApiRequest, segments: RecordSetSegments, store: ZoneStore): Reply {
  return write(request, segments, store, (located, input) => {
    const created = located.zone.rrsets.create(located.name, located.type, input);
    return created ? { status: 200, body: recordSetView(created) } : dnsError(409, 'rrset is already exists');
  });
}

/** PUT …/{rrsetName}/{rrsetType}: creates the set or replaces it whole. */
export function replaceRecordSet(request: ApiRequest, segments: RecordSetSegments, store: ZoneStore): Reply {
  return write(request, segments, store, (located, input) => ({
    status: 200,
    body: recordSetView(located.zone.rrsets.put(located.name, located.type, input)),
  }));
}

/** DELETE …/{rrsetName}/{rrsetType}: `{}`, or 404 when there is no such set. */
export function deleteRecordSet(segments: RecordSetSegments, store: ZoneStore): Reply {
  const located = locate(segments, store);
  if (!located.ok) return located.reply;
  const { zone, name, type } = located.set;
  return zone.rrsets.delete(name, type) ? { status: 200, body: {} } : dnsError(404, 'rrset not found');
}

function write(
  request: ApiRequest,
  segments: RecordSetSegments,
  store: ZoneStore,
  apply: (located: Located, input: RecordSetInput) => Reply,
): Reply {
  const located = locate(segments, store);
  if (!located.ok) return located.reply;
  const body = jsonObjectBody(readJsonBody(request));
  if (!body.ok) return body.reply;
  const input = parseRecordSetBody(body.value, located.set.type);
  if (!input.ok) return dnsError(400, input.message);
  return apply(located.set, input.value);
}
