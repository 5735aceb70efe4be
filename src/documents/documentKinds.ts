import * as vscode from 'vscode';
import { DocumentDiagnostics, type CheckedDocuments } from './documentDiagnostics';
import { UnsentChangesLens, type UnsentChanges } from './unsentChangesLens';

/** A kind of document an area serves under a scheme of its own (`Area.documentKinds`). */
export interface DocumentKind {
  readonly documents: CheckedDocuments & UnsentChanges;
  /** Values offered as the user types: those a schema shared by every document cannot hold. */
  readonly completions?: vscode.CompletionItemProvider;
}

/** What the JSON documents' completions answer to: a value's opening quote, and the colon before it. */
const COMPLETION_TRIGGERS = ['"', ':'];

/**
 * The problems, the unsent changes' lens and the completions of every kind, each one collection or provider
 * that answers by the document's scheme: a registration is a round trip to the window during activation.
 */
export function registerDocumentKinds(kinds: readonly DocumentKind[]): vscode.Disposable[] {
  const byScheme = new Map(kinds.map((kind) => [kind.documents.resource.scheme, kind]));
  const documentsOf = (document: vscode.TextDocument) => byScheme.get(document.uri.scheme)?.documents;
  const completing = kinds.filter((kind) => kind.completions);
  const lens = new UnsentChangesLens(
    documentsOf,
    kinds.map((kind) => kind.documents.onDidChangeBase),
  );
  return [
    new DocumentDiagnostics(kinds.map((kind) => kind.documents)),
    lens,
    vscode.languages.registerCodeLensProvider(
      kinds.map((kind) => ({ scheme: kind.documents.resource.scheme })),
      lens,
    ),
    vscode.languages.registerCompletionItemProvider(
      completing.map((kind) => ({ scheme: kind.documents.resource.scheme })),
      {
        provideCompletionItems: (document, position, token, context) =>
          byScheme.get(document.uri.scheme)?.completions?.provideCompletionItems(document, position, token, context),
      },
      ...COMPLETION_TRIGGERS,
    ),
  ];
}
