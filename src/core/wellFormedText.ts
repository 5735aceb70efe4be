/**
 * The text with each unpaired UTF-16 surrogate replaced by U+FFFD. Such a text cannot be put in a URL
 * (encodeURIComponent throws "URI malformed"); names from a server or a setting can hold one.
 */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
