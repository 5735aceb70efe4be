import * as vscode from 'vscode';
import { validateContainerRefArgs, type ContainerRefArgs } from '../models/commandArgs';
import { COMMAND, SCHEME } from '../core/contributions';
import { unwrap } from '../validation/problems';
import { editorDocumentArgument } from './arguments';
import { command, type Command } from './command';
import { askContainer } from './containerCommands';
import type { ContainerEditor } from '../documents/containerDocuments';
import type { Services } from './services';

const TITLE = vscode.l10n.t('Gcore: Edit Container as JSON');

/** A container's editable fields as a JSON document, and the review that sends what changed. */
export function containerJsonCommands(services: Services, editor: ContainerEditor): Command<never, unknown, never>[] {
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
    command<vscode.Uri, void>({
      id: COMMAND.applyContainerJson,
      what: () => vscode.l10n.t('Review and apply the container document'),
      ask: async (_ui, _draft, arg) =>
        editorDocumentArgument(arg, SCHEME.container, vscode.l10n.t('Open a container with Edit Container as JSON first: this command reviews and applies that document.')),
      run: (uri) => editor.reviewSaved(uri),
    }),
  ];
}
