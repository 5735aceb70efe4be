import * as vscode from 'vscode';
import type { GpuCluster, GpuClusterRef, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { GpuClusterJsonDocuments } from '../../commands/gpu/gpuClusterJsonCommands';
import { COMMAND } from '../../core/contributions';
import { loadOnce, type LoadOnce } from '../../core/loadOnce';
import type { GpuClusterReads } from '../../loaders/gpu/gpuClusterReads';
import type { ChangeKind } from '../../views/changeKinds';
import { gpuClusterChangeKind } from '../../views/gpu/gpuClusterChangeKind';
import type { GpuClusterChanges } from '../../views/gpu/gpuClusterChanges';
import type { LeaseClock } from '../../views/gpu/gpuLeaseClock';
import { GPU_SECTION } from '../../views/gpu/gpuNodes';
import type { Core } from '../core';

/**
 * The GPU clusters' parts, each loaded with the first row, command or document that needs it (a start loads
 * none): their reads, what a change sent leaves behind, the lease clock, the SSH setup, the documents of New GPU
 * Cluster from JSON; and their kind of change, which start-up registers.
 */
export interface GpuClusterParts {
  reads: LoadOnce<GpuClusterReads>;
  sentChanges: LoadOnce<GpuClusterChanges>;
  leaseClock: LoadOnce<LeaseClock>;
  jsonDocuments: LoadOnce<GpuClusterJsonDocuments>;
  changes: ChangeKind;
  /** Where a start or resize that found no free servers leads: the flavor in the user's other locations. */
  findFlavorElsewhere(cluster: GpuClusterRef): Promise<unknown>;
}

export function gpuClusterParts(core: Core): GpuClusterParts {
  // The clusters' reads load with their first row or command; until then a new key has nothing of theirs to forget.
  const ssh = loadOnce(() => import('../../prompts/gpu/sshSetup.js'));
  // A cluster with an SSH entry that a fresh list no longer has was deleted elsewhere: its entry goes.
  const listed = (ref: GpuLocationRef, clusterIds: readonly string[], since: number) =>
    void ssh()
      .then(({ forgetUnlistedClusters }) => forgetUnlistedClusters(ref, clusterIds, since))
      .catch((error: unknown) => core.log.warn(`The SSH entries of deleted GPU clusters could not be removed: ${String(error)}`));
  const reads = loadOnce(
    async () => new (await import('../../loaders/gpu/gpuClusterReads.js')).GpuClusterReads(core.client, core.loaders.limit, listed),
  );
  core.loaders.register({ invalidate: () => reads.loaded?.invalidate() });
  // The lease clock loads once the tree has read a cluster with a lease: without one, no code and no timer.
  const leaseClock = loadOnce(async () => {
    const [{ gpuLeaseClock }, changes] = await Promise.all([import('../../views/gpu/gpuLeaseClock.js'), sentChanges()]);
    return gpuLeaseClock({ ...core, ui: core.ui.get, tree: core.treeChanges, changes });
  });
  // What a change of a cluster makes stale: the location's clusters and their tasks, as the GPU section shows them.
  const clusters = {
    invalidateLocation: (ref: GpuLocationRef) => {
      reads.loaded?.invalidateClusters(ref);
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
  return { reads, sentChanges, leaseClock, jsonDocuments, changes, findFlavorElsewhere };
}
