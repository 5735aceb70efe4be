import type { IncomingHttpHeaders } from 'node:http';

/** The parts of an incoming request the endpoint handlers look at. */
export interface ApiRequest {
  method: string;
  /** Raw path without the query, still percent-encoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Also sent as the X-Request-ID header, so error bodies and headers agree. */
  requestId: string;
  /** The account behind the key that was accepted (account-endpoints.ts: ACCOUNT or NEW_ACCOUNT). */
  accountId: number;
}

export type JsonBodyResult =
  { kind: 'ok'; value: unknown } | { kind: 'unsupported-media-type'; contentType: string } | { kind: 'malformed'; detail: string };

export function readJsonBody(request: ApiRequest): JsonBodyResult {
  const contentType = request.headers['content-type'] ?? '';
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json') return { kind: 'unsupported-media-type', contentType };
  try {
    return { kind: 'ok', value: JSON.parse(request.body) };
  } catch (error) {
    return { kind: 'malformed', detail: error instanceof Error ? error.message : String(error) };
  }
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
