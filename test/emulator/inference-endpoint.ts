import type * as http from 'node:http';
import { randomBytes } from 'node:crypto';
import { isJsonObject } from './api-request';
import type { Fault } from './fault-queue';
import { answerDeltas, answerMessage, planAnswer, servedModelIds, usageOf, type PlannedAnswer } from './inference-endpoint-answers';
import { wakePods } from './inference-deployment-changes';
import { deploymentStatus, ENDPOINTS_SEGMENT, endpointToken, regionProgress, regionToken } from './inference-deployment-view';
import { ACCOUNT } from './account-endpoints';
import { accountOf, settleProject, type DeploymentRecord, type InferenceProject, type InferenceState } from './inference-state';

/**
 * The deployments' addresses, served by the emulator itself: `{address}/v1/models` and
 * `{address}/v1/chat/completions` of an OpenAI-compatible model server (vLLM's), behind Gcore's gateway, which
 * checks `X-API-Key` when the deployment has keys, wakes a deployment at zero (the first answer waits for a pod)
 * and refuses a stopped one. The Gcore API key means nothing here. Errors are OpenAI-shaped:
 * `{error: {message, type, param, code}}`. The answers' rules are in inference-endpoint-answers.ts.
 */

/** What the endpoint needs of the emulator's exchange: the request and its body, the response, its waits. */
export interface EndpointExchange {
  method: string;
  /** The decoded path segments after the endpoints' own (`[token, 'v1', 'models']`). */
  segments: string[];
  headers: http.IncomingHttpHeaders;
  /** The parsed body when it was JSON. */
  json: unknown;
  response: http.ServerResponse;
  /** A fault queued for this path: a status, a drop, a delay, a stream broken off (`resetMidBody`) or ended by an error (`streamErrorStatus`). */
  fault: Fault | undefined;
  /** Waits `ms` (the emulator's latency), released early when the emulator closes. */
  wait(ms: number): Promise<void>;
  latencyMs: number;
  /** Called with the status written, and when the client closed the connection before the answer ended. */
  onStatus(status: number): void;
  onClosedEarly(): void;
}

export function isEndpointPath(path: string): boolean {
  return path.startsWith(`/${ENDPOINTS_SEGMENT}/`);
}

interface Target {
  record: DeploymentRecord;
  project: InferenceProject;
  /** The region whose address was called, or undefined for the deployment's own. */
  regionIndex: number | undefined;
}

/** The deployment (and region) whose address this token is, in any account. */
function findTarget(state: InferenceState, token: string): Target | undefined {
  // The main account's seeded deployments answer at their addresses from the start, as Gcore's do: a new
  // emulator at the port of an earlier one serves the addresses it gave, before anyone asks the API.
  accountOf(state, ACCOUNT.id);
  for (const account of state.accounts.values()) {
    for (const project of account.projects.values()) {
      settleProject(state, project);
      for (const record of project.deployments.values()) {
        const own = endpointToken(account.id, record);
        if (own === token) return { record, project, regionIndex: undefined };
        if (!token.startsWith(own)) continue;
        const regionIndex = record.containers.findIndex((region) => regionToken(own, region.region_id) === token);
        if (regionIndex !== -1) return { record, project, regionIndex };
      }
    }
  }
  return undefined;
}

interface Refusal {
  status: number;
  message: string;
  type: string;
  code: string | number | null;
  param?: string;
}

function openAiError(refusal: Refusal): Record<string, unknown> {
  return { error: { message: refusal.message, type: refusal.type, param: refusal.param ?? null, code: refusal.code } };
}

function writeJson(exchange: EndpointExchange, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  exchange.response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  exchange.response.end(text);
  exchange.onStatus(status);
}

function refuse(exchange: EndpointExchange, refusal: Refusal): void {
  writeJson(exchange, refusal.status, openAiError(refusal));
}

function secretOf(headers: http.IncomingHttpHeaders): string | undefined {
  const value = headers['x-api-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** The gateway's refusals, before the model server sees the request: a key, a stopped or unready deployment. */
function gatewayRefusal(target: Target, exchange: EndpointExchange, now: number): Refusal | undefined {
  const { record, project } = target;
  if (record.apiKeys.length > 0) {
    const secret = secretOf(exchange.headers);
    const valid = record.apiKeys.some((name) => project.apiKeys.get(name)?.secret === secret);
    if (!valid) {
      return {
        status: 401,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        message: secret === undefined ? 'Missing API key: send it in the X-API-Key header.' : 'Invalid API key.',
      };
    }
  }
  const status = deploymentStatus(record, now);
  if (status === 'DISABLED') {
    return { status: 503, type: 'service_unavailable', code: 'deployment_disabled', message: `Deployment ${record.name} is disabled.` };
  }
  if (status === 'PENDING') return undefined;
  const indexes = target.regionIndex === undefined ? record.containers.map((_, index) => index) : [target.regionIndex];
  const ready = indexes.some((index) => regionProgress(record, index, now).ready > 0);
  return ready ? undefined : { status: 503, type: 'service_unavailable', code: 'no_healthy_upstream', message: 'No healthy upstream.' };
}

/** A request to a deployment at zero wakes it: the answer waits for its pod. */
async function awaitPod(state: InferenceState, target: Target, exchange: EndpointExchange): Promise<void> {
  const { record } = target;
  if (record.stopped || !record.containers.every((region) => region.scale.min === 0)) return;
  const now = state.clock.now();
  const readyAtMs = wakePods(record, now, state.timings.wakeMs);
  await exchange.wait(readyAtMs - now);
}

/** Answers a request to a deployment's address; the emulator has recorded it and read its body. */
export async function serveEndpoint(state: InferenceState, exchange: EndpointExchange): Promise<void> {
  const { fault } = exchange;
  await exchange.wait(exchange.latencyMs + (fault?.delayMs ?? 0));
  if (fault?.drop) {
    exchange.response.destroy();
    return;
  }
  if (fault?.status !== undefined) {
    const body = fault.body ?? openAiError({ status: fault.status, type: 'server_error', code: fault.status, message: 'Injected fault.' });
    writeJson(exchange, fault.status, body, fault.headers);
    return;
  }
  const [token, ...rest] = exchange.segments;
  const target = findTarget(state, token);
  if (!target || target.record.deletionTaskId !== null) {
    refuse(exchange, { status: 404, type: 'not_found', code: 'deployment_not_found', message: 'No deployment answers at this address.' });
    return;
  }
  const refusal = gatewayRefusal(target, exchange, state.clock.now());
  if (refusal) {
    refuse(exchange, refusal);
    return;
  }
  const route = rest.join('/');
  if (route !== 'v1/models' && route !== 'v1/chat/completions') {
    writeJson(exchange, 404, { detail: 'Not Found' });
    return;
  }
  const method = route === 'v1/models' ? 'GET' : 'POST';
  if (exchange.method !== method) {
    writeJson(exchange, 405, { detail: 'Method Not Allowed' }, { Allow: method });
    return;
  }
  await awaitPod(state, target, exchange);
  if (exchange.response.destroyed) return;
  const models = servedModelIds(target.record);
  if (route === 'v1/models') {
    const created = Math.floor(Date.parse(target.record.createdAt) / 1000);
    writeJson(exchange, 200, {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created, owned_by: 'vllm', root: id, max_model_len: 8192 })),
    });
    return;
  }
  await chatCompletion(state, exchange, models);
}

function checkCompletion(body: unknown, models: readonly string[]): Refusal | undefined {
  const bad = (param: string, message: string): Refusal => ({ status: 400, type: 'invalid_request_error', code: null, param, message });
  if (!isJsonObject(body)) return bad('body', 'The body must be a JSON object.');
  if (typeof body.model !== 'string') return bad('model', 'model is required.');
  if (!Array.isArray(body.messages) || body.messages.length === 0) return bad('messages', 'messages must be a non-empty list.');
  if (!models.includes(body.model)) {
    return {
      status: 404,
      type: 'invalid_request_error',
      code: 'model_not_found',
      param: 'model',
      message: `The model \`${body.model}\` does not exist.`,
    };
  }
  return undefined;
}

async function chatCompletion(state: InferenceState, exchange: EndpointExchange, models: readonly string[]): Promise<void> {
  const refusal = checkCompletion(exchange.json, models);
  if (refusal) {
    refuse(exchange, refusal);
    return;
  }
  const body = exchange.json as Record<string, unknown>;
  const model = body.model as string;
  const id = `chatcmpl-${randomBytes(8).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  let calls = 0;
  const answer = planAnswer(body, model, () => `call_${id.slice(-8)}_${calls++}`);
  if (body.stream !== true) {
    writeJson(exchange, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: answerMessage(answer), finish_reason: answer.finishReason }],
      usage: usageOf(body, answer),
    });
    return;
  }
  await streamAnswer(state, exchange, { id, created, model, body, answer });
}

interface StreamedAnswer {
  id: string;
  created: number;
  model: string;
  body: Record<string, unknown>;
  answer: PlannedAnswer;
}

/** Resolves when the response can take more, or is gone. */
function drained(response: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

async function streamAnswer(state: InferenceState, exchange: EndpointExchange, streamed: StreamedAnswer): Promise<void> {
  const { response, fault } = exchange;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({
      id: streamed.id,
      object: 'chat.completion.chunk',
      created: streamed.created,
      model: streamed.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...extra,
    })}\n\n`;
  response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  exchange.onStatus(200);
  let ended = false;
  response.on('close', () => {
    if (!ended) exchange.onClosedEarly();
  });
  const deltas = [{ role: 'assistant', content: '' }, ...answerDeltas(streamed.answer)];
  const breakAt = fault?.resetMidBody || fault?.streamErrorStatus !== undefined ? Math.ceil(deltas.length / 2) : undefined;
  for (let index = 0; index < deltas.length; index++) {
    if (response.destroyed) return;
    if (index === breakAt) {
      if (fault?.resetMidBody) {
        ended = true;
        // Let what was written leave first: a destroy discards the socket's pending writes.
        await new Promise<void>((resolve) => setImmediate(resolve));
        response.destroy();
        return;
      }
      const status = fault?.streamErrorStatus ?? 500;
      response.end(
        `data: ${JSON.stringify(openAiError({ status, type: 'server_error', code: status, message: 'The model server failed.' }))}\n\n`,
      );
      ended = true;
      return;
    }
    if (index > 1) await exchange.wait(state.timings.tokenMs);
    if (!response.write(chunk(deltas[index]))) await drained(response);
  }
  const includeUsage = isJsonObject(streamed.body.stream_options) && streamed.body.stream_options.include_usage === true;
  response.write(chunk({}, streamed.answer.finishReason));
  if (includeUsage) {
    response.write(
      `data: ${JSON.stringify({ id: streamed.id, object: 'chat.completion.chunk', created: streamed.created, model: streamed.model, choices: [], usage: usageOf(streamed.body, streamed.answer) })}\n\n`,
    );
  }
  ended = true;
  response.end('data: [DONE]\n\n');
}
