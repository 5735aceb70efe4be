import * as l10n from '@vscode/l10n';
import type { GpuFlavor } from '../../api/gpu/gpuFlavorTypes';
import { COMMAND } from '../../core/contributions';
import { validateListGpuFlavorsArgs, type ListGpuFlavorsArgs } from '../../models/gpu/gpuFlavorArgs';
import { unwrap } from '../../validation/problems';
import { flavorAvailability, type FlavorAvailability } from '../../views/gpu/presentation/flavorAvailability';
import { hardwareSummaryParts, readFlavorHardware } from '../../views/gpu/presentation/flavorFacts';
import { sortFlavors } from '../../views/gpu/presentation/flavorOrder';
import { formatHourlyPrice } from '../../views/gpu/presentation/flavorPrice';
import type { ToolDefinition } from '../toolDefinition';
import { LOCATION_PROPERTIES, LOCATION_REQUIRED, objectInput } from '../toolSchemas';
import { lines, listText } from '../toolText';

const AVAILABILITY_WORDS: Record<FlavorAvailability, () => string> = {
  available: () => l10n.t('available'),
  outOfStock: () => l10n.t('out of stock'),
  disabled: () => l10n.t('disabled'),
};

/** `g3-ai-32-192-1500-l40s-48-1: available · 1× L40S 48 GB · 32 vCPU · 192 GiB · €2.50/h`. */
function flavorLine(flavor: GpuFlavor): string {
  const parts = [
    AVAILABILITY_WORDS[flavorAvailability(flavor)](),
    ...hardwareSummaryParts(readFlavorHardware(flavor)),
    formatHourlyPrice(flavor.price),
  ];
  return `${flavor.name}: ${parts.filter(Boolean).join(' · ')}`;
}

export const listGpuFlavors: ToolDefinition<ListGpuFlavorsArgs> = {
  name: 'gcore_listGpuFlavors',
  kind: 'read',
  commandId: COMMAND.listGpuFlavors,
  displayName: l10n.t('List Gcore GPU Flavors'),
  modelDescription: l10n.t(
    'Lists the virtual GPU flavors of one project and region: GPU model and count, vCPUs, memory, whether each is available, out of stock or disabled, and its hourly price. Use it to compare GPU options and costs; gcore_listLocations gives the IDs.',
  ),
  userDescription: l10n.t('Lists GPU flavors with their availability and prices.'),
  inputSchema: objectInput(
    {
      ...LOCATION_PROPERTIES,
      hideDisabled: {
        type: 'boolean',
        description: l10n.t('Leave out disabled flavors. Default false: every flavor, with its availability.'),
      },
      includePrices: { type: 'boolean', description: l10n.t('Ask Gcore for the prices. Default true.') },
    },
    LOCATION_REQUIRED,
  ),
  narrowing: l10n.t('Give hideDisabled: true to leave out the disabled flavors.'),
  parse: (input) => unwrap(validateListGpuFlavorsArgs(input)),
  invoke: async (args, { client, signal }) => {
    const list = await client.gpu.listFlavors(
      {
        projectId: args.projectId,
        regionId: args.regionId,
        hideDisabled: args.hideDisabled ?? false,
        includePrices: args.includePrices ?? true,
      },
      { signal },
    );
    const counts = new Map<FlavorAvailability, number>();
    for (const flavor of list.results) counts.set(flavorAvailability(flavor), (counts.get(flavorAvailability(flavor)) ?? 0) + 1);
    const unreadable = list.unreadable?.length ?? 0;
    const text = lines(
      listText(
        sortFlavors(list.results).map(flavorLine),
        l10n.t('No GPU flavors in project {0}, region {1}.', args.projectId, args.regionId),
        (count) =>
          l10n.t(
            '{0} GPU flavors in project {1}, region {2} ({3} available, {4} out of stock, {5} disabled):',
            count,
            args.projectId,
            args.regionId,
            counts.get('available') ?? 0,
            counts.get('outOfStock') ?? 0,
            counts.get('disabled') ?? 0,
          ),
      ),
      unreadable > 0 ? l10n.t('{0} flavors could not be read and are left out (see "unreadable" in the JSON).', unreadable) : undefined,
    );
    return { text, json: list };
  },
};
