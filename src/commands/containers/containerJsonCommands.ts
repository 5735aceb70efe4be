import * as vscode from 'vscode';
import { validateContainerRefArgs, type ContainerRefArgs } from '../../models/containers/containerArgs';
import { COMMAND, SCHEME } from '../../core/contributions';
import { unwrap } from '../../validation/problems';
import { reviewDocumentCommand } from '../arguments';
import { command, type Command } from '../flow/command';
import { askContainer } from '../../prompts/containers/containerSources';
import type { ContainerEditor } from '../../documents/containers/containerDocuments';
import type { NewContainerEditor } from '../../documents/containers/newContainerDocuments';
import { validateProjectRegionArgs } from '../../models/projectRegion';
import type { ProjectRegion } from '../../models/projectRegion';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { CONTAINERS_SECTION } from '../../views/containers/containerNodes';
import { isLocationNode } from '../../views/locationNodes';
import type { AreaServices } from '../services';
import type { ContainerReads } from '../../loaders/containers/containerReads';

const TITLE = vscode.l10n.t('Gcore: Edit Container as JSON');

/**
 * A container's editable fields as a JSON document and the review that sends what changed; a new container's
 * create payload as a document and the review that creates it.
 */
export function containerJsonCommands(
  services: AreaServices<ContainerReads>,
  editor: ContainerEditor,
  newEditor: NewContainerEditor,
): Command<never, unknown, never>[] {
  return [
    command<ContainerRefArgs, string>({
      id: COMMAND.editContainerJson,
      what: (args) => (args ? vscode.l10n.t('Edit container {0} as JSON', args.containerName) : vscode.l10n.t('Edit container as JSON')),
      parse: (arg) => unwrap(validateContainerRefArgs(arg)),
      ask: askContainer(services, TITLE),
      progress: ({ containerName }) => vscode.l10n.t('Reading container {0}…', containerName),
      run: async (args) => {
        const uri = editor.uriFor(args);
        const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
        // Opened again: the values at Gcore now, unless the user is editing it (their edits stay).
        if (!open?.isDirty && !editor.hasDraft(uri)) await editor.load(uri);
        await vscode.window.showTextDocument(uri, { preview: false });
        return uri.toString();
      },
    }),
    reviewDocumentCommand(
      COMMAND.applyContainerJson,
      () => vscode.l10n.t('Review and apply the container document'),
      {
        scheme: SCHEME.container,
        missing: vscode.l10n.t('Open a container with Edit Container as JSON first: this command reviews and applies that document.'),
      },
      editor,
    ),
    command<ProjectRegion, string>({
      id: COMMAND.newContainerJson,
      what: () => vscode.l10n.t('Open a new container as JSON'),
      parse: (arg) => unwrap(validateProjectRegionArgs(arg)),
      ask: async (ui, _draft, node) =>
        isLocationNode(node) && node.section === CONTAINERS_SECTION.section
          ? node.location
          : pickProjectRegion(ui, vscode.l10n.t('Gcore: New Container from JSON')),
      run: async (location) => {
        const uri = newEditor.uriFor({ projectId: location.projectId, regionId: location.regionId });
        const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
        // Opened again: what the user is writing stays.
        if (!open && !newEditor.hasDraft(uri)) await newEditor.load(uri);
        await vscode.window.showTextDocument(uri, { preview: false });
        return uri.toString();
      },
    }),
    reviewDocumentCommand(
      COMMAND.applyNewContainerJson,
      () => vscode.l10n.t('Review and create the new container'),
      {
        scheme: SCHEME.newContainer,
        missing: vscode.l10n.t('Open a new container with New Container from JSON first: this command reviews and creates it.'),
      },
      newEditor,
    ),
  ];
}
