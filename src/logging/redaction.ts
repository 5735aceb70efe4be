/**
 * Removes secrets from text before it is logged or shown. Besides the known key values, anything after an
 * `apikey` / `Authorization:` marker is masked, in case an error from a library ever echoes a header.
 */
const SCHEME_PATTERN = /\b(apikey\s+)[^\s"',}]+/gi;
const HEADER_PATTERN = /\b(authorization["']?\s*[:=]\s*["']?)(?![\s"']|apikey\s)[^"',}\r\n]+/gi;

export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('***');
  }
  return result.replace(SCHEME_PATTERN, '$1***').replace(HEADER_PATTERN, '$1***');
}
