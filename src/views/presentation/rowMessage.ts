/**
 * A translated message that rows fill in by the thousand ("{0} vCPU" on each of 5,000 flavors). l10n.t looks
 * its message up in the translation bundle and formats it with a regular expression on every call, about
 * 0.5 µs; the three on each flavor row cost a refresh of 5,000 flavors 7–10 ms, a fifth of it. Here the
 * translation is asked for once, on first use (once activation has loaded the bundle), and split where the
 * arguments go, so each use only joins strings.
 *
 * `translate` is the l10n.t call itself, so that the message stays where the export of translatable text
 * finds it: `rowMessage((count) => l10n.t('{0} vCPU', count))`.
 */
export function rowMessage<Args extends string[]>(translate: (...args: Args) => string): (...args: Args) => string {
  let parts: readonly (string | number)[] | undefined;
  return (...args) => {
    parts ??= splitAtArguments(translate(...(MARKERS as unknown as Args)));
    let text = '';
    for (const part of parts) text += typeof part === 'number' ? args[part] : part;
    return text;
  };
}

/** Characters of Unicode's private use area, which no translation holds: one marks each argument. */
const FIRST_MARKER = 0xe000;
const MARKERS: readonly string[] = Array.from({ length: 8 }, (_, index) => String.fromCharCode(FIRST_MARKER + index));

function splitAtArguments(text: string): (string | number)[] {
  const parts: (string | number)[] = [];
  let literal = '';
  for (const char of text) {
    const index = char.charCodeAt(0) - FIRST_MARKER;
    if (index >= 0 && index < MARKERS.length) {
      if (literal !== '') parts.push(literal);
      parts.push(index);
      literal = '';
    } else {
      literal += char;
    }
  }
  if (literal !== '') parts.push(literal);
  return parts;
}
