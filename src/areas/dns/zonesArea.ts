import * as vscode from 'vscode';
import { zoneRowCommands } from '../../commands/dns/zoneRowCommands';
import { COMMAND, SCHEME } from '../../core/contributions';
import { LazyDocuments } from '../../documents/lazyDocuments';
import { Snapshots } from '../../documents/snapshots';
import { DnsReads } from '../../loaders/dns/dnsReads';
import type { ZoneFileEditor } from '../../documents/dns/zoneFileDocuments';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { KnownZonesStore } from '../../state/dns/knownZones';
import { dnssecWalkthroughStep } from '../../views/dns/dnssecWalkthroughStep';
import { ZONES_SECTION } from '../../views/dns/zoneNodes';
import { dnsZonesSection } from '../../views/dns/dnsZonesSection';
import { lazyCommands } from '../../commands/flow/lazyCommands';
import type { Area } from '../area';
import type { Core } from '../core';

/** DNS zones: their DNSSEC state and DS records, their record sets and zone files, and how resolvers answer for them. */
export function zonesArea(core: Core): Area {
  const { client, ui } = core;
  const reads = core.loaders.register(new DnsReads(client, core.loaders.limit));
  const zones = new KnownZonesStore(core.context.globalState);
  const section = dnsZonesSection({ zones, reads, view: core.treeChanges });
  const reports = new Snapshots(SCHEME.resolution);
  /** After a write to a zone's record sets: they and the account's counts are read again, and the zones redrawn. */
  const written = (zoneName: string): void => {
    reads.invalidateRecords(zoneName);
    core.treeChanges.refresh(ZONES_SECTION);
  };
  // A zone file's reader, writer and plan load with the first zone file document or command.
  const zoneFiles = new LazyDocuments({ scheme: SCHEME.zoneFile, applyCommand: COMMAND.applyZoneFile }, async () => {
    const [{ zoneFileResource }, { applyRecordSetChanges, isPartlyApplied }, { ResourceFileSystem }] = await Promise.all([
      import('../../documents/dns/zoneFileDocuments.js'),
      import('../../writes/dns/recordSetBatch.js'),
      import('../../documents/resourceFileSystem.js'),
    ]);
    const editor: ZoneFileEditor = new ResourceFileSystem(
      zoneFileResource({
        readSets: async (zoneName) => (await client.dns.listRecords(zoneName)).rrsets,
        apply: (zoneName, changes, signal, onWait) => applyRecordSetChanges(client.dns, zoneName, changes, signal, onWait),
        written,
        applied: (zoneName, changes) =>
          void ui
            .get()
            .notify(
              'info',
              changes.length === 1
                ? vscode.l10n.t('Applied 1 record set change to {0}.', zoneNameForDisplay(zoneName))
                : vscode.l10n.t('Applied {0} record set changes to {1}.', changes.length, zoneNameForDisplay(zoneName)),
            ),
        appliedBeforeFailure: (error) => (isPartlyApplied(error) ? error.applied : undefined),
      }),
      { ui: ui.get, log: core.log, snapshots: core.snapshots },
    );
    return editor;
  });
  return {
    sections: [section],
    documentKinds: [{ documents: zoneFiles }],
    commands: () => zoneRowCommands(section),
    lazyCommands: (services) => [
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
    ],
    disposables: [
      zones,
      dnssecWalkthroughStep(zones),
      reports,
      zoneFiles,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.resolution, reports),
      vscode.workspace.registerFileSystemProvider(SCHEME.zoneFile, zoneFiles, { isCaseSensitive: true }),
      // A zone created, added or toggled here: the account's list and DS records are read again.
      zones.onDidChange(() => core.treeChanges.refresh(section.invalidate(section.root))),
    ],
  };
}
