import * as l10n from '@vscode/l10n';
import type { default as Fetch, Response } from 'node-fetch';
import { apiKeyProblem } from './apiKeyText';
import { ATTEMPT_TIMED_OUT, MAX_RESPONSE_BYTES, RESPONSE_TOO_LARGE, createGuardedAgents, type AttemptLimits } from './attemptGuard';
import { wellFormed } from '../../core/wellFormedText';
import { checkApiBaseUrl } from './baseUrl';
import { errorMessage, readErrorBody, stringField } from './errorBody';
import { GcoreApiError, defaultMessage, kindForStatus, type ApiErrorKind } from '../errors';
import {
  COME_BACK_STATUSES,
  DEFAULT_RETRY,
  parseRetryAfterMs,
  retryAfterCapMs,
  retryDecision,
  type RetryOptions,
  type RetryStop,
} from './retryPolicy';
import { comeBackMessage, type RetryWait } from './retryWords';

/** node-fetch's module runs with the first request, not at start-up, which sends none. */
let nodeFetch: Promise<{ default: typeof Fetch }> | undefined;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Read before every request, so a settings change applies to the next request without a new client. */
export interface ConnectionSettings {
  baseUrl: string;
  timeoutMs: number;
}

/** Where nothing says otherwise: the defaults of `gcore.apiBaseUrl` and `gcore.requestTimeoutSeconds`, and the MCP server's. */
export const DEFAULT_CONNECTION: Readonly<ConnectionSettings> = { baseUrl: 'https://api.gcore.com', timeoutMs: 30_000 };

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
  /** A list of values repeats the parameter (`state=NEW&state=RUNNING`). */
  query?: Record<string, string | readonly string[] | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Wraps each attempt, e.g. to take a concurrency slot: a slot held per attempt, not per request, is
   * free while the request waits to retry.
   */
  gate?: AttemptGate;
  /** A key to try instead of the stored one (checking a key before it is saved). */
  apiKey?: string;
  /**
   * The largest answer this request may legitimately get, when the default cap (MAX_RESPONSE_BYTES) is
   * not it: an answer sized by what was asked for (log lines).
   */
  maxBytes?: number;
  /** A PATCH that sets a state (enable, disable): retried as a PUT is (retryPolicy.ts). */
  idempotent?: boolean;
  /** Told before each wait for another attempt, so that the wait can be shown where the user follows the request. */
  onWait?: (wait: RetryWait) => void;
}

export type AttemptGate = <T>(attempt: () => Promise<T>) => Promise<T>;

export interface ApiResponse {
  status: number;
  requestId?: string;
  body: unknown;
}

/** Node's timers overflow past 2^31 - 1 ms and then fire at once; no answer is waited for that long. */
const MAX_TIMEOUT_MS = 600_000;

/** Connection errors that mean the request never left: a write that failed with one was not carried out. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A gateway's answers (Bad Gateway, Gateway Timeout): the gateway lost Gcore's answer, not the request, so Gcore
 * behind it may have carried the write out.
 */
const GATEWAY_STATUSES = new Set([502, 504]);

type CheckedBase = { raw: string; ok: true; prefix: string; host: string; secure: boolean } | { raw: string; ok: false; reason: string };

interface SendableKey {
  key: string;
  authorization: string;
}

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
  private readonly agents = createGuardedAgents();
  private lastBase: CheckedBase | undefined;
  /**
   * The last key found sendable, with its Authorization header: it is read for every request, and nearly
   * always the same (a header built anew each time is a string node-fetch and Node then flatten to check it).
   */
  private sendable: SendableKey | undefined;

  constructor(private readonly options: PipelineOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  async send(request: ApiRequest): Promise<ApiResponse> {
    const settings = this.options.settings();
    const timeoutMs = Number.isFinite(settings.timeoutMs) ? Math.min(Math.max(settings.timeoutMs, 1), MAX_TIMEOUT_MS) : MAX_TIMEOUT_MS;
    const path = buildPath(request.segments);
    const failure = (kind: ApiErrorKind, message: string) => new GcoreApiError(kind, message, { method: request.method, path });

    const base = this.checkedBase(settings.baseUrl);
    if (!base.ok) throw failure('badBaseUrl', l10n.t('The API base URL is refused: {0}.', base.reason));
    const givenKey = request.apiKey ?? this.options.apiKey();
    // A key at hand (the extension's store has read it, the MCP server's is fixed) is not awaited: every
    // await is a turn of the microtask queue that a request pays before it leaves.
    const apiKey = typeof givenKey === 'string' || givenKey === undefined ? givenKey : await givenKey;
    if (!apiKey) throw failure('unauthorized', l10n.t('No Gcore API key is set.'));
    if (apiKey !== this.sendable?.key) {
      const keyProblem = apiKeyProblem(apiKey);
      if (keyProblem) throw failure('badApiKey', l10n.t('The API key cannot be sent: it {0}.', keyProblem));
      this.sendable = { key: apiKey, authorization: `apikey ${apiKey}` };
    }
    const key = this.sendable;
    throwIfCancelled(request.signal, failure);

    const url: Target = { href: base.prefix + path + queryString(request.query), host: base.host, secure: base.secure };
    for (let attempt = 0; ; attempt++) {
      try {
        const run = () => this.attempt(request, url, path, key, timeoutMs, attempt);
        return await (request.gate ? request.gate(run) : run());
      } catch (error) {
        if (!(error instanceof GcoreApiError)) {
          // A gate gives up its wait for a slot when the request is cancelled, with an error of its own.
          throwIfCancelled(request.signal, failure);
          throw error;
        }
        const retried = { method: request.method, idempotent: request.idempotent, waitShown: request.onWait !== undefined };
        const decision = retryDecision(retried, error, attempt, this.retry);
        if (!decision.retry) throw withComeBack(error, attempt + 1, decision.reason, retryAfterCapMs(retried, this.retry));
        request.onWait?.({
          delayMs: decision.delayMs,
          status: error.status,
          asked: error.retryAfterMs !== undefined,
          attempt: attempt + 2,
          attempts: this.retry.maxRetries + 1,
        });
        await sleep(decision.delayMs, request.signal, failure);
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
    this.agents.destroy();
  }

  private async attempt(
    request: ApiRequest,
    url: Target,
    path: string,
    { key: apiKey, authorization }: SendableKey,
    timeoutMs: number,
    attempt: number,
  ): Promise<ApiResponse> {
    const started = performance.now();
    const maxBytes = request.maxBytes ?? MAX_RESPONSE_BYTES;
    const limits: AttemptLimits = { timeoutMs, maxBytes };
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
      Authorization: authorization,
      Accept: 'application/json',
      'User-Agent': this.options.userAgent,
    };
    const hasBody = request.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      const { default: fetch } = await (nodeFetch ??= import('node-fetch'));
      // The agent takes these limits when node-fetch hands it the request, synchronously inside fetch().
      this.agents.guardNext(limits);
      response = await fetch(url.href, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal: request.signal,
        agent: url.secure ? this.agents.https : this.agents.http,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const kind = transportFailureKind(error, request.signal);
      report(kind);
      const code = errorCode(error);
      const tooLarge = code === RESPONSE_TOO_LARGE ? { capBytes: maxBytes, declaredBytes: limits.declaredBytes } : undefined;
      throw new GcoreApiError(kind, transportMessage(kind, code, url, timeoutMs, maxBytes), {
        method: request.method,
        path,
        // An answer too large to read is an answer lost as much as a cut connection is.
        mayHaveApplied: request.method !== 'GET' && !NOT_SENT_CODES.has(code ?? ''),
        tooLarge,
      });
    }

    // A server that echoes the request (a proxy's error page, a debug body, a request ID made from the
    // headers) would put the key into what is shown: it is taken out before anything is read.
    const withoutKey = (raw: string) => (apiKey.length >= 4 && raw.includes(apiKey) ? raw.split(apiKey).join('***') : raw);
    const parsed = parseJson(text);
    const rawRequestId = headerValue(response, 'x-request-id') || stringField(parsed.value, 'request_id');
    const requestId = rawRequestId === undefined ? undefined : withoutKey(rawRequestId);
    if (response.ok) {
      if (!parsed.ok) {
        report('badResponse', response.status, requestId);
        throw new GcoreApiError('badResponse', l10n.t('The Gcore API sent a response that is not valid JSON.'), {
          status: response.status,
          requestId,
          method: request.method,
          path,
          // Gcore took the write: only what it answered cannot be read.
          mayHaveApplied: request.method !== 'GET',
        });
      }
      report('ok', response.status, requestId);
      return { status: response.status, requestId, body: parsed.value };
    }

    const kind = kindForStatus(response.status);
    report(kind, response.status, requestId);
    const errorText = withoutKey(text);
    const headerError = headerValue(response, 'error');
    const reading = readErrorBody(
      errorText === text ? parsed.value : parseJson(errorText).value,
      errorText,
      headerError === null ? null : withoutKey(headerError),
    );
    throw new GcoreApiError(kind, errorMessage(reading, defaultMessage(kind)), {
      ...reading,
      status: response.status,
      requestId,
      retryAfterMs: parseRetryAfterMs(headerValue(response, 'retry-after')),
      method: request.method,
      path,
      mayHaveApplied: request.method !== 'GET' && GATEWAY_STATUSES.has(response.status),
    });
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function transportFailureKind(error: unknown, signal: AbortSignal | undefined): ApiErrorKind {
  if (signal?.aborted) return 'cancelled';
  const code = errorCode(error);
  if (code === ATTEMPT_TIMED_OUT) return 'timeout';
  if (code === RESPONSE_TOO_LARGE) return 'badResponse';
  return 'network';
}

/**
 * A 429 or 503 that is not tried again says so: Gcore's words, how often it was tried, and how long to wait
 * (its Retry-After), for every caller alike (a command's message, a batch's, an agent's).
 */
function withComeBack(error: GcoreApiError, attempts: number, stop: RetryStop, capMs: number): GcoreApiError {
  if (error.status === undefined || !COME_BACK_STATUSES.has(error.status)) return error;
  return new GcoreApiError(error.kind, comeBackMessage(error.status, error.message, error.retryAfterMs, attempts, stop, capMs), error);
}

// Plain loops in the three helpers below: they run for every request (see docs/performance.md).
function buildPath(segments: readonly (string | number)[]): string {
  let path = '';
  for (const segment of segments) path += '/' + encodeSegment(segment);
  return path === '' ? '/' : path;
}

/**
 * One path segment, percent-encoded. A name from a server's list or a document's URI is checked before it
 * gets here; this is the last guard: `.` and `..` (also percent-encoded, which URL parsers read as dots)
 * would address another resource than the one named, and an empty name the collection.
 */
function encodeSegment(segment: string | number): string {
  if (segment === '' || segment === '.' || segment === '..') {
    throw new Error(l10n.t('"{0}" cannot be sent as a name in a request path: it would address another resource.', String(segment)));
  }
  try {
    return encodeURIComponent(segment);
  } catch {
    // URIError: a lone surrogate, which no URL can carry.
    throw new Error(
      l10n.t(
        'The name "{0}" holds a character that cannot be sent in a URL (an unpaired surrogate, shown as �).',
        wellFormed(String(segment)),
      ),
    );
  }
}

function queryString(query: ApiRequest['query']): string {
  let text = '';
  for (const name in query) {
    const value = query[name];
    if (value === undefined) continue;
    for (const each of typeof value === 'string' ? [value] : value) {
      text += `${text === '' ? '?' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(each)}`;
    }
  }
  return text;
}

/**
 * A response header's first value. Node gives header names in lower case, and node-fetch keeps them so:
 * a lookup in its raw map spares the scan and name check of Headers.get on every answer.
 */
function headerValue(response: Response, lowerCaseName: string): string | null {
  return response.headers.raw()[lowerCaseName]?.[0] ?? null;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; value: undefined } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

/**
 * Said in our words only: a transport error's own text can quote the request (node-fetch once quoted a
 * whole header, key included), so at most its code is shown.
 */
function transportMessage(kind: ApiErrorKind, code: string | undefined, url: Target, timeoutMs: number, maxBytes: number): string {
  if (kind === 'cancelled') return defaultMessage('cancelled');
  if (kind === 'timeout') return l10n.t('The Gcore API did not answer completely within {0} s.', Math.round(timeoutMs / 1000));
  if (kind === 'badResponse') {
    return l10n.t('The Gcore API sent an answer larger than {0} MB; the extension stopped reading it.', megabytes(maxBytes));
  }
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return l10n.t('The connection to the Gcore API at {0} was closed before the answer was complete ({1}).', url.host, code);
  }
  return code
    ? l10n.t('Could not reach the Gcore API at {0} ({1}).', url.host, code)
    : l10n.t('Could not reach the Gcore API at {0}.', url.host);
}

/** Bytes as MB, to one decimal where it matters ("16", "97.7"). */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

function throwIfCancelled(signal: AbortSignal | undefined, failure: (kind: ApiErrorKind, message: string) => GcoreApiError): void {
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
