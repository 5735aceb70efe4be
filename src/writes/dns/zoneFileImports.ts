import type { CallOptions } from '../../api/callOptions';
import type { DnsClient } from '../../api/dns/dnsClient';
import { refuseUnconfirmedPlan } from '../../models/dns/confirmedImportPlan';
import type { ZoneFileSet } from '../../models/dns/zoneFile/zoneFileSets';
import type { ImportZoneFileArgs } from '../../models/dns/zoneFileArgs';
import { planZoneFile, type ZoneFilePlan } from '../../models/dns/zoneFileChanges';

/** What making the zone hold a zone file's record sets comes to against its sets as Gcore holds them now. */
export async function planZoneFileImport(
  dns: DnsClient,
  args: Pick<ImportZoneFileArgs, 'zoneName' | 'deleteMissing'>,
  sets: readonly ZoneFileSet[],
  options: CallOptions = {},
): Promise<ZoneFilePlan> {
  const { rrsets } = await dns.listRecords(args.zoneName, options);
  return planZoneFile(args.zoneName, rrsets, sets, { deleteMissing: args.deleteMissing });
}

/**
 * The plan of an import no review showed (gcore.importZoneFile called programmatically, an agent's import), worked
 * out now: refused before anything is sent unless it is the plan a confirmation showed (`confirmed`, its digest;
 * undefined where none was shown). Its changes go as a batch (recordSetBatch.ts).
 */
export async function unreviewedImportPlan(
  dns: DnsClient,
  args: Pick<ImportZoneFileArgs, 'zoneName' | 'deleteMissing'>,
  sets: readonly ZoneFileSet[],
  confirmed: string | undefined,
  options: CallOptions = {},
): Promise<ZoneFilePlan> {
  const plan = await planZoneFileImport(dns, args, sets, options);
  refuseUnconfirmedPlan(args.zoneName, plan, confirmed);
  return plan;
}
