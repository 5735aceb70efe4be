import type { RowContext } from '../../core/contributions';

/**
 * A tree row described without VS Code types, so presentation rules stay testable in plain Node. The tree
 * data provider turns it into a `vscode.TreeItem`.
 */
export interface ItemView {
  label: string;
  description?: string;
  /** Markdown source for a vscode.MarkdownString tooltip (escape user/API text that could inject Markdown or links). */
  tooltip?: string;
  /** A codicon id for vscode.ThemeIcon, optionally with a theme color id, e.g. { id: 'error', color: 'errorForeground' } */
  icon?: { id: string; color?: string };
  contextValue: RowContext;
}

/**
 * An icon that the rows of one kind share, as rows are built by the thousand: frozen, so that a caller that
 * changes one row's icon fails instead of changing every row's.
 */
export function sharedIcon(id: string, color?: string): NonNullable<ItemView['icon']> {
  return Object.freeze(color === undefined ? { id } : { id, color });
}

// CommonMark lets a backslash escape any ASCII punctuation, so escaping all of it covers emphasis, links,
// images, HTML, entities, table pipes, theme icons ($(...)) and GFM autolinks (which need an unescaped
// "://" or "www.") without having to track which characters matter in which position.
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;
// A line break inside API text could start a new block (heading, list, table row) or end a table cell.
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029]/g;

/** Makes text render literally inside Markdown, as one line. */
export function escapeMarkdown(text: string): string {
  // A replacement pattern, not a function: this runs for every field of every row drawn.
  return text.replace(LINE_BREAKS, ' ').replace(ASCII_PUNCTUATION, '\\$&');
}
