import * as l10n from '@vscode/l10n';
import type { GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import { failureReason } from '../../logging/failureMessage';
import type { Log } from '../../logging/log';
import { clusterOfChangeName } from '../../models/gpu/gpuCluster';
import { SentChanges, type SentChangesDeps } from '../sentChanges';
import { GPU_SECTION } from './gpuNodes';

/** What a GPU cluster change sent here leaves behind, and how it is told. */
export type GpuClusterChanges = SentChanges<GpuLocationRef>;

/**
 * The GPU clusters' changes once sent (their commands, New GPU Cluster from JSON, Open in VS Code's start, the lease
 * clock's stop): their tasks followed at once under the cluster's subject (the row says Stopping…), a deleted cluster's
 * SSH entry removed, the location's clusters read again and the GPU section redrawn.
 */
export function gpuClusterChanges(
  deps: Pick<SentChangesDeps<GpuLocationRef>, 'tasks' | 'taskPoller' | 'tree'> & {
    /** The clusters of a location and product, read again after a change was sent. */
    clusters: { invalidateLocation(ref: GpuLocationRef): void };
    /** Removes a cluster's SSH entry and known hosts, once Gcore took its delete. */
    forgetSsh(clusterId: string): Promise<void>;
    log: Log;
  },
): GpuClusterChanges {
  return new SentChanges({
    ...deps,
    section: GPU_SECTION,
    readAgain: (location) => deps.clusters.invalidateLocation(location),
    followFrom: 'sent',
    keep: async (change) => {
      const clusterId = change.action === 'delete' ? clusterOfChangeName(change.name)?.clusterId : undefined;
      if (clusterId === undefined) return;
      try {
        await deps.forgetSsh(clusterId);
      } catch (error) {
        // Only logged: the delete itself was taken.
        deps.log.warn(`The SSH entry of GPU cluster ${clusterId} could not be removed: ${failureReason(error)}`);
      }
    },
    untracked: (change, result) =>
      result.tasks.length > 0
        ? undefined
        : l10n.t(
            'Gcore took the change of GPU cluster {0}, but its answer held no task to follow: Refresh the location to see where it stands.',
            change.label ?? change.name,
          ),
  });
}
