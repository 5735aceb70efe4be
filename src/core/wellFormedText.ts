/**
 * The text with each unpaired UTF-16 surrogate replaced by U+FFFD. Such a text cannot be put in a URL
 * (encodeURIComponent throws "URI malformed"); names from a server or a setting can hold one.
 */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text on one line: each control character and line or paragraph separator written as its escape (`\n`,
 * `\u2028`). A server's value put into a line (a list an agent reads, a comment in a file) then cannot start
 * a line of its own, and what it held still shows.
 */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, (char) => ESCAPES[char] ?? `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}
