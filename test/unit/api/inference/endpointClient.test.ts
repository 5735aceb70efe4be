import * as assert from 'node:assert/strict';
import { EndpointError, InferenceEndpointClient, endpointUrl, type ChatStreamEvent } from '../../../../src/api/inference/endpointClient';
import { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS, start, type Emulator } from '../../../emulator/server';

const API_KEY = 'gcore-key-that-must-stay-home';
const MODEL = 'meta-llama/Llama-3.1-8B-Instruct';
const TIMINGS = { wakeMs: 0, tokenMs: 0 };

async function collect(events: AsyncIterable<ChatStreamEvent[]>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const batch of events) all.push(...batch);
  return all;
}

function textOf(events: readonly ChatStreamEvent[]): string {
  return events.map((event) => (event.type === 'text' ? event.text : '')).join('');
}

async function failure(promise: Promise<unknown>): Promise<EndpointError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof EndpointError, String(error));
    return error;
  }
  assert.fail('expected a failure');
}

describe('InferenceEndpointClient against the emulator', () => {
  let emulator: Emulator;
  let address: string;
  const client = new InferenceEndpointClient({ userAgent: 'test' });

  before(async () => {
    emulator = await start({ apiKey: API_KEY, inferenceTimings: TIMINGS });
  });
  beforeEach(async () => {
    emulator.reset();
    const answer = await fetch(`${emulator.url}/cloud/v3/inference/1/deployments/${SEEDED_DEPLOYMENTS.active}`, {
      headers: { Authorization: `apikey ${API_KEY}` },
    });
    address = ((await answer.json()) as { address: string }).address;
    emulator.requests.length = 0;
  });
  after(() => emulator.close());

  const keyed = () => ({ address, secret: SEEDED_API_KEY_SECRET });
  const hello = { model: MODEL, messages: [{ role: 'user' as const, content: 'hi' }] };

  it('lists the models, sending the deployment key and never the Gcore key', async () => {
    assert.deepEqual(await client.listModels(keyed()), [{ id: MODEL, maxModelLength: 8192 }]);
    const [request] = emulator.requests;
    assert.equal(request.headers['x-api-key'], SEEDED_API_KEY_SECRET);
    assert.equal(request.headers.authorization, undefined);
    assert.ok(!JSON.stringify(request.headers).includes(API_KEY));
  });

  it('streams text and ends at [DONE], with the usage', async () => {
    const events = await collect(await client.openChatStream(keyed(), { ...hello, messages: [{ role: 'user', content: 'count to 30' }] }));
    assert.equal(textOf(events), Array.from({ length: 30 }, (_, index) => index + 1).join(' '));
    assert.deepEqual(
      events.filter((event) => event.type !== 'text'),
      [
        { type: 'finish', reason: 'stop' },
        { type: 'usage', promptTokens: 3, completionTokens: 30 },
      ],
    );
    const body = emulator.requests[0].json as Record<string, unknown>;
    assert.equal(body.stream, true);
    assert.equal(body.model, MODEL);
  });

  it('streams tool call fragments with their index, the tools sent as function tools', async () => {
    const tools = [
      { type: 'function' as const, function: { name: 'get_time', parameters: { type: 'object', properties: {}, required: [] } } },
    ];
    const events = await collect(
      await client.openChatStream(keyed(), { ...hello, messages: [{ role: 'user', content: 'get_time please' }], tools }),
    );
    const fragments = events.flatMap((event) => (event.type === 'toolCall' ? [event.fragment] : []));
    assert.equal(fragments[0].name, 'get_time');
    assert.ok(fragments.every((fragment) => fragment.index === 0));
    assert.deepEqual((emulator.requests[0].json as { tools: unknown }).tools, tools);
    assert.deepEqual(events.at(-2), { type: 'finish', reason: 'tool_calls' });
  });

  it('says which failure it met: a refused key, a model gone, a stopped deployment, nothing there', async () => {
    assert.equal((await failure(client.listModels({ address }))).kind, 'unauthorized');
    assert.equal((await failure(client.openChatStream(keyed(), { ...hello, model: 'gone' }))).kind, 'modelNotFound');
    await fetch(`${emulator.url}/cloud/v3/inference/1/deployments/${SEEDED_DEPLOYMENTS.active}/stop`, {
      method: 'POST',
      headers: { Authorization: `apikey ${API_KEY}` },
    });
    const stopped = await failure(client.listModels(keyed()));
    assert.equal(stopped.kind, 'unavailable');
    assert.equal(stopped.details.code, 'deployment_disabled');
    assert.equal((await failure(client.listModels({ address: `${emulator.url}/inference-endpoints/nothing` }))).kind, 'notFound');
    const atAddresses = emulator.requests.filter((request) => request.path.startsWith('/inference-endpoints/'));
    assert.equal(atAddresses.length, 4);
    assert.ok(!JSON.stringify(atAddresses.map((request) => request.headers)).includes(API_KEY));
  });

  it('says a stream broke off or failed mid-answer', async () => {
    const path = new URL(`${address}/v1/chat/completions`).pathname;
    const counting = { ...hello, messages: [{ role: 'user' as const, content: 'count to 40' }] };
    emulator.inject({ path, resetMidBody: true });
    const broken = await failure(collect(await client.openChatStream(keyed(), counting)));
    assert.equal(broken.kind, 'broken');
    emulator.inject({ path, streamErrorStatus: 500 });
    const failed = await failure(collect(await client.openChatStream(keyed(), counting)));
    assert.equal(failed.kind, 'server');
    assert.equal(failed.details.midStream, true);
  });

  it('aborts the HTTP request at once when its signal is aborted', async () => {
    const controller = new AbortController();
    const events = await client.openChatStream(
      { ...keyed(), signal: controller.signal },
      { ...hello, messages: [{ role: 'user', content: 'count to 1000000' }] },
    );
    let seen = 0;
    const error = await failure(
      (async () => {
        for await (const batch of events) {
          seen += batch.filter((event) => event.type === 'text').length;
          if (seen >= 5) controller.abort();
        }
      })(),
    );
    assert.equal(error.kind, 'cancelled');
    for (let attempt = 0; attempt < 100 && emulator.requests[0].closedEarly !== true; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(emulator.requests[0].closedEarly, true);
  });

  it('sends nothing to an address a key may not go to', async () => {
    for (const bad of ['http://example.com/x', 'ftp://127.0.0.1/x', 'not a url', 'https://user:pw@example.com']) {
      assert.throws(
        () => endpointUrl(bad, 'v1/models'),
        (error: unknown) => error instanceof EndpointError && error.kind === 'badAddress',
        bad,
      );
    }
    assert.equal(endpointUrl('https://x.ai.gcore.dev', 'v1/models').href, 'https://x.ai.gcore.dev/v1/models');
    assert.equal(endpointUrl('http://127.0.0.1:8/p/q', 'v1/models').href, 'http://127.0.0.1:8/p/q/v1/models');
    assert.equal(emulator.requests.length, 0);
  });
});
