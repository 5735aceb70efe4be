import * as l10n from '@vscode/l10n';
import type { ChangeWords } from '../../presentation/changeWords';

/** What a change of a deployment or an application does, in the words its tasks read. */
export type InferenceChange = 'create' | 'update' | 'delete';

const DEPLOYMENT_CREATE: ChangeWords = {
  following: (name) => l10n.t('Deploying inference deployment {0}', name),
  stopped: (name) =>
    l10n.t(
      'Stopped watching the creation of inference deployment {0}. It goes on at Gcore; Refresh the project to see where it stands.',
      name,
    ),
  failed: (name, reason) => l10n.t('Inference deployment {0} could not be created at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t(
      'Gcore rejected the API key while the creation of inference deployment {0} was followed; following stopped. It goes on at Gcore.',
      name,
    ),
  stillRunning: (name, minutes, ids) =>
    l10n.t(
      'Stopped following the creation of inference deployment {0} after {1} min: it still runs at Gcore (task {2}).',
      name,
      minutes,
      ids,
    ),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The creation of inference deployment {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the project to see whether it is there.',
      name,
      ids,
    ),
  inProgress: () => l10n.t('Deploying…'),
  counted: (count) => (count === 1 ? l10n.t('1 inference deployment') : l10n.t('{0} inference deployments', count)),
};

const DEPLOYMENT_UPDATE: ChangeWords = {
  following: (name) => l10n.t('Updating inference deployment {0}', name),
  stopped: (name) =>
    l10n.t(
      'Stopped watching the update of inference deployment {0}. The change goes on at Gcore; Refresh the project to see where it stands.',
      name,
    ),
  failed: (name, reason) => l10n.t('The update of inference deployment {0} failed at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t(
      'Gcore rejected the API key while the update of inference deployment {0} was followed; following stopped. The change goes on at Gcore.',
      name,
    ),
  stillRunning: (name, minutes, ids) =>
    l10n.t(
      'Stopped following the update of inference deployment {0} after {1} min: it still runs at Gcore (task {2}).',
      name,
      minutes,
      ids,
    ),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The update of inference deployment {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the project to see whether the change is live.',
      name,
      ids,
    ),
  inProgress: () => l10n.t('Updating…'),
  counted: (count) => (count === 1 ? l10n.t('1 inference update') : l10n.t('{0} inference updates', count)),
};

const DEPLOYMENT_DELETE: ChangeWords = {
  following: (name) => l10n.t('Deleting inference deployment {0}', name),
  stopped: (name) =>
    l10n.t(
      'Stopped watching the deletion of inference deployment {0}. It goes on at Gcore; Refresh the project to see whether it is gone.',
      name,
    ),
  failed: (name, reason) => l10n.t('Inference deployment {0} could not be deleted at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t(
      'Gcore rejected the API key while the deletion of inference deployment {0} was followed; following stopped. It goes on at Gcore.',
      name,
    ),
  stillRunning: (name, minutes, ids) =>
    l10n.t(
      'Stopped following the deletion of inference deployment {0} after {1} min: it still runs at Gcore (task {2}).',
      name,
      minutes,
      ids,
    ),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The deletion of inference deployment {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the project to see whether it is gone.',
      name,
      ids,
    ),
  inProgress: () => l10n.t('Deleting…'),
  counted: (count) => (count === 1 ? l10n.t('1 inference deletion') : l10n.t('{0} inference deletions', count)),
};

const APPLICATION_CREATE: ChangeWords = {
  ...DEPLOYMENT_CREATE,
  following: (name) => l10n.t('Deploying application {0}', name),
  stopped: (name) =>
    l10n.t('Stopped watching the creation of application {0}. It goes on at Gcore; Refresh the project to see where it stands.', name),
  failed: (name, reason) => l10n.t('Application {0} could not be deployed at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t('Gcore rejected the API key while the creation of application {0} was followed; following stopped. It goes on at Gcore.', name),
  stillRunning: (name, minutes, ids) =>
    l10n.t('Stopped following the creation of application {0} after {1} min: it still runs at Gcore (task {2}).', name, minutes, ids),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The creation of application {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the project to see whether it is there.',
      name,
      ids,
    ),
  counted: (count) => (count === 1 ? l10n.t('1 application deployment') : l10n.t('{0} application deployments', count)),
};

const APPLICATION_UPDATE: ChangeWords = {
  ...DEPLOYMENT_UPDATE,
  following: (name) => l10n.t('Updating application {0}', name),
  stopped: (name) =>
    l10n.t(
      'Stopped watching the update of application {0}. The change goes on at Gcore; Refresh the project to see where it stands.',
      name,
    ),
  failed: (name, reason) => l10n.t('The update of application {0} failed at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t(
      'Gcore rejected the API key while the update of application {0} was followed; following stopped. The change goes on at Gcore.',
      name,
    ),
  stillRunning: (name, minutes, ids) =>
    l10n.t('Stopped following the update of application {0} after {1} min: it still runs at Gcore (task {2}).', name, minutes, ids),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The update of application {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the project to see whether the change is live.',
      name,
      ids,
    ),
  counted: (count) => (count === 1 ? l10n.t('1 application update') : l10n.t('{0} application updates', count)),
};

const APPLICATION_DELETE: ChangeWords = {
  ...DEPLOYMENT_DELETE,
  following: (name) => l10n.t('Deleting application {0}', name),
  stopped: (name) =>
    l10n.t('Stopped watching the deletion of application {0}. It goes on at Gcore; Refresh the project to see whether it is gone.', name),
  failed: (name, reason) => l10n.t('Application {0} could not be deleted at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t('Gcore rejected the API key while the deletion of application {0} was followed; following stopped. It goes on at Gcore.', name),
  stillRunning: (name, minutes, ids) =>
    l10n.t('Stopped following the deletion of application {0} after {1} min: it still runs at Gcore (task {2}).', name, minutes, ids),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The deletion of application {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the project to see whether it is gone.',
      name,
      ids,
    ),
  counted: (count) => (count === 1 ? l10n.t('1 application deletion') : l10n.t('{0} application deletions', count)),
};

/** What is said of each change of a deployment made here, in the order the status bar counts them (a Map: a stored action may be any word). */
export const INFERENCE_DEPLOYMENT_CHANGES: ReadonlyMap<InferenceChange, ChangeWords> = new Map([
  ['create', DEPLOYMENT_CREATE],
  ['update', DEPLOYMENT_UPDATE],
  ['delete', DEPLOYMENT_DELETE],
]);

export const INFERENCE_APPLICATION_CHANGES: ReadonlyMap<InferenceChange, ChangeWords> = new Map([
  ['create', APPLICATION_CREATE],
  ['update', APPLICATION_UPDATE],
  ['delete', APPLICATION_DELETE],
]);

/** The change an action names, or undefined for a word that names none (start and stop have no task to follow). */
export function inferenceChange(action: string | undefined): InferenceChange | undefined {
  return action !== undefined && INFERENCE_DEPLOYMENT_CHANGES.has(action as InferenceChange) ? (action as InferenceChange) : undefined;
}

/** The task types of deployments' changes, in the words of the Tasks section's rows. */
export function inferenceDeploymentTaskTypes(): ReadonlyMap<string, string> {
  return new Map([
    ['create_inference_instance', l10n.t('creation')],
    ['update_inference_instance', l10n.t('update')],
    ['delete_inference_instance', l10n.t('deletion')],
  ]);
}

export function inferenceApplicationTaskTypes(): ReadonlyMap<string, string> {
  return new Map([
    ['create_inference_application', l10n.t('creation')],
    ['update_inference_application', l10n.t('update')],
    ['delete_inference_application', l10n.t('deletion')],
  ]);
}
