import * as vscode from 'vscode';
import { validateZoneNameArg } from '../models/commandArgs';
import { isRecordNode, isRecordSetNode, isZoneDetailNode, isZoneNode } from '../views/sections/zoneNodes';
import { unwrap } from '../validation/problems';

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
