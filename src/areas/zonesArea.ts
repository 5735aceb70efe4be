import * as vscode from 'vscode';
import { dnssecCommands } from '../commands/dnssecCommands';
import { recordCommands } from '../commands/recordCommands';
import { resolutionCommands } from '../commands/resolutionCommands';
import { zoneCommands } from '../commands/zoneCommands';
import { zoneRowCommands } from '../commands/zoneRowCommands';
import { SCHEME, VIEW_ID } from '../core/contributions';
import { Snapshots } from '../documents/snapshots';
import { DnsZonesSection } from '../views/sections/dnsZonesSection';
import type { Area } from './area';
import type { Core } from './core';

/** DNS zones: their DNSSEC state and DS records, their record sets, and how resolvers answer for them. */
export function zonesArea(core: Core): Area {
  const section = new DnsZonesSection(core.zones, core.reads, VIEW_ID, (node) => core.treeChanges.refresh(node));
  const reports = new Snapshots(SCHEME.resolution);
  return {
    sections: [section],
    commands: (services) => [...zoneCommands(services), ...dnssecCommands(services), ...recordCommands(services), ...zoneRowCommands(section), ...resolutionCommands(services, reports)],
    disposables: [
      reports,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.resolution, reports),
      // A zone created, added or toggled here: the account's list and DS records are read again.
      core.zones.onDidChange(() => core.treeChanges.refresh(section.invalidate(section.root))),
    ],
  };
}
