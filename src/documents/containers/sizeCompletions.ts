import * as vscode from 'vscode';
import type { ContainerFlavor } from '../../api/containers/containerTypes';

export interface SizeSource {
  baseOf(uri: vscode.Uri): { context: { sizes?: readonly ContainerFlavor[] } } | undefined;
}

/** `"flavor": ` and whatever of a value has been typed, up to the cursor. */
const FLAVOR_VALUE = /"flavor"\s*:\s*("[^"]*)?$/;

/**
 * The location's container sizes offered as the value of "flavor": the enum a schema shared by every
 * document cannot hold, because each location has its own sizes.
 */
export class SizeCompletions implements vscode.CompletionItemProvider {
  constructor(private readonly source: SizeSource) {}

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] {
    const before = document.lineAt(position.line).text.slice(0, position.character);
    const typed = FLAVOR_VALUE.exec(before);
    const sizes = this.source.baseOf(document.uri)?.context.sizes;
    if (!typed || !sizes) return [];
    const line = document.lineAt(position.line).text;
    // Replaces the value being typed, with its closing quote when there is one.
    const start = position.character - (typed[1]?.length ?? 0);
    const closing = line.indexOf('"', position.character);
    const end = typed[1] !== undefined && closing >= 0 ? closing + 1 : position.character;
    const range = new vscode.Range(position.line, start, position.line, end);
    return sizes.map((size, index) => {
      const item = new vscode.CompletionItem({ label: size.name, description: sizeFacts(size) }, vscode.CompletionItemKind.EnumMember);
      item.insertText = `"${size.name}"`;
      item.filterText = `"${size.name}"`;
      item.range = range;
      item.sortText = String(index).padStart(4, '0');
      item.detail = vscode.l10n.t('A container size of this location');
      return item;
    });
  }
}

function sizeFacts(size: ContainerFlavor): string | undefined {
  const facts = [
    typeof size.cpu === 'number' ? `${size.cpu} mCPU` : undefined,
    typeof size.ram === 'number' ? `${size.ram} MiB` : undefined,
  ].filter(Boolean);
  return facts.length > 0 ? facts.join(' · ') : undefined;
}
