import * as assert from 'node:assert/strict';
import { eventually } from '../support/eventually';
import { oneLocationSettings, useUiSession, type UiSession } from './ui-session';
import type { WorkbenchPage } from './workbench-page';

/**
 * An application from Gcore's catalogue as a user deploys it in the packaged extension: New Inference Application
 * from the Catalogue on a project's Applications row, the catalogue pick, the component's flavor with each region's
 * free capacity, its parameters, pods, the regions and the name; the review of what runs, its quota and its price
 * ceiling before anything is sent; then Create: the row says Deploying…, and the end names the address. Each step
 * builds on the one before (mocha --bail).
 */

const API_KEY = 'ui-inference-catalogue-key-3f07';
const PROJECT = 1;
const REGION = 76;
const LOCATION_LABEL = 'Default · Luxembourg-2';
const L40S = 'inference-16vcpu-232gib-1xl40s-48gb';
const APPLICATIONS_PATH = `/cloud/v3/inference/applications/${PROJECT}/deployments`;
const NAME = 'teamchat';
const WIZARD = /^Gcore: New Inference Application/;
/** A model server takes Gcore's minutes to be ready: the emulator's time is moved on past them once the row is seen. */
const AN_HOUR_MS = 60 * 60_000;

describe('An application from the catalogue, deployed and followed to its address', function () {
  this.timeout(90_000);
  let session: UiSession;
  let wb: WorkbenchPage;

  function creates() {
    return session.emulator.requests.filter((request) => request.method === 'POST' && request.path === APPLICATIONS_PATH);
  }

  /** Resolves once the wizard shows its step `step` of `of`. */
  async function step(step: number, of: number): Promise<void> {
    await wb.waitForQuickInput(new RegExp(`${WIZARD.source}.*\\(${step}/${of}\\)`));
  }

  const started = useUiSession({
    apiKey: API_KEY,
    settings: oneLocationSettings(PROJECT, REGION, LOCATION_LABEL),
    failurePrefix: 'ui-inference-catalogue',
  });

  before(() => {
    session = started();
    wb = session.workbench;
  });

  it("opens the catalogue from a project's Applications row", async () => {
    await wb.openWithKey(API_KEY, 'Inference');
    await wb.notification('Gcore API key saved').waitFor();
    await wb.clearNotifications();
    await wb.foldSectionsBut('Inference', LOCATION_LABEL);
    await eventually(async () => {
      await wb.expandTreeRow(LOCATION_LABEL);
      await wb.treeRow('Applications').waitFor({ timeout: 5_000 });
    }, 30_000);
    const menu = await wb.treeContextMenu('Applications');
    await wb.chooseMenuItem(menu, 'New Inference Application from the Catalogue');
    await step(1, 7);
    await wb.quickPickRow('Chat with an open LLM').waitFor();
    const entries = (await wb.quickInput.locator('.monaco-list-row .label-name').allInnerTexts()).map((text) => text.trim());
    assert.ok(entries.includes('Chat with an open LLM') && entries.includes('Whisper large-v3'), JSON.stringify(entries));
    await wb.notification("Reading Gcore's inference catalogue").waitFor({ state: 'detached', timeout: 10_000 });
    await wb.parkPointer();
    await wb.screenshot('inference-catalogue-pick');
    await wb.quickPickRow('Chat with an open LLM').click();
  });

  it("asks the optional components, the flavor with each region's free capacity, the parameters, pods, regions and name", async () => {
    await step(2, 7);
    await wb.clickQuickInputOk();
    await step(3, 7);
    const flavor = wb.quickPickRow(L40S);
    await flavor.waitFor();
    assert.match(await flavor.innerText(), /free: Luxembourg-2 \d+/);
    await flavor.click();
    await step(4, 7);
    await wb.quickPickRow('max_model_len').waitFor();
    assert.match(await wb.quickPickRow('max_model_len').innerText(), /8192 \(default\)/);
    await wb.quickPickRow('Done').click();
    await step(5, 7);
    await wb.answer('1-1');
    await step(6, 7);
    await wb.tickQuickPickItem('Luxembourg-2');
    await wb.clickQuickInputOk();
    await step(7, 7);
    await wb.answer(NAME);
  });

  it('reviews what runs, the quota it takes and the price ceiling before anything is sent', async () => {
    await wb.dialog.waitFor({ timeout: 30_000 });
    assert.equal((await wb.dialog.locator('.dialog-message-text').innerText()).trim(), `Create inference application ${NAME}?`);
    const detail = (await wb.dialog.locator('.dialog-message-detail').innerText()).trim();
    assert.match(detail, /Application: Chat with an open LLM \(chat-llm\)/);
    assert.match(detail, new RegExp(`vLLM model server: ${L40S} .*1 pod in each region, with a public address`));
    assert.match(detail, /Quota: it fits/);
    assert.match(detail, /Price: up to .+ per hour at 1 pod; nothing while stopped or at zero\./);
    assert.deepEqual(creates(), [], 'nothing is created before the review is answered');
    await wb.notification(`Checking the quota and price of inference application ${NAME}`).waitFor({ state: 'detached', timeout: 10_000 });
    await wb.screenshot('inference-catalogue-review');
  });

  it('creates it with one POST, and its row says Deploying… under Applications', async () => {
    await wb.clickDialogButton('Create');
    const [create, ...more] = await eventually(() => {
      const sent = creates();
      assert.ok(sent.length > 0, 'the create was sent');
      return sent;
    }, 10_000);
    assert.deepEqual(more, [], 'one create');
    assert.deepEqual(create.json, {
      name: NAME,
      application_name: 'chat-llm',
      regions: [REGION],
      components_configuration: { vllm: { flavor: L40S, exposed: true, scale: { min: 1, max: 1 } } },
    });
    await eventually(async () => {
      await wb.expandTreeRow('Applications');
      await wb.ownRow(NAME).waitFor({ timeout: 5_000 });
    }, 30_000);
    await wb
      .ownRow(NAME)
      .locator('.label-description', { hasText: /^Deploying…/ })
      .waitFor({ timeout: 30_000 });
  });

  it('announces the end with the address to copy, and the row says the application is active', async () => {
    session.emulator.advanceTasks(AN_HOUR_MS);
    const end = wb.notification(new RegExp(`Application ${NAME} is deployed: active, at https?://`));
    await end.waitFor({ timeout: 45_000 });
    await end.locator('.monaco-button', { hasText: 'Copy Address' }).waitFor();
    await wb
      .ownRow(NAME)
      .locator('.label-description', { hasText: /^active\b/ })
      .waitFor({ timeout: 30_000 });
    await wb.expandTreeRow(NAME);
    await wb.treeRow(`${NAME}-vllm`).waitFor({ timeout: 30_000 });
    await wb.expandTreeRow(`${NAME}-vllm`);
    await wb.treeRow('Address').waitFor();
    await wb.parkPointer();
    await wb.screenshot('inference-catalogue-ready');
  });
});
