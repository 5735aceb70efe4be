import { lazyCommands } from '../commands/flow/lazyCommands';
import { COMMAND, VIEW_ID } from '../core/contributions';
import { FlavorLoader } from '../loaders/flavorLoader';
import { flavorFilters } from '../state/settings';
import { GpuFlavorsSection } from '../views/sections/gpuFlavorsSection';
import type { Area } from './area';
import type { Core } from './core';

/** GPU flavors of the configured projects and regions, and the locations themselves. */
export function gpuArea(core: Core): Area {
  const flavors = core.loaders.register(new FlavorLoader(core.client.gpu, flavorFilters));
  return {
    sections: [new GpuFlavorsSection(flavors, VIEW_ID)],
    lazyCommands: (services) => [
      lazyCommands(
        [
          COMMAND.addLocation,
          COMMAND.removeLocation,
          COMMAND.listProjects,
          COMMAND.listRegions,
          COMMAND.listGpuFlavors,
          COMMAND.copyFlavorName,
        ],
        async () => {
          const [locations, flavorList] = await Promise.all([
            import('../commands/account/locationCommands.js'),
            import('../commands/gpu/flavorCommands.js'),
          ]);
          return [
            ...locations.locationCommands({ ...services, reads: core.accountReads }, flavors),
            ...flavorList.flavorCommands(services),
          ];
        },
      ),
    ],
  };
}
