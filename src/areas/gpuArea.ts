import * as vscode from 'vscode';
import type { GpuLocationRef } from '../api/gpuClusterTypes';
import { GpuClusterWrites } from '../commands/gpu/gpuClusterWrites';
import { lazyCommands } from '../commands/flow/lazyCommands';
import { COMMAND, VIEW_ID } from '../core/contributions';
import { FlavorLoader } from '../loaders/flavorLoader';
import { GpuClusterReads } from '../loaders/gpuClusterReads';
import { GPU_CLUSTER_KIND } from '../models/gpuCluster';
import { flavorFilters } from '../state/settings';
import { gpuClusterChangeKind } from '../views/gpu/gpuClusterChangeKind';
import { GPU_SECTION } from '../views/sections/gpuNodes';
import { GpuFlavorsSection } from '../views/sections/gpuFlavorsSection';
import type { Area } from './area';
import type { Core } from './core';

/** GPU clusters and flavors of the configured projects and regions, the locations themselves, and the clusters' changes. */
export function gpuArea(core: Core): Area {
  const flavors = core.loaders.register(new FlavorLoader(core.client.gpu, flavorFilters));
  const clusterReads = core.loaders.register(new GpuClusterReads(core.client, core.loaders.limit));
  const section = new GpuFlavorsSection(flavors, VIEW_ID, {
    reads: clusterReads,
    redraw: (node) => core.treeChanges.refresh(node),
    changesAt: (location) => core.tasks.changesAt(GPU_CLUSTER_KIND, location),
  });
  // What a change of a cluster makes stale: the location's clusters and their tasks, as the GPU section shows them.
  const clusters = {
    invalidateLocation: (ref: GpuLocationRef) => {
      clusterReads.invalidateClusters(ref);
      core.treeChanges.refresh(GPU_SECTION);
    },
  };
  const writes = new GpuClusterWrites({ client: core.client, tasks: core.tasks, clusters, tree: core.treeChanges, log: core.log });
  const changes = gpuClusterChangeKind({
    client: core.client,
    clusters,
    log: core.log,
    listFlavorsElsewhere: async () => vscode.commands.executeCommand(COMMAND.listGpuFlavors),
  });
  return {
    sections: [section],
    disposables: [section],
    changeKinds: [changes],
    lazyCommands: (services) => [
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
        ],
        async () => {
          const [locations, flavorList, clusterReadList] = await Promise.all([
            import('../commands/account/locationCommands.js'),
            import('../commands/gpu/flavorCommands.js'),
            import('../commands/gpu/gpuClusterReadCommands.js'),
          ]);
          return [
            ...locations.locationCommands({ ...services, reads: core.accountReads }, flavors),
            ...flavorList.flavorCommands(services),
            ...clusterReadList.gpuClusterReadCommands({ ...services, reads: clusterReads }),
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
        async () => (await import('../commands/gpu/gpuClusterWriteCommands.js')).gpuClusterWriteCommands(services, writes),
      ),
      lazyCommands([COMMAND.createSshKey, COMMAND.previewGpuCluster, COMMAND.createGpuCluster], async () =>
        (await import('../commands/gpu/gpuClusterCreateCommands.js')).gpuClusterCreateCommands(services, writes),
      ),
    ],
  };
}
