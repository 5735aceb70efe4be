import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS } from '../emulator/inference-seed';
import { extensionApi, rejects, run, signedInAt, TEST_KEY } from './support/harness';

/*
 * Use in Chat against the emulator's deployment addresses: the models VS Code's chat lists under the vendor gcore,
 * answers through vscode.lm's sendRequest (text, tool calls, cancellation, errors), and the headers on the wire.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const LLAMA = { projectId: 1, name: SEEDED_DEPLOYMENTS.active };
const LLAMA_MODEL = 'meta-llama/Llama-3.1-8B-Instruct';

function atAddresses(emulator: Emulator) {
  return emulator.requests.filter((request) => request.path.startsWith('/inference-endpoints/'));
}

async function answerText(response: vscode.LanguageModelChatResponse): Promise<string> {
  let text = '';
  for await (const part of response.stream) if (part instanceof vscode.LanguageModelTextPart) text += part.value;
  return text;
}

async function gcoreModel(id: string): Promise<vscode.LanguageModelChat> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = (await vscode.lm.selectChatModels({ vendor: 'gcore' })).find((model) => model.id === id);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(
    `vscode.lm lists no gcore model ${id}: ${JSON.stringify((await vscode.lm.selectChatModels({ vendor: 'gcore' })).map((model) => model.id))}`,
  );
}

describe('inference chat models', function () {
  this.timeout(60_000);
  let emulator: Emulator;

  before(async () => {
    await (await extensionApi()).storeInferenceKeySecret(1, 'team-key', SEEDED_API_KEY_SECRET);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
    await run('gcore.removeInferenceChatModels', LLAMA).catch(() => undefined);
  });

  after(async () => {
    await run('gcore.removeInferenceChatModels', LLAMA).catch(() => undefined);
    // Detached and deleted, the key takes its stored secret with it: the next test files expect none held.
    emulator = await signedInAt(LOCATION);
    await run('gcore.detachInferenceApiKey', { ...LLAMA, name: 'team-key', deployment: LLAMA.name });
    await run('gcore.deleteInferenceApiKey', { projectId: LLAMA.projectId, name: 'team-key' });
    (await extensionApi()).stopFollowingTasks();
  });

  it('offers the deployment’s models to vscode.lm and answers through sendRequest', async () => {
    const ids = await run<string[]>('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'team-key' });
    assert.deepEqual(ids, [`1/${SEEDED_DEPLOYMENTS.active}/${LLAMA_MODEL}`]);
    const model = await gcoreModel(ids[0]);
    assert.equal(model.name, `${SEEDED_DEPLOYMENTS.active} · ${LLAMA_MODEL}`);
    const response = await model.sendRequest(
      [vscode.LanguageModelChatMessage.User('hi there')],
      {},
      new vscode.CancellationTokenSource().token,
    );
    assert.equal(await answerText(response), `Hello from ${LLAMA_MODEL}. You said: hi there`);

    const sent = atAddresses(emulator);
    assert.ok(sent.length >= 2);
    for (const request of sent) {
      assert.equal(request.headers['x-api-key'], SEEDED_API_KEY_SECRET);
      assert.equal(request.headers.authorization, undefined);
      assert.ok(!JSON.stringify(request.headers).includes(TEST_KEY));
    }
  });

  it('streams a tool call as one LanguageModelToolCallPart and sends its result back as a tool message', async () => {
    const [id] = await run<string[]>('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'team-key' });
    const model = await gcoreModel(id);
    const tools = [
      {
        name: 'get_weather',
        description: 'The weather',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ];
    const first = await model.sendRequest(
      [vscode.LanguageModelChatMessage.User('call get_weather')],
      { tools },
      new vscode.CancellationTokenSource().token,
    );
    const calls: vscode.LanguageModelToolCallPart[] = [];
    for await (const part of first.stream) if (part instanceof vscode.LanguageModelToolCallPart) calls.push(part);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].name, 'get_weather');
    assert.deepEqual(calls[0].input, { city: 'example' });
    const second = await model.sendRequest(
      [
        vscode.LanguageModelChatMessage.User('call get_weather'),
        vscode.LanguageModelChatMessage.Assistant([calls[0]]),
        vscode.LanguageModelChatMessage.User([
          new vscode.LanguageModelToolResultPart(calls[0].callId, [new vscode.LanguageModelTextPart('sunny')]),
        ]),
      ],
      { tools },
      new vscode.CancellationTokenSource().token,
    );
    assert.equal(await answerText(second), 'The tool get_weather answered: sunny');
  });

  it('aborts the HTTP request when the request is cancelled', async () => {
    const [id] = await run<string[]>('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'team-key' });
    const model = await gcoreModel(id);
    const cancel = new vscode.CancellationTokenSource();
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('count to 100000')], {}, cancel.token);
    let seen = 0;
    await assert.rejects(
      (async () => {
        for await (const _part of response.stream) if (++seen === 3) cancel.cancel();
      })(),
    );
    const completion = () => atAddresses(emulator).find((request) => request.path.endsWith('/v1/chat/completions'));
    for (let attempt = 0; attempt < 100 && completion()?.closedEarly !== true; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(completion()?.closedEarly, true);
  });

  it('says a stopped deployment is stopped, and a model gone, with the next step', async () => {
    const [id] = await run<string[]>('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'team-key' });
    const model = await gcoreModel(id);
    await run('gcore.stopInferenceDeployment', LLAMA);
    const stopped = model.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {}, new vscode.CancellationTokenSource().token);
    await rejects(
      stopped.then((response) => answerText(response)),
      /is stopped\. Start it/,
    );
  });

  it('refuses a deployment with keys without a key whose secret this machine holds, naming the field', async () => {
    await rejects(run('gcore.addInferenceChatModels', LLAMA), /apiKeyName/);
    await rejects(run('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'other' }), /apiKeyName/);
    assert.equal(atAddresses(emulator).length, 0);
  });
});
