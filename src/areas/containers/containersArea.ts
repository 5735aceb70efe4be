import * as vscode from 'vscode';
import type { ProjectRegionRef } from '../../api';
import { containerRowCommands } from '../../commands/containers/containerRowCommands';
import { loadOnce } from '../../core/loadOnce';
import type { NewContainerEditor } from '../../documents/containers/newContainerDocuments';
import { COMMAND, SCHEME } from '../../core/contributions';
import type { ContainerEditor } from '../../documents/containers/containerDocuments';
import { LazyDocuments } from '../../documents/lazyDocuments';
import { LazyTextDocuments } from '../../documents/lazyTextDocuments';
import type { LogDocuments } from '../../documents/containers/logDocuments';
import { SizeCompletions, type SizeSource } from '../../documents/containers/sizeCompletions';
import type { ChangeSubject } from '../../loaders/taskPoller';
import { CONTAINER_LIST_REUSE_MS, ContainerReads } from '../../loaders/containers/containerReads';
import { failureReason } from '../../logging/failureMessage';
import { CONTAINER_KIND, containerChange } from '../../models/containers/container';
import { logSettings, readLocations } from '../../state/settings';
import { containerChangeKind } from '../../views/containers/containerChangeKind';
import { containersSection } from '../../views/containers/containersSection';
import { locationName } from '../../views/presentation/locationName';
import { lazyCommands } from '../../commands/flow/lazyCommands';
import type { Area } from '../area';
import type { Core } from '../core';

/**
 * Serverless containers: their reads, their section, their creation, updates and deletion (one write path,
 * and how their tasks are followed), their pull secrets, their JSON documents and their logs.
 */
export function containersArea(core: Core): Area {
  const { client, log, ui, snapshots } = core;
  const reads = core.loaders.register(new ContainerReads(client, core.loaders.limit));
  const sizes = async (location: ProjectRegionRef) => {
    const loaded = await reads.containerSizes(location);
    return loaded.state === 'loaded' ? loaded.value.results : undefined;
  };
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
  // The documents' readers, writers and reviews load with the first document of theirs or the first command.
  const editor = new LazyDocuments({ scheme: SCHEME.container, applyCommand: COMMAND.applyContainerJson }, async () => {
    const [{ containerResource }, { ResourceFileSystem }, { sendContainerUpdate }, sent] = await Promise.all([
      import('../../documents/containers/containerDocuments.js'),
      import('../../documents/resourceFileSystem.js'),
      import('../../writes/containers/containerWrites.js'),
      sentChanges(),
    ]);
    const loaded: ContainerEditor = new ResourceFileSystem(
      containerResource({
        client,
        listed: async (location) => {
          const loaded = await reads.containers(location, CONTAINER_LIST_REUSE_MS);
          return loaded.state === 'loaded' ? loaded.value.results : undefined;
        },
        sizes,
        placeOf,
        update: async (address, update, signal) => (await sent.record(await sendContainerUpdate(core, address, update, { signal }))).result,
        updated: (address, result, reopen) =>
          sent.report(ui.get(), containerChange(address, address.containerName, 'update'), result, reopen),
      }),
      { ui: ui.get, log, snapshots },
    );
    return loaded;
  });
  const newEditor = new LazyDocuments({ scheme: SCHEME.newContainer, applyCommand: COMMAND.applyNewContainerJson }, async () => {
    const [{ newContainerResource }, { ResourceFileSystem }, { sendContainerCreate }, { forecastContainer }, sent] = await Promise.all([
      import('../../documents/containers/newContainerDocuments.js'),
      import('../../documents/resourceFileSystem.js'),
      import('../../writes/containers/containerWrites.js'),
      import('../../writes/containers/containerForecast.js'),
      sentChanges(),
    ]);
    const loaded: NewContainerEditor = new ResourceFileSystem(
      newContainerResource({
        sizes,
        placeOf,
        forecast: (location, container) => forecastContainer(core, location, container),
        create: async (location, container, signal) =>
          (await sent.record(await sendContainerCreate(core, location, container, { signal }))).result,
        created: (location, container, result, reopen) =>
          sent.report(ui.get(), containerChange(location, container.name, 'create'), result, reopen),
      }),
      { ui: ui.get, log, snapshots },
    );
    return loaded;
  });
  const logs = new LazyTextDocuments<LogDocuments>(async () => {
    const { LogDocuments } = await import('../../documents/containers/logDocuments.js');
    return new LogDocuments({
      client,
      settings: logSettings,
      placeOf,
      ui: ui.get,
      log,
      setApiKey: async () => vscode.commands.executeCommand(COMMAND.setApiKey),
    });
  });
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

/** How an editor's tab and New Container from JSON's review name a location: as the tree does. */
function placeOf(location: ProjectRegionRef): string {
  return locationName(location, readLocations().locations);
}

function sameContainer(address: ProjectRegionRef & { containerName: string }, subject: ChangeSubject): boolean {
  return address.projectId === subject.projectId && address.regionId === subject.regionId && address.containerName === subject.name;
}

/** Sizes are offered in an open document, whose editor code has loaded by then. */
function baseOfLoaded(documents: LazyDocuments<ContainerEditor> | LazyDocuments<NewContainerEditor>): SizeSource {
  return { baseOf: (uri) => documents.editor.loaded?.baseOf(uri) };
}
