import * as l10n from '@vscode/l10n';
import { domainNameKey } from '../../core/domainNameKey';
import type { CallOptions } from '../callOptions';
import { asObject, checkOptional, unexpected } from '../decode';
import { GcoreApiError, isEndpointMissing } from '../errors';
import { itemGone } from '../itemGone';
import { stringField } from '../http/errorBody';
import type { RequestPipeline } from '../http/requestPipeline';
import { decodeLookupAnswer, decodeRecordSet, decodeZone } from './decodeDnsItems';
import { fetchAllPages, fetchList, readListPage, type Page, type PagedListMessages } from '../paging';
import { DNS_RECORD_SET_LIST, DNS_ZONE_LIST } from './dnsListShapes';
import { decodeDelegationStatus } from './delegationStatus';
import type {
  CreateZoneResult,
  DelegationStatus,
  DnsZone,
  DnsZoneList,
  DnssecState,
  LookupAnswer,
  LookupServer,
  RecordSet,
  RecordSetBody,
  RecordSetList,
  ZoneSettingsBody,
} from './dnsTypes';

/** The page size Gcore's own Go DNS client asks for; the limit is not documented. */
const ZONE_PAGE_LIMIT = 100;

const ZONE_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the zones list is not an object'),
  noItems: (field) => l10n.t('the zones list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t('The Gcore API reports {0} zones, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

/**
 * The page size of the record-set list when a zone does not come whole with `all=true`; the API documents no
 * limit, and this is what its zone list is known to take.
 */
const RECORD_SET_PAGE_LIMIT = 100;

const RECORD_SET_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the record set list is not an object'),
  noItems: (field) => l10n.t('the record set list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t(
      'The Gcore API reports {0} record sets in the zone, more than the {1} this extension lists at once; nothing was loaded.',
      total,
      max,
    ),
};

export interface DeleteRecordResult {
  /** Gcore answered 404 on a zone whose record sets it serves: the set was gone before this request. */
  alreadyGone: boolean;
}

export interface DeleteZoneResult {
  /** Gcore answered 404, and its zone reads say the account has no such zone: it was gone before this request. */
  alreadyGone: boolean;
}

/** The settings a zone PUT carries besides its name, in the order they are sent. */
const ZONE_SETTINGS = ['contact', 'enabled', 'expiry', 'meta', 'nx_ttl', 'primary_server', 'refresh', 'retry', 'serial'] as const;

/** DNS zones, DNSSEC, record sets and lookups (`/dns/v2/…`). */
export class DnsClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  /**
   * Every zone of the account, page by page (`{total_amount, zones}`). Names that differ only by case, a
   * trailing dot or Unicode against punycode are one zone, and its first entry is kept, as paging keeps the
   * first of a repeated entry: nothing in two entries of one zone says which is newer.
   */
  async listZones(options: CallOptions = {}): Promise<DnsZoneList> {
    const { body, items, gaps } = await fetchList({
      messages: ZONE_LIST,
      shape: DNS_ZONE_LIST,
      pageLimit: ZONE_PAGE_LIMIT,
      keyOf: (zone) => domainNameKey(zone.name),
      decodeItem: decodeZone,
      pipeline: this.pipeline,
      segments: ['dns', 'v2', 'zones'],
      options,
    });
    return { ...body, total_amount: items.length, zones: items, ...gaps };
  }

  /** One zone; 404 (kind notFound) when the account no longer has it. */
  async getZone(zoneName: string, options: CallOptions = {}): Promise<DnsZone> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['dns', 'v2', 'zones', zoneName],
      signal: options.signal,
      gate: options.gate,
      onWait: options.onWait,
    });
    const zone = decodeZone(response.body);
    if (!zone) throw unexpected(l10n.t('the zone has no name'));
    return zone;
  }

  /** The current DS record of a zone whose DNSSEC is on. */
  async getDnssec(zoneName: string, options: CallOptions = {}): Promise<DnssecState> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['dns', 'v2', 'zones', zoneName, 'dnssec'],
      signal: options.signal,
      gate: options.gate,
    });
    return decodeDnssec(response.body);
  }

  async createZone(zone: object, options: CallOptions = {}): Promise<CreateZoneResult> {
    const response = await this.pipeline.send({ method: 'POST', segments: ['dns', 'v2', 'zones'], body: zone, signal: options.signal });
    return decodeCreateZone(response.body);
  }

  /**
   * Sends exactly `{"enabled": …}`; `forceDisable` adds `force_disable: true`, which makes Gcore stop
   * signing even while the registrar may still publish the DS record (the caller asks the user first).
   */
  async setDnssec(zoneName: string, enabled: boolean, options: CallOptions & { forceDisable?: boolean } = {}): Promise<DnssecState> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: ['dns', 'v2', 'zones', zoneName, 'dnssec'],
      body: !enabled && options.forceDisable ? { enabled, force_disable: true } : { enabled },
      signal: options.signal,
    });
    return decodeDnssec(response.body);
  }

  /**
   * Replaces the zone's settings (`PUT`): exactly the fields given are sent, and Gcore sets every field left
   * out back to its default; the caller sends the zone's current settings with its changes applied.
   */
  async updateZone(zoneName: string, body: ZoneSettingsBody, options: CallOptions = {}): Promise<void> {
    const sent: Record<string, unknown> = { name: body.name };
    for (const field of ZONE_SETTINGS) if (body[field] !== undefined) sent[field] = body[field];
    const response = await this.pipeline.send({
      method: 'PUT',
      segments: ['dns', 'v2', 'zones', zoneName],
      body: sent,
      signal: options.signal,
      onWait: options.onWait,
    });
    refuseErrorAnswer(response.body);
  }

  /**
   * Deletes the zone and all its record sets. A 404 resolves with `alreadyGone` once the zone reads say the
   * account has no such zone (zoneGone); the 404 of a server without this endpoint is thrown as it came.
   */
  async deleteZone(zoneName: string, options: CallOptions = {}): Promise<DeleteZoneResult> {
    try {
      const response = await this.pipeline.send({
        method: 'DELETE',
        segments: ['dns', 'v2', 'zones', zoneName],
        signal: options.signal,
        onWait: options.onWait,
      });
      refuseErrorAnswer(response.body);
      return { alreadyGone: false };
    } catch (error) {
      if (!(error instanceof GcoreApiError) || error.status !== 404 || !(await this.zoneGone(zoneName, options))) throw error;
      return { alreadyGone: true };
    }
  }

  /** Serves the zone again, or stops serving it (`PATCH …/enable`, `…/disable`, no body); its records are kept. */
  async setZoneEnabled(zoneName: string, enabled: boolean, options: CallOptions = {}): Promise<void> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: ['dns', 'v2', 'zones', zoneName, enabled ? 'enable' : 'disable'],
      idempotent: true,
      signal: options.signal,
      onWait: options.onWait,
    });
    refuseErrorAnswer(response.body);
  }

  /** Which name servers the domain's registrar points to, and how many are Gcore's (rate-limited at Gcore). */
  async delegationStatus(zoneName: string, options: CallOptions = {}): Promise<DelegationStatus> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['dns', 'v2', 'analyze', zoneName, 'delegation-status'],
      signal: options.signal,
      gate: options.gate,
    });
    refuseErrorAnswer(response.body);
    return decodeDelegationStatus(response.body);
  }

  /**
   * Whether a 404 about the zone means the zone is gone: Gcore answers 404 for the zone itself and its zone
   * list answers, so the account has zones to read and none of this name. False when the zone is there (the 404
   * came from an endpoint this server lacks) or the zone reads are missing too (a server with only
   * the four core operations (docs/gcore-api.md#core-operations)), where a 404 says nothing about the zone.
   */
  async zoneGone(zoneName: string, options: CallOptions = {}): Promise<boolean> {
    const read = (segments: string[], query?: Record<string, string>) =>
      this.pipeline.send({ method: 'GET', segments, query, signal: options.signal, gate: options.gate });
    return itemGone(
      () => read(['dns', 'v2', 'zones', zoneName]),
      () => read(['dns', 'v2', 'zones'], { limit: '1', offset: '0' }),
    );
  }

  /**
   * Every record set of a zone. The first request asks for all of them at once (`all=true`, which every
   * production client uses); when its `total_amount` says more exist than came, the rest is asked for with
   * `limit` and `offset` from where the answer stopped, under fetchAllPages' rules for totals that lie. A set
   * listed twice (its name once with the trailing dot, once without, or in another case) is kept once.
   */
  async listRecords(zoneName: string, options: CallOptions = {}): Promise<RecordSetList> {
    try {
      return await this.readRecordSets(zoneName, options);
    } catch (error) {
      throw await this.recordListFailure(zoneName, error, options);
    }
  }

  /**
   * What a failed read of a zone's record sets says. A 404 is the zone's own once the zone reads say the account
   * has no such zone (zoneGone); any other 404, 405 or 501 comes from a server without the record-set
   * endpoints, which the DNS Zones section says once in a quiet row. Both keep the status they came with.
   */
  private async recordListFailure(zoneName: string, error: unknown, options: CallOptions): Promise<unknown> {
    if (!(error instanceof GcoreApiError) || !isEndpointMissing(error)) return error;
    const details = {
      status: error.status,
      requestId: error.requestId,
      apiMessage: error.apiMessage,
      method: error.method,
      path: error.path,
    };
    const answered = error.message.replace(/\.$/, '');
    if (error.status === 404 && (await this.zoneGone(zoneName, options))) {
      return new GcoreApiError('notFound', l10n.t('The account has no zone {0} (Gcore answered 404: {1}).', zoneName, answered), details);
    }
    return new GcoreApiError(
      error.kind,
      l10n.t('Record sets are not available from the API at gcore.apiBaseUrl (it answered {0}: {1}).', String(error.status), answered),
      details,
    );
  }

  private async readRecordSets(zoneName: string, options: CallOptions): Promise<RecordSetList> {
    let first: Record<string, unknown> | undefined;
    const { items, gaps } = await fetchAllPages<RecordSet>({
      tooMany: RECORD_SET_LIST.tooMany,
      pageLimit: RECORD_SET_PAGE_LIMIT,
      keyOf: recordSetKey,
      fetchPage: async (offset) => {
        const response = await this.pipeline.send({
          method: 'GET',
          segments: ['dns', 'v2', 'zones', zoneName, 'rrsets'],
          query: offset === undefined ? { all: 'true' } : { limit: String(RECORD_SET_PAGE_LIMIT), offset: String(offset) },
          signal: options.signal,
          gate: options.gate,
          onWait: options.onWait,
        });
        const { body, total, entries } = readListPage(response.body, DNS_RECORD_SET_LIST, RECORD_SET_LIST);
        first ??= body;
        return recordSetPage(total, entries);
      },
    });
    return { ...first, total_amount: items.length, rrsets: items, ...gaps };
  }

  /** One record set by its full name (no trailing dot) and type; 404 (kind notFound) when it does not exist. */
  async getRecord(zoneName: string, name: string, type: string, options: CallOptions = {}): Promise<RecordSet> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: recordSetPath(zoneName, name, type),
      signal: options.signal,
      gate: options.gate,
      onWait: options.onWait,
    });
    const set = decodeRecordSet(response.body);
    if (!set) throw unexpected(l10n.t('the record set has no name, type or list of records'));
    return set;
  }

  /**
   * The record set, or undefined when Gcore answers that it does not exist: a 404 counts as "no such set" once
   * the zone's record-set list answers, so that the 404 of a server without record endpoints, or of a zone
   * that is gone, is thrown as it came.
   */
  async findRecord(zoneName: string, name: string, type: string, options: CallOptions = {}): Promise<RecordSet | undefined> {
    try {
      return await this.getRecord(zoneName, name, type, options);
    } catch (error) {
      if (!(error instanceof GcoreApiError) || error.status !== 404 || !(await this.servesRecordSets(zoneName, options))) throw error;
      return undefined;
    }
  }

  /**
   * Creates a record set; Gcore answers 409 (kind conflict) when it exists, and nothing is replaced. The
   * result is the set Gcore answered, or what was sent when it answered without one (`{}`).
   */
  async createRecord(zoneName: string, name: string, type: string, body: RecordSetBody, options: CallOptions = {}): Promise<RecordSet> {
    return this.writeRecord('POST', zoneName, name, type, body, options);
  }

  /** Replaces the whole record set with `body`, creating it when absent (`PUT`); the result as createRecord's. */
  async replaceRecord(zoneName: string, name: string, type: string, body: RecordSetBody, options: CallOptions = {}): Promise<RecordSet> {
    return this.writeRecord('PUT', zoneName, name, type, body, options);
  }

  /**
   * Deletes a record set. A 404 resolves with `alreadyGone` once the zone's record-set list answers: the 404
   * of a server without record endpoints, or of a zone that is gone, is thrown as it came.
   */
  async deleteRecord(zoneName: string, name: string, type: string, options: CallOptions = {}): Promise<DeleteRecordResult> {
    try {
      const response = await this.pipeline.send({
        method: 'DELETE',
        segments: recordSetPath(zoneName, name, type),
        signal: options.signal,
        onWait: options.onWait,
      });
      refuseErrorAnswer(response.body);
      return { alreadyGone: false };
    } catch (error) {
      if (!(error instanceof GcoreApiError) || error.status !== 404 || !(await this.servesRecordSets(zoneName, options))) throw error;
      return { alreadyGone: true };
    }
  }

  /** What one resolver answers for a name (`/dns/v2/lookup`); an answer it cannot read is left out. */
  async lookup(name: string, server: LookupServer, options: CallOptions = {}): Promise<LookupAnswer[]> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['dns', 'v2', 'lookup'],
      query: { name, request_server: server },
      signal: options.signal,
      gate: options.gate,
    });
    if (response.body === undefined || response.body === null) return [];
    if (!Array.isArray(response.body)) throw unexpected(l10n.t('the lookup answer is not a list'));
    const answers: LookupAnswer[] = [];
    for (const entry of response.body) {
      const answer = decodeLookupAnswer(entry);
      if (answer) answers.push(answer);
    }
    return answers;
  }

  private async writeRecord(
    method: 'POST' | 'PUT',
    zoneName: string,
    name: string,
    type: string,
    body: RecordSetBody,
    options: CallOptions,
  ): Promise<RecordSet> {
    const sent = wireBody(body);
    const response = await this.pipeline.send({
      method,
      segments: recordSetPath(zoneName, name, type),
      body: sent,
      signal: options.signal,
      onWait: options.onWait,
    });
    refuseErrorAnswer(response.body);
    return (
      decodeRecordSet(response.body) ?? {
        ...sent,
        resource_records: sent.resource_records.map((record) => ({ ...record })),
        name,
        type: type.toUpperCase(),
      }
    );
  }

  private async servesRecordSets(zoneName: string, options: CallOptions): Promise<boolean> {
    try {
      await this.pipeline.send({
        method: 'GET',
        segments: ['dns', 'v2', 'zones', zoneName, 'rrsets'],
        query: { limit: '1', offset: '0' },
        signal: options.signal,
        gate: options.gate,
      });
      return true;
    } catch {
      return false;
    }
  }
}

function recordSetPath(zoneName: string, name: string, type: string): string[] {
  return ['dns', 'v2', 'zones', zoneName, name, type.toUpperCase()];
}

/** The key a record set is one set by: its name as a DNS name is compared, and its type. */
function recordSetKey(set: RecordSet): string {
  return `${domainNameKey(set.name)} ${set.type}`;
}

function recordSetPage(total: number | undefined, entries: unknown[]): Page<RecordSet> {
  const items: RecordSet[] = [];
  const unreadable: unknown[] = [];
  for (const entry of entries) {
    const set = decodeRecordSet(entry);
    if (set) items.push(set);
    else unreadable.push(entry);
  }
  return { total, items, unreadable };
}

/** Exactly the fields the caller gave, of the four a record set write takes. */
function wireBody(body: RecordSetBody): RecordSetBody {
  const sent: RecordSetBody = { resource_records: body.resource_records };
  if (body.ttl !== undefined) sent.ttl = body.ttl;
  if (body.meta !== undefined) sent.meta = body.meta;
  if (body.pickers !== undefined) sent.pickers = body.pickers;
  return sent;
}

function decodeCreateZone(value: unknown): CreateZoneResult {
  const body = asObject(value ?? {}, () => l10n.t('the zone response is not an object'));
  refuseErrorAnswer(body);
  checkOptional(body, 'id', 'number');
  const warnings = body.warnings ?? [];
  if (!Array.isArray(warnings)) throw unexpected(l10n.t('{0} is not a list', 'warnings'));
  return { ...body, id: typeof body.id === 'number' ? body.id : undefined, warnings: warnings.map(String) };
}

/**
 * Gcore's DNS API can answer 200 with `{"error": …}`; its own client reads that as a failure, and so does
 * this one: the write was not carried out.
 */
function refuseErrorAnswer(body: unknown): void {
  const refusal = stringField(body, 'error');
  if (refusal === undefined) return;
  const kind = /already exists/i.test(refusal) ? 'conflict' : 'invalidInput';
  throw new GcoreApiError(kind, refusal, { status: 200, apiMessage: refusal });
}

function decodeDnssec(value: unknown): DnssecState {
  const body = asObject(value ?? {}, () => l10n.t('the DNSSEC response is not an object'));
  for (const field of ['algorithm', 'digest', 'digest_algorithm', 'digest_type', 'ds', 'key_type', 'message', 'public_key', 'uuid']) {
    checkOptional(body, field, 'string');
  }
  checkOptional(body, 'flags', 'number');
  checkOptional(body, 'key_tag', 'number');
  return body as DnssecState;
}
