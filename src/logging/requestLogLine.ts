import type { RequestEvent } from '../api';

/** One output-channel line per HTTP attempt: what support needs, nothing secret (no key, no body). */
export function requestLogLine(event: RequestEvent): string {
  const status = event.status !== undefined ? String(event.status) : event.outcome;
  const retry = event.attempt > 0 ? ` (retry ${event.attempt})` : '';
  const requestId = event.requestId ? ` request-id=${event.requestId}` : '';
  return `${event.method} ${event.path} → ${status} in ${event.durationMs} ms${retry}${requestId}`;
}
