import * as vscode from 'vscode';
import { validateZoneNameArg } from '../models/commandArgs';
import { isRecordNode, isRecordSetNode, isZoneDetailNode, isZoneNode } from '../views/dns/zoneNodes';
import { unwrap } from '../validation/problems';
import { command } from './flow/command';

/**
 * The zone a command is about: a zone tree node (or one of its rows: DNSSEC facts, record sets, records), a
 * name string, or `{ zoneName }`. Returns undefined when no argument was given, so the caller can prompt.
 */
export function zoneNameArgument(arg: unknown): string | undefined {
  if (arg === undefined) return undefined;
  // A row's name came from a server's list: it is checked as a typed one is, before it goes into a path.
  if (isZoneNode(arg) || isZoneDetailNode(arg) || isRecordSetNode(arg)) return unwrap(validateZoneNameArg(arg.zone.name));
  if (isRecordNode(arg)) return unwrap(validateZoneNameArg(arg.parent.zone.name));
  return unwrap(validateZoneNameArg(arg));
}

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
