import * as assert from 'node:assert/strict';
import { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS } from '../emulator/inference-seed';
import { oneLocationSettings, useUiSession, type UiSession } from './ui-session';
import type { WorkbenchPage } from './workbench-page';

/**
 * Use in Chat as a user reaches it in the packaged extension: the secret of the deployment's key pasted on its row
 * (the seeded key was made elsewhere), Use in Chat on the ready deployment's row, then VS Code's chat view, whose
 * model picker chooses and lists the deployment's model under Gcore, and @gcore, which answers with it. Each step
 * builds on the one before (mocha --bail).
 *
 * A message without @gcore goes to GitHub Copilot's agent, which here answers "You need to set up GitHub Copilot and
 * be signed in to use Chat." without calling any model; @gcore is the chat view's way to the deployment without it.
 */

const API_KEY = 'ui-inference-chat-key-7a21';
const PROJECT = 1;
const REGION = 76;
const LOCATION_LABEL = 'Default · Luxembourg-2';
const DEPLOYMENT = SEEDED_DEPLOYMENTS.active;
const KEY_NAME = 'team-key';
const MODEL_ID = 'meta-llama/Llama-3.1-8B-Instruct';
const MODEL_NAME = `${DEPLOYMENT} · ${MODEL_ID}`;
const QUESTION = 'What can you do for my team?';
const FOLLOW_UP = 'And for the one next door?';

describe('A ready inference deployment, used in VS Code chat', function () {
  this.timeout(90_000);
  let session: UiSession;
  let wb: WorkbenchPage;

  const started = useUiSession({
    apiKey: API_KEY,
    // The clean profile turns AI features off, which hides the chat view and its model picker.
    settings: { ...oneLocationSettings(PROJECT, REGION, LOCATION_LABEL), 'chat.disableAIFeatures': false },
    failurePrefix: 'ui-inference-chat',
  });

  before(() => {
    session = started();
    wb = session.workbench;
  });

  it("pastes the secret of the deployment's key, made elsewhere, on the key's row", async () => {
    await wb.openWithKey(API_KEY, 'Inference');
    await wb.foldSectionsBut('Inference', LOCATION_LABEL);
    await wb.expandTreeRow(LOCATION_LABEL);
    await wb.expandTreeRow('API Keys');
    await wb.treeRow(KEY_NAME).waitFor();
    assert.match(await wb.descriptionOf(KEY_NAME), /^secret not on this machine · /);
    const menu = await wb.treeContextMenu(KEY_NAME);
    await wb.chooseMenuItem(menu, 'Paste Inference API Key Secret');
    await wb.waitForQuickInput('Gcore: Paste Inference API Key Secret');
    await wb.answer(SEEDED_API_KEY_SECRET);
    await wb.treeRow(KEY_NAME).filter({ hasNotText: 'secret not on this machine' }).waitFor();
  });

  it("offers Use in Chat on the ready deployment's row and adds its model", async () => {
    await wb.clearNotifications();
    await wb.expandTreeRow('Deployments');
    await wb.treeRow(DEPLOYMENT).waitFor();
    const menu = await wb.treeContextMenu(DEPLOYMENT);
    const item = menu.locator('.action-item', { hasText: 'Use in Chat' });
    await item.hover();
    await menu.locator('.action-item.focused', { hasText: 'Use in Chat' }).waitFor();
    await wb.screenshot('inference-use-in-chat', { keepPointer: true });
    await wb.chooseMenuItem(menu, 'Use in Chat');
    await wb.notification(`VS Code chat now offers meta-llama/Llama-3.1-8B-Instruct from inference deployment ${DEPLOYMENT}`).waitFor();
    const models = session.emulator.requests.filter((request) => request.path.endsWith('/v1/models'));
    assert.equal(models.length, 1);
    assert.equal(models[0].headers['x-api-key'], SEEDED_API_KEY_SECRET);
  });

  it("lists the deployment's model under Gcore in the chat's model picker", async () => {
    await wb.clearNotifications();
    await wb.openChatView();
    await wb.chatModelPicker.filter({ hasText: MODEL_NAME }).waitFor();
    const list = await wb.openChatModelList();
    const entries = (await list.locator('.monaco-list-row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    assert.ok(
      entries.some((entry) => entry.startsWith(MODEL_NAME) && entry.includes(`Gcore · project ${PROJECT}`)),
      JSON.stringify(entries),
    );
    await wb.screenshot('inference-chat-model-picker');
  });

  it('answers @gcore in the chat view with the deployment, streamed from its address', async () => {
    // Closes the model list the step before left open.
    await wb.page.keyboard.press('Escape');
    await wb.sendChatMessage(`@gcore ${QUESTION}`);
    const answer = wb.chatResponses.last();
    // The emulator's deployment echoes the last message, token by token.
    await answer.filter({ hasText: `Hello from ${MODEL_ID}. You said: ${QUESTION}` }).waitFor();
    const completions = session.emulator.requests.filter((request) => request.path.endsWith('/v1/chat/completions'));
    assert.equal(completions.length, 1);
    assert.equal(completions[0].headers['x-api-key'], SEEDED_API_KEY_SECRET);
    await wb.screenshot('inference-chat-answer');
  });

  it('sends the @gcore conversation so far with the next question', async () => {
    await wb.sendChatMessage(`@gcore ${FOLLOW_UP}`);
    await wb.chatResponses
      .last()
      .filter({ hasText: `You said: ${FOLLOW_UP}` })
      .waitFor();
    const completions = session.emulator.requests.filter((request) => request.path.endsWith('/v1/chat/completions'));
    assert.equal(completions.length, 2);
    assert.deepEqual((completions[1].json as { messages: unknown }).messages, [
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: `Hello from ${MODEL_ID}. You said: ${QUESTION}` },
      { role: 'user', content: FOLLOW_UP },
    ]);
  });

  it('says a failure in the chat view with its next step', async () => {
    session.emulator.inject({
      method: 'POST',
      path: /\/v1\/chat\/completions$/,
      status: 404,
      body: {
        error: {
          message: `The model \`${MODEL_ID}\` does not exist.`,
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      },
    });
    await wb.sendChatMessage('@gcore Still there?');
    await wb.chatResponses
      .last()
      .filter({ hasText: `no longer serves model ${MODEL_ID}: run "Gcore: Use in Chat" on it again` })
      .waitFor();
  });
});
