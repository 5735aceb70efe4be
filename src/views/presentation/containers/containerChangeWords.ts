import * as l10n from '@vscode/l10n';
import type { ContainerAction } from '../../../loaders/taskPoller';

/** What the notifications of a followed change say, for each kind of change: whole sentences for translators. */
export interface ContainerChangeWords {
  following(name: string): string;
  stopped(name: string): string;
  failed(name: string, reason: string): string;
  keyRefused(name: string): string;
  stillRunning(name: string, minutes: number, ids: string): string;
  cannotFollow(name: string, ids: string): string;
}

const UPDATE: ContainerChangeWords = {
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
};

const CREATE: ContainerChangeWords = {
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
};

const DELETE: ContainerChangeWords = {
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
};

const WORDS: Readonly<Record<ContainerAction, ContainerChangeWords>> = { update: UPDATE, create: CREATE, delete: DELETE };

export function containerChangeWords(action: ContainerAction | undefined): ContainerChangeWords {
  return WORDS[action ?? 'update'];
}
