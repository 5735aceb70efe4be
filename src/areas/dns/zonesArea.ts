import * as vscode from 'vscode';
import { zoneRowCommands } from '../../commands/dns/zoneRowCommands';
import { SCHEME } from '../../core/contributions';
import { Snapshots } from '../../documents/snapshots';
import { DnsReads } from '../../loaders/dns/dnsReads';
import { KnownZonesStore } from '../../state/dns/knownZones';
import { dnssecWalkthroughStep } from '../../views/dns/dnssecWalkthroughStep';
import { ZONES_SECTION } from '../../views/dns/zoneNodes';
import { dnsZonesSection } from '../../views/dns/dnsZonesSection';
import type { Area } from '../area';
import type { Core } from '../core';
import { zoneCommandLoads } from './zoneCommandLoads';
import { zoneFileDocuments } from './zoneFileParts';

/** DNS zones: their DNSSEC state and DS records, their record sets and zone files, and how resolvers answer for them. */
export function zonesArea(core: Core): Area {
  const reads = core.loaders.register(new DnsReads(core.client, core.loaders.limit));
  const zones = new KnownZonesStore(core.context.globalState);
  const section = dnsZonesSection({ zones, reads, view: core.treeChanges });
  const reports = new Snapshots(SCHEME.resolution);
  /** After a write to a zone's record sets: they and the account's counts are read again, and the zones redrawn. */
  const written = (zoneName: string): void => {
    reads.invalidateRecords(zoneName);
    core.treeChanges.refresh(ZONES_SECTION);
  };
  const zoneFiles = zoneFileDocuments(core, written);
  return {
    sections: [section],
    documentKinds: [{ documents: zoneFiles }],
    commands: () => zoneRowCommands(section),
    lazyCommands: (services) => zoneCommandLoads(services, { reads, zones, reports, zoneFiles, written }),
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
