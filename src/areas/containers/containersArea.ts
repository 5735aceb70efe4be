import * as vscode from 'vscode';
import { containerRowCommands } from '../../commands/containers/containerRowCommands';
import { SCHEME } from '../../core/contributions';
import { LazyTextDocuments } from '../../documents/lazyTextDocuments';
import { SizeCompletions } from '../../documents/containers/sizeCompletions';
import { ContainerReads } from '../../loaders/containers/containerReads';
import { CONTAINER_KIND } from '../../models/containers/container';
import { readLocations } from '../../state/settings';
import { containersSection } from '../../views/containers/containersSection';
import type { Area } from '../area';
import type { Core } from '../core';
import { containerChanges, containerSentChanges } from './containerChangeParts';
import { containerCommandLoads } from './containerCommandLoads';
import { baseOfLoaded, containerDocumentParts } from './containerDocumentParts';

/**
 * Serverless containers: their reads, their section, their creation, updates and deletion (one write path,
 * and how their tasks are followed), their pull secrets, their JSON documents and their logs.
 */
export function containersArea(core: Core): Area {
  const reads = core.loaders.register(new ContainerReads(core.client, core.loaders.limit));
  const section = containersSection({
    reads,
    view: core.treeChanges,
    locations: readLocations,
    changesAt: (location) => core.tasks.changesAt(CONTAINER_KIND, location),
  });
  const sentChanges = containerSentChanges(core, reads);
  const documents = containerDocumentParts(core, reads, sentChanges);
  const { editor, newEditor, logs } = documents;
  const schemas = new LazyTextDocuments(async () => new (await import('../../documents/containers/schemaDocuments.js')).SchemaDocuments());
  return {
    sections: [section],
    changeKinds: [containerChanges(core, reads, editor)],
    commands: () => containerRowCommands(section),
    lazyCommands: (services) => containerCommandLoads(services, reads, sentChanges, documents),
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
