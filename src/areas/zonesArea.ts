import { dnssecCommands } from '../commands/dnssecCommands';
import { zoneCommands } from '../commands/zoneCommands';
import { VIEW_ID } from '../core/contributions';
import { DnsZonesSection } from '../views/sections/dnsZonesSection';
import type { Area } from './area';
import type { Core } from './core';

/** DNS zones, their DNSSEC state and DS records. */
export function zonesArea(core: Core): Area {
  const section = new DnsZonesSection(core.zones, core.reads, VIEW_ID);
  return {
    sections: [section],
    commands: (services) => [...zoneCommands(services), ...dnssecCommands(services)],
    disposables: [
      // A zone created, added or toggled here: the account's list and DS records are read again.
      core.zones.onDidChange(() => core.treeChanges.refresh(section.invalidate(section.root))),
    ],
  };
}
