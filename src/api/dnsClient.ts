import type { CallOptions } from './callOptions';
import { asObject, checkOptional, unexpected } from './decode';
import { GcoreApiError } from './errors';
import { stringField } from './http/errorBody';
import type { RequestPipeline } from './http/requestPipeline';
import type { CreateZoneResult, DnssecState } from './types';

/** DNS zones and DNSSEC (`/dns/v2/…`). */
export class DnsClient {
  constructor(private readonly pipeline: RequestPipeline) {}

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
  const body = asObject(value ?? {}, 'the zone response');
  const refusal = stringField(body, 'error');
  if (refusal !== undefined) {
    const kind = /already exists/i.test(refusal) ? 'conflict' : 'invalidInput';
    throw new GcoreApiError(kind, refusal, { status: 200, apiMessage: refusal });
  }
  checkOptional(body, 'id', 'number');
  const warnings = body.warnings ?? [];
  if (!Array.isArray(warnings)) throw unexpected('warnings is not a list');
  return { ...body, id: typeof body.id === 'number' ? body.id : undefined, warnings: warnings.map(String) };
}

function decodeDnssec(value: unknown): DnssecState {
  const body = asObject(value ?? {}, 'the DNSSEC response');
  for (const field of ['algorithm', 'digest', 'digest_algorithm', 'digest_type', 'ds', 'key_type', 'message', 'public_key', 'uuid']) {
    checkOptional(body, field, 'string');
  }
  checkOptional(body, 'flags', 'number');
  checkOptional(body, 'key_tag', 'number');
  return body as DnssecState;
}
