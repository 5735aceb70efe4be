import * as l10n from '@vscode/l10n';
/**
 * Why a key cannot be sent, or undefined when it can. Not a format check (Gcore's key formats vary, and old
 * keys contain `$`): the key travels in an HTTP header, which carries only visible ASCII characters. A key
 * pasted with a zero-width space or a look-alike letter would otherwise fail every request with an error
 * that quotes the whole header. The answer names the character by code point and position, never the key.
 */
export function apiKeyProblem(key: string): string | undefined {
  if (key.length === 0) return l10n.t('must not be empty');
  let position = 0;
  for (const character of key) {
    position += 1;
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0x21 && code <= 0x7e) continue;
    if (code === 0x20) return l10n.t('contains a space at position {0}; an API key has none', position);
    const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    if (INVISIBLE.has(code)) {
      return l10n.t(
        'contains an invisible character ({0}) at position {1}, often picked up when copying; type or paste the key again',
        name,
        position,
      );
    }
    if (code < 0x20 || code === 0x7f) return l10n.t('contains a control character ({0}) at position {1}', name, position);
    return l10n.t(
      'contains the non-ASCII character {0} at position {1}, perhaps a look-alike of a Latin letter or digit; an API key has only ASCII characters',
      name,
      position,
    );
  }
  return undefined;
}

/** Zero-width and other format characters that paste invisibly. */
const INVISIBLE = new Set([
  0x00a0, 0x00ad, 0x034f, 0x061c, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff,
]);
