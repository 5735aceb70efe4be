import * as vscode from 'vscode';
import { dnssecCommands } from '../commands/dnssecCommands';
import { recordCommands } from '../commands/recordCommands';
import { resolutionCommands } from '../commands/resolutionCommands';
import { zoneCommands } from '../commands/zoneCommands';
import { zoneLifecycleCommands } from '../commands/zoneLifecycleCommands';
import { zoneRowCommands } from '../commands/zoneRowCommands';
import { zoneFileCommands } from '../commands/zoneFileCommands';
import { applyRecordSetChanges, isPartlyApplied } from '../commands/recordSetBatch';
import { SCHEME, VIEW_ID } from '../core/contributions';
import { DocumentDiagnostics } from '../documents/documentDiagnostics';
import { ResourceFileSystem } from '../documents/resourceFileSystem';
import { Snapshots } from '../documents/snapshots';
import { UnsentChangesLens } from '../documents/unsentChangesLens';
import { zoneFileResource, type ZoneFileEditor } from '../documents/zoneFileDocuments';
import { zoneNameForDisplay } from '../models/zoneCreate';
import { ZONES_SECTION } from '../views/sections/zoneNodes';
import { DnsZonesSection } from '../views/sections/dnsZonesSection';
import type { Area } from './area';
import type { Core } from './core';

/** DNS zones: their DNSSEC state and DS records, their record sets and zone files, and how resolvers answer for them. */
export function zonesArea(core: Core): Area {
  const section = new DnsZonesSection(core.zones, core.reads, VIEW_ID, (node) => core.treeChanges.refresh(node));
  const reports = new Snapshots(SCHEME.resolution);
  const { client, reads, ui } = core;
  const written = (zoneName: string): void => {
    reads.invalidateRecords(zoneName);
    core.treeChanges.refresh(ZONES_SECTION);
  };
  const zoneFiles: ZoneFileEditor = new ResourceFileSystem(
    zoneFileResource({
      readSets: async (zoneName) => (await client.dns.listRecords(zoneName)).rrsets,
      apply: (zoneName, changes, signal) => applyRecordSetChanges(client.dns, zoneName, changes, signal),
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
  return {
    sections: [section],
    commands: (services) => [
      ...zoneCommands(services),
      ...dnssecCommands(services),
      ...recordCommands(services),
      ...zoneRowCommands(section),
      ...resolutionCommands(services, reports),
      ...zoneLifecycleCommands(services, reports),
      ...zoneFileCommands(services, zoneFiles, reports),
    ],
    disposables: [
      reports,
      zoneFiles,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.resolution, reports),
      vscode.workspace.registerFileSystemProvider(SCHEME.zoneFile, zoneFiles, { isCaseSensitive: true }),
      new DocumentDiagnostics(zoneFiles),
      vscode.languages.registerCodeLensProvider({ scheme: SCHEME.zoneFile }, new UnsentChangesLens(zoneFiles)),
      // A zone created, added or toggled here: the account's list and DS records are read again.
      core.zones.onDidChange(() => core.treeChanges.refresh(section.invalidate(section.root))),
    ],
  };
}
