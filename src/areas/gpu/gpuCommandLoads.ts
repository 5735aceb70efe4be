import { lazyCommands, type LazyCommands } from '../../commands/flow/lazyCommands';
import type { Services } from '../../commands/services';
import { COMMAND } from '../../core/contributions';
import type { FlavorLoader } from '../../loaders/gpu/flavorLoader';
import type { Core } from '../core';
import type { GpuClusterParts } from './gpuClusterParts';

/** The GPU area's commands, by the code each group loads on the first use of one of them. */
export function gpuCommandLoads(core: Core, services: Services, flavors: FlavorLoader, parts: GpuClusterParts): LazyCommands[] {
  const { reads, sentChanges, jsonDocuments, findFlavorElsewhere } = parts;
  return [
    lazyCommands(
      [
        COMMAND.addLocation,
        COMMAND.removeLocation,
        COMMAND.listProjects,
        COMMAND.listRegions,
        COMMAND.listGpuFlavors,
        COMMAND.copyFlavorName,
        COMMAND.listGpuClusters,
        COMMAND.getGpuCluster,
        COMMAND.listGpuClusterServers,
        COMMAND.listGpuImages,
        COMMAND.listSshKeys,
        COMMAND.copyGpuName,
        COMMAND.copyGpuServerAddress,
        COMMAND.findGpuFlavorElsewhere,
      ],
      async () => {
        const [locations, flavorList, clusterReadList, rowList, elsewhere] = await Promise.all([
          import('../../commands/account/locationCommands.js'),
          import('../../commands/gpu/flavorCommands.js'),
          import('../../commands/gpu/gpuClusterReadCommands.js'),
          import('../../commands/gpu/gpuRowCommands.js'),
          import('../../commands/gpu/flavorElsewhereCommands.js'),
        ]);
        return [
          ...locations.locationCommands({ ...services, reads: core.accountReads }, (location) => flavors.invalidate(location)),
          ...flavorList.flavorCommands(services),
          ...clusterReadList.gpuClusterReadCommands({ ...services, reads: await reads() }),
          ...rowList.gpuRowCommands(),
          ...elsewhere.flavorElsewhereCommands(services, flavors),
        ];
      },
    ),
    lazyCommands(
      [
        COMMAND.gpuClusterAction,
        COMMAND.startGpuCluster,
        COMMAND.stopGpuCluster,
        COMMAND.rebootGpuCluster,
        COMMAND.resizeGpuCluster,
        COMMAND.deleteGpuCluster,
        COMMAND.deleteGpuServer,
      ],
      async () =>
        (await import('../../commands/gpu/gpuClusterWriteCommands.js')).gpuClusterWriteCommands(
          services,
          await sentChanges(),
          findFlavorElsewhere,
        ),
    ),
    lazyCommands([COMMAND.setGpuLease], async () =>
      (await import('../../commands/gpu/gpuLeaseCommands.js')).gpuLeaseCommands(services, await sentChanges()),
    ),
    lazyCommands([COMMAND.createSshKey, COMMAND.previewGpuCluster, COMMAND.createGpuCluster], async () =>
      (await import('../../commands/gpu/gpuClusterCreateCommands.js')).gpuClusterCreateCommands(services, await sentChanges()),
    ),
    lazyCommands([COMMAND.newGpuClusterJson, COMMAND.applyNewGpuClusterJson], async () =>
      (await import('../../commands/gpu/gpuClusterJsonCommands.js')).gpuClusterJsonCommands(await jsonDocuments()),
    ),
    lazyCommands(
      [
        COMMAND.connectGpuServer,
        COMMAND.copyGpuSshCommand,
        COMMAND.openGpuSshTerminal,
        COMMAND.forwardGpuPort,
        COMMAND.checkGpus,
        COMMAND.setGpuSshUser,
      ],
      async () => {
        const [{ gpuSshCommands }, { GpuSshUsers }] = await Promise.all([
          import('../../commands/gpu/gpuSshCommands.js'),
          import('../../state/gpu/gpuSshUsers.js'),
        ]);
        const users = new GpuSshUsers(core.context.globalState);
        return gpuSshCommands({ services, changes: await sentChanges(), reads: await reads(), users });
      },
    ),
  ];
}
