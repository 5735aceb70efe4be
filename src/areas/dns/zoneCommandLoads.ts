import type { Snapshots } from '../../documents/snapshots';
import type { LazyDocuments } from '../../documents/lazyDocuments';
import type { ZoneFileEditor } from '../../documents/dns/zoneFileDocuments';
import { lazyCommands, type LazyCommands } from '../../commands/flow/lazyCommands';
import type { Services } from '../../commands/services';
import { COMMAND } from '../../core/contributions';
import type { DnsReads } from '../../loaders/dns/dnsReads';
import type { KnownZonesStore } from '../../state/dns/knownZones';

/** What the DNS commands are handed beside the services every area shares. */
export interface ZoneCommandParts {
  reads: DnsReads;
  zones: KnownZonesStore;
  /** Where the resolution and delegation checks show their reports. */
  reports: Snapshots;
  zoneFiles: LazyDocuments<ZoneFileEditor>;
  /** After a write to a zone's record sets. */
  written(zoneName: string): void;
}

/** The DNS area's commands, whose code loads, all at once, with the first use of one of them. */
export function zoneCommandLoads(services: Services, { reads, zones, reports, zoneFiles, written }: ZoneCommandParts): LazyCommands[] {
  return [
    lazyCommands(
      [
        ...[COMMAND.createZone, COMMAND.addKnownZone, COMMAND.forgetZone, COMMAND.checkZone, COMMAND.listZones],
        ...[COMMAND.enableDnssec, COMMAND.disableDnssec, COMMAND.copyDsRecord],
        ...[
          COMMAND.listRecords,
          COMMAND.getRecord,
          COMMAND.createRecord,
          COMMAND.updateRecord,
          COMMAND.deleteRecord,
          COMMAND.removeRecordValue,
        ],
        ...[COMMAND.checkResolution, COMMAND.lookupName],
        ...[COMMAND.deleteZone, COMMAND.enableZone, COMMAND.disableZone, COMMAND.updateZone, COMMAND.checkDelegation],
        ...[COMMAND.editZoneFile, COMMAND.applyZoneFile, COMMAND.exportZoneFile, COMMAND.importZoneFile],
      ],
      async () => {
        const [zone, dnssec, record, resolution, lifecycle, zoneFile] = await Promise.all([
          import('../../commands/dns/zoneCommands.js'),
          import('../../commands/dns/dnssecCommands.js'),
          import('../../commands/dns/recordCommands.js'),
          import('../../commands/dns/resolutionCommands.js'),
          import('../../commands/dns/zoneLifecycleCommands.js'),
          import('../../commands/dns/zoneFileCommands.js'),
        ]);
        const withReads = { ...services, reads, zones };
        return [
          ...zone.zoneCommands(withReads),
          ...dnssec.dnssecCommands(withReads),
          ...record.recordCommands(withReads, written),
          ...resolution.resolutionCommands(withReads, reports),
          ...lifecycle.zoneLifecycleCommands(withReads, reports),
          ...zoneFile.zoneFileCommands(withReads, await zoneFiles.editor(), reports, written),
        ];
      },
    ),
  ];
}
