/**
 * A name as a zone file writes it, read against the origin (RFC 1035, 5.1): `@` is the origin, a name that
 * ends with a dot is absolute, any other is relative and takes the origin after it. The origin and the result
 * are without the trailing dot; the root is ''.
 */
export function nameAgainstOrigin(written: string, origin: string): string {
  if (written === '@') return origin;
  if (written.endsWith('.')) return written.slice(0, -1);
  return origin === '' ? written : `${written}.${origin}`;
}
