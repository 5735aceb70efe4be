import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RecordedRequest } from '../emulator/server';
import { ALREADY_SENT, OUTPUT_CHANNEL } from '../playground/demo-updates/protocol';
import { DEMO_LOCATION, DEMO_UPDATES, startPlayground, type Playground } from '../playground/playground';
import { CleanupStack } from '../runner/cleanup-stack';
import { SIGNAL_EXIT_CODES, tieToProcess } from '../runner/entry-point';
import { findFreeLoopbackPort } from '../runner/free-port';
import { REPO_ROOT } from '../runner/extension-under-test';
import { launchChromium } from '../runner/workbench-browser';
import { eventually } from '../support/eventually';
import { WorkbenchPage } from './workbench-page';

const FAILURE_DIR = path.join(REPO_ROOT, 'test-results');

/**
 * `npm start`'s playground as a newcomer meets it: the window opens, and the Tasks section follows the
 * two demo updates to their ends, one finished and one failed, without anyone touching anything.
 */

describe('The playground, as it opens', function () {
  this.timeout(60_000);
  const cleanups = new CleanupStack();
  let untie: () => void;
  let playground: Playground;
  let wb: WorkbenchPage;

  function demoUpdatesReceived(): RecordedRequest[] {
    return playground.emulator.requests.filter((request) => request.method === 'PATCH');
  }

  /** What the companion wrote to its log channel, in every window so far (VS Code keeps a file per channel). */
  function companionLog(): string {
    const files = fs
      .readdirSync(playground.profile.userDataDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => path.basename(file) === `${OUTPUT_CHANNEL}.log`);
    return files.map((file) => fs.readFileSync(path.join(playground.profile.userDataDir, file), 'utf8')).join('');
  }

  before(async function () {
    this.timeout(240_000);
    untie = tieToProcess(cleanups, (signal) => {
      void cleanups.runAll().finally(() => process.exit(SIGNAL_EXIT_CODES[signal]));
    });
    playground = await startPlayground(cleanups, await findFreeLoopbackPort());
    const browser = await launchChromium(playground.profile.privateDirsEnv);
    cleanups.push({ name: 'close the browser', run: () => browser.close(), runNow: () => undefined });
    wb = await WorkbenchPage.open(browser, `${playground.server.url}/`);
    await wb.waitForViewContainer('Gcore');
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !wb) return;
    fs.mkdirSync(FAILURE_DIR, { recursive: true });
    const file = path.join(FAILURE_DIR, `ui-playground-${this.currentTest.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
    await wb.page.screenshot({ path: file }).catch(() => undefined);
    console.error(`    screenshot of the failure: ${path.relative(REPO_ROOT, file)}`);
  });

  after(async function () {
    this.timeout(30_000);
    await cleanups.runAll();
    untie();
  });

  it('sends the demo updates once, through the Gcore extension', async () => {
    await wb.openViewContainer('Gcore');
    await wb.widenSideBar();
    await wb.treeRow('Tasks').waitFor();
    await eventually(() =>
      assert.deepEqual(
        demoUpdatesReceived().map((request) => ({ path: request.path, body: request.json })),
        DEMO_UPDATES.map(({ containerName, image }) => ({
          path: `/cloud/v1/caas/${DEMO_LOCATION.projectId}/${DEMO_LOCATION.regionId}/containers/${containerName}`,
          body: { image },
        })),
      ),
    );
  });

  it('shows one update finished and one failed in the Tasks section, and the containers as they ended', async () => {
    const [finishing, failing] = DEMO_UPDATES;
    await wb.expandTreeRow('Tasks');
    // About 10 s at the playground's task timings. The updates were sent from this window, so their tasks
    // go by their containers' names.
    await wb.treeRow(finishing.containerName).filter({ hasText: 'Finished · update' }).waitFor({ timeout: 30_000 });
    await wb
      .treeRow(failing.containerName)
      .filter({ hasText: `Failed · Failed to pull image "${failing.image}": not found · update` })
      .waitFor({ timeout: 30_000 });
    await eventually(() => {
      assert.match(companionLog(), /Task \S+ ended FINISHED\./);
      assert.ok(
        companionLog().includes(`ended ERROR: Failed to pull image "${failing.image}": not found.`),
        'the companion heard the failure',
      );
    });
    // The tree read the containers again as their updates ended.
    await wb.expandTreeRow(DEMO_LOCATION.label, 1);
    await wb
      .treeRow(finishing.containerName)
      .filter({ hasText: `Ready · 1/1 · ${finishing.image}` })
      .waitFor();
    await wb
      .treeRow(failing.containerName)
      .filter({ hasText: `Error · 0/0 · ${failing.image}` })
      .waitFor();
    await wb.screenshot('playground');
  });

  it('does not send them again when the window reloads', async () => {
    const before = demoUpdatesReceived().length;
    await wb.runCommand('Developer: Reload Window');
    await eventually(() => assert.ok(companionLog().includes(ALREADY_SENT), 'the companion said it did not send them again'), 60_000);
    // Both ended updates are still listed after the reload: the Tasks section kept them.
    await wb.treeRow(DEMO_UPDATES[0].containerName).filter({ hasText: 'Finished · update' }).waitFor();
    await wb.treeRow(DEMO_UPDATES[1].containerName).filter({ hasText: 'Failed · Failed to pull image' }).waitFor();
    assert.equal(demoUpdatesReceived().length, before);
  });
});
