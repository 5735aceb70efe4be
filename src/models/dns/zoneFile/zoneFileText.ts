/*
 * Character strings (RFC 1035, 5.1): how a zone file writes text, in quotes, with `\"`, `\\` and `\DDD` (a
 * byte in decimal) escapes, in strings of at most 255 bytes (3.3).
 */

const BACKSLASH = 0x5c;
const MAX_STRING_BYTES = 255;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * The text a character string stands for, from its form between the quotes (or a word's), escapes read;
 * undefined when its `\DDD` bytes are not UTF-8 text, which the API cannot carry.
 */
export function decodeCharacterString(written: string): string | undefined {
  if (!written.includes('\\')) return written;
  const chunks: Buffer[] = [];
  const push = (text: string) => chunks.push(Buffer.from(text, 'utf8'));
  let last = 0;
  for (let i = 0; i < written.length; i++) {
    if (written.charCodeAt(i) !== BACKSLASH || i + 1 >= written.length) continue;
    push(written.slice(last, i));
    const digits = written.slice(i + 1, i + 4);
    if (
      digits.length === 3 &&
      isDigit(digits.charCodeAt(0)) &&
      isDigit(digits.charCodeAt(1)) &&
      isDigit(digits.charCodeAt(2)) &&
      Number(digits) <= 0xff
    ) {
      chunks.push(Buffer.of(Number(digits)));
      i += 3;
    } else {
      // The escaped character itself, which may be a surrogate pair.
      const character = String.fromCodePoint(written.codePointAt(i + 1) ?? 0);
      push(character);
      i += character.length;
    }
    last = i + 1;
  }
  push(written.slice(last));
  try {
    return STRICT_UTF8.decode(Buffer.concat(chunks));
  } catch {
    return undefined;
  }
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** Characters a reader could not see or that would end the line: controls, C1 controls, the line and paragraph separators. */
function isUnprintable(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

function byteEscapes(character: string): string {
  return [...Buffer.from(character, 'utf8')].map((byte) => `\\${String(byte).padStart(3, '0')}`).join('');
}

function escaped(character: string): string {
  if (character === '"' || character === '\\') return `\\${character}`;
  return isUnprintable(character.charCodeAt(0)) ? byteEscapes(character) : character;
}

/** A text for a comment: what would end the line or not be seen is written as `\DDD`, so the comment stays one line. */
export function printableText(text: string): string {
  let printable = '';
  for (const character of text) printable += isUnprintable(character.charCodeAt(0)) ? byteEscapes(character) : character;
  return printable;
}

/** A text as one quoted string, escaped; for values that are not split, such as a CAA value. */
export function quotedText(text: string): string {
  let body = '';
  for (const character of text) body += escaped(character);
  return `"${body}"`;
}

/**
 * A text as the quoted strings of a zone file, each at most 255 bytes and cut between characters, so that
 * every string reads as text on its own; an empty text is one empty string.
 */
export function characterStrings(text: string): string[] {
  const strings: string[] = [];
  let body = '';
  let bytes = 0;
  for (const character of text) {
    const length = utf8Length(character.codePointAt(0) ?? 0);
    if (bytes + length > MAX_STRING_BYTES) {
      strings.push(`"${body}"`);
      body = '';
      bytes = 0;
    }
    body += escaped(character);
    bytes += length;
  }
  strings.push(`"${body}"`);
  return strings;
}
