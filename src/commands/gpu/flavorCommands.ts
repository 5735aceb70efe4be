import * as l10n from '@vscode/l10n';
import type { GpuFlavorList } from '../../api/gpu/gpuFlavorTypes';
import { validateListGpuFlavorsArgs, type ListGpuFlavorsArgs } from '../../models/gpu/gpuFlavorArgs';
import type { Services } from '../services';
import { flavorFilters } from '../../state/gpu/flavorSettings';
import { flavorView, sortFlavors } from '../../views/gpu/presentation/flavorView';
import { COMMAND } from '../../core/contributions';
import { isFlavorNode, type FlavorNode } from '../../views/gpu/gpuNodes';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { orCancel } from '../../ui/loneAnswer';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';
import { rowOf } from '../../prompts/rowOf';

export function flavorCommands(services: Services): Command<never, unknown, never>[] {
  return [
    command<ListGpuFlavorsArgs, GpuFlavorList>({
      id: COMMAND.listGpuFlavors,
      what: () => l10n.t('List GPU flavors'),
      parse: (arg) => unwrap(validateListGpuFlavorsArgs(arg)),
      ask: async (ui) => pickProjectRegion(ui, l10n.t('Gcore: List GPU Flavors')),
      progress: ({ projectId, regionId }) => l10n.t('Loading GPU flavors of project {0}, region {1}…', projectId, regionId),
      run: (args, { signal }) => {
        const filters = flavorFilters();
        const query = {
          projectId: args.projectId,
          regionId: args.regionId,
          hideDisabled: args.hideDisabled ?? filters.hideDisabled,
          includePrices: args.includePrices ?? filters.includePrices,
        };
        return services.client.gpu.listFlavors(query, { signal });
      },
      report: async (ui, list, { projectId, regionId }) => {
        if (list.results.length === 0) {
          void ui.notify('info', l10n.t('No GPU flavors in project {0}, region {1}.', projectId, regionId));
          return;
        }
        const showPrices = flavorFilters().includePrices;
        const answer = await ui.pick({
          title: l10n.t('GPU flavors · project {0} · region {1} ({2})', projectId, regionId, list.count),
          placeholder: l10n.t('Choose a flavor to copy its name'),
          items: sortFlavors(list.results).map((flavor) => {
            const view = flavorView(flavor, { showPrices });
            return { label: view.label, description: view.description, value: flavor.name };
          }),
        });
        const chosen = orCancel(answer);
        await ui.copyToClipboard(chosen);
        void ui.notify('info', l10n.t('Copied flavor name {0}.', chosen));
      },
    }),
    command<FlavorNode, string>({
      id: COMMAND.copyFlavorName,
      what: () => l10n.t('Copy flavor name'),
      ask: async (_ui, _draft, node) => rowOf(node, isFlavorNode, l10n.t('must be a GPU flavor node')),
      run: async (node, { ui }) => {
        await ui.copyToClipboard(node.flavor.name);
        return node.flavor.name;
      },
    }),
  ];
}
