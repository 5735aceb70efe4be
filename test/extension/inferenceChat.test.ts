import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator, Fault } from '../emulator/server';
import { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS } from '../emulator/inference-seed';
import { inferenceDeploymentBody } from '../support/inferenceBodies';
import { extensionApi, rejects, run, signedInAt, TEST_KEY } from './support/harness';
import { pasteKeySecret } from './support/inferenceKeyRows';

/*
 * Use in Chat against the emulator's deployment addresses: the models VS Code's chat lists under the vendor gcore,
 * answers through vscode.lm's sendRequest (text, tool calls, cancellation, errors), and the headers on the wire.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const LLAMA = { projectId: 1, name: SEEDED_DEPLOYMENTS.active };
const LLAMA_MODEL = 'meta-llama/Llama-3.1-8B-Instruct';
const QWEN = { projectId: 1, name: SEEDED_DEPLOYMENTS.pending };
/** A real image: the workbench decodes an image part (to scale it) before the provider sees it. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const COMPLETIONS = /\/v1\/chat\/completions$/;

function atAddresses(emulator: Emulator) {
  return emulator.requests.filter((request) => request.path.startsWith('/inference-endpoints/'));
}

async function answerText(response: vscode.LanguageModelChatResponse): Promise<string> {
  let text = '';
  for await (const part of response.stream) if (part instanceof vscode.LanguageModelTextPart) text += part.value;
  return text;
}

/** The text a response streamed, and the error it ended with (none when it ended well). */
async function answerUntilFailure(response: vscode.LanguageModelChatResponse): Promise<{ text: string; error?: Error }> {
  let text = '';
  try {
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) text += part.value;
    }
    return { text };
  } catch (error) {
    return { text, error: error as Error };
  }
}

/** The numbers counted before the answer broke off, then the note saying so, with the count of what came. */
function assertKeptWithNote(text: string): void {
  const found = /^(1 2 3(?: \d+)*)\n\n_The answer of inference deployment llama-chat broke off after (\d+) characters: ask again\._$/.exec(
    text,
  );
  assert.ok(found, text);
  assert.equal(Number(found[2]), found[1].length);
  assert.ok(!found[1].endsWith(' 40'), text);
}

function ask(model: vscode.LanguageModelChat, ...content: vscode.LanguageModelChatMessage['content']) {
  return model.sendRequest(
    [new vscode.LanguageModelChatMessage(vscode.LanguageModelChatMessageRole.User, content)],
    {},
    new vscode.CancellationTokenSource().token,
  );
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
    await signedInAt(LOCATION);
    await pasteKeySecret('team-key', SEEDED_API_KEY_SECRET);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
    await run('gcore.removeInferenceChatModels', LLAMA).catch(() => undefined);
  });

  after(async () => {
    for (const deployment of [LLAMA, QWEN]) await run('gcore.removeInferenceChatModels', deployment).catch(() => undefined);
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
    emulator.inject({
      method: 'POST',
      path: COMPLETIONS,
      status: 404,
      body: {
        error: {
          message: `The model \`${LLAMA_MODEL}\` does not exist.`,
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      },
    });
    await rejects(
      model.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {}, new vscode.CancellationTokenSource().token).then(answerText),
      /no longer serves model meta-llama\/Llama-3\.1-8B-Instruct: run "Gcore: Use in Chat" on it again/,
    );
    await run('gcore.stopInferenceDeployment', LLAMA);
    const stopped = model.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {}, new vscode.CancellationTokenSource().token);
    await rejects(
      stopped.then((response) => answerText(response)),
      /is stopped: start it \("Gcore: Start Inference Deployment"\), then ask again\./,
    );
  });

  it('says a deployment at zero is waking, then answers', async () => {
    emulator.setInferenceWakeMs(50);
    const [id] = await run<string[]>('gcore.addInferenceChatModels', QWEN);
    // Past the deployment's idle timeout its woken pod is gone again: the next answer wakes one.
    emulator.advanceTasks(10 * 60_000);
    emulator.setInferenceWakeMs(4_000);
    const model = await gcoreModel(id);
    const started = Date.now();
    const { text, error } = await answerUntilFailure(await ask(model, new vscode.LanguageModelTextPart('hi')));
    assert.equal(error, undefined);
    assert.ok(Date.now() - started >= 4_000, `answered after ${Date.now() - started} ms`);
    assert.match(
      text,
      /^_Waking inference deployment qwen-coder: it was scaled to zero.*_\n\nHello from Qwen\/Qwen2\.5-Coder-7B-Instruct\. You said: hi$/s,
    );
  });

  const brokenStreams: [string, Fault][] = [
    ['broken off mid-way', { method: 'POST', path: COMPLETIONS, resetMidBody: true }],
    ['ended by an error event', { method: 'POST', path: COMPLETIONS, streamErrorStatus: 500 }],
  ];
  for (const [how, fault] of brokenStreams) {
    it(`keeps the text of a stream ${how} and ends it with a note`, async () => {
      const [id] = await run<string[]>('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'team-key' });
      const model = await gcoreModel(id);
      emulator.inject(fault);
      const { text, error } = await answerUntilFailure(await ask(model, new vscode.LanguageModelTextPart('count to 40')));
      assert.equal(error, undefined, 'a failure after text ends the answer with a note: an error would drop the text');
      assertKeptWithNote(text);
    });
  }

  it('leaves an image out with a note for a model without vision', async () => {
    const [id] = await run<string[]>('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'team-key' });
    const model = await gcoreModel(id);
    // 1.104's data part, not in the 1.101 types the project builds with.
    const dataPart = (vscode as unknown as { LanguageModelDataPart: { image(data: Uint8Array, mime: string): unknown } })
      .LanguageModelDataPart;
    const image = dataPart.image(ONE_PIXEL_PNG, 'image/png') as vscode.LanguageModelTextPart;
    const { text, error } = await answerUntilFailure(await ask(model, new vscode.LanguageModelTextPart('what is this'), image));
    assert.equal(error, undefined);
    assert.equal(
      text,
      `_${LLAMA_MODEL} does not take images: the 1 image(s) of this chat were left out._\n\nHello from ${LLAMA_MODEL}. You said: what is this`,
    );
    const sent = atAddresses(emulator).find((request) => COMPLETIONS.test(request.path));
    assert.ok(sent && !sent.body.includes('image_url'), sent?.body);
  });

  it('follows a deployment made again under its name to its new address, once, and keeps it', async () => {
    const [id] = await run<string[]>('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'team-key' });
    const model = await gcoreModel(id);
    const before = await run<{ address: string }>('gcore.getInferenceDeployment', LLAMA);
    try {
      const deleted = await run<{ tasks: string[] }>('gcore.deleteInferenceDeployment', LLAMA);
      // Gone at once at the emulator, so that the name is free: both tasks are then waited for together.
      emulator.advanceTasks(60 * 60_000);
      const made = await run<{ tasks: string[] }>('gcore.createInferenceDeployment', {
        projectId: LLAMA.projectId,
        deployment: inferenceDeploymentBody({
          name: LLAMA.name,
          command: ['--model', LLAMA_MODEL],
          api_keys: ['team-key'],
          containers: [{ region_id: 76, scale: { min: 1, max: 1 } }],
        }),
      });
      emulator.advanceTasks(60 * 60_000);
      await run('gcore.waitForTasks', { taskIds: [...deleted.tasks, ...made.tasks] });
      const after = await run<{ address: string; status: string }>('gcore.getInferenceDeployment', LLAMA);
      assert.equal(after.status, 'ACTIVE');
      assert.notEqual(after.address, before.address);

      // The answers' requests and the read of the deployment; the tree's own reads after the tasks are not the chat's.
      const deploymentPath = `/cloud/v3/inference/${LLAMA.projectId}/deployments/${LLAMA.name}`;
      const chatRequests = (from: number) =>
        emulator.requests
          .slice(from)
          .filter((request) => COMPLETIONS.test(request.path) || request.path === deploymentPath)
          .map((request) => [request.method, request.path, request.status]);
      const asked = emulator.requests.length;
      assert.equal(await answerText(await ask(model, new vscode.LanguageModelTextPart('hi'))), `Hello from ${LLAMA_MODEL}. You said: hi`);
      assert.deepEqual(chatRequests(asked), [
        ['POST', `${new URL(before.address).pathname}/v1/chat/completions`, 404],
        ['GET', deploymentPath, 200],
        ['POST', `${new URL(after.address).pathname}/v1/chat/completions`, 200],
      ]);
      for (const request of atAddresses(emulator).slice(-2)) {
        assert.equal(request.headers['x-api-key'], SEEDED_API_KEY_SECRET);
        assert.ok(!JSON.stringify(request.headers).includes(TEST_KEY));
      }

      const again = emulator.requests.length;
      assert.equal(
        await answerText(await ask(model, new vscode.LanguageModelTextPart('again'))),
        `Hello from ${LLAMA_MODEL}. You said: again`,
      );
      assert.deepEqual(chatRequests(again), [['POST', `${new URL(after.address).pathname}/v1/chat/completions`, 200]]);
    } finally {
      await run('gcore.removeInferenceChatModels', LLAMA);
      emulator.reset();
    }
  });

  it('refuses a deployment with keys without a key whose secret this machine holds, naming the field', async () => {
    await rejects(run('gcore.addInferenceChatModels', LLAMA), /apiKeyName/);
    await rejects(run('gcore.addInferenceChatModels', { ...LLAMA, apiKeyName: 'other' }), /apiKeyName/);
    assert.equal(atAddresses(emulator).length, 0);
  });
});
