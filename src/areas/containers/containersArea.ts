import * as vscode from 'vscode';
import type { ProjectRegionRef } from '../../api';
import { containerRowCommands } from '../../commands/containers/containerRowCommands';
import { loadOnce } from '../../core/loadOnce';
import { COMMAND, SCHEME } from '../../core/contributions';
import { LazyTextDocuments } from '../../documents/lazyTextDocuments';
import { SizeCompletions } from '../../documents/containers/sizeCompletions';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { ContainerReads } from '../../loaders/containers/containerReads';
import { failureReason } from '../../logging/failureMessage';
import { CONTAINER_KIND } from '../../models/containers/container';
import { readLocations } from '../../state/settings';
import { containerChangeKind } from '../../views/containers/containerChangeKind';
import { containersSection } from '../../views/containers/containersSection';
import { lazyCommands } from '../../commands/flow/lazyCommands';
import type { Area } from '../area';
import type { Core } from '../core';
import { baseOfLoaded, containerDocumentParts } from './containerDocumentParts';

/**
 * Serverless containers: their reads, their section, their creation, updates and deletion (one write path,
 * and how their tasks are followed), their pull secrets, their JSON documents and their logs.
 */
export function containersArea(core: Core): Area {
  const { client, log, ui } = core;
  const reads = core.loaders.register(new ContainerReads(client, core.loaders.limit));
  const section = containersSection({
    reads,
    view: core.treeChanges,
    locations: readLocations,
    changesAt: (location) => core.tasks.changesAt(CONTAINER_KIND, location),
  });
  // What a change the commands and the documents send leaves behind, loaded with the first of them.
  const sentChanges = loadOnce(async () =>
    (await import('../../views/containers/containerChanges.js')).containerChanges({
      tasks: core.tasks,
      taskPoller: core.taskPoller,
      tree: core.treeChanges,
      recentContainers: core.recentContainers,
      reads,
    }),
  );
  const { editor, newEditor, logs } = containerDocumentParts(core, reads, sentChanges);
  const schemas = new LazyTextDocuments(async () => new (await import('../../documents/containers/schemaDocuments.js')).SchemaDocuments());
  const changes = containerChangeKind({
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
  return {
    sections: [section],
    changeKinds: [changes],
    commands: () => containerRowCommands(section),
    lazyCommands: (services) => [
      lazyCommands(
        [
          ...[COMMAND.updateContainer, COMMAND.createContainer, COMMAND.deleteContainer],
          ...[COMMAND.listPullSecrets, COMMAND.createPullSecret, COMMAND.updatePullSecret, COMMAND.deletePullSecret],
          ...[COMMAND.editContainerJson, COMMAND.applyContainerJson, COMMAND.newContainerJson, COMMAND.applyNewContainerJson],
          ...[COMMAND.showContainerLogs, COMMAND.getContainerLogs, COMMAND.followContainerLogs, COMMAND.stopFollowingContainerLogs],
          ...[COMMAND.listContainers, COMMAND.getContainer, COMMAND.listContainerFlavors],
        ],
        async () => {
          const [update, lifecycleCommands, pullSecrets, json, logCommands, reading, sent] = await Promise.all([
            import('../../commands/containers/containerCommands.js'),
            import('../../commands/containers/containerLifecycleCommands.js'),
            import('../../commands/containers/pullSecretCommands.js'),
            import('../../commands/containers/containerJsonCommands.js'),
            import('../../commands/containers/containerLogCommands.js'),
            import('../../commands/containers/containerReadCommands.js'),
            sentChanges(),
          ]);
          const withReads = { ...services, reads };
          const secrets = pullSecrets.pullSecretCommands(withReads);
          return [
            ...update.containerCommands(withReads, sent),
            ...lifecycleCommands.containerLifecycleCommands(withReads, sent, secrets.createHere),
            ...secrets.commands,
            ...json.containerJsonCommands(withReads, await editor.editor(), await newEditor.editor()),
            ...logCommands.containerLogCommands(withReads, await logs.documents()),
            ...reading.containerReadCommands(withReads),
          ];
        },
      ),
    ],
    disposables: [
      editor,
      newEditor,
      logs,
      vscode.workspace.registerFileSystemProvider(SCHEME.container, editor, { isCaseSensitive: true }),
      vscode.workspace.registerFileSystemProvider(SCHEME.newContainer, newEditor, { isCaseSensitive: true }),
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.logs, logs),
      schemas,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME.schema, schemas),
    ],
    documentKinds: [
      { documents: editor, completions: new SizeCompletions(baseOfLoaded(editor)) },
      { documents: newEditor, completions: new SizeCompletions(baseOfLoaded(newEditor)) },
    ],
  };
}

function sameContainer(address: ProjectRegionRef & { containerName: string }, subject: ChangeSubject): boolean {
  return address.projectId === subject.projectId && address.regionId === subject.regionId && address.containerName === subject.name;
}
