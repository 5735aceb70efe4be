import * as assert from 'node:assert/strict';
import { oneLocationSettings, useUiSession, type UiSession } from './ui-session';
import type { WorkbenchPage } from './workbench-page';

/**
 * A project's inference deployments as a user sees them in the packaged extension: the project under Inference
 * expanded to its Deployments (the emulator seeds one running in two regions, one scaled to zero and one being
 * deployed), then the running one expanded to its address and its regions with their pods. Each step builds on
 * the one before (mocha --bail).
 */

const API_KEY = 'ui-inference-deployments-key-51c2';
const PROJECT = 1;
const REGION = 76;
const LOCATION_LABEL = 'Default · Luxembourg-2';
const RUNNING = 'llama-chat';

describe("A project's inference deployments, from the Inference section", function () {
  this.timeout(90_000);
  let session: UiSession;
  let wb: WorkbenchPage;

  const started = useUiSession({
    apiKey: API_KEY,
    settings: oneLocationSettings(PROJECT, REGION, LOCATION_LABEL),
    failurePrefix: 'ui-inference-deployments',
  });

  before(() => {
    session = started();
    wb = session.workbench;
  });

  it('lists the deployments with their status in words, pods, flavor and image', async () => {
    await wb.openWithKey(API_KEY, 'Inference');
    // Room for the deployments in the picture: the other sections are folded, so the location's one row is the project's.
    await wb.foldSectionsBut('Inference', LOCATION_LABEL);
    await wb.expandTreeRow(LOCATION_LABEL);
    await wb.expandTreeRow('Deployments');
    await wb.treeRow(RUNNING).waitFor();
    await wb.treeRow('qwen-coder').waitFor();
    await wb.treeRow('mistral-rag').waitFor();
    assert.match(await wb.descriptionOf(RUNNING), /^active · \d+\/\d+ ready · /);
    assert.match(await wb.descriptionOf('qwen-coder'), /^scaled to zero\b/);
    assert.match(await wb.descriptionOf('mistral-rag'), /^deploying\b/i);
  });

  it('expands the running deployment to its address and each region with its pods', async () => {
    await wb.expandTreeRow(RUNNING);
    // Its rows come from the list already read; the view draws them a moment later.
    await wb.treeRow('Address').waitFor();
    await wb.treeRow('Manassas').waitFor();
    const rows = await wb.treeRows();
    const at = rows.findIndex((row) => row.label === RUNNING);
    // Its address, its auth row and its two regions.
    const under = rows.slice(at + 1, at + 5);
    assert.ok(
      under.some((row) => /^https?:\/\//.test(row.label) || /^https?:\/\//.test(row.description)),
      `the address under ${RUNNING}: ${JSON.stringify(under)}`,
    );
    assert.ok(under.filter((row) => /\d+\/\d+/.test(row.description)).length >= 2, `two regions with their pods: ${JSON.stringify(under)}`);
    await wb.screenshot('inference-deployments');
  });
});
