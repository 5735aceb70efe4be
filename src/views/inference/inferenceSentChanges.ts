import * as l10n from '@vscode/l10n';
import type { InferenceProjectRef } from '../../api/inference/inferenceTypes';
import { SentChanges, type SentChangesDeps } from '../sentChanges';
import { INFERENCE_SECTION } from './inferenceNodes';

/** What an inference change sent here leaves behind, and how it is told. */
export type InferenceSentChanges = SentChanges<InferenceProjectRef>;

/**
 * The inference changes once sent (the contract's commands, and through them the agent tools): a create's, update's or
 * delete's tasks followed at once under the deployment's or application's name (its row says Deploying…), a start or
 * stop, which Gcore answers with no task, awaited on its row until the status shows it; the project's lists read
 * again and the section redrawn.
 */
export function inferenceSentChanges(
  deps: Pick<SentChangesDeps<InferenceProjectRef>, 'tasks' | 'taskPoller' | 'tree'> & {
    /** The project's deployments, applications and the quota, read again after a change was sent. */
    changed(projectId: number): void;
    /** The row of a started or stopped deployment says so until its status moves. */
    expectStatus(ref: { projectId: number; name: string }, action: 'start' | 'stop'): void;
  },
): InferenceSentChanges {
  return new SentChanges({
    ...deps,
    section: INFERENCE_SECTION,
    readAgain: ({ projectId }) => deps.changed(projectId),
    followFrom: 'sent',
    keep: async ({ projectId, name, action }) => {
      if (action === 'start' || action === 'stop') deps.expectStatus({ projectId, name }, action);
    },
    untracked: (change, result) =>
      result.tasks.length > 0
        ? undefined
        : l10n.t(
            'Gcore took the change of {0}, but its answer held no task to follow: Refresh the project to see where it stands.',
            change.label ?? change.name,
          ),
  });
}
