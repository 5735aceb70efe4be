import { flavorCommands } from '../commands/flavorCommands';
import { locationCommands } from '../commands/locationCommands';
import { VIEW_ID } from '../core/contributions';
import { FlavorLoader } from '../loaders/flavorLoader';
import { flavorFilters } from '../state/settings';
import { GpuFlavorsSection } from '../views/sections/gpuFlavorsSection';
import type { Area } from './area';
import type { Core } from './core';

/** GPU flavors of the configured projects and regions, and the locations themselves. */
export function gpuArea(core: Core): Area {
  const flavors = new FlavorLoader(core.client.gpu, flavorFilters);
  return {
    sections: [new GpuFlavorsSection(flavors, VIEW_ID)],
    commands: (services) => [...locationCommands(services, flavors), ...flavorCommands(services)],
  };
}
