import * as http from 'node:http';
import * as https from 'node:https';
import fetch, { FetchError, type Response } from 'node-fetch';
import { checkApiBaseUrl } from './baseUrl';
import { GcoreApiError, defaultMessage, kindForStatus, type ApiErrorKind } from './errors';
import {
  DEFAULT_RETRY,
  isRetryableMethod,
  isRetryableStatus,
  parseRetryAfterMs,
  retryDelayMs,
  type RetryOptions,
} from './retryPolicy';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/** Read before every request, so a settings change applies to the next request without a new client. */
export interface ConnectionSettings {
  baseUrl: string;
  timeoutMs: number;
}

/** One line of the request log: never the key, never a body. */
export interface RequestEvent {
  method: HttpMethod;
  path: string;
  attempt: number;
  durationMs: number;
  status?: number;
  requestId?: string;
  outcome: 'ok' | ApiErrorKind;
}

export interface PipelineOptions {
  settings: () => ConnectionSettings;
  apiKey: () => Promise<string | undefined> | string | undefined;
  userAgent: string;
  retry?: Partial<RetryOptions>;
  onRequest?: (event: RequestEvent) => void;
}

export interface ApiRequest {
  method: HttpMethod;
  /** Path segments, each percent-encoded here: callers never build a path by string concatenation. */
  segments: readonly (string | number)[];
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Wraps each attempt, e.g. to take a concurrency slot: a slot held per attempt, not per request, is
   * free while the request waits to retry.
   */
  gate?: AttemptGate;
}

export type AttemptGate = <T>(attempt: () => Promise<T>) => Promise<T>;

export interface ApiResponse {
  status: number;
  requestId?: string;
  body: unknown;
}

const MAX_API_MESSAGE_LENGTH = 500;

type CheckedBase =
  | { raw: string; ok: true; prefix: string; host: string; secure: boolean }
  | { raw: string; ok: false; reason: string };

/** Where one request goes. */
interface Target {
  href: string;
  host: string;
  secure: boolean;
}

/**
 * The single path every API call takes: base-URL rule, auth header, JSON body, timeout, cancellation,
 * safe retries and typed errors. Connections are kept alive and reused across calls.
 */
export class RequestPipeline {
  private readonly retry: RetryOptions;
  private readonly httpAgent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, scheduling: 'lifo' });
  private lastBase: CheckedBase | undefined;

  constructor(private readonly options: PipelineOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  async send(request: ApiRequest): Promise<ApiResponse> {
    const { baseUrl, timeoutMs } = this.options.settings();
    const path = buildPath(request.segments);
    const failure = (kind: ApiErrorKind, message: string) =>
      new GcoreApiError(kind, message, { method: request.method, path });

    const base = this.checkedBase(baseUrl);
    if (!base.ok) throw failure('badBaseUrl', `The API base URL is refused: ${base.reason}.`);
    const apiKey = await this.options.apiKey();
    if (!apiKey) throw failure('unauthorized', 'No Gcore API key is set.');
    throwIfCancelled(request.signal, failure);

    const url: Target = { href: base.prefix + path + queryString(request.query), host: base.host, secure: base.secure };
    const retries = isRetryableMethod(request.method) ? this.retry.maxRetries : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const run = () => this.attempt(request, url, path, apiKey, timeoutMs, attempt);
        return await (request.gate ? request.gate(run) : run());
      } catch (error) {
        if (!(error instanceof GcoreApiError) || attempt >= retries || !isRetryable(error)) throw error;
        await sleep(retryDelayMs(attempt, error.retryAfterMs, this.retry), request.signal, failure);
      }
    }
  }

  /**
   * The base URL, checked and split once per distinct setting value: requests build their URL by
   * concatenation, because parsing URLs on every request is a measurable share of its CPU time.
   */
  private checkedBase(raw: string): CheckedBase {
    if (this.lastBase?.raw !== raw) {
      const checked = checkApiBaseUrl(raw);
      this.lastBase = checked.ok
        ? {
            raw,
            ok: true,
            prefix: checked.url.origin + checked.url.pathname.replace(/\/+$/, ''),
            host: checked.url.host,
            secure: checked.url.protocol === 'https:',
          }
        : { raw, ok: false, reason: checked.reason };
    }
    return this.lastBase;
  }

  /** Closes idle keep-alive sockets; the pipeline stays usable and reconnects on the next request. */
  dispose(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private async attempt(
    request: ApiRequest,
    url: Target,
    path: string,
    apiKey: string,
    timeoutMs: number,
    attempt: number,
  ): Promise<ApiResponse> {
    const started = performance.now();
    const report = (outcome: RequestEvent['outcome'], status?: number, requestId?: string) =>
      this.options.onRequest?.({
        method: request.method,
        path,
        attempt,
        durationMs: Math.round(performance.now() - started),
        status,
        requestId,
        outcome,
      });

    const headers: Record<string, string> = {
      Authorization: `apikey ${apiKey}`,
      Accept: 'application/json',
      'User-Agent': this.options.userAgent,
    };
    const hasBody = request.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await fetch(url.href, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal: request.signal,
        // node-fetch's own timers (one for the response head, one for the body) cost far less per request
        // than an AbortController of our own, and abort the socket just the same.
        timeout: timeoutMs,
        agent: url.secure ? this.httpsAgent : this.httpAgent,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const kind = transportFailureKind(error, request.signal);
      report(kind);
      throw new GcoreApiError(kind, transportMessage(kind, error, url, timeoutMs), { method: request.method, path });
    }

    const parsed = parseJson(text);
    const requestId = response.headers.get('x-request-id') ?? stringField(parsed.value, 'request_id');
    if (response.ok) {
      if (!parsed.ok) {
        report('badResponse', response.status, requestId);
        throw new GcoreApiError('badResponse', 'The Gcore API sent a response that is not valid JSON.', {
          status: response.status,
          requestId,
          method: request.method,
          path,
        });
      }
      report('ok', response.status, requestId);
      return { status: response.status, requestId, body: parsed.value };
    }

    const kind = kindForStatus(response.status);
    report(kind, response.status, requestId);
    throw errorFromResponse(kind, response.status, parsed.value, text, {
      requestId,
      retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after')),
      method: request.method,
      path,
    });
  }
}

function transportFailureKind(error: unknown, signal: AbortSignal | undefined): ApiErrorKind {
  if (signal?.aborted) return 'cancelled';
  if (error instanceof FetchError && (error.type === 'request-timeout' || error.type === 'body-timeout')) return 'timeout';
  return 'network';
}

function isRetryable(error: GcoreApiError): boolean {
  if (error.kind === 'network') return true;
  return error.status !== undefined && isRetryableStatus(error.status);
}

export function buildPath(segments: readonly (string | number)[]): string {
  return '/' + segments.map((segment) => encodeURIComponent(String(segment))).join('/');
}

function queryString(query: ApiRequest['query']): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; value: undefined } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

function stringField(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[name];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

function errorFromResponse(
  kind: ApiErrorKind,
  status: number,
  body: unknown,
  text: string,
  details: { requestId?: string; retryAfterMs?: number; method: HttpMethod; path: string },
): GcoreApiError {
  const apiMessage =
    stringField(body, 'message') ??
    stringField(body, 'error') ??
    stringField(body, 'detail') ??
    (body === undefined && text.trim() !== '' ? truncate(text.trim()) : undefined);
  const fieldErrors = readFieldErrors(body);
  let message = apiMessage ?? defaultMessage(kind);
  if (fieldErrors) {
    const listed = Object.entries(fieldErrors)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
    message = `${message} (${listed})`;
  }
  return new GcoreApiError(kind, message, { ...details, status, apiMessage, fieldErrors });
}

function readFieldErrors(body: unknown): Record<string, string[]> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const raw = (body as Record<string, unknown>).invalid_fields;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(raw)) {
    const list = Array.isArray(messages) ? messages : [messages];
    result[field] = list.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function truncate(text: string): string {
  return text.length > MAX_API_MESSAGE_LENGTH ? `${text.slice(0, MAX_API_MESSAGE_LENGTH)}…` : text;
}

function transportMessage(kind: ApiErrorKind, error: unknown, url: Target, timeoutMs: number): string {
  if (kind === 'cancelled') return defaultMessage('cancelled');
  if (kind === 'timeout') return `The Gcore API did not answer within ${Math.round(timeoutMs / 1000)} s.`;
  const code = (error as { code?: unknown }).code;
  const reason = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  return `Could not reach the Gcore API at ${url.host} (${reason}).`;
}

function throwIfCancelled(
  signal: AbortSignal | undefined,
  failure: (kind: ApiErrorKind, message: string) => GcoreApiError,
): void {
  if (signal?.aborted) throw failure('cancelled', defaultMessage('cancelled'));
}

function sleep(
  ms: number,
  signal: AbortSignal | undefined,
  failure: (kind: ApiErrorKind, message: string) => GcoreApiError,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(failure('cancelled', defaultMessage('cancelled')));
    const onAbort = () => {
      clearTimeout(timer);
      reject(failure('cancelled', defaultMessage('cancelled')));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
