import * as vscode from 'vscode';
import { command } from './flow/command';

/**
 * The document an editor-title command is about: the editor title passes its URI, the palette passes
 * nothing and means the active editor. `missing` says what to open first when neither is of `scheme`.
 */
export function editorDocumentArgument(arg: unknown, scheme: string, missing: string): vscode.Uri {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (uri?.scheme !== scheme) throw new Error(missing);
  return uri;
}

/**
 * Review and Apply of a kind of document: the document a menu passes, or the active editor's, refused with
 * `missing` when neither is of `scheme`; then its editor's review of what was saved.
 */
export function reviewDocumentCommand(
  id: string,
  what: () => string,
  document: { scheme: string; missing: string },
  editor: { reviewSaved(uri: vscode.Uri): Promise<void> },
) {
  return command<vscode.Uri, void>({
    id,
    what,
    ask: async (_ui, _draft, arg) => editorDocumentArgument(arg, document.scheme, document.missing),
    run: (uri) => editor.reviewSaved(uri),
  });
}
