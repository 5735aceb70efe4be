import * as l10n from '@vscode/l10n';
import type { ContainerAction } from '../../../models/containers/container';
import type { ChangeWords } from '../../presentation/changeWords';

const UPDATE: ChangeWords = {
  following: (name) => l10n.t('Updating container {0}', name),
  stopped: (name) =>
    l10n.t(
      'Stopped watching the update of container {0}. The change goes on at Gcore; Refresh the container to see where it stands.',
      name,
    ),
  failed: (name, reason) => l10n.t('The update of container {0} failed at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t(
      'Gcore rejected the API key while the update of container {0} was followed; following stopped. The change goes on at Gcore.',
      name,
    ),
  stillRunning: (name, minutes, ids) =>
    l10n.t('Stopped following the update of container {0} after {1} min: it still runs at Gcore (task {2}).', name, minutes, ids),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The update of container {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the container to see whether the change is live.',
      name,
      ids,
    ),
  inProgress: () => l10n.t('Updating…'),
  counted: (count) => (count === 1 ? l10n.t('1 update') : l10n.t('{0} updates', count)),
};

const CREATE: ChangeWords = {
  following: (name) => l10n.t('Creating container {0}', name),
  stopped: (name) =>
    l10n.t('Stopped watching the creation of container {0}. It goes on at Gcore; Refresh the location to see where it stands.', name),
  failed: (name, reason) => l10n.t('Container {0} could not be created at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t('Gcore rejected the API key while the creation of container {0} was followed; following stopped. It goes on at Gcore.', name),
  stillRunning: (name, minutes, ids) =>
    l10n.t('Stopped following the creation of container {0} after {1} min: it still runs at Gcore (task {2}).', name, minutes, ids),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The creation of container {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the location to see whether it is there.',
      name,
      ids,
    ),
  inProgress: () => l10n.t('Creating…'),
  counted: (count) => (count === 1 ? l10n.t('1 container creation') : l10n.t('{0} container creations', count)),
};

const DELETE: ChangeWords = {
  following: (name) => l10n.t('Deleting container {0}', name),
  stopped: (name) =>
    l10n.t('Stopped watching the deletion of container {0}. It goes on at Gcore; Refresh the location to see whether it is gone.', name),
  failed: (name, reason) => l10n.t('Container {0} could not be deleted at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t('Gcore rejected the API key while the deletion of container {0} was followed; following stopped. It goes on at Gcore.', name),
  stillRunning: (name, minutes, ids) =>
    l10n.t('Stopped following the deletion of container {0} after {1} min: it still runs at Gcore (task {2}).', name, minutes, ids),
  cannotFollow: (name, ids) =>
    l10n.t(
      'The deletion of container {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks). Refresh the location to see whether it is gone.',
      name,
      ids,
    ),
  inProgress: () => l10n.t('Deleting…'),
  counted: (count) => (count === 1 ? l10n.t('1 container deletion') : l10n.t('{0} container deletions', count)),
};

/**
 * What is said of each change made here to a container, in the order the status bar counts them (a Map: an
 * action read from storage may be any word, `constructor` included).
 */
export const CONTAINER_CHANGES: ReadonlyMap<ContainerAction, ChangeWords> = new Map([
  ['update', UPDATE],
  ['create', CREATE],
  ['delete', DELETE],
]);

/** The container change an action names, or undefined for a word that names none. */
export function containerAction(action: string): ContainerAction | undefined {
  return CONTAINER_CHANGES.has(action as ContainerAction) ? (action as ContainerAction) : undefined;
}

/** The task types of the changes made here to containers, in the words of the Tasks section's rows. */
export function containerTaskTypes(): ReadonlyMap<string, string> {
  return new Map([
    ['patch_caas_container', l10n.t('update')],
    ['create_caas_container', l10n.t('creation')],
    ['delete_caas_container', l10n.t('deletion')],
  ]);
}
