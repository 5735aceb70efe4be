import * as l10n from '@vscode/l10n';
import { duplicateJsonKeys } from './jsonLocations';

/**
 * A JSON document's text as JSON.parse reads it, or what is wrong with it in words a user can act on. A key
 * written twice in one object is refused, naming it: JSON.parse would keep the last value without a word, and
 * the one the user reads first might not be the one sent.
 */
export function parseJsonDocument(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: l10n.t('the document is not valid JSON ({0})', error instanceof Error ? error.message : String(error)) };
  }
  const [twice] = duplicateJsonKeys(text);
  if (twice !== undefined) return { ok: false, message: l10n.t('the document has the key {0} twice: write it once', twice) };
  return { ok: true, value };
}
