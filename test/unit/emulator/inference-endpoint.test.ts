import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS, start, type Emulator } from '../../emulator/server';
import { get, taskOf, type Json } from './gpu-requests';
import { API_KEY, rawRequest, type RawResponse } from './raw-http';

const WAKE_MS = 400;
const TIMINGS = { deployMs: 1_000, tasks: { newMs: 50, runningMs: 100 }, limitsRequestMs: 1_000, wakeMs: WAKE_MS, tokenMs: 0 };
const LLAMA_MODEL = 'meta-llama/Llama-3.1-8B-Instruct';
const KEYED = { 'X-API-Key': SEEDED_API_KEY_SECRET };

interface Deployment {
  status: string;
  address: string;
  containers: { address: string; deploy_status: { total: number; ready: number } }[];
}

interface Streamed {
  status: number;
  /** The `data:` payloads in order, `[DONE]` as text. */
  events: (Json | '[DONE]')[];
  /** The connection broke before the answer ended. */
  broken: boolean;
}

/** A streamed request read with plain node:http, each `data:` line parsed. */
function streamRequest(url: string, body: Json, headers: Record<string, string> = KEYED): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (response) => {
      let text = '';
      let broken = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('aborted', () => (broken = true));
      response.on('error', () => (broken = true));
      response.on('close', () => {
        const events = text
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .map((data) => (data === '[DONE]' ? ('[DONE]' as const) : (JSON.parse(data) as Json)));
        resolve({ status: response.statusCode ?? 0, events, broken: broken || !response.complete });
      });
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

function deltas(streamed: Streamed): Json[] {
  return streamed.events.flatMap((event) =>
    event === '[DONE]' ? [] : ((event.choices as { delta: Json }[]).map((choice) => choice.delta) ?? []),
  );
}

function text(streamed: Streamed): string {
  return deltas(streamed)
    .map((delta) => (typeof delta.content === 'string' ? delta.content : ''))
    .join('');
}

function errorCode(response: RawResponse): unknown {
  return (response.json as { error: { code: unknown } }).error.code;
}

describe('emulator inference endpoints', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, inferenceTimings: TIMINGS });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  const deployment = (name: string) => get<Deployment>(emulator, `/cloud/v3/inference/1/deployments/${name}`);
  const call = (address: string, method: string, route: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    rawRequest(emulator, method, `${new URL(address).pathname}${route}`, { authorization: null, headers: KEYED, ...options });
  const chat = (message: string, extra: Json = {}) => ({ model: LLAMA_MODEL, messages: [{ role: 'user', content: message }], ...extra });

  it('gives each deployment and region an address of its own on the emulator', async () => {
    const llama = await deployment(SEEDED_DEPLOYMENTS.active);
    const qwen = await deployment(SEEDED_DEPLOYMENTS.pending);
    const addresses = [llama.address, qwen.address, ...llama.containers.map((region) => region.address)];
    assert.equal(new Set(addresses).size, addresses.length);
    for (const address of addresses) assert.ok(address.startsWith(`${emulator.url}/`), address);
  });

  it('serves the seeded deployments at the addresses an earlier emulator on its port gave, before its API is asked', async () => {
    const first = await start({ apiKey: API_KEY });
    const { address } = await get<Deployment>(first, `/cloud/v3/inference/1/deployments/${SEEDED_DEPLOYMENTS.active}`);
    await first.close();
    const second = await start({ apiKey: API_KEY, port: first.port });
    try {
      // A new agent, as a new process has: a pooled connection would still be the first emulator's.
      const models = await rawRequest(second, 'GET', `${new URL(address).pathname}/v1/models`, {
        authorization: null,
        headers: KEYED,
        agent: new http.Agent(),
      });
      assert.equal(models.status, 200);
      assert.deepEqual(
        second.requests.map((request) => request.path),
        [`${new URL(address).pathname}/v1/models`],
      );
    } finally {
      await second.close();
    }
  });

  it('lists the models the deployment serves, at its address and at each region', async () => {
    const llama = await deployment(SEEDED_DEPLOYMENTS.active);
    for (const address of [llama.address, llama.containers[1].address]) {
      const models = await call(address, 'GET', '/v1/models');
      assert.equal(models.status, 200);
      assert.deepEqual(
        (models.json as { data: { id: string }[] }).data.map((model) => model.id),
        [LLAMA_MODEL],
      );
    }
    const qwen = await call((await deployment(SEEDED_DEPLOYMENTS.pending)).address, 'GET', '/v1/models', { headers: {} });
    assert.deepEqual((qwen.json as { data: { id: string }[] }).data[0].id, 'Qwen/Qwen2.5-Coder-7B-Instruct');
  });

  it('refuses a keyed deployment without its key, and takes no Gcore key for one', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const none = await call(address, 'GET', '/v1/models', { headers: {} });
    assert.equal(none.status, 401);
    assert.equal(errorCode(none), 'invalid_api_key');
    const gcore = await rawRequest(emulator, 'GET', `${new URL(address).pathname}/v1/models`);
    assert.equal(gcore.status, 401);
    const wrong = await call(address, 'GET', '/v1/models', { headers: { 'X-API-Key': 'not-it' } });
    assert.equal(wrong.status, 401);
  });

  it('gives a deployment made again under its name a new address, the old one answering as for one gone', async () => {
    const path = `/cloud/v3/inference/1/deployments/${SEEDED_DEPLOYMENTS.active}`;
    const seeded = await deployment(SEEDED_DEPLOYMENTS.active);
    taskOf(await rawRequest(emulator, 'DELETE', path));
    emulator.advanceTasks(TIMINGS.tasks.newMs + TIMINGS.tasks.runningMs);
    const remade = {
      name: SEEDED_DEPLOYMENTS.active,
      image: 'ghcr.io/example/llama-server:1.4.0',
      listening_port: 8000,
      flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
      command: ['--model', LLAMA_MODEL],
      api_keys: ['team-key'],
      containers: [{ region_id: 76, scale: { min: 1, max: 1 } }],
    };
    taskOf(await rawRequest(emulator, 'POST', '/cloud/v3/inference/1/deployments', { body: remade }));
    emulator.advanceTasks(TIMINGS.deployMs);
    const again = await deployment(SEEDED_DEPLOYMENTS.active);
    assert.equal(again.status, 'ACTIVE');
    assert.notEqual(again.address, seeded.address);
    assert.notEqual(again.containers[0].address, seeded.containers[0].address);
    const old = await call(seeded.address, 'GET', '/v1/models');
    assert.equal(old.status, 404);
    assert.equal(errorCode(old), 'deployment_not_found');
    assert.equal((await call(again.address, 'GET', '/v1/models')).status, 200);

    emulator.reset();
    assert.equal((await deployment(SEEDED_DEPLOYMENTS.active)).address, seeded.address);
  });

  it('answers a chat completion whole', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const answer = await call(address, 'POST', '/v1/chat/completions', { body: chat('hi there') });
    assert.equal(answer.status, 200);
    const body = answer.json as {
      choices: { message: { content: string }; finish_reason: string }[];
      usage: { completion_tokens: number };
    };
    assert.equal(body.choices[0].message.content, `Hello from ${LLAMA_MODEL}. You said: hi there`);
    assert.equal(body.choices[0].finish_reason, 'stop');
  });

  it('streams text a token a chunk and ends with [DONE]', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const streamed = await streamRequest(`${address}/v1/chat/completions`, chat('count to 50', { stream: true }));
    assert.equal(streamed.status, 200);
    assert.equal(text(streamed), Array.from({ length: 50 }, (_, index) => index + 1).join(' '));
    assert.equal(streamed.events.at(-1), '[DONE]');
    assert.ok(streamed.events.length > 50);
  });

  it('cuts an answer at max_tokens', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const streamed = await streamRequest(`${address}/v1/chat/completions`, chat('count to 50', { stream: true, max_tokens: 3 }));
    assert.equal(text(streamed), '1 2 3');
    const finish = streamed.events.flatMap((event) => (event === '[DONE]' ? [] : (event.choices as { finish_reason: string | null }[])));
    assert.equal(finish.at(-1)?.finish_reason, 'length');
  });

  it('calls the tools a message names, in fragments joined by index, and uses a tool result', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const tools = [
      {
        type: 'function',
        function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      },
      {
        type: 'function',
        function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { enum: ['UTC', 'CET'] } }, required: ['zone'] } },
      },
    ];
    const streamed = await streamRequest(
      `${address}/v1/chat/completions`,
      chat('Use get_time and then get_weather', { stream: true, tools }),
    );
    const fragments = deltas(streamed).flatMap(
      (delta) => (delta.tool_calls as { index: number; id?: string; function: { name?: string; arguments: string } }[] | undefined) ?? [],
    );
    assert.ok(fragments.length > 2);
    const joined = new Map<number, { id?: string; name?: string; arguments: string }>();
    for (const fragment of fragments) {
      const call = joined.get(fragment.index) ?? { arguments: '' };
      call.id ??= fragment.id;
      call.name ??= fragment.function.name;
      call.arguments += fragment.function.arguments;
      joined.set(fragment.index, call);
    }
    const calls = [...joined.values()];
    assert.deepEqual(
      calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [
        ['get_time', { zone: 'UTC' }],
        ['get_weather', { city: 'example' }],
      ],
    );
    const after = await streamRequest(`${address}/v1/chat/completions`, {
      model: LLAMA_MODEL,
      stream: true,
      tools,
      messages: [
        { role: 'user', content: 'Use get_time' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: calls[0].id, type: 'function', function: { name: 'get_time', arguments: calls[0].arguments } }],
        },
        { role: 'tool', tool_call_id: calls[0].id, content: '12:00' },
      ],
    });
    assert.equal(text(after), 'The tool get_time answered: 12:00');
  });

  it('answers a model it does not serve 404 model_not_found', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const answer = await call(address, 'POST', '/v1/chat/completions', { body: { ...chat('hi'), model: 'gone' } });
    assert.equal(answer.status, 404);
    assert.equal(errorCode(answer), 'model_not_found');
  });

  it('wakes a deployment at zero: the first answer waits for its pod, which then runs', async () => {
    const pending = await deployment(SEEDED_DEPLOYMENTS.pending);
    assert.equal(pending.status, 'PENDING');
    const body = { model: 'Qwen/Qwen2.5-Coder-7B-Instruct', messages: [{ role: 'user', content: 'hi' }] };
    const started = Date.now();
    const first = await call(pending.address, 'POST', '/v1/chat/completions', { body, headers: {} });
    assert.equal(first.status, 200);
    assert.ok(Date.now() - started >= WAKE_MS - 20, `${Date.now() - started} ms`);
    const woken = await deployment(SEEDED_DEPLOYMENTS.pending);
    assert.equal(woken.status, 'ACTIVE');
    assert.deepEqual(woken.containers[0].deploy_status, { total: 1, ready: 1 });
    const again = Date.now();
    await call(pending.address, 'POST', '/v1/chat/completions', { body, headers: {} });
    assert.ok(Date.now() - again < WAKE_MS, 'a woken deployment answers at once');
  });

  it('takes the wake time a test sets until a reset, and refuses one that is not a whole number', async () => {
    emulator.setInferenceWakeMs(WAKE_MS * 3);
    const pending = await deployment(SEEDED_DEPLOYMENTS.pending);
    const body = { model: 'Qwen/Qwen2.5-Coder-7B-Instruct', messages: [{ role: 'user', content: 'hi' }] };
    const started = Date.now();
    await call(pending.address, 'POST', '/v1/chat/completions', { body, headers: {} });
    assert.ok(Date.now() - started >= WAKE_MS * 3 - 20, `${Date.now() - started} ms`);
    assert.throws(() => emulator.setInferenceWakeMs(-1), RangeError);
    assert.throws(() => emulator.setInferenceWakeMs(1.5), RangeError);
    emulator.reset();
    const again = Date.now();
    await call((await deployment(SEEDED_DEPLOYMENTS.pending)).address, 'POST', '/v1/chat/completions', { body, headers: {} });
    assert.ok(Date.now() - again < WAKE_MS * 2, `${Date.now() - again} ms after a reset`);
  });

  it('answers for a stopped deployment as the gateway does', async () => {
    await rawRequest(emulator, 'POST', `/cloud/v3/inference/1/deployments/${SEEDED_DEPLOYMENTS.active}/stop`);
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const answer = await call(address, 'GET', '/v1/models');
    assert.equal(answer.status, 503);
    assert.equal(errorCode(answer), 'deployment_disabled');
  });

  it('breaks a stream off, or ends it with an error event, when told to', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    const path = new URL(`${address}/v1/chat/completions`).pathname;
    emulator.inject({ path, resetMidBody: true });
    const broken = await streamRequest(`${address}/v1/chat/completions`, chat('count to 20', { stream: true }));
    assert.ok(broken.broken);
    assert.notEqual(broken.events.at(-1), '[DONE]');
    assert.ok(text(broken).startsWith('1 2'));

    emulator.inject({ path, streamErrorStatus: 502 });
    const failed = await streamRequest(`${address}/v1/chat/completions`, chat('count to 20', { stream: true }));
    const last = failed.events.at(-1) as { error: { code: number } };
    assert.equal(last.error.code, 502);
  });

  it('records every request to an address, and a stream its client closed early', async () => {
    const { address } = await deployment(SEEDED_DEPLOYMENTS.active);
    await new Promise<void>((resolve) => {
      const request = http.request(`${address}/v1/chat/completions`, { method: 'POST', headers: KEYED }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => undefined);
      request.end(JSON.stringify(chat('count to 1000000', { stream: true })));
    });
    const recorded = () => emulator.requests.find((request) => request.path.endsWith('/v1/chat/completions'));
    for (let attempt = 0; attempt < 100 && recorded()?.closedEarly !== true; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(recorded()?.closedEarly, true);
    assert.equal(recorded()?.headers['x-api-key'], SEEDED_API_KEY_SECRET);
  });
});
