import * as assert from 'node:assert/strict';
import type { RecordedRequest } from '../emulator/server';
import { eventually } from '../support/eventually';
import { oneLocationSettings, useUiSession, type UiSession } from './ui-session';
import { TASK_ROW, type WorkbenchPage } from './workbench-page';

/**
 * A container from birth to removal, as a user does it in the packaged extension: New Container from a
 * location's row under Containers (the prompts, the modal review with quota and price, the row at once as
 * Creating…, then Ready and the notification with the address), and Delete Container from a container's
 * row with its typed confirmation. Each step builds on the one before (mocha --bail).
 */

const API_KEY = 'ui-container-lifecycle-key-9d41';
const PROJECT = 482;
const REGION = 76;
const LOCATION_LABEL = 'Production · Luxembourg-2';
const CONTAINERS_PATH = `/cloud/v1/caas/${PROJECT}/${REGION}/containers`;
const LIMITS_PATH = `/cloud/v1/caas/${PROJECT}/${REGION}/check_limits`;
const PRICING_PATH = `/cloud/v1/pricing/${PROJECT}/${REGION}/caas`;
const NEW_CONTAINER = { name: 'hello-api', image: 'nginx:1.27', listening_port: 8080, flavor: '250mCPU-512MiB', scale: { min: 1, max: 2 } };
/** A seeded container of every location. */
const DOOMED = 'staging-api';
/**
 * The emulator's create task takes 4 s and its delete task 6.5 s at the session's timings, polled every
 * second; the rest is room for a loaded machine (another code-server may run beside this one).
 */
const TASK_END_TIMEOUT_MS = 45_000;

describe('New Container and Delete Container, from the Containers tree', function () {
  this.timeout(90_000);
  let session: UiSession;
  let wb: WorkbenchPage;

  function writes(): RecordedRequest[] {
    return session.emulator.requests.filter((request) => request.method !== 'GET');
  }

  /** The location's row under Containers (GPU, which shows it too, is folded). */
  function containersLocationRow() {
    return wb.treeRow(LOCATION_LABEL);
  }

  const started = useUiSession({
    apiKey: API_KEY,
    settings: oneLocationSettings(PROJECT, REGION, LOCATION_LABEL),
    failurePrefix: 'ui-container-lifecycle',
  });

  before(() => {
    session = started();
    wb = session.workbench;
  });

  it('sets the key and expands the location under Containers: Pull Secrets first, then its containers', async () => {
    await wb.openWithKey(API_KEY, 'Containers');
    // Room for the containers in the pictures: the other sections are folded, so the location's one row is under Containers.
    await wb.foldSectionsBut('Containers', LOCATION_LABEL);
    await wb.expandTreeRow(LOCATION_LABEL);
    await wb.ownRow(DOOMED).waitFor();
    const rows = await wb.treeRows();
    const location = rows.findIndex((row) => row.label === LOCATION_LABEL);
    assert.equal(rows[location - 1]?.label, 'Containers', JSON.stringify(rows));
    assert.equal(rows[location].description, `project ${PROJECT} · region ${REGION}`);
    assert.equal(rows[location + 1]?.label, 'Pull Secrets', 'the first child is Pull Secrets');
    assert.ok(
      rows.some((row) => row.label === 'web-app'),
      'the seeded containers are listed',
    );
  });

  it("offers New Container, New Container from JSON and Create Pull Secret in the location's context menu", async () => {
    const menu = await wb.treeContextMenu(LOCATION_LABEL);
    const items = (await menu.locator('.action-menu-item .action-label').allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(items.slice(0, 3), ['New Container', 'New Container from JSON', 'Create Pull Secret'], JSON.stringify(items));
    await wb.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it("creates a container from the location's inline New Container button, after a review of its quota and price", async () => {
    // The key's notification would stay in the pictures.
    await wb.clearNotifications();
    const row = containersLocationRow();
    await row.hover();
    await row.locator('.actions .action-label[aria-label="New Container"]').click();

    await wb.waitForQuickInput('Gcore: New Container: Container name (1/8)');
    await wb.answer(NEW_CONTAINER.name);
    await wb.waitForQuickInput('Gcore: New Container: Image (2/8)');
    await wb.answer(NEW_CONTAINER.image);
    await wb.waitForQuickInput('Gcore: New Container: Listening port (3/8)');
    await wb.answer(String(NEW_CONTAINER.listening_port));
    await wb.waitForQuickInput('Gcore: New Container: Flavor (4/8)');
    await wb.quickPickRow(NEW_CONTAINER.flavor).click();
    await wb.waitForQuickInput('Gcore: New Container: Scale (5/8)');
    await wb.answer(String(NEW_CONTAINER.scale.min));
    await wb.waitForQuickInput('Gcore: New Container: Scale (6/8)');
    await wb.answer(String(NEW_CONTAINER.scale.max));
    await wb.waitForQuickInput('Gcore: New Container: Scale (7/8)');
    // Autoscaling is skipped: Gcore's defaults.
    await wb.quickPickRow('No triggers').click();
    await wb.waitForQuickInput('Gcore: New Container (8/8)');
    await wb.quickInput.locator('.monaco-list-row', { hasText: 'Environment variables' }).waitFor();
    // None of the optional settings: OK with nothing ticked.
    await wb.clickQuickInputOk();

    await wb.dialog.waitFor({ timeout: 30_000 });
    assert.equal(
      (await wb.dialog.locator('.dialog-message-text').innerText()).trim(),
      `Create container ${NEW_CONTAINER.name} in ${LOCATION_LABEL}?`,
    );
    const detail = (await wb.dialog.locator('.dialog-message-detail').innerText()).trim();
    const lines = detail.split('\n').map((line) => line.trim());
    assert.deepEqual(
      lines.slice(0, 4),
      [
        `Image: ${NEW_CONTAINER.image}`,
        `Listening port: ${NEW_CONTAINER.listening_port}`,
        `Size: ${NEW_CONTAINER.flavor}`,
        'Instances: 1 to 2',
      ],
      detail,
    );
    assert.ok(lines.includes('Quota:'), detail);
    assert.ok(
      lines.some((line) => /^Containers: \d+ used \+ 1 for this container, of \d+ allowed$/.test(line)),
      detail,
    );
    assert.ok(
      lines.some((line) => /^CPU: [\d,]+ mCPU used \+ 500 mCPU for this container, of [\d,]+ mCPU allowed$/.test(line)),
      detail,
    );
    assert.ok(
      lines.some((line) => /^Price: €[\d.,]+ per hour, €[\d.,]+ per month$/.test(line)),
      detail,
    );
    const buttons = (await wb.dialog.locator('.dialog-buttons .monaco-button').allInnerTexts()).map((text) => text.trim());
    assert.ok(buttons.includes('Create') && buttons.includes('Edit'), JSON.stringify(buttons));
    assert.deepEqual(
      writes().filter((request) => request.path === CONTAINERS_PATH),
      [],
      'nothing is created before the review is answered',
    );
    // The check's progress notification closes once its answers are in (VS Code keeps it up a moment).
    await wb
      .notification(`Checking the quota and price of container ${NEW_CONTAINER.name}`)
      .waitFor({ state: 'detached', timeout: 10_000 });
    await wb.screenshot('container-create-review');
    await wb.clickDialogButton('Create');

    // Shown at once under the location, before Gcore lists it as ready.
    await wb.ownRow(NEW_CONTAINER.name).filter({ hasText: 'Creating…' }).waitFor({ timeout: 30_000 });
    const posts = await eventually(() => {
      const sent = writes().map((request): [string, string, unknown] => [request.method, request.path, request.json]);
      assert.ok(
        sent.some(([, pathname]) => pathname === CONTAINERS_PATH),
        'the create was sent',
      );
      return sent;
    }, 10_000);
    // The quota and the price were asked first, for the size and scale chosen, then the create with exactly the answers.
    const create = posts.findIndex(([, pathname]) => pathname === CONTAINERS_PATH);
    assert.deepEqual(posts[create], ['POST', CONTAINERS_PATH, NEW_CONTAINER]);
    assert.deepEqual(
      posts.slice(0, create).sort(([, a], [, b]) => a.localeCompare(b)),
      [
        ['POST', LIMITS_PATH, { flavor: NEW_CONTAINER.flavor, max_replicas: NEW_CONTAINER.scale.max }],
        ['POST', PRICING_PATH, { flavor: NEW_CONTAINER.flavor, scale: NEW_CONTAINER.scale }],
      ],
    );
    assert.equal(posts.filter(([, pathname]) => pathname === CONTAINERS_PATH).length, 1, 'one create');
  });

  it('follows the create to Ready, and the notification offers the address', async () => {
    const done = wb.notification(`Container ${NEW_CONTAINER.name} is created: Ready · 1/1, at https://${NEW_CONTAINER.name}-`);
    await done.waitFor({ timeout: TASK_END_TIMEOUT_MS });
    await done.locator('.monaco-button', { hasText: 'Open in Browser' }).waitFor();
    await done.locator('.monaco-button', { hasText: 'Copy Address' }).waitFor();
    await wb.ownRow(NEW_CONTAINER.name).filter({ hasText: /Ready/ }).waitFor({ timeout: 30_000 });
    await wb.notification(`Creating container ${NEW_CONTAINER.name}`).waitFor({ state: 'detached' });
    assert.match(
      (await wb.treeRows()).find((row) => row.label === NEW_CONTAINER.name && !TASK_ROW.test(row.description))?.description ?? '',
      /^Ready · 1\/1 · nginx:1\.27/,
    );
    await wb.screenshot('container-created');
    const container = session.emulator.container(PROJECT, REGION, NEW_CONTAINER.name);
    assert.equal(container?.config.image, NEW_CONTAINER.image);
  });

  it('deletes a container from its row once its name is typed, and the row leaves the tree', async () => {
    await wb.clearNotifications();
    const deletePath = `${CONTAINERS_PATH}/${DOOMED}`;
    const menu = await wb.treeContextMenu(DOOMED);
    await wb.chooseMenuItem(menu, 'Delete Container');
    await wb.waitForQuickInput(`Gcore: Delete Container ${DOOMED}`);
    const prompt = `This deletes container ${DOOMED} in project ${PROJECT}, region ${REGION}, and all its logs; it cannot be undone. Type ${DOOMED} to delete it.`;
    const message = wb.quickInput.locator('.quick-input-message');
    await message.filter({ hasText: prompt }).waitFor();

    // A wrong name is refused where it is typed, and Enter sends nothing.
    await wb.answer('staging');
    await message.filter({ hasText: `Type ${DOOMED} to delete the container, or press Escape to keep it.` }).waitFor();
    assert.equal(await wb.quickInput.isVisible(), true, 'the box stays open');
    assert.deepEqual(
      session.emulator.requests.filter((request) => request.method === 'DELETE'),
      [],
      'nothing is deleted on a wrong name',
    );

    await wb.quickInputBox.fill(DOOMED);
    await message.filter({ hasText: prompt }).waitFor();
    await wb.screenshot('container-delete-confirm');
    await wb.page.keyboard.press('Enter');
    await wb.quickInput.waitFor({ state: 'hidden' });

    await eventually(
      () =>
        assert.deepEqual(
          session.emulator.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
          [deletePath],
        ),
      10_000,
    );
    await wb.ownRow(DOOMED).filter({ hasText: 'Deleting…' }).waitFor({ timeout: 30_000 });
    await wb.notification(`Deleted container ${DOOMED} and its logs.`).waitFor({ timeout: TASK_END_TIMEOUT_MS });
    await wb.ownRow(DOOMED).waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(session.emulator.container(PROJECT, REGION, DOOMED), undefined, 'gone at the emulator');
    // The new container is still there.
    await wb.ownRow(NEW_CONTAINER.name).filter({ hasText: /Ready/ }).waitFor();
  });
});
