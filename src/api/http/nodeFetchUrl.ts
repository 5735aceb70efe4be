import { URL, format } from 'node:url';

/**
 * The `url` module as node-fetch 2 sees it in the bundle (esbuild.js points its import here). node-fetch
 * parses every request URL with the legacy `url.parse()`, which Node 24, the engine of current VS Code's
 * extension host, answers with a DEP0169 deprecation warning in the user's log. This `parse` gives
 * node-fetch the same fields from the WHATWG parser. node-fetch only ever hands it absolute URLs.
 */
export function parse(text: string): LegacyUrl {
  const url = new URL(text);
  const auth =
    url.username === '' ? null : decodeURIComponent(url.username) + (url.password === '' ? '' : `:${decodeURIComponent(url.password)}`);
  return {
    protocol: url.protocol,
    slashes: true,
    auth,
    host: url.host,
    port: url.port === '' ? null : url.port,
    // http.request wants an IPv6 host without its brackets, as url.parse gives it.
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    hash: url.hash === '' ? null : url.hash,
    search: url.search === '' ? null : url.search,
    query: url.search === '' ? null : url.search.slice(1),
    pathname: url.pathname,
    path: url.pathname + url.search,
    href: url.href,
  };
}

export interface LegacyUrl {
  protocol: string;
  slashes: boolean;
  auth: string | null;
  host: string;
  port: string | null;
  hostname: string;
  hash: string | null;
  search: string | null;
  query: string | null;
  pathname: string;
  path: string;
  href: string;
}

export { URL, format };
