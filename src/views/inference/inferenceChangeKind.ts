import * as l10n from '@vscode/l10n';
import { INFERENCE_APPLICATION_KIND, INFERENCE_DEPLOYMENT_KIND } from '../../models/inference/inferenceKinds';
import type { ChangeKind } from '../changeKinds';
import { loadOnce } from '../../core/loadOnce';
import type { InferenceChangeKindDeps } from './inferenceChangeDeps';
import { INFERENCE_SECTION } from './inferenceNodes';
import {
  INFERENCE_APPLICATION_CHANGES,
  INFERENCE_DEPLOYMENT_CHANGES,
  inferenceApplicationTaskTypes,
  inferenceDeploymentTaskTypes,
} from './presentation/inferenceChangeWords';

/**
 * The changes of inference deployments and of catalogue applications (create, update, delete) as the task tracking
 * follows them: their words, the Inference section's "Deploying…", the project's deployments read again when one
 * ends, Open Logs when one failed, and the last word, which reads what the change made: a created deployment is
 * followed until ready, its end naming its address or Gcore's error, with its logs one click away.
 */
export function inferenceChangeKinds(deps: InferenceChangeKindDeps): ChangeKind[] {
  // What the end of a change says, loaded with the first end: a start follows none.
  const ends = loadOnce(() => import('./inferenceChangeEnds.js'));
  return [
    {
      kind: INFERENCE_DEPLOYMENT_KIND,
      noun: l10n.t('Inference deployment'),
      actions: INFERENCE_DEPLOYMENT_CHANGES,
      taskTypes: inferenceDeploymentTaskTypes(),
      section: INFERENCE_SECTION,
      changed: (subject) => deps.changed(subject.projectId),
      // A create or update that failed at Gcore: its pods' logs say why. A delete's say nothing of it.
      failureActions: (subject) => (subject.action === 'delete' ? [] : [{ title: l10n.t('Open Logs'), run: () => deps.openLogs(subject) }]),
      announce: async (ui, subject, ids) => (await ends()).announceDeployment(deps, ui, subject, ids),
    },
    {
      kind: INFERENCE_APPLICATION_KIND,
      noun: l10n.t('Application'),
      actions: INFERENCE_APPLICATION_CHANGES,
      taskTypes: inferenceApplicationTaskTypes(),
      section: INFERENCE_SECTION,
      changed: (subject) => deps.changed(subject.projectId),
      failureActions: () => [],
      announce: async (ui, subject, ids) => (await ends()).announceApplication(deps, ui, subject, ids),
    },
  ];
}
