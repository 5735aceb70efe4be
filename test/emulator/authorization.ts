export type AuthorizationVerdict = 'accepted' | 'missing' | 'invalid';

/**
 * The real API takes `apikey <key>`, and the official SDKs send `APIKey <key>`, so the scheme word is
 * compared case-insensitively. Any other scheme (Bearer included) counts as no credentials at all.
 */
export function checkAuthorization(header: string | undefined, apiKey: string): AuthorizationVerdict {
  if (header === undefined) return 'missing';
  const space = header.indexOf(' ');
  if (space === -1 || header.slice(0, space).toLowerCase() !== 'apikey') return 'missing';
  return header.slice(space + 1) === apiKey ? 'accepted' : 'invalid';
}

/** Which of the accepted keys a request carries: the index in `apiKeys`, or why none is accepted. */
export function keyOfRequest(header: string | undefined, apiKeys: readonly string[]): number | Exclude<AuthorizationVerdict, 'accepted'> {
  let verdict: AuthorizationVerdict = 'missing';
  for (const [index, apiKey] of apiKeys.entries()) {
    verdict = checkAuthorization(header, apiKey);
    if (verdict === 'accepted') return index;
  }
  return verdict;
}
