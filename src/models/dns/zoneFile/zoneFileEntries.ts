import * as l10n from '@vscode/l10n';
import { tokenProblem } from './zoneFileProblems';
import type { ZoneFileProblem, ZoneFileToken } from './zoneFileProblems';

/**
 * One entry of a zone file (RFC 1035, 5.1): a directive or a record, the tokens of one line, or of several
 * lines held together by parentheses. Parentheses are gone, comments set apart; quoted strings are single tokens.
 */
export interface ZoneFileEntry {
  /** 1-based: where the entry starts and ends. */
  line: number;
  endLine: number;
  /** The entry's line starts with a space or tab: a record that takes the owner of the record before it. */
  blankOwner: boolean;
  tokens: ZoneFileToken[];
  /** What follows `;` on the entry's lines, joined by a space: where Cloudflare's exports write a record's tags. */
  comment?: string;
}

const SPACE = 0x20;
const TAB = 0x09;
const QUOTE = 0x22;
const OPEN = 0x28;
const CLOSE = 0x29;
const SEMICOLON = 0x3b;
const BACKSLASH = 0x5c;

const CR = 0x0d;

function endsWord(code: number): boolean {
  return code === SPACE || code === TAB || code === SEMICOLON || code === OPEN || code === CLOSE || code === CR;
}

/** Carriage returns that end no line as CRLF does. */
const LONE_CR = /\r(?!\n)/g;

/** Where the quoted string whose text starts at `from` ends (its closing quote), or -1 when the line ends first. */
function closingQuote(line: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === QUOTE) return i;
  }
  return -1;
}

/**
 * Where the word that starts at `from` ends, and where a quote in it opens that the line does not close. A
 * backslash keeps the character after it in the word (`\;`, `\ `), and a quote inside a word holds what it
 * quotes in the word, as in an SVCB `alpn="h3,h2"`.
 */
function wordEnd(line: string, from: number): { end: number; unclosedQuote?: number } {
  let i = from;
  while (i < line.length) {
    const code = line.charCodeAt(i);
    if (code === BACKSLASH) {
      i += 2;
    } else if (code === QUOTE) {
      const closing = closingQuote(line, i + 1);
      if (closing < 0) return { end: line.length, unclosedQuote: i };
      i = closing + 1;
    } else if (endsWord(code)) {
      break;
    } else {
      i++;
    }
  }
  return { end: Math.min(i, line.length) };
}

function parenthesis(source: string, line: number, at: number): ZoneFileToken {
  return { text: source[at], quoted: false, line, start: at, end: at + 1 };
}

/** Splits a zone file into its entries, adding a problem for each quote or parenthesis that is not closed, nested or closes nothing. */
export function zoneFileEntries(text: string, problems: ZoneFileProblem[]): ZoneFileEntry[] {
  const notClosed = l10n.t('the quoted text is not closed on its line: end it with "');
  const entries: ZoneFileEntry[] = [];
  // A file saved with a byte order mark, as Windows tools write it, has it before its first line (an editor hides it).
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const loneCrs = body.match(LONE_CR)?.length ?? 0;
  if (loneCrs > 0 && loneCrs >= (body.match(/\n/g)?.length ?? 0)) {
    problems.push({
      line: 1,
      message: l10n.t(
        'the lines of this file end with a carriage return alone (CR, as classic Mac OS ended them), which a zone file does not use: save it with LF or CRLF line ends',
      ),
    });
    return entries;
  }
  const lines = body.split('\n');
  let entry: ZoneFileEntry | undefined;
  // The parenthesis that holds the entry open, and how many are open (nesting is refused, but counted).
  let open: ZoneFileToken | undefined;
  let depth = 0;
  for (let index = 0; index < lines.length; index++) {
    const source = lines[index].endsWith('\r') ? lines[index].slice(0, -1) : lines[index];
    const line = index + 1;
    let i = 0;
    while (i < source.length) {
      const code = source.charCodeAt(i);
      if (code === CR) {
        problems.push({
          line,
          start: i,
          end: i + 1,
          message: l10n.t('a carriage return (CR) inside the line, which ends a line for BIND: remove it'),
        });
      }
      if (code === SPACE || code === TAB || code === CR) {
        i++;
        continue;
      }
      if (code === SEMICOLON) {
        if (entry !== undefined) {
          entry.comment = entry.comment === undefined ? source.slice(i + 1) : `${entry.comment} ${source.slice(i + 1)}`;
        }
        break;
      }
      entry ??= { line, endLine: line, blankOwner: i > 0, tokens: [] };
      entry.endLine = line;
      if (code === OPEN) {
        const at = parenthesis(source, line, i);
        if (depth > 0) problems.push(tokenProblem(at, l10n.t('a ( inside parentheses: parentheses cannot be nested')));
        open ??= at;
        depth++;
        i++;
      } else if (code === CLOSE) {
        if (depth === 0) problems.push(tokenProblem(parenthesis(source, line, i), l10n.t('this ) closes no (')));
        depth = Math.max(0, depth - 1);
        if (depth === 0) open = undefined;
        i++;
      } else if (code === QUOTE) {
        const closing = closingQuote(source, i + 1);
        if (closing < 0) {
          problems.push({ line, start: i, end: source.length, message: notClosed });
          entry.tokens.push({ text: source.slice(i + 1), quoted: true, line, start: i, end: source.length });
          i = source.length;
        } else {
          entry.tokens.push({ text: source.slice(i + 1, closing), quoted: true, line, start: i, end: closing + 1 });
          i = closing + 1;
        }
      } else {
        const { end, unclosedQuote } = wordEnd(source, i);
        if (unclosedQuote !== undefined) problems.push({ line, start: unclosedQuote, end, message: notClosed });
        entry.tokens.push({ text: source.slice(i, end), quoted: false, line, start: i, end });
        i = end;
      }
    }
    if (open === undefined && entry !== undefined) {
      entries.push(entry);
      entry = undefined;
    }
  }
  if (open !== undefined) {
    problems.push(tokenProblem(open, l10n.t('this ( is never closed: the record it starts runs to the end of the file')));
  }
  return entries;
}
