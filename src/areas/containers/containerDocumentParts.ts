import * as vscode from 'vscode';
import type { ProjectRegionRef } from '../../api';
import { COMMAND, CONTEXT_KEY, SCHEME } from '../../core/contributions';
import type { LoadOnce } from '../../core/loadOnce';
import type { ContainerEditor } from '../../documents/containers/containerDocuments';
import type { ContainerLogDocuments } from '../../documents/containers/containerLogSource';
import type { NewContainerEditor } from '../../documents/containers/newContainerDocuments';
import type { SizeSource } from '../../documents/containers/sizeCompletions';
import { LazyDocuments } from '../../documents/lazyDocuments';
import { LazyTextDocuments } from '../../documents/lazyTextDocuments';
import { CONTAINER_LIST_REUSE_MS, type ContainerReads } from '../../loaders/containers/containerReads';
import { containerChange } from '../../models/containers/container';
import { logSettings, readLocations } from '../../state/settings';
import type { ContainerChanges } from '../../views/containers/containerChanges';
import { locationName } from '../../views/presentation/locationName';
import type { Core } from '../core';

/** The containers' documents: a container's JSON, New Container from JSON, the logs. */
export interface ContainerDocumentParts {
  editor: LazyDocuments<ContainerEditor>;
  newEditor: LazyDocuments<NewContainerEditor>;
  logs: LazyTextDocuments<ContainerLogDocuments>;
}

export function containerDocumentParts(core: Core, reads: ContainerReads, sentChanges: LoadOnce<ContainerChanges>): ContainerDocumentParts {
  const { client, log, ui, snapshots } = core;
  const sizes = async (location: ProjectRegionRef) => {
    const loaded = await reads.containerSizes(location);
    return loaded.state === 'loaded' ? loaded.value.results : undefined;
  };
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
  const logs = new LazyTextDocuments<ContainerLogDocuments>(async () => {
    const [{ LogDocuments }, { containerLogSource }] = await Promise.all([
      import('../../documents/logs/logDocuments.js'),
      import('../../documents/containers/containerLogSource.js'),
    ]);
    return new LogDocuments({
      kind: {
        scheme: SCHEME.logs,
        followedKey: CONTEXT_KEY.activeLogFollowed,
        statusId: 'gcore.logs',
        stopCommand: COMMAND.stopFollowingContainerLogs,
        openTitle: vscode.l10n.t('Gcore: Show Logs'),
      },
      source: containerLogSource(client, placeOf),
      settings: logSettings,
      ui: ui.get,
      log,
      setApiKey: async () => vscode.commands.executeCommand(COMMAND.setApiKey),
    });
  });
  return { editor, newEditor, logs };
}

/** How an editor's tab and New Container from JSON's review name a location: as the tree does. */
function placeOf(location: ProjectRegionRef): string {
  return locationName(location, readLocations().locations);
}

/** Sizes are offered in an open document, whose editor code has loaded by then. */
export function baseOfLoaded(documents: LazyDocuments<ContainerEditor> | LazyDocuments<NewContainerEditor>): SizeSource {
  return { baseOf: (uri) => documents.editor.loaded?.baseOf(uri) };
}
