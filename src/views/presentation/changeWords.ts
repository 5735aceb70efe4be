import * as l10n from '@vscode/l10n';
import type { ChangeSubject } from '../../loaders/taskPoller';

/**
 * What is said of one change of one kind of resource (the update of a container) while it is followed and
 * when it ends: each a whole sentence for translators, `name` being the resource's.
 */
export interface ChangeWords {
  /** The title of its notification while it is followed ("Updating container web-app"). */
  following(name: string): string;
  /** Stop Watching was chosen: the change goes on at Gcore. */
  stopped(name: string): string;
  /** Its task failed at Gcore; `reason` is the task's error. */
  failed(name: string, reason: string): string;
  /** Gcore refused the key while it was followed. */
  keyRefused(name: string): string;
  /** `gcore.tasks.timeoutMinutes` passed first: it still runs at Gcore (tasks `ids`). */
  stillRunning(name: string, minutes: number, ids: string): string;
  /** Gcore does not know its tasks `ids` (404). */
  cannotFollow(name: string, ids: string): string;
  /** What the resource's row says first while it is followed ("Updating…"). */
  inProgress(): string;
  /** The status bar's count of such changes under way ("2 container creations"). */
  counted(count: number): string;
}

/** The words of the changes followed here, found by their subjects: what the Tasks section and the status bar say. */
export interface ChangeVocabulary {
  /** A change's words: those its kind registered for its action, neutral ones where nobody did. */
  wordsOf(subject: ChangeSubject): ChangeWords;
  /** What the Tasks section's hover calls the subject's resource ("Container"). */
  nounOf(subject: ChangeSubject): string;
  /** A task type that a registered kind's changes start, in words ("update"); undefined for any other type. */
  taskType(type: string): string | undefined;
  /** The words of every registered change, in the order the status bar counts them. */
  order(): readonly ChangeWords[];
}

/**
 * What is said of a change whose kind or action nobody registered (a subject stored by another version of
 * the extension): it is followed and shown all the same.
 */
export const NEUTRAL_CHANGE_WORDS: ChangeWords = {
  following: (name) => l10n.t('Changing {0}', name),
  stopped: (name) => l10n.t('Stopped watching the change of {0}. It goes on at Gcore; Refresh to see where it stands.', name),
  failed: (name, reason) => l10n.t('The change of {0} failed at Gcore: {1}', name, reason),
  keyRefused: (name) =>
    l10n.t('Gcore rejected the API key while the change of {0} was followed; following stopped. It goes on at Gcore.', name),
  stillRunning: (name, minutes, ids) =>
    l10n.t('Stopped following the change of {0} after {1} min: it still runs at Gcore (task {2}).', name, minutes, ids),
  cannotFollow: (name, ids) =>
    l10n.t('The change of {0} cannot be followed: Gcore answered 404 for task {1} (this API may not report tasks).', name, ids),
  inProgress: () => l10n.t('Changing…'),
  counted: (count) => (count === 1 ? l10n.t('1 change') : l10n.t('{0} changes', count)),
};

/** What the Tasks section's hover calls a resource of a kind nobody registered. */
export function neutralNoun(): string {
  return l10n.t('Resource');
}
