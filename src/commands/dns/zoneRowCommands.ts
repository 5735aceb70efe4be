import * as l10n from '@vscode/l10n';
import { COMMAND } from '../../core/contributions';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import { orCancel } from '../../ui/loneAnswer';
import { recordTypeCounts } from '../../views/dns/presentation/recordTypes';
import type { DnsZonesSection } from '../../views/dns/dnsZonesSection';
import { isZoneNode } from '../../views/dns/zoneNodes';
import { command, type Command } from '../flow/command';
import { rowOf } from '../../prompts/rowOf';

interface TypeFilter {
  zoneName: string;
  types: ReadonlySet<string>;
}

/** Actions of zone rows that change only what the tree shows. */
export function zoneRowCommands(
  section: Pick<DnsZonesSection, 'recordSetsOf' | 'typeFilterOf' | 'setTypeFilter'>,
): Command<never, unknown, never>[] {
  return [
    command<TypeFilter, undefined>({
      id: COMMAND.filterRecordTypes,
      what: () => l10n.t('Filter record types'),
      // The types offered are those of the zone's sets, each with how many sets it has.
      ask: async (ui, _draft, node) => {
        const zone = rowOf(node, isZoneNode, l10n.t('must be a zone row of the Gcore tree'));
        const zoneName = zone.zone.name;
        const sets = await ui.withProgress({
          title: l10n.t('Reading the record sets of {0}…', zoneNameForDisplay(zoneName)),
          run: () => section.recordSetsOf(zoneName),
        });
        const shown = section.typeFilterOf(zoneName);
        const types = orCancel(
          await ui.pickMany<string>({
            title: l10n.t('Gcore: Filter Record Types of {0}', zoneNameForDisplay(zoneName)),
            placeholder: l10n.t('Types to show; none ticked shows every type'),
            items: recordTypeCounts(sets).map((count) => ({
              label: count.type,
              description: count.count === 1 ? l10n.t('1 set') : l10n.t('{0} sets', count.count),
              value: count.type,
              picked: shown.has(count.type),
            })),
          }),
        );
        return { zoneName, types: new Set(types) };
      },
      run: async ({ zoneName, types }) => {
        section.setTypeFilter(zoneName, types);
        return undefined;
      },
    }),
  ];
}
