import * as assert from 'node:assert/strict';
import { eventually } from '../support/eventually';
import { IMAGE_24_04 } from '../support/gpuClusterBodies';
import { oneLocationSettings, useUiSession, type UiSession } from './ui-session';
import type { Locator } from 'playwright-core';
import type { WorkbenchPage } from './workbench-page';

/**
 * A new GPU cluster as a user makes it in the packaged extension: New GPU Cluster from a flavor row, the wizard's
 * steps (the row's flavor first, the images with their driver and CUDA versions, the region's volume types),
 * the review of what runs, its quota and its price before anything is sent, then Create: the cluster's row says
 * Creating… under the location's Clusters, and the end names its servers and their public addresses. Each step
 * builds on the one before (mocha --bail).
 */

const API_KEY = 'ui-gpu-cluster-create-key-8d21';
const PROJECT = 482;
const REGION = 76;
const LOCATION_LABEL = 'Production · Luxembourg-2';
const FLAVOR = 'g3-ai-24-232-1000-h100-80-1';
const CLUSTERS_PATH = `/cloud/v3/gpu/virtual/${PROJECT}/${REGION}/clusters`;
const NAME = 'llm-train';
const WIZARD = /^Gcore: New GPU Cluster/;
/** A virtual create takes Gcore's minutes: the emulator's time is moved on past them once the row is seen. */
const AN_HOUR_MS = 60 * 60_000;
/** The end, polled every second, and room for a loaded machine. */
const TASK_END_TIMEOUT_MS = 45_000;

describe('A GPU cluster created from a flavor row, followed to its end', function () {
  this.timeout(90_000);
  let session: UiSession;
  let wb: WorkbenchPage;

  function creates() {
    return session.emulator.requests.filter((request) => request.method === 'POST' && request.path === CLUSTERS_PATH);
  }

  /**
   * The row's context menu, opened again should a redraw of the list (the bare-metal flavors come in a second
   * draw) have taken the click to another row.
   */
  async function rowMenu(label: string): Promise<Locator> {
    return eventually(async () => {
      const menu = await wb.treeContextMenu(label);
      if ((await wb.treeRow(label).getAttribute('class'))?.split(' ').includes('focused')) return menu;
      await wb.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      throw new Error(`The context menu did not open on ${label}'s row.`);
    }, 30_000);
  }

  /** Resolves once the wizard shows its step `step` of eight. */
  async function step(step: number): Promise<void> {
    await wb.waitForQuickInput(new RegExp(`${WIZARD.source}.*\\(${step}/8\\)`));
  }

  const started = useUiSession({
    apiKey: API_KEY,
    settings: oneLocationSettings(PROJECT, REGION, LOCATION_LABEL),
    failurePrefix: 'ui-gpu-cluster-create',
  });

  before(() => {
    session = started();
    wb = session.workbench;
    // Free servers of the flavor for the new cluster, whatever the location's stock happens to be.
    session.emulator.setGpuFlavorCapacity('virtual', PROJECT, REGION, FLAVOR, 8);
  });

  it('offers New GPU Cluster on a flavor row under GPU', async () => {
    await wb.openWithKey(API_KEY, 'GPU');
    // The key's notification would stay in the pictures: cleared before the tree is redrawn by the rows below.
    await wb.notification('Gcore API key saved').waitFor();
    await wb.clearNotifications();
    await wb.foldSectionsBut('GPU', LOCATION_LABEL);
    await eventually(async () => {
      await wb.expandTreeRow(LOCATION_LABEL);
      await wb.treeRow(FLAVOR).waitFor({ timeout: 5_000 });
    }, 30_000);
    const menu = await rowMenu(FLAVOR);
    const items = (await menu.locator('.action-menu-item .action-label').allInnerTexts()).map((text) => text.trim());
    assert.ok(items.includes('New GPU Cluster'), JSON.stringify(items));
    await wb.chooseMenuItem(menu, 'New GPU Cluster');
  });

  it("asks the flavor (the row's first), the image, the servers and the boot volume of a type the region offers", async () => {
    await step(1);
    const flavors = await wb.quickInput.locator('.monaco-list-row .label-name').allInnerTexts();
    assert.equal(flavors[0].trim(), FLAVOR, "the row's flavor comes first");
    await wb.quickPickRow(FLAVOR).click();

    await step(2);
    const image = wb.quickInput.locator('.monaco-list-row', { hasText: 'ubuntu-24.04-580.126.20' });
    await image.first().waitFor();
    assert.match(await image.first().innerText(), /driver 580\.126\.20 · CUDA 13\.0\.2/);
    await wb.parkPointer();
    await wb.screenshot('gpu-cluster-create-image');
    await image.first().click();

    await step(3);
    await wb.answer('2');
    await step(4);
    assert.equal(await wb.quickInputBox.inputValue(), '120', "the image's minimum, 120 GiB at least");
    await wb.answer('200');
    await step(5);
    const types = (await wb.quickInput.locator('.monaco-list-row .label-name').allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(types, ['ssd_hiiops', 'cold', 'ssd_lowlatency', 'standard'], "the region's volume types");
    await wb.quickPickRow('ssd_hiiops').click();
  });

  it('asks the network, the SSH key and the name, then reviews what runs, its quota and price before anything is sent', async () => {
    await step(6);
    await wb.quickPickRow('Public network, IPv4').click();
    await step(7);
    await wb.quickPickRow('dev-laptop').click();
    await step(8);
    await wb.answer(NAME);

    await wb.dialog.waitFor({ timeout: 30_000 });
    assert.equal((await wb.dialog.locator('.dialog-message-text').innerText()).trim(), `Create GPU cluster ${NAME}?`);
    const detail = (await wb.dialog.locator('.dialog-message-detail').innerText()).trim();
    assert.match(detail, new RegExp(`Flavor: ${FLAVOR}`));
    assert.match(detail, /Servers: 2/);
    assert.match(detail, /SSH key: dev-laptop/);
    assert.match(detail, /Price: .+ per hour, .+ per month/);
    const buttons = (await wb.dialog.locator('.dialog-buttons .monaco-button').allInnerTexts()).map((text) => text.trim());
    assert.ok(buttons.includes('Create') && buttons.includes('Edit'), JSON.stringify(buttons));
    assert.deepEqual(creates(), [], 'nothing is created before the review is answered');
    await wb.notification(`Checking the quota and price of GPU cluster ${NAME}`).waitFor({ state: 'detached', timeout: 10_000 });
    await wb.screenshot('gpu-cluster-create-review');
  });

  it('creates it with one POST, and its row says Creating… under the location’s Clusters', async () => {
    await wb.clickDialogButton('Create');
    // The create's progress, then its following (with where the task stands after a colon).
    await wb.notification(`Creating GPU cluster ${NAME}:`).waitFor({ timeout: 30_000 });
    const [create, ...more] = await eventually(() => {
      const sent = creates();
      assert.ok(sent.length > 0, 'the create was sent');
      return sent;
    }, 10_000);
    assert.deepEqual(more, [], 'one create');
    assert.deepEqual(create.json, {
      name: NAME,
      flavor: FLAVOR,
      servers_count: 2,
      servers_settings: {
        interfaces: [{ type: 'external', ip_family: 'ipv4' }],
        volumes: [{ source: 'image', image_id: IMAGE_24_04, size: 200, type: 'ssd_hiiops', name: `${NAME}-boot`, boot_index: 0 }],
        credentials: { ssh_key_name: 'dev-laptop' },
      },
    });

    await eventually(async () => {
      await wb.expandTreeRow('Clusters');
      await wb.ownRow(NAME).waitFor({ timeout: 5_000 });
    }, 30_000);
    await wb
      .ownRow(NAME)
      .locator('.label-description', { hasText: /^Creating… · / })
      .waitFor({ timeout: 30_000 });
    // The sending's progress closes once the create is answered (VS Code keeps it up a moment).
    await wb.notification(`Creating GPU cluster ${NAME}…`).waitFor({ state: 'detached', timeout: 10_000 });
    await wb.parkPointer();
    await wb.screenshot('gpu-cluster-creating');
  });

  it('announces the end with the servers and their public addresses, and the row says the cluster runs', async () => {
    session.emulator.advanceTasks(AN_HOUR_MS);
    const end = wb.notification(
      new RegExp(`GPU cluster ${NAME} is running now, with 2 servers: ${NAME}-1 at [\\d.]+, ${NAME}-2 at [\\d.]+\\.`),
    );
    await end.waitFor({ timeout: TASK_END_TIMEOUT_MS });
    await end.locator('.monaco-button', { hasText: 'Copy Addresses' }).waitFor();
    await wb
      .ownRow(NAME)
      .locator('.label-description', { hasText: /^running · .*\b2 servers\b/ })
      .waitFor({ timeout: 30_000 });
    await wb.notification(`Creating GPU cluster ${NAME}`).first().waitFor({ state: 'detached' });
    await wb.parkPointer();
    await wb.screenshot('gpu-cluster-created');
  });
});
