/**
 * What is wrong in a zone file, where it is written: `start` and `end` are 0-based columns (UTF-16, as an
 * editor counts them) on `line` when the problem is one part of the line; without them it is the whole line.
 */
export interface ZoneFileProblem {
  /** 1-based. */
  line: number;
  start?: number;
  end?: number;
  message: string;
}

/** A part of a zone file's text: a word, or a quoted string whose `text` is what stands between its quotes. */
export interface ZoneFileToken {
  /** As written: escapes are kept, so that a name or a number reads as typed and a text is decoded once. */
  text: string;
  quoted: boolean;
  /** 1-based. */
  line: number;
  /** 0-based columns on the line, the quotes included. */
  start: number;
  end: number;
}

export function tokenProblem(token: ZoneFileToken, message: string): ZoneFileProblem {
  return { line: token.line, start: token.start, end: token.end, message };
}

/** A problem of several tokens: from the first to the last when they share a line, else the first one. */
export function tokensProblem(tokens: readonly ZoneFileToken[], message: string): ZoneFileProblem {
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  return { line: first.line, start: first.start, end: last.line === first.line ? last.end : first.end, message };
}
