import { wellFormed } from '../core/wellFormedText';

/*
 * What every JSON document the extension opens shares, whatever it holds: its text, its place in a file name,
 * and the fields an edit changes.
 */

/** The text of a document: two-space JSON and a final newline, as VS Code's formatter writes it. */
export function documentText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Deep equality for JSON values, ignoring key order; a missing and a null value differ only from a set one. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The fields to send: those whose edited value differs from `base` (the resource as read). A field taken out of
 * the document is not a change: only what is written is compared.
 */
export function documentChanges(base: Record<string, unknown>, edited: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(edited).filter(([field, value]) => !sameValue(value, base[field])));
}

/**
 * A location's label as part of a file name: labels are free text, and a slash would split the name into
 * folders (the tab would show only the end, and the path would no longer name the resource); a lone
 * surrogate would make the URI unprintable.
 */
export function placeInPath(place: string): string {
  return wellFormed(place).replace(/[/\\]/g, '∕');
}
