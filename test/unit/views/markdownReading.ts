/**
 * Reads back the Markdown the presentation layer writes, the way a renderer would see it, so tests can check
 * structure (which rows and cells exist) and that API text survives escaping unchanged.
 */

const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** Undoes CommonMark backslash escapes, giving the text a reader would see. */
export function unescapeMarkdown(markdown: string): string {
  return markdown.replace(/\\([\s\S])/g, (whole, char: string) => (ASCII_PUNCTUATION.includes(char) ? char : whole));
}

/** ASCII punctuation characters in `markdown` that are not backslash-escaped (and so could act as syntax). */
export function unescapedPunctuation(markdown: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < markdown.length; i++) {
    const char = markdown[i];
    if (char === '\\' && i + 1 < markdown.length && ASCII_PUNCTUATION.includes(markdown[i + 1])) {
      i++;
    } else if (ASCII_PUNCTUATION.includes(char)) {
      found.push(char);
    }
  }
  return found;
}

/** Splits a GFM table row on its unescaped pipes. */
function cells(line: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\' && i + 1 < line.length) {
      current += line[i] + line[i + 1];
      i++;
    } else if (line[i] === '|') {
      parts.push(current.trim());
      current = '';
    } else {
      current += line[i];
    }
  }
  parts.push(current.trim());
  return parts.slice(1, -1);
}

export interface TableRow {
  /** Cell text as a reader sees it. */
  label: string;
  value: string;
  /** Cell Markdown source. */
  rawLabel: string;
  rawValue: string;
}

/** The body rows of the single two-column table in `markdown`; throws when a row does not have two cells. */
export function tableRows(markdown: string): TableRow[] {
  const lines = markdown.split('\n').filter((line) => line.startsWith('|'));
  const [header, separator, ...body] = lines;
  if (header === undefined || separator === undefined || !/^\|( *-+ *\|)+$/.test(separator)) {
    throw new Error(`no table in:\n${markdown}`);
  }
  return body.map((line) => {
    const rowCells = cells(line);
    if (rowCells.length !== 2) throw new Error(`row without exactly two cells: ${line}`);
    const [rawLabel, rawValue] = rowCells;
    return { label: unescapeMarkdown(rawLabel), value: unescapeMarkdown(rawValue), rawLabel, rawValue };
  });
}
