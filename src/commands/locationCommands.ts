import type { Services } from '../services';
import { addLocation, removeLocation } from '../state/settings';
import { isNodeOfType } from '../tree/treeNodes';
import { validateProjectRegion } from '../models/projectRegion';
import { unwrap } from './arguments';
import type { CommandSpec } from './commandRunner';
import { promptNewLocation } from './locationPrompts';

export function locationCommands(services: Services): CommandSpec[] {
  return [
    {
      id: 'gcore.addLocation',
      what: 'Add project and region',
      handler: async ({ ui, programmatic }, arg) => {
        const location = programmatic ? unwrap(validateProjectRegion(arg)) : await promptNewLocation(ui, 'Gcore: Add Project and Region', true);
        const added = await addLocation(location);
        services.log.info(`location ${location.projectId}/${location.regionId} ${added ? 'added' : 'updated'}`);
        if (!programmatic) {
          const what = `project ${location.projectId}, region ${location.regionId}`;
          void ui.notify('info', added ? `Added ${what} to GPU Flavors.` : `Updated ${what}.`);
        }
        return undefined;
      },
    },
    {
      id: 'gcore.removeLocation',
      what: 'Remove project and region',
      handler: async ({ ui, programmatic }, arg) => {
        const location = isNodeOfType(arg, 'location') ? arg.location : unwrap(validateProjectRegion(arg));
        await removeLocation(location);
        services.flavors.invalidate(location);
        if (!programmatic) {
          void ui.notify('info', `Removed project ${location.projectId}, region ${location.regionId} from the tree (only from this list).`);
        }
        return undefined;
      },
    },
  ];
}
