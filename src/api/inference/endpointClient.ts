import * as l10n from '@vscode/l10n';
import fetch, { type Response } from 'node-fetch';
import { checkApiBaseUrl } from '../http/baseUrl';
import { readSseData } from './sseReader';
import { EndpointError, type OpenAiMessage, type OpenAiTool, type ToolCallFragment } from './endpointTypes';

export { EndpointError, type EndpointErrorKind } from './endpointTypes';

/**
 * A deployment's own OpenAI-compatible address (`GET {address}/v1/models`, `POST {address}/v1/chat/completions`),
 * in plain Node. It is not the Gcore API: it never goes through the RequestPipeline, which adds the Gcore key, and
 * sends only the deployment's `X-API-Key` when one is given. The address follows the API's rule: `https:`, or
 * `http:` to a loopback host.
 */

export interface EndpointModel {
  id: string;
  /** The context length the server states (vLLM's `max_model_len`), when it does. */
  maxModelLength?: number;
}

export interface ChatCompletionRequest {
  model: string;
  messages: readonly OpenAiMessage[];
  tools?: readonly OpenAiTool[];
  maxTokens?: number;
}

export type ChatStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'toolCall'; fragment: ToolCallFragment }
  | { type: 'finish'; reason: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number };

export interface EndpointCall {
  address: string;
  /** The deployment's API key secret, sent as `X-API-Key`; none for a deployment without keys. */
  secret?: string;
  signal?: AbortSignal;
}

export interface EndpointClientOptions {
  userAgent: string;
}

/** How long a models list may take (a deployment at zero wakes to answer it: minutes). */
const MODELS_TIMEOUT_MS = 5 * 60_000;
/** The most a models list or an error body may be. */
const MAX_BODY_CHARS = 1024 * 1024;

export class InferenceEndpointClient {
  constructor(private readonly options: EndpointClientOptions) {}

  /** The model ids the deployment serves. */
  async listModels(call: EndpointCall): Promise<EndpointModel[]> {
    const timeout = AbortSignal.timeout(MODELS_TIMEOUT_MS);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const response = await this.send({ ...call, signal }, 'v1/models', 'GET');
    const body = await readJson(response, call.signal);
    const data = isRecord(body) && Array.isArray(body.data) ? body.data : undefined;
    if (!data) throw new EndpointError('badResponse', l10n.t('The deployment answered its models list in a shape it does not know.'));
    return data.flatMap((model: unknown) =>
      isRecord(model) && typeof model.id === 'string' && model.id !== ''
        ? [{ id: model.id, ...(typeof model.max_model_len === 'number' ? { maxModelLength: model.max_model_len } : {}) }]
        : [],
    );
  }

  /**
   * Sends a streamed chat completion and answers once the server has answered its headers (a deployment at zero
   * answers late); the events then arrive as the server sends them, a list for each network chunk (a step of an
   * async iteration per event would cost more than the event). Aborting the signal ends the HTTP request at once.
   */
  async openChatStream(call: EndpointCall, request: ChatCompletionRequest): Promise<AsyncIterable<ChatStreamEvent[]>> {
    const body = {
      model: request.model,
      messages: request.messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(request.tools && request.tools.length > 0 ? { tools: request.tools, tool_choice: 'auto' } : {}),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    };
    const response = await this.send(call, 'v1/chat/completions', 'POST', body);
    return chatEvents(response, call.signal);
  }

  private async send(call: EndpointCall, route: string, method: 'GET' | 'POST', body?: unknown): Promise<Response> {
    const url = endpointUrl(call.address, route);
    const headers: Record<string, string> = {
      Accept: method === 'GET' ? 'application/json' : 'text/event-stream',
      'User-Agent': this.options.userAgent,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (call.secret) headers['X-API-Key'] = call.secret;
    let response: Response;
    try {
      response = await fetch(url.href, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: call.signal,
        redirect: 'error',
        compress: false,
      });
    } catch (error) {
      throw transportError(error, call.signal, url);
    }
    if (!response.ok) throw await statusError(response, call.signal);
    return response;
  }
}

/** `{address}/{route}`, the address checked by the API's rule first. */
export function endpointUrl(address: string, route: string): URL {
  const checked = checkApiBaseUrl(address);
  if (!checked.ok) throw new EndpointError('badAddress', l10n.t('The deployment address is refused: {0}.', checked.reason));
  const base = checked.url.href.endsWith('/') ? checked.url.href : `${checked.url.href}/`;
  return new URL(route, base);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function transportError(error: unknown, signal: AbortSignal | undefined, url?: URL): EndpointError {
  if (aborted(signal)) return new EndpointError('cancelled', l10n.t('The request was cancelled.'));
  if (error instanceof EndpointError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError' || name === 'TimeoutError') {
    return new EndpointError('network', l10n.t('The deployment did not answer in time.'));
  }
  return url
    ? new EndpointError('network', l10n.t('Could not reach the deployment at {0}.', url.host))
    : new EndpointError('broken', l10n.t('The connection to the deployment broke off mid-answer.'), { midStream: true });
}

async function readText(response: Response, signal: AbortSignal | undefined): Promise<string> {
  let text = '';
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      text += chunk.toString('utf8');
      if (text.length > MAX_BODY_CHARS) {
        throw new EndpointError('badResponse', l10n.t('The deployment answered more than {0} characters.', MAX_BODY_CHARS));
      }
    }
  } catch (error) {
    throw transportError(error, signal);
  }
  return text;
}

async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  const text = await readText(response, signal);
  try {
    return JSON.parse(text);
  } catch {
    throw new EndpointError('badResponse', l10n.t('The deployment answered something that is not JSON.'));
  }
}

/** An OpenAI error (`{error: {message, code}}`) or vLLM's (`{message, code}`, `{detail}`): its words and code. */
function errorWords(body: unknown): { message?: string; code?: string } {
  const error = isRecord(body) ? (isRecord(body.error) ? body.error : body) : {};
  const message =
    typeof error.message === 'string'
      ? error.message
      : typeof error.detail === 'string'
        ? error.detail
        : typeof body === 'string'
          ? body
          : undefined;
  const code = typeof error.code === 'string' ? error.code : typeof error.code === 'number' ? String(error.code) : undefined;
  return { message: message?.slice(0, 500), code };
}

async function statusError(response: Response, signal: AbortSignal | undefined): Promise<EndpointError> {
  const text = await readText(response, signal).catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the words.
  }
  const { message, code } = errorWords(body);
  const status = response.status;
  const details = { status, code };
  const said = message ?? `HTTP ${status}`;
  if (status === 401 || status === 403) {
    return new EndpointError('unauthorized', l10n.t('The deployment refused the API key ({0}).', said), details);
  }
  if (status === 404 && code === 'model_not_found') {
    return new EndpointError('modelNotFound', l10n.t('The deployment does not serve this model ({0}).', said), details);
  }
  if (status === 404) return new EndpointError('notFound', l10n.t('Nothing answers at the deployment address ({0}).', said), details);
  if (status === 502 || status === 503) {
    return new EndpointError('unavailable', l10n.t('The deployment cannot answer now ({0}).', said), details);
  }
  if (status === 429) return new EndpointError('rateLimited', l10n.t('The deployment is busy ({0}).', said), details);
  if (status >= 500) return new EndpointError('server', l10n.t('The model server failed ({0}).', said), details);
  return new EndpointError('badRequest', l10n.t('The model server refused the request ({0}).', said), details);
}

/**
 * The events of a streamed completion, those of each chunk in one list; throws `broken` when the stream ends before
 * `[DONE]`, `server` for an error event (the events before it in its chunk are yielded first).
 */
async function* chatEvents(response: Response, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent[]> {
  let done = false;
  try {
    for await (const batch of readSseData(response.body as AsyncIterable<Buffer>)) {
      const events: ChatStreamEvent[] = [];
      let failure: unknown;
      for (const data of batch) {
        if (data === '[DONE]') {
          done = true;
          break;
        }
        try {
          addEvents(data, events);
        } catch (error) {
          failure = error;
          break;
        }
      }
      if (events.length > 0) yield events;
      if (failure !== undefined) throw failure;
      if (done) break;
    }
  } catch (error) {
    throw transportError(error, signal);
  }
  if (!done) {
    if (aborted(signal)) throw new EndpointError('cancelled', l10n.t('The request was cancelled.'));
    throw new EndpointError('broken', l10n.t('The connection to the deployment broke off mid-answer.'), { midStream: true });
  }
}

/** Adds the events of one `data` to `events`. */
function addEvents(data: string, events: ChatStreamEvent[]): void {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new EndpointError('badResponse', l10n.t('The model server sent an event that is not JSON.'), { midStream: true });
  }
  if (!isRecord(chunk)) return;
  if (chunk.error !== undefined) {
    const { message, code } = errorWords(chunk);
    throw new EndpointError('server', l10n.t('The model server failed mid-answer ({0}).', message ?? code ?? 'error'), {
      code,
      midStream: true,
    });
  }
  const choice = Array.isArray(chunk.choices) && isRecord(chunk.choices[0]) ? chunk.choices[0] : undefined;
  const delta = choice && isRecord(choice.delta) ? choice.delta : undefined;
  if (delta && typeof delta.content === 'string' && delta.content !== '') events.push({ type: 'text', text: delta.content });
  if (delta && Array.isArray(delta.tool_calls)) {
    for (const call of delta.tool_calls as unknown[]) {
      if (!isRecord(call) || typeof call.index !== 'number') continue;
      const fn = isRecord(call.function) ? call.function : {};
      events.push({
        type: 'toolCall',
        fragment: {
          index: call.index,
          ...(typeof call.id === 'string' ? { id: call.id } : {}),
          ...(typeof fn.name === 'string' ? { name: fn.name } : {}),
          ...(typeof fn.arguments === 'string' ? { arguments: fn.arguments } : {}),
        },
      });
    }
  }
  if (choice && typeof choice.finish_reason === 'string') events.push({ type: 'finish', reason: choice.finish_reason });
  if (isRecord(chunk.usage) && typeof chunk.usage.prompt_tokens === 'number' && typeof chunk.usage.completion_tokens === 'number') {
    events.push({ type: 'usage', promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens });
  }
}
