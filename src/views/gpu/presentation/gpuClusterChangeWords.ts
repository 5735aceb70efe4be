import * as l10n from '@vscode/l10n';
import type { GpuClusterChange } from '../../../models/gpu/gpuCluster';
import type { ChangeWords } from '../../presentation/changeWords';

/** What every change of a cluster says alike once it is named ("the stop of GPU cluster train-h100"). */
function changeWords(
  named: (name: string) => string,
  own: Pick<ChangeWords, 'following' | 'failed' | 'inProgress' | 'counted'>,
): ChangeWords {
  return {
    ...own,
    stopped: (name) =>
      l10n.t('Stopped watching {0}. It goes on at Gcore; Refresh the location to see where the cluster stands.', named(name)),
    keyRefused: (name) => l10n.t('Gcore rejected the API key while {0} was followed; following stopped. It goes on at Gcore.', named(name)),
    stillRunning: (name, minutes, ids) =>
      l10n.t('Stopped following {0} after {1} min: it still runs at Gcore (task {2}).', named(name), minutes, ids),
    cannotFollow: (name, ids) =>
      l10n.t(
        '{0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the location to see where the cluster stands.',
        named(name),
        ids,
      ),
  };
}

/**
 * Gcore's words for a start or resize refused for want of free servers of the cluster's flavor: its scheduler's,
 * and the refusal its guides publish ("The region … has reached the limit of flavor …"), which a start task's
 * error carries as a 403 does.
 */
export function isCapacityFailure(reason: string): boolean {
  return /capacity|no valid host|not enough .*(servers|hosts)|reached the limit of flavor/i.test(reason);
}

/** The button of such a failure: the cluster's flavor in the user's other locations that have it now. */
export function otherLocationsLabel(): string {
  return l10n.t('Other Locations');
}

const START = changeWords((name) => l10n.t('The start of GPU cluster {0}', name), {
  following: (name) => l10n.t('Starting GPU cluster {0}', name),
  failed: (name, reason) =>
    isCapacityFailure(reason)
      ? l10n.t(
          'GPU cluster {0} could not start: the free capacity of its flavor ran out in this location ({1}). It stays shut off; try again later, or look for the flavor in other locations.',
          name,
          reason,
        )
      : l10n.t('GPU cluster {0} could not start at Gcore: {1}. Refresh the location to see where it stands, then try again.', name, reason),
  inProgress: () => l10n.t('Starting…'),
  counted: (count) => (count === 1 ? l10n.t('1 GPU cluster start') : l10n.t('{0} GPU cluster starts', count)),
});

const STOP = changeWords((name) => l10n.t('The stop of GPU cluster {0}', name), {
  following: (name) => l10n.t('Stopping GPU cluster {0}', name),
  failed: (name, reason) =>
    l10n.t(
      'GPU cluster {0} could not stop at Gcore: {1}. It may still be running and billed: Refresh the location and try again.',
      name,
      reason,
    ),
  inProgress: () => l10n.t('Stopping…'),
  counted: (count) => (count === 1 ? l10n.t('1 GPU cluster stop') : l10n.t('{0} GPU cluster stops', count)),
});

function reboot(named: (name: string) => string, following: (name: string) => string): ChangeWords {
  return changeWords(named, {
    following,
    failed: (name, reason) =>
      l10n.t('GPU cluster {0} could not reboot at Gcore: {1}. Refresh the location to see where it stands, then try again.', name, reason),
    inProgress: () => l10n.t('Rebooting…'),
    counted: (count) => (count === 1 ? l10n.t('1 GPU cluster reboot') : l10n.t('{0} GPU cluster reboots', count)),
  });
}

const SOFT_REBOOT = reboot(
  (name) => l10n.t('The soft reboot of GPU cluster {0}', name),
  (name) => l10n.t('Rebooting GPU cluster {0} (soft)', name),
);

const HARD_REBOOT = reboot(
  (name) => l10n.t('The hard reboot of GPU cluster {0}', name),
  (name) => l10n.t('Rebooting GPU cluster {0} (hard)', name),
);

const RESIZE = changeWords((name) => l10n.t('The resize of GPU cluster {0}', name), {
  following: (name) => l10n.t('Resizing GPU cluster {0}', name),
  failed: (name, reason) =>
    isCapacityFailure(reason)
      ? l10n.t(
          'GPU cluster {0} could not be resized: its flavor has too few free servers in this location ({1}). It keeps its servers; try again later, or look for the flavor in other locations.',
          name,
          reason,
        )
      : l10n.t(
          'GPU cluster {0} could not be resized at Gcore: {1}. Check the quota and the free capacity of its flavor, then try again.',
          name,
          reason,
        ),
  inProgress: () => l10n.t('Resizing…'),
  counted: (count) => (count === 1 ? l10n.t('1 GPU cluster resize') : l10n.t('{0} GPU cluster resizes', count)),
});

const CREATE = changeWords((name) => l10n.t('The creation of GPU cluster {0}', name), {
  following: (name) => l10n.t('Creating GPU cluster {0}', name),
  failed: (name, reason) =>
    l10n.t('GPU cluster {0} could not be created at Gcore: {1}. Delete what is left of it before creating it again.', name, reason),
  inProgress: () => l10n.t('Creating…'),
  counted: (count) => (count === 1 ? l10n.t('1 GPU cluster creation') : l10n.t('{0} GPU cluster creations', count)),
});

const DELETE = changeWords((name) => l10n.t('The deletion of GPU cluster {0}', name), {
  following: (name) => l10n.t('Deleting GPU cluster {0}', name),
  failed: (name, reason) =>
    l10n.t('GPU cluster {0} could not be deleted at Gcore: {1}. It may still be billed: Refresh the location and try again.', name, reason),
  inProgress: () => l10n.t('Deleting…'),
  counted: (count) => (count === 1 ? l10n.t('1 GPU cluster deletion') : l10n.t('{0} GPU cluster deletions', count)),
});

const DELETE_SERVER = changeWords((name) => l10n.t('The deletion of a server of GPU cluster {0}', name), {
  following: (name) => l10n.t('Deleting a server of GPU cluster {0}', name),
  failed: (name, reason) =>
    l10n.t(
      'The server of GPU cluster {0} could not be deleted at Gcore: {1}. It may still be billed: Refresh the location and try again.',
      name,
      reason,
    ),
  inProgress: () => l10n.t('Deleting a server…'),
  counted: (count) => (count === 1 ? l10n.t('1 GPU server deletion') : l10n.t('{0} GPU server deletions', count)),
});

const REBUILD = changeWords((name) => l10n.t('The rebuild of GPU cluster {0}', name), {
  following: (name) => l10n.t('Rebuilding GPU cluster {0}', name),
  failed: (name, reason) =>
    l10n.t('GPU cluster {0} could not be rebuilt at Gcore: {1}. Refresh the location to see where it stands.', name, reason),
  inProgress: () => l10n.t('Rebuilding…'),
  counted: (count) => (count === 1 ? l10n.t('1 GPU cluster rebuild') : l10n.t('{0} GPU cluster rebuilds', count)),
});

/** What is said of each change of a GPU cluster, in the order the status bar counts them (a Map: stored actions may be any word). */
export const GPU_CLUSTER_CHANGES: ReadonlyMap<GpuClusterChange, ChangeWords> = new Map([
  ['create', CREATE],
  ['start', START],
  ['stop', STOP],
  ['soft_reboot', SOFT_REBOOT],
  ['hard_reboot', HARD_REBOOT],
  ['resize', RESIZE],
  ['rebuild', REBUILD],
  ['deleteServer', DELETE_SERVER],
  ['delete', DELETE],
]);

/** The button after a create or a start made here that leads to the cluster's lease. */
export function setLeaseLabel(): string {
  return l10n.t('Set Lease…');
}
