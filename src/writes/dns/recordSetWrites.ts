import * as l10n from '@vscode/l10n';
import type { CallOptions } from '../../api';
import type { RecordSet, RecordSetBody } from '../../api/dns/dnsTypes';
import type { DeleteRecordResult, DnsClient } from '../../api/dns/dnsClient';
import { GcoreApiError, isGcoreApiError } from '../../api/errors';
import type { RecordRefArgs, RecordSetArgs } from '../../models/dns/recordSetArgs';
import { editedRecordSetBody, type RecordSetEdit } from '../../models/dns/recordSets';
import { givenRecordSetBody, recordSetNames } from './recordArgs';

/**
 * A record set to send as gcore.createRecord (`create`: refused when it exists) or gcore.updateRecord
 * (`replace`: the whole set, created when absent) send it; `keep`, what an update did not give, is taken from
 * the set at Gcore.
 */
export interface RecordSetWrite {
  zoneName: string;
  /** Full, without the trailing dot. */
  name: string;
  type: string;
  /** `add` (values added to a set that exists, from Add Record) is sent as a `replace` of the whole set. */
  write: 'create' | 'add' | 'replace';
  body: RecordSetBody;
  keep?: RecordSetEdit;
}

/** A programmatic call's argument as the write it makes. */
export function recordSetWriteOf(args: RecordSetArgs, write: 'create' | 'replace'): RecordSetWrite {
  const { zoneName, name, type, ttl, resource_records: records, meta, pickers } = args;
  // An update keeps what the caller did not give (the TTL, the pickers, the set's meta and each kept record's meta).
  return {
    zoneName,
    name,
    type,
    write,
    body: givenRecordSetBody(args),
    keep: write === 'replace' ? { values: records, ttl, meta, pickers } : undefined,
  };
}

/**
 * Sends a write: an update first reads the set to keep what it did not give; a create of a set that exists is
 * refused by Gcore, and the error names the set and `replacedBy`, the operation that replaces one.
 */
export async function sendRecordSetWrite(
  dns: DnsClient,
  write: RecordSetWrite,
  replacedBy: string,
  signal?: AbortSignal,
  onWait?: CallOptions['onWait'],
): Promise<RecordSet> {
  const { zoneName, name, type } = write;
  let body = write.body;
  if (write.keep) {
    const current = await dns.findRecord(zoneName, name, type, { signal, onWait });
    if (current) body = editedRecordSetBody({ ...current, type }, write.keep);
  }
  try {
    return write.write === 'create'
      ? await dns.createRecord(zoneName, name, type, body, { signal })
      : await dns.replaceRecord(zoneName, name, type, body, { signal, onWait });
  } catch (error) {
    if (!isGcoreApiError(error) || error.kind !== 'conflict' || write.write !== 'create') throw error;
    const { set, zone } = recordSetNames(write);
    throw new GcoreApiError(
      'conflict',
      l10n.t('{0} already exists in {1}; nothing was changed ({2} replaces a set)', set, zone, replacedBy),
      {
        status: error.status,
        requestId: error.requestId,
        apiMessage: error.apiMessage,
        method: error.method,
        path: error.path,
      },
    );
  }
}

/** Deletes a whole set (every value of one name and type); a set already gone counts as deleted (`alreadyGone`). */
export function sendRecordSetDelete(dns: DnsClient, ref: RecordRefArgs, options: CallOptions = {}): Promise<DeleteRecordResult> {
  return dns.deleteRecord(ref.zoneName, ref.name, ref.type, options);
}
