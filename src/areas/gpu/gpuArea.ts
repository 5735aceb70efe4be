import * as vscode from 'vscode';
import { GPU_SSH_SETTINGS } from '../../agentTools/gpu/gpuSshToolSettings';
import type { GpuCluster, GpuClusterRef, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import { lazyCommands } from '../../commands/flow/lazyCommands';
import { COMMAND, SCHEME, VIEW_ID } from '../../core/contributions';
import { loadOnce } from '../../core/loadOnce';
import { LazyDocuments } from '../../documents/lazyDocuments';
import { FlavorLoader } from '../../loaders/gpu/flavorLoader';
import { GPU_CLUSTER_KIND } from '../../models/gpu/gpuCluster';
import { REMOTE_SSH_WINDOWS } from '../../models/gpu/ssh/remoteSsh';
import { flavorFilters } from '../../state/gpu/flavorSettings';
import { gpuClusterChangeKind } from '../../views/gpu/gpuClusterChangeKind';
import { GPU_SECTION } from '../../views/gpu/gpuNodes';
import { GpuFlavorsSection } from '../../views/gpu/gpuFlavorsSection';
import type { Area } from '../area';
import type { Core } from '../core';
import { gpuSshToolSettings } from './gpuToolContext';

/** GPU clusters and flavors of the configured projects and regions, the locations themselves, and the clusters' changes. */
export function gpuArea(core: Core): Area {
  core.remoteWindows.register(REMOTE_SSH_WINDOWS);
  core.toolContext.register(GPU_SSH_SETTINGS, () => gpuSshToolSettings(core.context.globalState));
  const flavors = core.loaders.register(new FlavorLoader(core.client.gpu, flavorFilters));
  // The clusters' reads load with their first row or command; until then a new key has nothing of theirs to forget.
  const ssh = () => import('../../commands/gpu/sshSetup.js');
  // A cluster with an SSH entry that a fresh list no longer has was deleted elsewhere: its entry goes.
  const listed = (ref: GpuLocationRef, clusterIds: readonly string[], since: number) =>
    void ssh()
      .then(({ forgetUnlistedClusters }) => forgetUnlistedClusters(ref, clusterIds, since))
      .catch((error: unknown) => core.log.warn(`The SSH entries of deleted GPU clusters could not be removed: ${String(error)}`));
  const clusterReads = loadOnce(
    async () => new (await import('../../loaders/gpu/gpuClusterReads.js')).GpuClusterReads(core.client, core.loaders.limit, listed),
  );
  core.loaders.register({ invalidate: () => clusterReads.loaded?.invalidate() });
  // The lease clock loads once the tree has read a cluster with a lease: without one, no code and no timer.
  const leaseClock = loadOnce(async () => {
    const [{ gpuLeaseClock }, changes] = await Promise.all([import('../../views/gpu/gpuLeaseClock.js'), sentChanges()]);
    return gpuLeaseClock({ ...core, ui: core.ui.get, tree: core.treeChanges, changes });
  });
  const section = new GpuFlavorsSection(flavors, VIEW_ID, {
    reads: clusterReads,
    redraw: (node) => core.treeChanges.refresh(node),
    changesAt: (location) => core.tasks.changesAt(GPU_CLUSTER_KIND, location),
    rename: (from, to) => core.tasks.rename(from, to),
    log: core.log,
    sawLeases: (location, list) => void leaseClock().then((clock) => clock.saw(location, list)),
  });
  // What a change of a cluster makes stale: the location's clusters and their tasks, as the GPU section shows them.
  const clusters = {
    invalidateLocation: (ref: GpuLocationRef) => {
      clusterReads.loaded?.invalidateClusters(ref);
      core.treeChanges.refresh(GPU_SECTION);
    },
  };
  // Where a start or resize that found no free servers leads: the flavor in the user's other locations.
  const findFlavorElsewhere = async (cluster: GpuClusterRef) => vscode.commands.executeCommand(COMMAND.findGpuFlavorElsewhere, cluster);
  // What a change the write, create and SSH commands send leaves behind, built when the first of them loads.
  const sentChanges = loadOnce(async () => {
    const [{ gpuClusterChanges }, { forgetClusterSsh }] = await Promise.all([import('../../views/gpu/gpuClusterChanges.js'), ssh()]);
    // A deleted cluster's SSH entry goes with it.
    return gpuClusterChanges({
      tasks: core.tasks,
      taskPoller: core.taskPoller,
      clusters,
      tree: core.treeChanges,
      log: core.log,
      forgetSsh: forgetClusterSsh,
    });
  });
  // A lease is set from a cluster's row: a create's or start's end hands its cluster as a row would.
  const setLease = async ({ projectId, regionId, kind }: GpuClusterRef, cluster: GpuCluster) =>
    vscode.commands.executeCommand(COMMAND.setGpuLease, {
      nodeType: 'gpuCluster',
      location: { projectId, regionId },
      gpuKind: kind,
      cluster,
    });
  const changes = gpuClusterChangeKind({
    client: core.client,
    clusters,
    log: core.log,
    findFlavorElsewhere,
    connect: async (cluster, name) =>
      vscode.commands.executeCommand(COMMAND.connectGpuServer, (await ssh()).gpuClusterRefNode(cluster, name)),
    forgetSsh: async (clusterId) => (await ssh()).forgetClusterSsh(clusterId),
    setLease,
  });
  // New GPU Cluster from JSON: its documents' code (checks, completions, review) loads with the first document or command.
  const jsonDocuments = loadOnce(async () =>
    (await import('../../commands/gpu/gpuClusterJsonCommands.js')).gpuClusterJsonDocuments({
      client: core.client,
      log: core.log,
      ui: core.ui.get,
      snapshots: core.snapshots,
      changes: sentChanges,
    }),
  );
  const newClusters = new LazyDocuments(
    { scheme: SCHEME.newGpuCluster, applyCommand: COMMAND.applyNewGpuClusterJson },
    async () => (await jsonDocuments()).editor,
  );
  return {
    sections: [section],
    documentKinds: [
      {
        documents: newClusters,
        completions: { provideCompletionItems: async (document, position) => (await jsonDocuments()).completions(document, position) },
      },
    ],
    disposables: [
      section,
      { dispose: () => leaseClock.loaded?.dispose() },
      newClusters,
      vscode.workspace.registerFileSystemProvider(SCHEME.newGpuCluster, newClusters, { isCaseSensitive: true }),
      // The GPU schemas beside the containers' (SchemaDocuments): each provider answers only its own paths.
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.schema, {
        provideTextDocumentContent: async (uri) =>
          (await import('../../documents/gpu/newGpuClusterDocuments.js')).newGpuClusterSchemaText(uri.path),
      }),
    ],
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
            ...clusterReadList.gpuClusterReadCommands({ ...services, reads: await clusterReads() }),
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
          return gpuSshCommands({ services, changes: await sentChanges(), reads: await clusterReads(), users });
        },
      ),
    ],
  };
}
