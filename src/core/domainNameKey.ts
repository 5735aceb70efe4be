import { domainToASCII } from 'node:url';

const NON_ASCII = /\P{ASCII}/u;

/**
 * The form in which DNS names are compared, so that a zone is one zone however it is written: ASCII
 * (punycode), lower-case, without the trailing dot of a fully qualified name. A non-ASCII name that does
 * not convert is kept as written (trimmed), so it equals only itself; no other result holds non-ASCII.
 */
export function domainNameKey(name: string): string {
  const trimmed = name.trim();
  // Only non-ASCII input goes through the WHATWG converter: it would also turn ASCII such as '0x7f.1'
  // into an IPv4 address, which is not the name that was written.
  const ascii = NON_ASCII.test(trimmed) ? domainToASCII(trimmed) || trimmed : trimmed.toLowerCase();
  return ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
}
