import * as vscode from 'vscode';
import type { ProjectRegionRef } from '../../api';
import { COMMAND } from '../../core/contributions';
import { loadOnce, type LoadOnce } from '../../core/loadOnce';
import type { ContainerEditor } from '../../documents/containers/containerDocuments';
import type { LazyDocuments } from '../../documents/lazyDocuments';
import type { ContainerReads } from '../../loaders/containers/containerReads';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { failureReason } from '../../logging/failureMessage';
import type { ChangeKind } from '../../views/changeKinds';
import { containerChangeKind } from '../../views/containers/containerChangeKind';
import type { ContainerChanges } from '../../views/containers/containerChanges';
import type { Core } from '../core';

/** What a change the commands and the documents send leaves behind, loaded with the first of them. */
export function containerSentChanges(core: Core, reads: ContainerReads): LoadOnce<ContainerChanges> {
  return loadOnce(async () =>
    (await import('../../views/containers/containerChanges.js')).containerChanges({
      tasks: core.tasks,
      taskPoller: core.taskPoller,
      tree: core.treeChanges,
      recentContainers: core.recentContainers,
      reads,
    }),
  );
}

/** How a container's changes read and end: a failed one offers its logs; a document's shows the values at Gcore. */
export function containerChanges(core: Core, reads: ContainerReads, editor: LazyDocuments<ContainerEditor>): ChangeKind {
  const { client, log, ui } = core;
  return containerChangeKind({
    client,
    reads,
    log,
    showLogs: async ({ projectId, regionId, name }) => {
      try {
        await vscode.commands.executeCommand(COMMAND.showContainerLogs, { projectId, regionId, containerName: name });
      } catch (error) {
        log.error(`the logs of ${name} could not be read`, error);
        void ui.get().notify('error', vscode.l10n.t('The logs of container {0} could not be read: {1}', name, failureReason(error)));
      }
    },
    // A document's change ended: a finished one shows the values at Gcore; a failed one keeps the edits.
    refreshDocuments: (subject, finished) =>
      void editor.editor.loaded?.refreshFromGcore((address) => sameContainer(address, subject), finished),
  });
}

function sameContainer(address: ProjectRegionRef & { containerName: string }, subject: ChangeSubject): boolean {
  return address.projectId === subject.projectId && address.regionId === subject.regionId && address.containerName === subject.name;
}
