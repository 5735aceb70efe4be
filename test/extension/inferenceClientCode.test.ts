import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { eventually, extensionApi, run, signedInAt, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

/*
 * Copy Client Code and Send Test Request against the emulator's own deployment addresses (project 1: llama-chat
 * running with team-key attached, qwen-coder at zero without keys): the code copied, the request sent and its
 * report, the next step a failure offers, and, on every request, that the Gcore key never goes to an address and a
 * deployment's secret never to the Gcore API.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const KEY = 'clientcode';
const LLAMA_MODEL = 'meta-llama/Llama-3.1-8B-Instruct';
const QWEN_MODEL = 'Qwen/Qwen2.5-Coder-7B-Instruct';

interface Deployment {
  name: string;
  status: string;
  address: string;
  api_keys: string[];
}

function rowOf(deployment: Deployment) {
  return {
    nodeType: 'inferenceDeployment',
    id: `inference/1/deployments/${deployment.name}`,
    section: 'inference',
    projectId: 1,
    deployment,
  };
}

async function deployment(name: string): Promise<Deployment> {
  return run<Deployment>('gcore.getInferenceDeployment', { projectId: 1, name });
}

function atAddresses(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.path.startsWith('/inference-endpoints/'));
}

/** The wire rules: the Gcore key never at an address; the deployment's secret never at the Gcore API. */
function assertKeysApart(emulator: Emulator, secret?: string): void {
  for (const request of atAddresses(emulator)) assert.equal(request.headers.authorization, undefined, request.path);
  if (secret === undefined) return;
  for (const request of emulator.requests.filter((request) => !request.path.startsWith('/inference-endpoints/'))) {
    assert.ok(!JSON.stringify(request.headers).includes(secret) && !request.body.includes(secret), request.path);
  }
}

describe('inference client code and test request', function () {
  // A deployment at zero wakes in the emulator's five seconds.
  this.timeout(60_000);
  let emulator: Emulator;
  const logLines: string[] = [];

  before(async () => {
    emulator = await signedInAt(LOCATION);
    (await extensionApi()).tapLog((line) => logLines.push(line));
  });

  after(async () => {
    (await extensionApi()).tapLog(undefined);
    await useUi(new ScriptedUi([]));
    const llama = await deployment('llama-chat');
    if (llama.api_keys.includes(KEY)) await run('gcore.detachInferenceApiKey', { projectId: 1, name: KEY, deployment: 'llama-chat' });
    // Deleting the key removes its stored secret too.
    await run('gcore.deleteInferenceApiKey', { projectId: 1, name: KEY }).then(undefined, () => undefined);
    await useUi(undefined);
  });

  it('copies Python code for a deployment without keys, naming the model it lists', async () => {
    const qwen = await deployment('qwen-coder');
    const ui = new ScriptedUi(['Python (OpenAI client)']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.copyInferenceClientCode', rowOf(qwen));
    ui.assertAllAnswersUsed();
    const [code] = ui.clipboard;
    assert.ok(code.includes(`base_url="${qwen.address}/v1"`), code);
    assert.ok(code.includes(`model="${QWEN_MODEL}"`), code);
    assert.ok(!code.includes('X-API-Key'));
    assert.match(ui.notifications.at(-1)?.message ?? '', new RegExp(`with model ${QWEN_MODEL}\\.$`));
    assert.deepEqual(
      atAddresses(emulator).map((request) => `${request.method} ${request.path.split('/').slice(3).join('/')}`),
      ['GET v1/models'],
    );
    assertKeysApart(emulator);
  });

  it('reads the key from the environment and names the placeholder when no secret here can read the models', async () => {
    emulator.requests.length = 0;
    const ui = new ScriptedUi(['curl', 'From the environment variable GCORE_INFERENCE_API_KEY']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.copyInferenceClientCode', rowOf(await deployment('llama-chat')));
    ui.assertAllAnswersUsed();
    assert.deepEqual(ui.shown[1].labels, ['From the environment variable GCORE_INFERENCE_API_KEY'], 'no secret is held to offer');
    const [code] = ui.clipboard;
    assert.ok(code.includes('-H "X-API-Key: ${GCORE_INFERENCE_API_KEY:?}"'), code);
    assert.ok(code.includes('"model":"MODEL_ID"'), code);
    assert.match(
      ui.notifications.at(-1)?.message ?? '',
      /Set GCORE_INFERENCE_API_KEY to the secret of one of its API keys \(team-key\).*Replace MODEL_ID/,
    );
    assert.deepEqual(atAddresses(emulator), []);
  });

  it("writes a held key's secret into the code only when asked, and says so without the secret", async () => {
    await run('gcore.createInferenceApiKey', { projectId: 1, name: KEY });
    await run('gcore.attachInferenceApiKey', { projectId: 1, name: KEY, deployment: 'llama-chat' });
    const secret = emulator.inferenceApiKeySecret(1, KEY)!;
    emulator.requests.length = 0;
    logLines.length = 0;
    const ui = new ScriptedUi(['TypeScript (openai package)', `The secret of key ${KEY}, written into the code`]);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.copyInferenceClientCode', rowOf(await deployment('llama-chat')));
    ui.assertAllAnswersUsed();
    const [code] = ui.clipboard;
    assert.ok(code.includes(`"X-API-Key": "${secret}"`), code);
    assert.ok(code.includes(`model: "${LLAMA_MODEL}"`), code);
    const said = ui.notifications.at(-1)!;
    assert.equal(said.severity, 'warning');
    assert.match(said.message, new RegExp(`The secret of key ${KEY} is in the code`));
    assert.ok(!said.message.includes(secret));
    const [models] = atAddresses(emulator);
    assert.equal(models.headers['x-api-key'], secret);
    assertKeysApart(emulator, secret);
    assert.ok(!logLines.join('\n').includes(secret));
  });

  it('sends a test request and shows the answer with the time to the first token and the total time', async () => {
    const secret = emulator.inferenceApiKeySecret(1, KEY)!;
    emulator.requests.length = 0;
    const ui = new ScriptedUi(['count to 5']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.sendInferenceTestRequest', rowOf(await deployment('llama-chat')));
    ui.assertAllAnswersUsed();
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.scheme, 'gcore-snapshot');
    const report = editor.document.getText();
    assert.match(report, /^# Test request to llama-chat$/m);
    assert.ok(report.includes(`- Model: \`${LLAMA_MODEL}\``), report);
    assert.match(report, /^- Time to first token: \d+\.\d+ s$/m);
    assert.match(report, /^- Total time: \d+\.\d+ s$/m);
    assert.ok(report.endsWith('## Answer\n\n1 2 3 4 5\n'), report);
    const chat = atAddresses(emulator).find((request) => request.path.endsWith('/v1/chat/completions'))!;
    assert.deepEqual((chat.json as { model: string; stream: boolean }).model, LLAMA_MODEL);
    assert.equal((chat.json as { stream: boolean }).stream, true);
    assert.equal(chat.headers['x-api-key'], secret);
    assertKeysApart(emulator, secret);
    assert.ok(!report.includes(secret));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('cancels a long answer, closing its stream at once', async () => {
    emulator.requests.length = 0;
    const ui = new ScriptedUi(['count to 100000']).cancelProgressAfter(1_500);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.sendInferenceTestRequest', rowOf(await deployment('llama-chat')));
    await eventually(() => {
      const chat = atAddresses(emulator).find((request) => request.path.endsWith('/v1/chat/completions'));
      assert.equal(chat?.closedEarly, true);
    });
    assert.deepEqual(
      ui.notifications.filter((notification) => notification.severity === 'error'),
      [],
    );
  });

  it('says an unreachable address and a refused key in one sentence with the next step', async () => {
    const llama = await deployment('llama-chat');
    emulator.inject({ path: /\/v1\/models$/, drop: true });
    const unreachable = new ScriptedUi(['Say hello in one sentence.']);
    await useUi(unreachable);
    await vscode.commands.executeCommand('gcore.sendInferenceTestRequest', rowOf(llama));
    const [failure] = unreachable.notifications.filter((notification) => notification.severity === 'error');
    assert.match(failure.message, /^Could not reach the deployment at .*\. Check the network and the deployment, then try again\.$/);
    assert.deepEqual(failure.actions, ['Retry']);

    await run('gcore.detachInferenceApiKey', { projectId: 1, name: KEY, deployment: 'llama-chat' });
    const refused = new ScriptedUi(['Say hello in one sentence.']);
    await useUi(refused);
    await vscode.commands.executeCommand('gcore.sendInferenceTestRequest', rowOf(llama));
    const [refusal] = refused.notifications.filter((notification) => notification.severity === 'error');
    assert.match(refusal.message, new RegExp(`^Inference deployment llama-chat refused API key ${KEY}: `));
    assert.deepEqual(refusal.actions, ['Paste Key Secret']);
  });

  it('says a stopped deployment is stopped, and starts it when asked', async () => {
    await run('gcore.stopInferenceDeployment', { projectId: 1, name: 'qwen-coder' });
    emulator.requests.length = 0;
    const ui = new ScriptedUi(['Say hello in one sentence.']).answerNotification(/is stopped/, 'Start');
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.sendInferenceTestRequest', rowOf(await deployment('qwen-coder')));
    const [failure] = ui.notifications.filter((notification) => notification.severity === 'error');
    assert.equal(failure.message, 'Inference deployment qwen-coder is stopped: start it, then send the request again.');
    await eventually(() =>
      assert.ok(
        emulator.requests.some(
          (request) => request.method === 'POST' && request.path === '/cloud/v3/inference/1/deployments/qwen-coder/start',
        ),
      ),
    );
  });
});
