import * as l10n from '@vscode/l10n';
import type { ToolResult } from './toolDefinition';

/**
 * The most one tool call hands an agent, its text and its JSON together, in bytes. A zone of 20,000 record
 * sets is 2.3 MB of JSON, more than a model's whole context; 32 KB holds the text's fifty lines and a few
 * hundred items of JSON, and leaves the model room to think.
 */
export const TOOL_RESULT_MAX_BYTES = 32 * 1024;

/** Kept back from the JSON's share for the lines that say what was cut and how to ask for less. */
const NOTE_BYTES = 1024;

/** A text cut short is never cut below this many bytes: what is left still says what it was. */
const SHORTEST_CUT_TEXT = 64;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A list of the JSON, where it is, and what each of its entries takes. */
interface ListAt {
  path: string;
  list: Json[];
  bytes: number;
  entryBytes: number[];
}

/** A text of the JSON, where it is held, and its bytes. */
interface TextAt {
  owner: Json[] | { [key: string]: Json };
  key: string | number;
  bytes: number;
}

function bytesOf(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** What JSON.stringify(value) takes, with every list and text of it on the way. */
function measure(value: Json, path: string, lists: ListAt[], texts: TextAt[], owner?: TextAt['owner'], key?: string | number): number {
  if (typeof value === 'string') {
    if (owner !== undefined && key !== undefined) texts.push({ owner, key, bytes: bytesOf(value) });
    return bytesOf(JSON.stringify(value));
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value).length;
  if (Array.isArray(value)) {
    const entryBytes = value.map((entry, index) => measure(entry, `${path}[${index}]`, lists, texts, value, index));
    const bytes = 2 + entryBytes.reduce((sum, size) => sum + size, 0) + Math.max(0, value.length - 1);
    lists.push({ path, list: value, bytes, entryBytes });
    return bytes;
  }
  const entries = Object.entries(value);
  let bytes = 2 + Math.max(0, entries.length - 1);
  for (const [name, entry] of entries) {
    bytes += bytesOf(JSON.stringify(name)) + 1 + measure(entry, path === '' ? name : `${path}.${name}`, lists, texts, value, name);
  }
  return bytes;
}

/** What was cut from the JSON: per list, how many entries it had and how many it keeps; how many texts were shortened. */
interface Cuts {
  lists: Map<string, { total: number; kept: number }>;
  texts: number;
  whole: boolean;
}

/**
 * The JSON within `budget` bytes: the largest list loses entries from its end until the JSON fits (the first
 * entries stay, as the text lists them), then the longest texts are shortened, and as a last resort the JSON
 * is left out. Works on a copy.
 */
function cutJson(json: unknown, budget: number): { json: unknown; cuts: Cuts } {
  const cuts: Cuts = { lists: new Map(), texts: 0, whole: false };
  const serialized = JSON.stringify(json);
  if (serialized === undefined || bytesOf(serialized) <= budget) return { json, cuts };
  const copy = JSON.parse(serialized) as Json;
  for (;;) {
    const lists: ListAt[] = [];
    const texts: TextAt[] = [];
    const bytes = measure(copy, '', lists, texts);
    if (bytes <= budget) return { json: copy, cuts };
    const excess = bytes - budget;
    const largest = lists.filter((at) => at.list.length > 0).sort((a, b) => b.bytes - a.bytes)[0];
    if (largest !== undefined) {
      const total = cuts.lists.get(largest.path)?.total ?? largest.list.length;
      let kept = largest.list.length;
      for (let freed = 0; kept > 0 && freed < excess;) freed += largest.entryBytes[--kept] + 1;
      largest.list.length = kept;
      cuts.lists.set(largest.path, { total, kept });
      continue;
    }
    // Each cut leaves the text shorter than it was, and a text at SHORTEST_CUT_TEXT is not cut again.
    const longest = texts.filter((at) => at.bytes > SHORTEST_CUT_TEXT).sort((a, b) => b.bytes - a.bytes)[0];
    if (longest !== undefined) {
      const text = (longest.owner as Record<string | number, Json>)[longest.key] as string;
      (longest.owner as Record<string | number, Json>)[longest.key] = cutText(text, Math.max(SHORTEST_CUT_TEXT, longest.bytes - excess));
      cuts.texts++;
      continue;
    }
    cuts.whole = true;
    return { json: null, cuts };
  }
}

/** The longest start of `text` within `budget` bytes, with … where it stops. */
function cutText(text: string, budget: number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (bytesOf(text.slice(0, middle)) + 3 <= budget) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low)}…`;
}

/** The text within `budget` bytes: whole lines from the top, then how many were left out (a first line too long is cut itself). */
function cutLines(text: string, budget: number): string {
  if (bytesOf(text) <= budget) return text;
  const all = text.split('\n');
  const kept: string[] = [];
  let used = 0;
  for (const line of all) {
    if (used + bytesOf(line) + 1 > budget) break;
    kept.push(line);
    used += bytesOf(line) + 1;
  }
  if (kept.length === 0) return cutText(all[0], budget);
  return [...kept, l10n.t('… {0} more lines of this text are left out.', all.length - kept.length)].join('\n');
}

/** The lines that say what the JSON lost and how to ask for less. */
function cutNote(cuts: Cuts, narrowing: string | undefined, maxBytes: number): string[] {
  const lines = [l10n.t('This answer is cut to stay under {0} KB.', Math.floor(maxBytes / 1024))];
  for (const [path, { total, kept }] of cuts.lists) {
    lines.push(
      path === ''
        ? l10n.t('The JSON holds the first {0} of its {1} entries; {2} are left out.', kept, total, total - kept)
        : l10n.t('The JSON holds the first {0} of the {1} entries of {2}; {3} are left out.', kept, total, path, total - kept),
    );
  }
  if (cuts.texts === 1) lines.push(l10n.t('A long text of the JSON is cut short (it ends with …).'));
  if (cuts.texts > 1) lines.push(l10n.t('{0} long texts of the JSON are cut short (they end with …).', cuts.texts));
  if (cuts.whole) lines.push(l10n.t('The JSON is left out: even cut, it does not fit.'));
  if (narrowing !== undefined) lines.push(narrowing);
  return lines;
}

/**
 * A tool's result as an agent gets it: at most `maxBytes` of text and JSON together. The text keeps half at
 * most; the JSON loses what does not fit (see cutJson), and the text then says how many entries were left out
 * and, with `narrowing`, how to ask for less.
 */
export function capToolResult(result: ToolResult, narrowing: string | undefined, maxBytes: number = TOOL_RESULT_MAX_BYTES): ToolResult {
  const json = JSON.stringify(result.json) ?? '';
  if (bytesOf(result.text) + bytesOf(json) <= maxBytes) return result;
  const text = cutLines(result.text, Math.floor(maxBytes / 2));
  const { json: cut, cuts } = cutJson(result.json, maxBytes - bytesOf(text) - NOTE_BYTES);
  const cutAnything = cuts.lists.size > 0 || cuts.texts > 0 || cuts.whole;
  return { text: cutAnything ? [text, ...cutNote(cuts, narrowing, maxBytes)].join('\n') : text, json: cut };
}

/** A failure's text as an agent gets it: at most `maxBytes`. */
export function capToolFailure(text: string, maxBytes: number = TOOL_RESULT_MAX_BYTES): string {
  return bytesOf(text) <= maxBytes ? text : cutText(text, maxBytes);
}
