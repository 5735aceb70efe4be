import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { Container } from '../../api/containers/containerTypes';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import { CONTAINER_KIND, containerChange, containerStatus } from '../../models/containers/container';
import type { PromptUi } from '../../ui/promptUi';
import type { ChangeKind } from '../changeKinds';
import { CONTAINER_CHANGES, containerAction, containerTaskTypes } from './presentation/containerChangeWords';
import { instancesText } from './presentation/containerView';
import { CONTAINERS_SECTION } from './containerNodes';

export interface ContainerChangeKindDeps {
  client: Pick<GcoreClient, 'containers'>;
  reads: Pick<ContainerReads, 'invalidateContainers'>;
  log: Log;
  /** Opens the container's logs (a failed change's Show Logs). */
  showLogs(subject: ChangeSubject): Promise<unknown>;
  /** A change ended: the container's open documents show what Gcore holds when it `finished`, and keep their edits otherwise. */
  refreshDocuments(subject: ChangeSubject, finished: boolean): void;
}

/**
 * The changes made here to containers (update, create, delete) as the task tracking follows them: their
 * words, the Containers section's "Updating…", the lists and documents read again when one ends, Show Logs
 * when one failed, and the last word, which reads the container again to say how it stands.
 */
export function containerChangeKind(deps: ContainerChangeKindDeps): ChangeKind {
  return {
    kind: CONTAINER_KIND,
    noun: l10n.t('Container'),
    actions: CONTAINER_CHANGES,
    taskTypes: containerTaskTypes(),
    section: CONTAINERS_SECTION,
    changed: (subject, end) => {
      deps.reads.invalidateContainers(subject);
      deps.refreshDocuments(subject, end.kind === 'finished');
    },
    // A delete that failed left the container as it was: its logs say nothing of the delete.
    failureActions: (subject) => (subject.action === 'delete' ? [] : [{ title: l10n.t('Show Logs'), run: () => deps.showLogs(subject) }]),
    announce: (ui, subject, ids) => announceEnd(deps, ui, subject, ids),
    fromStored: storedContainerChange,
  };
}

/**
 * A subject as versions before the kinds of change stored it: `{ projectId, regionId, containerName, action? }`,
 * where no action (stored before containers were created and deleted here) is an update.
 */
function storedContainerChange(stored: Readonly<Record<string, unknown>>): ChangeSubject | undefined {
  const { projectId, regionId, containerName, action } = stored;
  if (typeof projectId !== 'number' || !Number.isFinite(projectId) || typeof regionId !== 'number' || !Number.isFinite(regionId)) {
    return undefined;
  }
  if (typeof containerName !== 'string' || containerName === '') return undefined;
  const change = action === undefined ? 'update' : typeof action === 'string' ? containerAction(action) : undefined;
  return change && containerChange({ projectId, regionId }, containerName, change);
}

async function announceEnd(deps: ContainerChangeKindDeps, ui: PromptUi, subject: ChangeSubject, ids: string): Promise<void> {
  if (subject.action === 'delete') {
    void ui.notify('info', l10n.t('Deleted container {0} and its logs.', subject.name));
    return;
  }
  if (subject.action === 'create') {
    await announceCreated(deps, ui, subject, ids);
    return;
  }
  void ui.notify('info', await finishedMessage(deps, subject, ids));
}

/** A created container as Gcore has it now: its status and address, with the address one click away. */
async function announceCreated(deps: ContainerChangeKindDeps, ui: PromptUi, subject: ChangeSubject, ids: string): Promise<void> {
  const { name } = subject;
  let container: Container;
  try {
    container = await deps.client.containers.get(subject, name);
  } catch (error) {
    deps.log.warn(`container ${name} could not be read after its creation: ${String(error)}`);
    void ui.notify('info', l10n.t('Container {0} is created (task {1} finished); its status could not be read.', name, ids));
    return;
  }
  const status = [containerStatus(container), instancesText(container)].filter(Boolean).join(' · ');
  const address = typeof container.address === 'string' && /^https?:\/\//.test(container.address) ? container.address : undefined;
  if (!address) {
    void ui.notify('info', l10n.t('Container {0} is created: {1}.', name, status));
    return;
  }
  const [open, copy] = [l10n.t('Open in Browser'), l10n.t('Copy Address')];
  const choice = await ui.notify('info', l10n.t('Container {0} is created: {1}, at {2}', name, status, address), open, copy);
  if (choice === open) await ui.openExternal(address);
  if (choice === copy) await ui.copyToClipboard(address);
}

/** The container as it is now, read again: its new status is how the user knows the change is live. */
async function finishedMessage(deps: ContainerChangeKindDeps, subject: ChangeSubject, ids: string): Promise<string> {
  const { name } = subject;
  try {
    const container = await deps.client.containers.get(subject, name);
    const instances = instancesText(container);
    const status = containerStatus(container);
    return instances
      ? l10n.t('Container {0} is updated: {1} · {2}.', name, status, instances)
      : l10n.t('Container {0} is updated: {1}.', name, status);
  } catch (error) {
    deps.log.warn(`container ${name} could not be read after its update: ${String(error)}`);
    return l10n.t('Container {0} is updated (task {1} finished); its status could not be read.', name, ids);
  }
}
