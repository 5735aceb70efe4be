import * as vscode from 'vscode';

/** A value offered for a JSON property: what is inserted, and how the list shows it. */
export interface ValueChoice {
  value: string;
  /** Shown in place of the value (an image's name for its ID); the value is inserted all the same. */
  label?: string;
  description?: string;
  detail: string;
  /** Inserted as written, without quotes: a number. */
  literal?: boolean;
}

/** `"key": ` and whatever of a string value has been typed, up to the cursor. */
const VALUE_TYPED = /"([^"\\]+)"\s*:\s*("[^"]*)?$/;

/**
 * The values a document offers for the property whose value is being typed, in the order given: what a schema
 * shared by every document cannot hold, because each location has its own (`choicesFor` answers undefined for
 * a property it does not complete). The item replaces the value typed so far, with its closing quote.
 */
export function valueCompletions(
  document: vscode.TextDocument,
  position: vscode.Position,
  choicesFor: (property: string) => readonly ValueChoice[] | undefined,
): vscode.CompletionItem[] {
  const line = document.lineAt(position.line).text;
  const typed = VALUE_TYPED.exec(line.slice(0, position.character));
  const choices = typed ? choicesFor(typed[1]) : undefined;
  if (!typed || !choices) return [];
  const start = position.character - (typed[2]?.length ?? 0);
  const closing = line.indexOf('"', position.character);
  const end = typed[2] !== undefined && closing >= 0 ? closing + 1 : position.character;
  const range = new vscode.Range(position.line, start, position.line, end);
  return choices.map((choice, index) => {
    const label = choice.label ?? choice.value;
    const item = new vscode.CompletionItem({ label, description: choice.description }, vscode.CompletionItemKind.EnumMember);
    const quote = choice.literal ? '' : '"';
    item.insertText = `${quote}${choice.value}${quote}`;
    // Found by what the list shows and by the value itself.
    item.filterText = label === choice.value ? `${quote}${label}${quote}` : `${quote}${label} ${choice.value}${quote}`;
    item.range = range;
    item.sortText = String(index).padStart(4, '0');
    item.detail = choice.detail;
    return item;
  });
}
