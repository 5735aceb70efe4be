import * as l10n from '@vscode/l10n';
/**
 * The rule that decides which URLs may receive the API key: `https:` anywhere, `http:` only to a loopback
 * host (for local emulators). Everything else is refused before any request is built.
 */
export type BaseUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export function checkApiBaseUrl(raw: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: l10n.t('"{0}" is not a valid URL', raw) };
  }
  if (url.username || url.password) {
    return { ok: false, reason: l10n.t('the URL must not contain credentials') };
  }
  if (url.search || url.hash) {
    return { ok: false, reason: l10n.t('the URL must not contain a query or fragment') };
  }
  if (url.protocol === 'https:') return { ok: true, url };
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return { ok: true, url };
    return { ok: false, reason: l10n.t('http: is only allowed to a loopback host (127.0.0.0/8, ::1, localhost); use https:') };
  }
  return { ok: false, reason: l10n.t('the scheme {0} is not allowed; use https:', url.protocol) };
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const octets = host.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255);
}
