import * as l10n from '@vscode/l10n';
import type { ProjectRegionRef } from '../../api';
import { wasEmptyAnswer } from '../../api/decode';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { RecentValues } from '../../state/recentValues';
import { SentChanges, type SentChangesDeps } from '../sentChanges';
import { CONTAINERS_SECTION } from './containerNodes';

/** What a container change sent here leaves behind, and how it is told. */
export type ContainerChanges = SentChanges<ProjectRegionRef>;

/**
 * The containers' changes once sent (Update, New and Delete Container, their documents): their tasks named for
 * gcore.waitForTasks and followed once an interactive call tells them (the row says Updating…, Creating… or
 * Deleting…), the name offered as recent, the location's containers read again and redrawn.
 */
export function containerChanges(
  deps: Pick<SentChangesDeps<ProjectRegionRef>, 'tasks' | 'taskPoller' | 'tree'> & {
    recentContainers: Pick<RecentValues, 'remember'>;
    reads: Pick<ContainerReads, 'invalidateContainers'>;
  },
): ContainerChanges {
  return new SentChanges({
    ...deps,
    section: CONTAINERS_SECTION,
    readAgain: (location) => deps.reads.invalidateContainers(location),
    followFrom: 'reported',
    // A deleted container's name is no longer one to offer.
    keep: async (change) => {
      if (change.action !== 'delete') await deps.recentContainers.remember(change.name);
    },
    // An update that started no task says so when it announces its tasks; a create or delete without one warns.
    untracked: (change, result) =>
      wasEmptyAnswer(result) || (change.action !== 'update' && result.tasks.length === 0) ? nothingToFollow(change) : undefined,
    announced: (change, tasks) =>
      change.action === 'update'
        ? l10n.t(
            'Sent the update of container {0}. {1}',
            change.name,
            tasks.length > 0 ? l10n.t('Tasks: {0}', tasks.join(', ')) : l10n.t('Gcore started no task.'),
          )
        : undefined,
  });
}

/** Gcore took the change but named no task (or answered nothing): what the user can do instead. */
function nothingToFollow(change: ChangeSubject): string {
  if (change.action === 'delete') {
    return l10n.t(
      'Gcore took the deletion of container {0}, but its answer held no task to follow: Refresh the location to see whether it is gone.',
      change.name,
    );
  }
  if (change.action === 'create') {
    return l10n.t(
      'Gcore took the creation of container {0}, but its answer held no task to follow: Refresh the location to see where it stands.',
      change.name,
    );
  }
  return l10n.t(
    "The update of container {0} was sent, but Gcore's answer was empty, so there are no task IDs to follow. It may have been applied: check the container before sending it again.",
    change.name,
  );
}
