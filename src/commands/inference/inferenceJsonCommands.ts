import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { COMMAND, SCHEME } from '../../core/contributions';
import type { InferenceDeploymentEditor } from '../../documents/inference/inferenceDeploymentDocuments';
import type { NewInferenceDeploymentEditor } from '../../documents/inference/newInferenceDeploymentDocuments';
import { validateInferenceDeploymentArgs, validateInferenceProjectArgs } from '../../models/inference/inferenceArgs';
import { askDeployment, askProject } from '../../prompts/inference/inferencePicks';
import { unwrap } from '../../validation/problems';
import { isInferenceDeploymentsNode, isInferenceProjectNode } from '../../views/inference/inferenceNodes';
import type { SentInferenceChange } from '../../writes/inference/inferenceDeploymentWrites';
import { reviewDocumentCommand } from '../arguments';
import { command, type Command } from '../flow/command';
import type { Services } from '../services';

/** Shows a document, loaded afresh unless it holds edits not sent yet (they stay). */
async function show(
  editor: InferenceDeploymentEditor<SentInferenceChange> | NewInferenceDeploymentEditor<SentInferenceChange>,
  uri: vscode.Uri,
): Promise<string> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (!open?.isDirty && !editor.hasDraft(uri)) await editor.load(uri);
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri.toString();
}

/**
 * A deployment's editable fields as a JSON document and the review that sends what changed; a new deployment's
 * create payload as a document and the review that creates it.
 */
export function inferenceJsonCommands(
  services: Services,
  editor: InferenceDeploymentEditor<SentInferenceChange>,
  newEditor: NewInferenceDeploymentEditor<SentInferenceChange>,
): Command<never, unknown, never>[] {
  return [
    command<{ projectId: number; name: string }, string>({
      id: COMMAND.editInferenceDeploymentJson,
      what: (args) => (args ? l10n.t('Edit inference deployment {0} as JSON', args.name) : l10n.t('Edit an inference deployment as JSON')),
      parse: (arg) => unwrap(validateInferenceDeploymentArgs(arg)),
      ask: async (ui, _draft, node) => {
        const { projectId, name } = await askDeployment(services.client.inference, ui, l10n.t('Gcore: Edit Deployment (JSON)'), node);
        return { projectId, name };
      },
      progress: ({ name }) => l10n.t('Reading inference deployment {0}…', name),
      run: ({ projectId, name }) => show(editor, editor.uriFor({ projectId, name })),
    }),
    reviewDocumentCommand(
      COMMAND.applyInferenceDeploymentJson,
      () => l10n.t('Review and apply the inference deployment document'),
      {
        scheme: SCHEME.inferenceDeployment,
        missing: l10n.t('Open a deployment with Edit Deployment (JSON) first: this command reviews and applies that document.'),
      },
      editor,
    ),
    command<{ projectId: number }, string>({
      id: COMMAND.newInferenceDeploymentJson,
      what: () => l10n.t('Open a new inference deployment as JSON'),
      parse: (arg) => unwrap(validateInferenceProjectArgs(arg)),
      ask: async (ui, _draft, node) =>
        isInferenceProjectNode(node) || isInferenceDeploymentsNode(node)
          ? { projectId: node.projectId }
          : askProject(ui, l10n.t('Gcore: New Inference Deployment from JSON')),
      run: ({ projectId }) => show(newEditor, newEditor.uriFor({ projectId })),
    }),
    reviewDocumentCommand(
      COMMAND.applyNewInferenceDeploymentJson,
      () => l10n.t('Review and create the new inference deployment'),
      {
        scheme: SCHEME.newInferenceDeployment,
        missing: l10n.t(
          'Open a new inference deployment with New Inference Deployment from JSON first: this command reviews and creates it.',
        ),
      },
      newEditor,
    ),
  ];
}
