import * as l10n from '@vscode/l10n';

/** The longest line an event may have: a model's chunk is a few hundred bytes; this bounds what one line holds in memory. */
export const MAX_SSE_LINE_CHARS = 1024 * 1024;

/**
 * The `data` of the server-sent events each chunk completes, a list a chunk (one step of the iteration per chunk,
 * not per event: a model's stream is tens of thousands of small events), as they arrive (the `data:` lines of an event joined by a newline), from
 * chunks cut anywhere: inside a line, inside a UTF-8 character, between `\r` and `\n`. Comments and other fields
 * are skipped. Only the line being read is held, never the stream; a line past MAX_SSE_LINE_CHARS throws.
 */
export async function* readSseData(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string[]> {
  const decoder = new TextDecoder('utf-8');
  let line = '';
  let data: string[] = [];
  let skipNewline = false;
  const endLine = (): string | undefined => {
    const current = line;
    line = '';
    if (current === '') {
      const event = data.length > 0 ? data.join('\n') : undefined;
      data = [];
      return event;
    }
    if (current.startsWith('data:')) data.push(current.slice(current.startsWith('data: ') ? 6 : 5));
    return undefined;
  };
  for await (const chunk of chunks) {
    const events: string[] = [];
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let index = 0; index < text.length; index++) {
      const char = text.charCodeAt(index);
      if (char !== 10 && char !== 13) continue;
      if (char === 10 && skipNewline && index === start) {
        skipNewline = false;
        start = index + 1;
        continue;
      }
      line += text.slice(start, index);
      start = index + 1;
      skipNewline = char === 13;
      const event = endLine();
      if (event !== undefined) events.push(event);
    }
    if (start < text.length) {
      skipNewline = false;
      line += text.slice(start);
    }
    if (events.length > 0) yield events;
    if (line.length > MAX_SSE_LINE_CHARS) {
      throw new Error(l10n.t('The model server sent a line longer than {0} characters.', MAX_SSE_LINE_CHARS));
    }
  }
  line += decoder.decode();
  const last = [endLine(), endLine()].filter((event): event is string => event !== undefined);
  if (last.length > 0) yield last;
}
