import * as vscode from 'vscode';
import type { DocumentProblem } from '../validation/problems';
import type { LocatedProblem } from './resourceFileSystem';

/** A kind of document whose problems the extension marks: its scheme, and its problems where written. */
export interface CheckedDocuments {
  readonly resource: { readonly scheme: string };
  problemsIn(uri: vscode.Uri, text: string): LocatedProblem[] | undefined;
  readonly onDidChangeBase: vscode.Event<void>;
}

const SEVERITY: Record<DocumentProblem['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

/**
 * The extension's own checks of its documents, as the user types: every value the validators refuse,
 * with the prompts' message naming the field, marked where that field is written; and what a schema cannot
 * say (a container size the location does not offer, min above max, a field sent on its own). A text that
 * does not parse is left to the language's own support (VS Code's JSON marks syntax errors where they are).
 */
export class DocumentDiagnostics implements vscode.Disposable {
  /** Made by the first problem marked, not at activation. */
  private made: vscode.DiagnosticCollection | undefined;
  private readonly byScheme: ReadonlyMap<string, CheckedDocuments>;
  private readonly subscriptions: vscode.Disposable[];

  constructor(kinds: readonly CheckedDocuments[]) {
    this.byScheme = new Map(kinds.map((documents) => [documents.resource.scheme, documents]));
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => this.check(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.check(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.made?.delete(document.uri)),
      ...kinds.map((documents) =>
        documents.onDidChangeBase(() =>
          vscode.workspace.textDocuments
            .filter((document) => document.uri.scheme === documents.resource.scheme)
            .forEach((document) => this.check(document)),
        ),
      ),
    ];
    for (const document of vscode.workspace.textDocuments) this.check(document);
  }

  check(document: vscode.TextDocument): void {
    const documents = this.byScheme.get(document.uri.scheme);
    if (!documents) return;
    const problems = documents.problemsIn(document.uri, document.getText());
    if (!problems) {
      this.made?.delete(document.uri);
      return;
    }
    const diagnostics = problems.map((problem) => {
      const range = problem.at
        ? new vscode.Range(document.positionAt(problem.at.start), document.positionAt(problem.at.end))
        : new vscode.Range(0, 0, 0, 1);
      const diagnostic = new vscode.Diagnostic(
        range,
        problem.field === '' ? problem.message : `${problem.field}: ${problem.message}`,
        SEVERITY[problem.severity],
      );
      diagnostic.source = 'Gcore';
      return diagnostic;
    });
    this.made ??= vscode.languages.createDiagnosticCollection('gcore');
    this.made.set(document.uri, diagnostics);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.made?.dispose();
  }
}
