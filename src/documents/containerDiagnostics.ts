import * as vscode from 'vscode';
import type { ContainerFlavor } from '../api';
import { documentProblems, readDocument, type DocumentProblem } from '../models/containerDocument';
import { locateJsonProperties } from '../validation/jsonLocations';
import { CONTAINER_SCHEME } from './containerFileSystem';

/** What a container document is checked against; the event says when that changed. */
export interface DocumentBase {
  baseOf(uri: vscode.Uri): { opened: Record<string, unknown>; sizes?: readonly ContainerFlavor[] } | undefined;
  readonly onDidChangeBase: vscode.Event<void>;
}

const SEVERITY: Record<DocumentProblem['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

/**
 * The extension's own checks of container documents, as the user types: every value the validators
 * refuse, with the prompts' message naming the field, marked where that field is written; and what a
 * schema cannot say (a size the location does not offer, min above max, is_disabled sent on its own).
 */
export class ContainerDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('gcore');
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly base: DocumentBase) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => this.check(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.check(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)),
      base.onDidChangeBase(() => vscode.workspace.textDocuments.forEach((document) => this.check(document))),
    ];
    for (const document of vscode.workspace.textDocuments) this.check(document);
  }

  check(document: vscode.TextDocument): void {
    if (document.uri.scheme !== CONTAINER_SCHEME) return;
    const base = this.base.baseOf(document.uri);
    const text = document.getText();
    const read = readDocument(text);
    if (!base || !read.ok) {
      // VS Code's JSON support marks syntax errors where they are.
      this.collection.delete(document.uri);
      return;
    }
    const locations = locateJsonProperties(text);
    const diagnostics = documentProblems(read.value, base.opened, base.sizes).map((problem) => {
      const where = locations.get(problem.field);
      const range = where
        ? new vscode.Range(document.positionAt(where.valueStart), document.positionAt(where.valueEnd))
        : new vscode.Range(0, 0, 0, 1);
      const diagnostic = new vscode.Diagnostic(range, problem.field === '' ? problem.message : `${problem.field}: ${problem.message}`, SEVERITY[problem.severity]);
      diagnostic.source = 'Gcore';
      return diagnostic;
    });
    this.collection.set(document.uri, diagnostics);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.collection.dispose();
  }
}
