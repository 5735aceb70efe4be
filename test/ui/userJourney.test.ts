import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RecordedRequest } from '../emulator/server';
import { REPO_ROOT } from '../runner/extension-under-test';
import { eventually, present } from '../support/eventually';
import type { TappedResponse } from './api-tap';
import { startUiSession, type UiSession } from './ui-session';
import { readUserSettings } from '../runner/user-settings';
import type { WorkbenchPage } from './workbench-page';

/**
 * The packaged extension used as a user would: clicks, the F1 palette and typed answers in a real VS Code
 * workbench (code-server in headless Chromium), against the API emulator. Each step builds on the one
 * before, so the suite stops at the first failure (mocha --bail). It screenshots each state; the README
 * shows those of docs/images/.
 */

const API_KEY = 'ui-journey-key-5f2c';
const PROJECT = 482;
const REGION = 76;
/** The label Add Project and Region suggests from the names of project 482 and region 76. */
const LOCATION_LABEL = 'Production · Luxembourg-2';
const FLAVORS_PATH = `/cloud/v3/gpu/virtual/${PROJECT}/${REGION}/flavors`;
const BAREMETAL_FLAVORS_PATH = `/cloud/v3/gpu/baremetal/${PROJECT}/${REGION}/flavors`;
const ZONE = 'shop.example.com';
/** The demo zone the emulator fills with a company's record sets. */
const RECORDS_ZONE = 'example.com';
const CONTAINER = 'web-app';
const BROKEN_IMAGE = 'ghcr.io/example/does-not-exist:2.0';
const NEW_IMAGE = 'nginx:1.27.3-alpine';
/** web-app's autoscaling as the emulator seeds it, which an update of its scale keeps. */
const WEB_APP_AUTOSCALING = { cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } };
// Fixed so that the screenshot of the rejected key is the same on every run.
const REJECTED_REQUEST_ID = '5c0e2f1a-61d4-4c47-9d2e-0b7a3e9f4d21';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const FAILURE_DIR = path.join(REPO_ROOT, 'test-results');

describe('Gcore in VS Code, used through its UI', function () {
  this.timeout(60_000);
  let session: UiSession;
  let wb: WorkbenchPage;

  function requestsTo(method: string, pathname: string): RecordedRequest[] {
    return session.emulator.requests.filter((request) => request.method === method && request.path === pathname);
  }

  /** The first answer to this request that came after `mark` (a length of tap.responses taken earlier). */
  function answerAfter(mark: number, method: string, pathname: string): Promise<TappedResponse> {
    return eventually(
      () =>
        present(
          session.tap.responses
            .slice(mark)
            .find((response) => response.method === method && new URL(response.url, session.tap.url).pathname === pathname),
          `the answer to ${method} ${pathname}`,
        ),
      10_000,
    );
  }

  /** The walkthrough's page takes the focus back as it renders, which would close a palette opened then. */
  async function closeWelcome(): Promise<void> {
    const tab = wb.page.locator('.tabs-container .tab', { hasText: 'Welcome' });
    // A middle click closes a tab, as in every browser.
    await tab.click({ button: 'middle' });
    await tab.waitFor({ state: 'detached' });
  }

  function rejectNextFlavorRequest(): void {
    session.emulator.inject({
      method: 'GET',
      path: FLAVORS_PATH,
      status: 401,
      body: { exception_class: 'AuthenticationFailed', message: 'Invalid token.', request_id: REJECTED_REQUEST_ID },
      headers: { 'X-Request-ID': REJECTED_REQUEST_ID },
    });
  }

  before(async function () {
    this.timeout(240_000);
    session = await startUiSession({ apiKey: API_KEY, demoZones: true });
    wb = session.workbench;
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !session) return;
    fs.mkdirSync(FAILURE_DIR, { recursive: true });
    const file = path.join(FAILURE_DIR, `ui-${this.currentTest.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
    await wb.page.screenshot({ path: file }).catch(() => undefined);
    console.error(`    screenshot of the failure: ${path.relative(REPO_ROOT, file)}`);
  });

  after(async function () {
    this.timeout(30_000);
    await session?.close();
  });

  // First, so that VS Code's walkthrough service (started by its page) hears the steps being done.
  it('opens the walkthrough "Get started with Gcore" on its first step', async () => {
    await wb.runCommand('Welcome: Open Walkthrough...');
    await wb.quickPickRow('Get started with Gcore').click();
    const page = wb.page.locator('.gettingStartedContainer');
    await page.getByText('Get started with Gcore', { exact: true }).first().waitFor();
    for (const title of [
      'Create an API key',
      'Set your API key',
      'Add a project and region',
      'Look at containers and GPU flavors',
      'Update a container and watch it finish',
      'Create a zone and turn on DNSSEC',
    ]) {
      await page.locator('.getting-started-step', { hasText: title }).locator('.codicon-getting-started-step-unchecked').waitFor();
    }
    // The first step is open, with its button to the portal.
    await page.getByText('Open the Customer Portal', { exact: true }).first().waitFor();
    await wb.screenshot('walkthrough');
    await closeWelcome();
  });

  it('opens the Gcore view from the activity bar and offers "Set API Key" while no key is set', async () => {
    await wb.openViewContainer('Gcore');
    await wb.widenSideBar();
    await wb.welcome.locator('.monaco-button', { hasText: 'Set API Key' }).waitFor();
    assert.match(await wb.welcome.innerText(), /Connect to Gcore with an API key/);
    await wb.screenshot('welcome');
    assert.deepEqual(session.emulator.requests, [], 'nothing is sent without a key');
  });

  it('stores the key typed into the password box of "Gcore: Set API Key"', async () => {
    await wb.runCommand('Gcore: Set API Key');
    await wb.waitForQuickInput('Gcore: Set API Key');
    assert.equal(await wb.quickInputBox.getAttribute('type'), 'password');
    await wb.answer(API_KEY);
    await wb.notification('Gcore API key saved in VS Code secret storage.').waitFor();
    await wb.treeRow('GPU').waitFor();
    await wb.treeRow('DNS Zones').waitFor();
    await wb.treeRow('Containers').waitFor();
    // The account the key opens, above the tree.
    await wb.page.locator('.part.sidebar .message', { hasText: 'Signed in to dev@example.com (Example GmbH).' }).waitFor();
    assert.equal(await wb.welcome.isVisible(), false);
    assert.equal(JSON.stringify(readUserSettings(session.profile)).includes(API_KEY), false, 'the key stays out of settings');
  });

  it('adds a project and region by their names through "Gcore: Add Project and Region"', async () => {
    await wb.runCommand('Gcore: Add Project and Region');
    await wb.waitForQuickInput('Gcore: Add Project and Region (1/3)');
    await wb.quickPickRow('Production').click();
    await wb.waitForQuickInput('(2/3)');
    await wb.quickPickRow('Luxembourg-2').waitFor();
    await wb.screenshot('add-location');
    await wb.quickPickRow('Luxembourg-2').click();
    await wb.waitForQuickInput('(3/3)');
    assert.equal(await wb.quickInputBox.inputValue(), LOCATION_LABEL, 'the label starts as both names');
    await wb.page.keyboard.press('Enter');
    await wb.notification(`Added project ${PROJECT}, region ${REGION} to GPU.`).waitFor();
    // Under GPU and under Containers.
    await wb.treeRow(LOCATION_LABEL).first().waitFor();
    const row = (await wb.treeRows()).find((candidate) => candidate.label === LOCATION_LABEL);
    assert.equal(row?.description, `project ${PROJECT} · region ${REGION}`);
    assert.deepEqual(readUserSettings(session.profile)['gcore.locations'], [
      { projectId: PROJECT, regionId: REGION, label: LOCATION_LABEL },
    ]);
  });

  it('lists the GPU flavors the API returned when the location is expanded, after its Clusters row', async () => {
    await wb.clearNotifications();
    const mark = session.tap.responses.length;
    await wb.treeRow(LOCATION_LABEL).first().click();
    const answer = await answerAfter(mark, 'GET', FLAVORS_PATH);
    assert.equal(answer.status, 200);
    const listed = (JSON.parse(answer.body) as { results: { name: string; capacity: number }[] }).results;
    assert.ok(listed.length > 1, 'the emulator serves a catalogue');
    for (const flavor of listed) await wb.treeRow(flavor.name).waitFor();
    const baremetalAnswer = await answerAfter(mark, 'GET', BAREMETAL_FLAVORS_PATH);
    const baremetal = (JSON.parse(baremetalAnswer.body) as { results: { name: string }[] }).results;
    assert.ok(baremetal.length > 0, 'the emulator serves bare-metal flavors');
    for (const flavor of baremetal) await wb.treeRow(flavor.name).waitFor();

    const rows = await wb.treeRows();
    const locationRows = rows.slice(
      rows.findIndex((row) => row.label === LOCATION_LABEL) + 1,
      rows.findIndex((row) => row.label === 'DNS Zones'),
    );
    assert.equal(locationRows[0]?.label, 'Clusters', "the location's clusters come first");
    const flavorRows = locationRows.slice(1, 1 + listed.length);
    assert.deepEqual(flavorRows.map((row) => row.label).sort(), listed.map((flavor) => flavor.name).sort());
    const baremetalRows = locationRows.slice(1 + listed.length);
    assert.deepEqual(
      baremetalRows.map((row) => row.label).sort(),
      baremetal.map((flavor) => flavor.name).sort(),
      'then the bare-metal flavors',
    );
    for (const row of baremetalRows) assert.match(row.description, /bare metal/);
    const outOfStock = listed.filter((flavor) => flavor.capacity === 0).map((flavor) => flavor.name);
    assert.ok(outOfStock.length > 0, 'the catalogue has an out-of-stock flavor');
    assert.deepEqual(
      flavorRows
        .slice(-outOfStock.length)
        .map((row) => row.label)
        .sort(),
      outOfStock.sort(),
      'out of stock comes last',
    );
    for (const row of flavorRows.slice(-outOfStock.length)) assert.match(row.description, /^Out of stock · /);

    const [request] = requestsTo('GET', FLAVORS_PATH);
    assert.equal(request.headers.authorization, `apikey ${API_KEY}`);
    assert.equal(request.query.hide_disabled, 'true');
    await wb.screenshot('flavors');
  });

  it('creates a DNS zone by answering the "Gcore: Create DNS Zone" steps, and shows it in the tree', async () => {
    await wb.clearNotifications();
    await wb.runCommand('Gcore: Create DNS Zone');
    await wb.waitForQuickInput('Gcore: Create DNS Zone (1/3)');
    await wb.answer(ZONE);
    await wb.waitForQuickInput('(2/3)');
    await wb.page.keyboard.press('Enter');
    await wb.waitForQuickInput('(3/3)');
    const review = wb.quickPickRow(`Create ${ZONE}`);
    await review.waitFor();
    assert.match(await review.innerText(), /All other fields use the Gcore defaults\./);
    await wb.screenshot('create-zone');
    await review.click();

    const created = await eventually(() => present(session.emulator.zone(ZONE), 'the zone at the emulator'), 10_000);
    await wb.notification(`Created DNS zone ${ZONE} (id ${created.id}).`).waitFor();
    await wb.treeRow(ZONE).waitFor();
    assert.equal((await wb.treeRows()).find((row) => row.label === ZONE)?.description, 'DNSSEC off · 2 record sets');
    assert.deepEqual(
      requestsTo('POST', '/dns/v2/zones').map((request) => request.json),
      [{ name: ZONE }],
    );
  });

  it("enables DNSSEC from the zone's context menu and shows the DS record", async () => {
    await wb.clearNotifications();
    const menu = await wb.treeContextMenu(ZONE);
    const items = (await menu.locator('.action-menu-item .action-label').allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(items, [
      'Enable DNSSEC',
      'Check Now',
      'Forget Zone',
      'Add Record',
      'Filter Record Types',
      'Check Resolution',
      'Edit Zone File',
      'Import Zone File',
      'Export Zone File',
      'Edit Zone Settings',
      'Check Delegation',
      'Disable Zone',
      'Delete Zone',
      'Open in Gcore Portal',
    ]);
    await wb.chooseMenuItem(menu, 'Enable DNSSEC');

    const ds = await eventually(() => present(session.emulator.zone(ZONE)?.dnssec?.ds, 'the DS record at the emulator'), 10_000);
    await wb.notification(`DNSSEC is enabled for ${ZONE}.`).filter({ hasText: ds }).waitFor();
    await wb.notification('Enabling DNSSEC').waitFor({ state: 'detached' });
    // Gcore waits for the DS record at the registrar before it calls DNSSEC active.
    await wb.treeRow(ZONE).filter({ hasText: 'DNSSEC pending' }).waitFor();
    await wb.expandTreeRow(ZONE);
    await wb.treeRow('DS record').waitFor();
    assert.equal((await wb.treeRows()).find((row) => row.label === 'DS record')?.description, ds);
    assert.deepEqual(
      requestsTo('PATCH', `/dns/v2/zones/${ZONE}/dnssec`).map((request) => request.json),
      [{ enabled: true }],
    );
    await wb.screenshot('dnssec');
  });

  it('expands a zone to its record sets: by name then type, dynamic ones marked, each with its values', async () => {
    await wb.clearNotifications();
    // The flavors and the new zone's DS rows make room for a whole zone.
    await wb.collapseTreeRow(LOCATION_LABEL, 0);
    await wb.collapseTreeRow(ZONE);
    await wb.expandTreeRow(RECORDS_ZONE);
    await wb.treeRow('_sip._tcp').waitFor();
    const rows = await wb.treeRows();
    assert.match(rows.find((row) => row.label === RECORDS_ZONE)?.description ?? '', /16 record sets \(2 dynamic, 1 health-checked\)/);
    assert.match(
      rows.find((row) => row.label === 'cdn')?.description ?? '',
      /^A · GeoDNS, default records, first 1 · 2 min · 198\.51\.100\.10/,
    );
    assert.match(rows.find((row) => row.label === 'api')?.description ?? '', /^A · 1 of 2 disabled · 5 min · /);
    assert.deepEqual(
      requestsTo('GET', `/dns/v2/zones/${RECORDS_ZONE}/rrsets`).map((request) => request.query),
      [{ all: 'true' }],
    );
    await wb.screenshot('records');
  });

  it("adds a record from the zone's row: the type, the name, the value, the TTL, and a review before anything is sent", async () => {
    const menu = await wb.treeContextMenu(RECORDS_ZONE);
    await wb.chooseMenuItem(menu, 'Add Record');
    await wb.waitForQuickInput('Gcore: Add Record (1/5)');
    await wb.quickPickRow('A').click();
    await wb.waitForQuickInput('Gcore: Add Record (2/5)');
    await wb.answer('staging');
    await wb.waitForQuickInput('Gcore: Add Record (3/5)');
    await wb.answer('203.0.113.60');
    await wb.quickPickRow('203.0.113.60').waitFor();
    await wb.quickPickRow('Done').click();
    await wb.waitForQuickInput('Gcore: Add Record (4/5)');
    await wb.quickPickRow('5 min').click();

    await wb.dialog.waitFor();
    assert.equal((await wb.dialog.locator('.dialog-message-text').innerText()).trim(), `Add staging A to ${RECORDS_ZONE}?`);
    assert.deepEqual((await wb.dialog.locator('.dialog-message-detail').innerText()).trim().split('\n'), ['TTL 300', '203.0.113.60']);
    assert.deepEqual(
      requestsTo('POST', `/dns/v2/zones/${RECORDS_ZONE}/staging.${RECORDS_ZONE}/A`),
      [],
      'nothing is sent before the review',
    );
    // The check after the name has ended; its toast can take a moment longer than these scripted steps to go.
    await wb.notification(`Checking whether staging A exists in ${RECORDS_ZONE}…`).waitFor({ state: 'detached' });
    await wb.screenshot('add-record');
    await wb.clickDialogButton('Add Record Set');

    await wb.notification(`Added staging A to ${RECORDS_ZONE}.`).waitFor();
    await wb.treeRow('staging').waitFor();
    assert.deepEqual(
      requestsTo('POST', `/dns/v2/zones/${RECORDS_ZONE}/staging.${RECORDS_ZONE}/A`).map((request) => request.json),
      [{ resource_records: [{ content: ['203.0.113.60'] }], ttl: 300 }],
    );
    assert.deepEqual(
      session.emulator
        .zone(RECORDS_ZONE)
        ?.rrsets.find(`staging.${RECORDS_ZONE}`, 'A')
        ?.records.map((record) => record.content),
      [['203.0.113.60']],
    );
  });

  it("edits the zone as a zone file: a squiggle on a line that breaks its type, then the review's diff and Apply of only what changed", async () => {
    await wb.clearNotifications();
    const putPath = `/dns/v2/zones/${RECORDS_ZONE}/staging.${RECORDS_ZONE}/A`;
    const menu = await wb.treeContextMenu(RECORDS_ZONE);
    await wb.chooseMenuItem(menu, 'Edit Zone File');
    await wb.page.locator('.tabs-container .tab', { hasText: `${RECORDS_ZONE}.zone` }).waitFor();
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line', { hasText: /^\$ORIGIN/ }).waitFor();
    // Away from the tree, whose hover would cover the rows in the picture, and after the reading's toast
    // (it ends once the editor is shown) has gone.
    await wb.parkPointer();
    await wb.notification(`Reading the record sets of ${RECORDS_ZONE}…`).waitFor({ state: 'detached' });
    await wb.screenshot('zone-file');

    // The editor shows only the lines in view: the line is found with the editor's own Find, then typed over.
    const replaceLine = async (starting: string, text: string): Promise<void> => {
      // Each key waits for the widget it needs: on a busy machine, typing ran into a Find box not yet closed.
      const find = editor.locator('.find-widget.visible');
      await wb.page.keyboard.press('Control+F');
      await find.waitFor();
      await wb.page.keyboard.type(starting);
      await wb.page.keyboard.press('Enter');
      await wb.page.keyboard.press('Escape');
      await find.waitFor({ state: 'detached' });
      await wb.page.keyboard.press('Home');
      await wb.page.keyboard.press('Shift+End');
      await wb.page.keyboard.type(text);
    };
    await editor.locator('.view-line', { hasText: /^\$ORIGIN/ }).click();
    await replaceLine('staging ', 'staging 300 IN A 300.1.1.1');
    await editor.locator('.squiggly-error').first().waitFor();
    await replaceLine('staging ', 'staging 300 IN A 203.0.113.61');
    await editor.locator('.squiggly-error').first().waitFor({ state: 'detached' });
    // The line above the document (at its top) says what is not sent yet.
    await wb.page.keyboard.press('Control+Home');
    await editor.locator('.codelens-decoration', { hasText: 'Not sent to Gcore: staging A' }).waitFor();
    await wb.page.locator('.tabs-container .tab.dirty').waitFor({ state: 'detached' });
    assert.deepEqual(requestsTo('PUT', putPath), [], 'Auto Save sent nothing');

    const writes = (): RecordedRequest[] => session.emulator.requests.filter((request) => request.method !== 'GET');
    const writesBefore = writes().length;
    const mark = session.tap.responses.length;
    await editor.locator('.codelens-decoration a', { hasText: 'Review and Apply' }).click();
    await wb.dialog.waitFor();
    assert.equal((await wb.dialog.locator('.dialog-message-text').innerText()).trim(), `Apply 1 record set change to ${RECORDS_ZONE}?`);
    assert.match(await wb.dialog.locator('.dialog-message-detail').innerText(), /Change staging A: 203\.0\.113\.60 → 203\.0\.113\.61/);
    await wb.page.locator('.monaco-diff-editor').first().waitFor();
    await wb.screenshot('zone-file-review');
    await wb.clickDialogButton('Apply');
    await answerAfter(mark, 'PUT', putPath);
    await wb.notification(`Applied 1 record set change to ${RECORDS_ZONE}.`).waitFor();
    assert.deepEqual(
      requestsTo('PUT', putPath).map((request) => request.json),
      [{ ttl: 300, resource_records: [{ content: ['203.0.113.61'] }], meta: {} }],
    );
    assert.deepEqual(
      writes()
        .slice(writesBefore)
        .map((request) => `${request.method} ${request.path}`),
      [`PUT ${putPath}`],
      'one request, for the one set that changed',
    );
    await wb.runCommand('View: Close All Editors');
  });

  it("lists the location's containers with their status, and their fields when one is expanded", async () => {
    await wb.clearNotifications();
    // The GPU location makes room for the containers one; it is opened again for the key tests.
    await wb.collapseTreeRow(LOCATION_LABEL, 0);
    // The zones make room too: the screenshot shows the location's containers in their states.
    await wb.collapseTreeRow('DNS Zones');
    await wb.treeRow(LOCATION_LABEL).nth(1).click();
    await wb.treeRow(CONTAINER).waitFor();
    await wb.screenshot('containers');
    const rows = await wb.treeRows();
    assert.equal(rows.find((row) => row.label === CONTAINER)?.description, 'Ready · 2/2 · nginx:1.27-alpine');
    assert.match(rows.find((row) => row.label === 'broken-build')?.description ?? '', /^Error · 0\/1/);
    assert.match(rows.find((row) => row.label === 'staging-api')?.description ?? '', /^Deploying/);
    await wb.expandTreeRow(CONTAINER);
    await wb.treeRow('Address').waitFor();
    assert.equal((await wb.treeRows()).find((row) => row.label === 'NGINX_PORT')?.description, 'environment variable · value hidden');
    await wb.collapseTreeRow(CONTAINER);
  });

  it('updates a container from its row: the prompts start from its values and the summary shows current → new', async () => {
    const menu = await wb.treeContextMenu(CONTAINER);
    await wb.chooseMenuItem(menu, 'Update Container');
    await wb.waitForQuickInput('Gcore: Update Container (1/1)');
    await wb.tickQuickPickItem('Image');
    await wb.tickQuickPickItem('Scale');
    await wb.clickQuickInputOk();
    await wb.waitForQuickInput('Gcore: Update Container: Image (2/5)');
    assert.equal(await wb.quickInputBox.inputValue(), 'nginx:1.27-alpine');
    await wb.answer(NEW_IMAGE);
    await wb.waitForQuickInput('Gcore: Update Container: Scale (3/5)');
    assert.equal(await wb.quickInputBox.inputValue(), '1');
    await wb.answer('2');
    await wb.waitForQuickInput('Gcore: Update Container: Scale (4/5)');
    await wb.answer('6');
    await wb.waitForQuickInput('Gcore: Update Container: Scale (5/5)');
    await wb.quickPickRow('Keep cooldown and triggers').click();

    await wb.dialog.waitFor();
    const mark = session.tap.responses.length;
    assert.equal(
      (await wb.dialog.locator('.dialog-message-text').innerText()).trim(),
      `Update container "${CONTAINER}" in project ${PROJECT}, region ${REGION}?`,
    );
    assert.deepEqual((await wb.dialog.locator('.dialog-message-detail').innerText()).trim().split('\n'), [
      `image: "nginx:1.27-alpine" → "${NEW_IMAGE}"`,
      'scale: 1–3 instances · cooldown 60 s · CPU over 80% · memory over 80% → 2–6 instances · cooldown 60 s · CPU over 80% · memory over 80%',
    ]);
    assert.deepEqual(
      requestsTo('PATCH', `/cloud/v1/caas/${PROJECT}/${REGION}/containers/${CONTAINER}`),
      [],
      'nothing is sent before confirming',
    );
    await wb.screenshot('update-container');
    await wb.clickDialogButton('Update');

    const toast = wb.notification(`Sent the update of container ${CONTAINER}. Tasks: `);
    await toast.waitFor();
    const shownTasks = (await toast.locator('.notification-list-item-message').innerText()).match(UUID) ?? [];
    const answer = await answerAfter(mark, 'PATCH', `/cloud/v1/caas/${PROJECT}/${REGION}/containers/${CONTAINER}`);
    const returnedTasks = (JSON.parse(answer.body) as { tasks: string[] }).tasks;
    assert.equal(returnedTasks.length, 2, 'a new image and a new scale are two tasks');
    assert.deepEqual(shownTasks, returnedTasks);
    await toast.locator('.monaco-button', { hasText: 'Copy Task IDs' }).waitFor();

    assert.deepEqual(
      requestsTo('PATCH', `/cloud/v1/caas/${PROJECT}/${REGION}/containers/${CONTAINER}`).map((request) => request.json),
      [{ image: NEW_IMAGE, scale: { min: 2, max: 6, ...WEB_APP_AUTOSCALING } }],
    );
    const container = session.emulator.container(PROJECT, REGION, CONTAINER);
    assert.equal(container?.updates, 1);
    assert.equal(container?.config.image, NEW_IMAGE);
    assert.deepEqual(container?.config.scale, { min: 2, max: 6, ...WEB_APP_AUTOSCALING }, 'the triggers and the cooldown are kept');
  });

  it('follows the update to its end: progress, "Updating…" on the row, the Tasks section, the new status', async () => {
    await wb
      .notification('Updating container web-app')
      .filter({ hasText: /2 tasks: / })
      .waitFor();
    await wb.treeRow(CONTAINER).filter({ hasText: 'Updating…' }).waitFor();
    await wb
      .treeRow(CONTAINER)
      .filter({ hasText: /(Waiting for Gcore|Queued|Running) · update|Waiting for Gcore · started/ })
      .first()
      .waitFor();
    await wb.screenshot('task-following');
    const done = wb.notification(`Container ${CONTAINER} is updated: Ready · 2/2.`);
    await done.waitFor({ timeout: 20_000 });
    await wb
      .notification('Updating container web-app')
      .filter({ hasText: /2 tasks: / })
      .waitFor({ state: 'detached' });
    // The tree catches up with the container read again, and both tasks are in the Tasks section.
    await wb
      .treeRow(CONTAINER)
      .filter({ hasText: /Ready · 2\/2 · / })
      .waitFor();
    await wb.treeRow(CONTAINER).filter({ hasText: 'Finished · update' }).nth(1).waitFor();
    await wb.screenshot('task-finished');
    const polled = new Set(
      session.emulator.requests
        .filter((request) => request.method === 'GET' && request.path.startsWith('/cloud/v1/tasks/'))
        .map((request) => request.path),
    );
    assert.equal(polled.size, 2, 'each task was asked for');
  });

  it('says why an update failed at Gcore, with Retry and Copy Task ID', async () => {
    await wb.clearNotifications();
    const menu = await wb.treeContextMenu(CONTAINER);
    await wb.chooseMenuItem(menu, 'Update Container');
    await wb.waitForQuickInput('Gcore: Update Container (1/1)');
    await wb.tickQuickPickItem('Image');
    await wb.clickQuickInputOk();
    await wb.waitForQuickInput('Gcore: Update Container: Image (2/2)');
    await wb.answer(BROKEN_IMAGE);
    await wb.dialog.waitFor();
    await wb.clickDialogButton('Update');
    const failed = wb.notification(
      `The update of container ${CONTAINER} failed at Gcore: Failed to pull image "${BROKEN_IMAGE}": not found`,
    );
    await failed.waitFor({ timeout: 20_000 });
    await failed.locator('.monaco-button', { hasText: 'Retry' }).waitFor();
    await failed.locator('.monaco-button', { hasText: 'Copy Task ID' }).waitFor();
    await wb
      .treeRow(CONTAINER)
      .filter({ hasText: /Error · \d\/\d/ })
      .waitFor();
    await wb.screenshot('task-failed');
  });

  it("edits the container as JSON: the schema's hover, a squiggle under a bad value, then the diff and Apply", async () => {
    await wb.clearNotifications();
    const patchPath = `/cloud/v1/caas/${PROJECT}/${REGION}/containers/${CONTAINER}`;
    const sentBefore = requestsTo('PATCH', patchPath).length;
    const menu = await wb.treeContextMenu(CONTAINER);
    await wb.chooseMenuItem(menu, 'Edit Container as JSON');
    const tab = wb.page.locator('.tabs-container .tab', { hasText: `${CONTAINER} · ${LOCATION_LABEL}.json` });
    await tab.waitFor();
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line', { hasText: '"timeout": 60' }).waitFor();

    // VS Code's JSON support found the extension's schema: hovering a field shows its description.
    await editor.locator('.view-line span', { hasText: '"timeout"' }).first().hover();
    await wb.page.locator('.monaco-hover', { hasText: 'Seconds the container stays up without requests' }).waitFor();
    await wb.page.keyboard.press('Escape');

    // A value out of bounds is marked where it is written; its hover names the field.
    // The timeout's 60, not the scale's cooldown of 60 s above it.
    await editor.locator('.view-line', { hasText: '"timeout": 60' }).locator('span', { hasText: /^60$/ }).dblclick();
    await wb.page.keyboard.type('500');
    await editor.locator('.squiggly-error').first().waitFor();
    // code-server saves after a pause in typing: that keeps the edits here, sends nothing, and says so once.
    await wb.notification(`Auto Save keeps your edits of container ${CONTAINER} in this editor only`).waitFor();
    assert.equal(requestsTo('PATCH', patchPath).length, sentBefore, 'Auto Save sent nothing');
    await editor.locator('.view-line span', { hasText: /^500$/ }).hover();
    await wb.page.locator('.monaco-hover', { hasText: 'timeout: must be between 0 and 180' }).waitFor();
    await wb.screenshot('json-invalid');
    await wb.page.keyboard.press('Escape');

    await editor.locator('.view-line span', { hasText: /^500$/ }).dblclick();
    await wb.page.keyboard.type('45');
    await editor.locator('.view-line', { hasText: `"image": "${BROKEN_IMAGE}"` }).click();
    await wb.page.keyboard.press('End');
    await wb.page.keyboard.press('Shift+Home');
    // Emptied first: a quote typed over a selection would surround it instead of replacing it.
    await wb.page.keyboard.press('Backspace');
    await wb.page.keyboard.type(`"image": "${NEW_IMAGE}",`);
    await editor.locator('.view-line', { hasText: `"image": "${NEW_IMAGE}",` }).waitFor();
    await editor.locator('.squiggly-error').first().waitFor({ state: 'detached' });
    // The document's top, where the line of what is not sent stands, has scrolled out of view with the timeout.
    await wb.page.keyboard.press('Control+Home');
    await editor.locator('.codelens-decoration', { hasText: 'Not sent to Gcore: image, timeout' }).waitFor();

    // Auto Save has kept the edits (the tab is clean); the line above the document sends them.
    await wb.page.locator('.tabs-container .tab.dirty').waitFor({ state: 'detached' });
    const mark = session.tap.responses.length;
    await editor.locator('.codelens-decoration a', { hasText: 'Review and Apply' }).click();
    await wb.dialog.waitFor();
    assert.equal(
      (await wb.dialog.locator('.dialog-message-text').innerText()).trim(),
      `Apply 2 changes to container ${CONTAINER} in project ${PROJECT}, region ${REGION}?`,
    );
    await wb.page.locator('.monaco-diff-editor').first().waitFor();
    await wb.screenshot('json-review');
    await wb.clickDialogButton('Apply');
    await answerAfter(mark, 'PATCH', patchPath);
    assert.deepEqual(
      requestsTo('PATCH', patchPath)
        .slice(sentBefore)
        .map((request) => request.json),
      [{ image: NEW_IMAGE, timeout: 45 }],
    );
    await wb.notification(`Container ${CONTAINER} is updated: Ready · 2/2.`).waitFor({ timeout: 20_000 });
    // Saved: the tab is no longer dirty, and the diff closed with the answer.
    await wb.page.locator('.tabs-container .tab.dirty').waitFor({ state: 'detached' });
    assert.equal(await wb.page.locator('.monaco-diff-editor').count(), 0);
    await wb.runCommand('View: Close All Editors');
  });

  it("shows a container's logs from its row, and follows them while they are shown", async () => {
    await wb.clearNotifications();
    const logPath = `/cloud/v1/caas/${PROJECT}/${REGION}/containers/${CONTAINER}/logs`;
    const menu = await wb.treeContextMenu(CONTAINER);
    await wb.chooseMenuItem(menu, 'Show Logs');
    await wb.page.locator('.tabs-container .tab', { hasText: `${CONTAINER} · ${LOCATION_LABEL}.log` }).waitFor();
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    // Monaco writes spaces as no-break spaces.
    await editor
      .locator('.view-line', { hasText: /\[(f4vzd|k8x2q)\]\s+10\.0\./ })
      .first()
      .waitFor();
    assert.deepEqual(
      requestsTo('GET', logPath).map((request) => request.query.limit),
      ['1000'],
    );

    await wb.page.locator('.editor-actions .action-label[aria-label="Follow Logs"]').click();
    await wb.page.locator('.statusbar-item', { hasText: `Following ${CONTAINER}` }).waitFor();
    await eventually(() => assert.ok(requestsTo('GET', logPath).length >= 2, 'read again while shown'), 15_000);
    await wb.screenshot('container-logs');
    await wb.page.locator('.editor-actions .action-label[aria-label="Stop Following Logs"]').click();
    await wb.page.locator('.statusbar-item', { hasText: `Following ${CONTAINER}` }).waitFor({ state: 'hidden' });
    await wb.runCommand('View: Close All Editors');
  });

  it("opens a container's page in the Gcore Portal from its row, through VS Code's link protection", async () => {
    const menu = await wb.treeContextMenu(CONTAINER);
    await wb.chooseMenuItem(menu, 'Open in Gcore Portal');
    await wb.dialog.waitFor();
    // VS Code asks before it opens a site the user has not trusted; the address is the location's Containers page.
    assert.match(
      await wb.dialog.innerText(),
      new RegExp(`https://portal\\.gcore\\.com/cloud/project/${PROJECT}/region/${REGION}/caas/containers`),
    );
    await wb.clickDialogButton('Cancel');
  });

  it("shows the account in VS Code's Accounts menu", async () => {
    await wb.page.locator('.codicon-accounts-view-bar-icon').first().click();
    const menu = wb.page.locator('.context-view .monaco-menu');
    await menu.locator('.action-label', { hasText: 'dev@example.com (Gcore)' }).waitFor();
    await wb.screenshot('accounts');
    await wb.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it("checks off the walkthrough's steps by what was done: a key set, a location added, the view opened, an update finished, DNSSEC on", async () => {
    await wb.runCommand('Welcome: Open Walkthrough...');
    await wb.quickPickRow('Get started with Gcore').click();
    const page = wb.page.locator('.gettingStartedContainer');
    const step = (title: string) => page.locator('.getting-started-step', { hasText: title });
    for (const done of [
      'Set your API key',
      'Add a project and region',
      'Look at containers and GPU flavors',
      'Update a container and watch it finish',
      'Create a zone and turn on DNSSEC',
    ]) {
      await step(done).locator('.codicon-getting-started-step-checked').waitFor();
    }
    await step('Create an API key').locator('.codicon-getting-started-step-unchecked').waitFor();
    await closeWelcome();
  });

  it('on a rejected key, the failure notification\'s "Set API Key" opens the key prompt', async () => {
    await wb.clearNotifications();
    await wb.collapseTreeRow(LOCATION_LABEL, 1);
    await wb.expandTreeRow(LOCATION_LABEL, 0);
    rejectNextFlavorRequest();
    await wb.viewTitleAction('Refresh');
    await wb.treeRow('Failed to load GPU flavors').waitFor();
    assert.equal((await wb.treeRows()).find((row) => row.label === 'Failed to load GPU flavors')?.description, 'Invalid token.');

    rejectNextFlavorRequest();
    await wb.runCommand('Gcore: List GPU Flavors');
    await wb.waitForQuickInput('Gcore: List GPU Flavors');
    await wb.quickPickRow(LOCATION_LABEL).click();
    const toast = wb.notification('List GPU flavors failed: Gcore rejected the API key (Invalid token). Set a valid API key.');
    await toast.waitFor();
    await wb.notification('Loading GPU flavors').waitFor({ state: 'detached' });
    assert.equal(requestsTo('GET', FLAVORS_PATH).filter((request) => request.status === 401).length, 2);
    await wb.screenshot('unauthorized');

    await wb.clickNotificationButton(toast, 'Set API Key');
    await wb.waitForQuickInput('Gcore: Set API Key');
    assert.equal(await wb.quickInputBox.getAttribute('type'), 'password');
    await wb.page.keyboard.press('Escape');
    await wb.quickInput.waitFor({ state: 'hidden' });
  });

  it("on a rejected key, the tree's error row opens the key prompt, and a new key reloads the flavors", async () => {
    const before = requestsTo('GET', FLAVORS_PATH).length;
    const mark = session.tap.responses.length;
    await wb.treeRow('Failed to load GPU flavors').click();
    await wb.waitForQuickInput('Gcore: Set API Key');
    await wb.answer(API_KEY);
    await wb.treeRow('Failed to load GPU flavors').waitFor({ state: 'detached' });
    const answer = await answerAfter(mark, 'GET', FLAVORS_PATH);
    assert.equal(answer.status, 200);
    const [first] = (JSON.parse(answer.body) as { results: { name: string }[] }).results;
    await wb.treeRow(first.name).waitFor();
    assert.equal(requestsTo('GET', FLAVORS_PATH).length, before + 1);
  });
});
