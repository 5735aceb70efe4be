/**
 * Removes secrets from text before it is logged or shown. Besides the known key values, anything after an
 * `apikey` / `Authorization:` marker is masked, in case an error from a library ever echoes a header.
 */
const SCHEME_PATTERN = /\b(apikey\s+)[^\s"',}]+/gi;
const HEADER_PATTERN = /\b(authorization["']?\s*[:=]\s*["']?)(?![\s"']|apikey\s)[^"',}\r\n]+/gi;
const MIN_SECRET_LENGTH = 4;

/** Whether a text may hold a header that the patterns mask: most texts do not, and are returned as they are. */
const MARKERS = /apikey|authorization/i;

export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH && result.includes(secret)) result = result.split(secret).join('***');
  }
  return MARKERS.test(result) ? result.replace(SCHEME_PATTERN, '$1***').replace(HEADER_PATTERN, '$1***') : result;
}

/**
 * Every key this session has used, from SecretStorage or the environment. Kept for the whole session: a
 * message about a request made with the previous key must not show it either.
 */
const sessionSecrets = new Set<string>();

export function hideSecret(secret: string | undefined): void {
  if (secret && secret.length >= MIN_SECRET_LENGTH) sessionSecrets.add(secret);
}

/** What every log line and every message built from an error passes through before anyone sees it. */
export function redactSessionSecrets(text: string): string {
  return redact(text, sessionSecrets);
}
