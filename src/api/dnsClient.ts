import * as l10n from '@vscode/l10n';
import { domainNameKey } from '../core/domainNameKey';
import type { CallOptions } from './callOptions';
import { asObject, checkOptional, unexpected } from './decode';
import { GcoreApiError } from './errors';
import { stringField } from './http/errorBody';
import type { RequestPipeline } from './http/requestPipeline';
import { decodeZone } from './decodeItems';
import { DNS_ZONE_LIST, fetchList, type PagedListMessages } from './paging';
import type { CreateZoneResult, DnsZone, DnsZoneList, DnssecState } from './types';

/** The page size Gcore's own Go DNS client asks for; the limit is not documented. */
const ZONE_PAGE_LIMIT = 100;

const ZONE_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the zones list is not an object'),
  noItems: (field) => l10n.t('the zones list has no {0} array', field),
  tooMany: (total, max) => l10n.t('The Gcore API reports {0} zones, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

/** DNS zones and DNSSEC (`/dns/v2/…`). */
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
    const response = await this.pipeline.send({ method: 'GET', segments: ['dns', 'v2', 'zones', zoneName], signal: options.signal, gate: options.gate });
    const zone = decodeZone(response.body);
    if (!zone) throw unexpected(l10n.t('the zone has no name'));
    return zone;
  }

  /** The current DS record of a zone whose DNSSEC is on. */
  async getDnssec(zoneName: string, options: CallOptions = {}): Promise<DnssecState> {
    const response = await this.pipeline.send({ method: 'GET', segments: ['dns', 'v2', 'zones', zoneName, 'dnssec'], signal: options.signal, gate: options.gate });
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
}

/**
 * Gcore's DNS API can answer 200 with `{"error": …}`; its own client reads that as a failure, and so does
 * this one: the zone was not created.
 */
function decodeCreateZone(value: unknown): CreateZoneResult {
  const body = asObject(value ?? {}, () => l10n.t('the zone response is not an object'));
  const refusal = stringField(body, 'error');
  if (refusal !== undefined) {
    const kind = /already exists/i.test(refusal) ? 'conflict' : 'invalidInput';
    throw new GcoreApiError(kind, refusal, { status: 200, apiMessage: refusal });
  }
  checkOptional(body, 'id', 'number');
  const warnings = body.warnings ?? [];
  if (!Array.isArray(warnings)) throw unexpected(l10n.t('{0} is not a list', 'warnings'));
  return { ...body, id: typeof body.id === 'number' ? body.id : undefined, warnings: warnings.map(String) };
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
