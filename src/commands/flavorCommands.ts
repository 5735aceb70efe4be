import type { GpuFlavorList } from '../api';
import type { Services } from '../services';
import { flavorFilters } from '../state/settings';
import { BACK, UserCancelledError } from '../prompts/promptUi';
import { flavorView, sortFlavors } from '../tree/presentation/flavorView';
import { isNodeOfType, type TreeNode } from '../tree/treeNodes';
import { validateListGpuFlavorsArgs } from '../models/commandArgs';
import { InvalidArgumentError, unwrap } from './arguments';
import type { CommandSpec } from './commandRunner';
import { pickLocation } from './locationPrompts';

export function flavorCommands(services: Services): CommandSpec[] {
  return [
    {
      id: 'gcore.listGpuFlavors',
      what: 'List GPU flavors',
      handler: async ({ ui, programmatic }, arg) => {
        if (programmatic) {
          const args = unwrap(validateListGpuFlavorsArgs(arg));
          const filters = flavorFilters();
          return services.client.gpu.listFlavors({
            projectId: args.projectId,
            regionId: args.regionId,
            hideDisabled: args.hideDisabled ?? filters.hideDisabled,
            includePrices: args.includePrices ?? filters.includePrices,
          });
        }
        const location = await pickLocation(ui, { title: 'Gcore: List GPU Flavors' });
        if (location === BACK) throw new UserCancelledError();
        const filters = flavorFilters();
        const list: GpuFlavorList = await ui.withProgress({
          title: `Loading GPU flavors of project ${location.projectId}, region ${location.regionId}…`,
          run: (signal) => services.client.gpu.listFlavors({ ...location, ...filters }, { signal }),
        });
        if (list.results.length === 0) {
          void ui.notify('info', `No GPU flavors in project ${location.projectId}, region ${location.regionId}.`);
          return list;
        }
        const chosen = await ui.pick({
          title: `GPU flavors · project ${location.projectId} · region ${location.regionId} (${list.count})`,
          placeholder: 'Choose a flavor to copy its name',
          items: sortFlavors(list.results).map((flavor) => {
            const view = flavorView(flavor, { showPrices: filters.includePrices });
            return { label: view.label, description: view.description, value: flavor.name };
          }),
        });
        if (chosen === BACK) throw new UserCancelledError();
        await ui.copyToClipboard(chosen);
        void ui.notify('info', `Copied flavor name ${chosen}.`);
        return list;
      },
    },
    {
      id: 'gcore.copyFlavorName',
      what: 'Copy flavor name',
      isProgrammatic: () => false,
      handler: async ({ ui }, arg) => {
        if (!isNodeOfType(arg, 'flavor')) throw new InvalidArgumentError([{ field: 'node', message: 'must be a GPU flavor node' }]);
        await ui.copyToClipboard(arg.flavor.name);
        return arg.flavor.name;
      },
    },
    {
      id: 'gcore.refresh',
      what: 'Refresh',
      isProgrammatic: () => false,
      handler: async (_invocation, arg) => {
        const node = arg as TreeNode | undefined;
        if (node && isNodeOfType(node, 'location')) {
          services.flavors.invalidate(node.location);
          services.tree.refresh(node);
        } else if (node && isNodeOfType(node, 'section') && node.section === 'zones') {
          services.tree.refresh(node);
        } else {
          services.flavors.invalidate();
          services.tree.refresh(node && isNodeOfType(node, 'section') ? node : undefined);
        }
        return undefined;
      },
    },
  ];
}
