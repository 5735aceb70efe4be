import * as vscode from 'vscode';
import { documentChanges, readDocument } from '../models/containerDocument';
import type { DocumentBase } from './containerDiagnostics';
import { APPLY_COMMAND } from './containerFileSystem';

/**
 * A line above a container document while it holds changes not sent to Gcore (typed, or kept by Auto
 * Save): how many, and the Review and Apply that sends them.
 */
export class UnsentChangesLens implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly base: DocumentBase) {
    this.onDidChangeCodeLenses = base.onDidChangeBase;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const base = this.base.baseOf(document.uri);
    const read = readDocument(document.getText());
    if (!base || !read.ok) return [];
    const fields = Object.keys(documentChanges(base.opened, read.value));
    if (fields.length === 0) return [];
    const title = `$(cloud-upload) ${vscode.l10n.t('Not sent to Gcore: {0} · Review and Apply', fields.join(', '))}`;
    return [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title, command: APPLY_COMMAND, arguments: [document.uri] })];
  }
}
