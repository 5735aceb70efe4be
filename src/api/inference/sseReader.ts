import * as l10n from '@vscode/l10n';

/** The longest line an event may have: a model's chunk is a few hundred bytes; this bounds what one line holds in memory. */
export const MAX_SSE_LINE_CHARS = 1024 * 1024;

/**
 * The `data` of the server-sent events each chunk completes, a list a chunk (one step of the iteration per chunk,
 * not per event: a model's stream is tens of thousands of small events), as they arrive (the `data:` lines of an
 * event joined by a newline), from chunks cut anywhere: inside a line, inside a UTF-8 character, between `\r` and
 * `\n`. Comments and other fields are skipped. Only the line being read is held, never the stream; a line past
 * MAX_SSE_LINE_CHARS throws. Lines are found with `indexOf`, not a step per character: this runs once per byte
 * of every answer.
 */
export async function* readSseData(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string[]> {
  const decoder = new TextDecoder('utf-8');
  let line = '';
  // An event's data: its one line as is (a model's events have one), more joined by a newline.
  let data: string | undefined;
  let skipNewline = false;
  const endLine = (current: string): string | undefined => {
    if (current === '') {
      const event = data;
      data = undefined;
      return event;
    }
    if (current.startsWith('data:')) {
      const value = current.slice(current.startsWith('data: ') ? 6 : 5);
      data = data === undefined ? value : `${data}\n${value}`;
    }
    return undefined;
  };
  for await (const chunk of chunks) {
    const events: string[] = [];
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    if (skipNewline && text.length > 0) {
      if (text.charCodeAt(0) === 10) start = 1;
      skipNewline = false;
    }
    // The next line feed and carriage return, each searched again only once passed: most streams have no `\r`.
    let newline = text.indexOf('\n', start);
    let carriage = text.indexOf('\r', start);
    while (newline !== -1 || carriage !== -1) {
      const end = carriage === -1 || (newline !== -1 && newline < carriage) ? newline : carriage;
      const event = endLine(line === '' ? text.slice(start, end) : line + text.slice(start, end));
      line = '';
      if (event !== undefined) events.push(event);
      start = end + 1;
      if (end === carriage) {
        if (start === text.length) skipNewline = true;
        else if (text.charCodeAt(start) === 10) start += 1;
        carriage = text.indexOf('\r', start);
      }
      if (newline !== -1 && newline < start) newline = text.indexOf('\n', start);
    }
    if (start < text.length) line += text.slice(start);
    if (events.length > 0) yield events;
    if (line.length > MAX_SSE_LINE_CHARS) {
      throw new Error(l10n.t('The model server sent a line longer than {0} characters.', MAX_SSE_LINE_CHARS));
    }
  }
  const rest = line + decoder.decode();
  const last = [endLine(rest), endLine('')].filter((event): event is string => event !== undefined);
  if (last.length > 0) yield last;
}
