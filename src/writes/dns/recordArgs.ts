import type { RecordSetBody } from '../../api/dns/dnsTypes';
import type { RecordRefArgs, RecordSetArgs } from '../../models/dns/recordSetArgs';
import { recordNameForDisplay } from '../../models/dns/recordName';
import { recordSetBody } from '../../models/dns/recordSets';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';

/** `www MX`, as rows and messages show a set: its name relative to the zone, then its type. */
export function recordSetDisplayName(ref: RecordRefArgs): string {
  return `${recordNameForDisplay(ref.name, ref.zoneName)} ${ref.type}`;
}

/** `www MX` and `example.com`, as the record commands name a set and its zone. */
export function recordSetNames(ref: RecordRefArgs): { set: string; zone: string } {
  return { set: recordSetDisplayName(ref), zone: zoneNameForDisplay(ref.zoneName) };
}

/** What gcore.createRecord sends, and gcore.updateRecord for a set that is not there: the fields given, each record as given. */
export function givenRecordSetBody(record: RecordSetArgs): RecordSetBody {
  return recordSetBody({ ttl: record.ttl, resource_records: record.resource_records, meta: record.meta, pickers: record.pickers });
}
