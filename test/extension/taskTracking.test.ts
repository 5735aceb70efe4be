import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/treeNodes';
import type { Emulator } from '../emulator/server';
import { TEST_KEY, eventually, extensionApi, gcoreConfig, signedInAt, useUi } from './support/harness';
import { label, rows } from './support/treeRows';
import { ScriptedUi, type Answer } from './support/scriptedUi';

/*
 * Knowing whether it worked: an update is followed to its end (progress, the container's row, the Tasks
 * section, the last word), and gcore.waitForTasks waits for any tasks in the same loop.
 */

const LOCATION = { projectId: 1, regionId: 76 };
/** The emulator's tasks end 1.5 s after they start; polled every second, a test ends in about 2 s. */
const FOLLOWED_WITHIN_MS = 8_000;

async function sectionRows(name: string): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  const section = (await rows()).find((row) => label(row.item) === name);
  assert.ok(section, `the ${name} section is shown`);
  return rows(section.node);
}

async function containerRow(name: string): Promise<{ node: TreeNode; item: vscode.TreeItem }> {
  const [location] = await sectionRows('Containers');
  const found = (await rows(location.node)).find((row) => label(row.item) === name);
  assert.ok(found, `container ${name} is listed`);
  return found;
}

async function updateFromRow(answers: Answer[], container = 'web-app'): Promise<ScriptedUi> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  await vscode.commands.executeCommand('gcore.updateContainer', (await containerRow(container)).node);
  return ui;
}

/** A task read, or the task list a round asks first (`/cloud/v1/tasks?state=NEW&state=RUNNING…`). */
const TASK_PATH = /^\/cloud\/v1\/tasks(\/|$)/;

/** The poller's requests: not a location's read of its active tasks, which a GPU location a test before left open makes at its load. */
function taskPolls(emulator: Emulator): string[] {
  return emulator.requests
    .filter((request) => TASK_PATH.test(request.path) && !request.path.endsWith('/active'))
    .map((request) => request.path);
}

describe('following tasks to their end', () => {
  let emulator: Emulator;

  before(async () => {
    await gcoreConfig().update('tasks.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    (await extensionApi()).stopFollowingTasks();
    await gcoreConfig().update('tasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  it('follows an update from its row: progress, "Updating…" on the row, then the container read again', async () => {
    const ui = await updateFromRow([['Timeout'], '45', true]);
    const [patch] = emulator.requests.filter((request) => request.method === 'PATCH');
    assert.deepEqual(patch.json, { timeout: 45 });
    const row = await containerRow('web-app');
    assert.match(String(row.item.description), /^Updating… · /);
    assert.equal((row.item.iconPath as vscode.ThemeIcon).id, 'sync~spin');

    const done = await eventually(() => {
      const message = ui.notifications.find((notification) => /is updated/.test(notification.message));
      assert.ok(message, 'the end is announced');
      return message;
    }, FOLLOWED_WITHIN_MS);
    assert.equal(done.message, 'Container web-app is updated: Ready · 2/2.');
    assert.ok(ui.progressTitles.includes('Updating container web-app'));
    assert.ok(
      ui.progressMessages.some((message) => /^(queued|running|waiting for Gcore) · \d+ s$/.test(message)),
      ui.progressMessages.join(' | '),
    );
    // One request per round, on the task list; the task read once, when it left the list; and the container read again at the end.
    const polls = taskPolls(emulator);
    assert.ok(polls.length >= 2 && polls.length <= 4, polls.join(', '));
    const reads = polls.filter((path) => path !== '/cloud/v1/tasks');
    assert.equal(reads.length, 1, polls.join(', '));
    assert.ok(emulator.requests.some((request) => request.method === 'GET' && request.path === '/cloud/v1/caas/1/76/containers/web-app'));
    await eventually(async () => assert.doesNotMatch(String((await containerRow('web-app')).item.description), /Updating/));

    const [task] = await sectionRows('Tasks');
    assert.equal(label(task.item), 'web-app');
    assert.match(String(task.item.description), /^Finished · update · started \d\d:\d\d UTC · \d+ s$/);
    assert.equal(task.item.contextValue, 'task');
    await vscode.commands.executeCommand('gcore.copyTaskId', task.node);
    assert.equal(ui.clipboard.at(-1), reads[0].split('/').pop());
  });

  it('says why an update failed at Gcore, and Retry opens the update again with the same answers', async () => {
    const image = 'ghcr.io/example/does-not-exist:2';
    const ui = (await updateFromRow([['Image'], image, true])).answerNotification(/failed at Gcore/, 'Retry');
    // Retry reopens the prompts, filled in, in the UI of that moment: the same field, the same image.
    const retried = new ScriptedUi([['Image'], image, false]);
    await useUi(retried);
    const failed = await eventually(() => {
      const message = ui.notifications.find((notification) => /failed at Gcore/.test(notification.message));
      assert.ok(message);
      return message;
    }, FOLLOWED_WITHIN_MS);
    assert.equal(failed.message, `The update of container web-app failed at Gcore: Failed to pull image "${image}": not found`);
    assert.deepEqual(failed.actions, ['Retry', 'Show Logs', 'Copy Task ID']);
    await eventually(() => assert.ok(retried.shown.length >= 3, 'the update prompts open again'));
    assert.equal(retried.shown[1].value, image, 'with the image typed before');
    const [task] = await sectionRows('Tasks');
    assert.match(String(task.item.description), /^Failed · Failed to pull image/);
    await eventually(async () => assert.match(String((await containerRow('web-app')).item.description), /^Error/));
  });

  it('stops watching when the progress notification is cancelled, and says the change goes on', async () => {
    // The update's own progress comes first; the following's is cancelled at once.
    const ui = new ScriptedUi([['Timeout'], '44', true]).cancelProgressAfter(0, /^Updating container web-app$/);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.updateContainer', (await containerRow('web-app')).node);
    await eventually(() =>
      assert.ok(
        ui.notifications.some((notification) =>
          /^Stopped watching the update of container web-app\. The change goes on at Gcore/.test(notification.message),
        ),
      ),
    );
    const before = taskPolls(emulator).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.equal(taskPolls(emulator).length, before, 'no task is asked for any more');
    const [task] = await sectionRows('Tasks');
    assert.match(String(task.item.description), /^No longer followed/);
  });

  it('goes on through a 503, and stops every following on a rejected key, offering Set API Key', async () => {
    // The task must not end while the 503s pass: a round starts every interval, whatever is in flight.
    emulator.holdTasks(true);
    emulator.inject({ path: TASK_PATH, status: 503, body: { message: 'busy' }, times: 3 });
    const ui = await updateFromRow([['Timeout'], '46', true]);
    ui.answerNotification(/rejected the API key/, 'Set API Key');
    // The 503s are retried by the client and then by the next round: the following goes on.
    const polls = () => emulator.requests.filter((request) => TASK_PATH.test(request.path));
    await eventually(() => assert.equal(polls().filter((request) => request.status === 503).length, 3), FOLLOWED_WITHIN_MS);
    assert.equal(ui.notifications.filter((notification) => notification.severity !== 'info').length, 0);
    assert.match(String((await containerRow('web-app')).item.description), /^Updating… /, 'still followed');
    const keyPrompt = new ScriptedUi([]);
    emulator.inject({ path: TASK_PATH, status: 401, body: { message: 'Invalid token.' }, times: 50 });
    await useUi(keyPrompt);
    const rejected = await eventually(() => {
      const message = ui.notifications.find((notification) => /rejected the API key/.test(notification.message));
      assert.ok(message);
      return message;
    }, FOLLOWED_WITHIN_MS);
    assert.match(
      rejected.message,
      /^Gcore rejected the API key while the update of container web-app was followed; following stopped\. The change goes on at Gcore\.$/,
    );
    // Set API Key opened its prompt (in the UI of that moment, which has no answer for it).
    await eventually(() => assert.equal(keyPrompt.shown[0]?.title, 'Gcore: Set API Key'));
    const [task] = await sectionRows('Tasks');
    assert.match(String(task.item.description), /^Key rejected/);
  });

  describe('DNSSEC that waits on the registrar', () => {
    const ZONE = 'registrar-wait.example';

    // Known zones outlive a test; the tree's tests expect only their own.
    afterEach(() => vscode.commands.executeCommand('gcore.forgetZone', ZONE));

    async function zoneRow() {
      return eventually(async () => {
        const found = (await sectionRows('DNS Zones')).find((row) => label(row.item) === ZONE);
        assert.ok(found, `${ZONE} is listed`);
        return found;
      });
    }

    it('says what to do while pending, and Check Now reads the state again, without polling', async () => {
      await vscode.commands.executeCommand('gcore.createZone', { name: ZONE });
      await vscode.commands.executeCommand('gcore.enableDnssec', ZONE);
      const pending = await eventually(async () => {
        const row = await zoneRow();
        assert.equal(row.item.description, 'DNSSEC pending: add the DS record at your registrar · 2 record sets');
        return row;
      });
      assert.equal(pending.item.contextValue, 'zone.dnssec.pending');
      const reads = () => emulator.requests.filter((request) => request.method === 'GET' && request.path === '/dns/v2/zones').length;
      const before = reads();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.equal(reads(), before, 'nothing polls DNS in the background');

      const ui = new ScriptedUi([]);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.checkZone', pending.node);
      assert.equal(reads(), before + 1);
      assert.match(ui.notifications.at(-1)?.message ?? '', /still waits for the DS record at the registrar/);

      // The registrar publishes the DS record: Gcore calls DNSSEC active.
      const record = emulator.zone(ZONE)!;
      record.dnssecStatus = 'active';
      record.dsAtRegistrar = true;
      await vscode.commands.executeCommand('gcore.checkZone', (await zoneRow()).node);
      assert.match(
        ui.notifications.at(-1)?.message ?? '',
        new RegExp(`^DNSSEC is on for ${ZONE.replace('.', '\\.')}: the registrar publishes the DS record`),
      );
      await eventually(async () => assert.equal((await zoneRow()).item.description, 'DNSSEC on · 2 record sets'));
    });
  });

  describe('gcore.waitForTasks', () => {
    it('resolves with every final task, ERROR included, polling them in one loop', async () => {
      const ok = (await vscode.commands.executeCommand('gcore.updateContainer', {
        ...LOCATION,
        containerName: 'web-app',
        changes: { timeout: 50 },
      })) as { tasks: string[] };
      const bad = (await vscode.commands.executeCommand('gcore.updateContainer', {
        ...LOCATION,
        containerName: 'batch-worker',
        changes: { image: 'ghcr.io/example/does-not-exist:3' },
      })) as { tasks: string[] };
      const ids = [...ok.tasks, ...bad.tasks];
      // Sent without being followed: nothing is asked for these tasks until someone waits for them.
      assert.deepEqual(taskPolls(emulator), []);
      const waiting = Promise.resolve(vscode.commands.executeCommand('gcore.waitForTasks', { taskIds: ids }));
      // Updates sent here are followed under their containers' names, as from the palette.
      assert.match(String((await containerRow('batch-worker')).item.description), /^Updating… · /);
      const result = (await waiting) as { tasks: { id: string; state: string; error: string | null }[] };
      assert.deepEqual(
        result.tasks.map((task) => [task.id, task.state]),
        [
          [ids[0], 'FINISHED'],
          [ids[1], 'ERROR'],
        ],
      );
      assert.match(result.tasks[1].error ?? '', /Failed to pull image/);
      const polls = taskPolls(emulator);
      // Rounds of one request per unfinished task: both ids equally often.
      assert.equal(polls.filter((path) => path.endsWith(ids[0])).length, polls.filter((path) => path.endsWith(ids[1])).length);
      const tasks = (await sectionRows('Tasks')).filter((row) => ids.includes((row.node as { task?: { id: string } }).task?.id ?? ''));
      assert.deepEqual(tasks.map((row) => [label(row.item), String(row.item.description).split(' · ')[0]]).sort(), [
        ['batch-worker', 'Failed'],
        ['web-app', 'Finished'],
      ]);
    });

    it('names a task by its id when it was not sent here', async () => {
      const { tasks } = (await vscode.commands.executeCommand('gcore.updateContainer', {
        ...LOCATION,
        containerName: 'web-app',
        changes: { timeout: 52 },
      })) as { tasks: string[] };
      // A task the emulator knows but this window never sent: started behind the extension's back.
      const elsewhere = await fetch(`${emulator.url}/cloud/v1/caas/1/76/containers/inference-api`, {
        method: 'PATCH',
        headers: { Authorization: `apikey ${TEST_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ timeout: 53 }),
      });
      const [foreign] = ((await elsewhere.json()) as { tasks: string[] }).tasks;
      await vscode.commands.executeCommand('gcore.waitForTasks', { taskIds: [foreign, ...tasks] });
      const named = (await sectionRows('Tasks')).map((row) => label(row.item));
      assert.ok(named.includes(foreign), named.join(', '));
      assert.ok(named.includes('web-app'), named.join(', '));
    });

    it('rejects on its timeout naming the tasks still unfinished', async () => {
      const { tasks } = (await vscode.commands.executeCommand('gcore.updateContainer', {
        ...LOCATION,
        containerName: 'web-app',
        changes: { timeout: 51 },
      })) as { tasks: string[] };
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand('gcore.waitForTasks', { taskIds: tasks, timeoutSeconds: 0.3 })),
        new RegExp(`Timed out waiting for task ${tasks[0]}: still unfinished at Gcore\\.`),
      );
    });

    it('rejects a task Gcore does not know, naming it', async () => {
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand('gcore.waitForTasks', { taskIds: ['no-such-task'] })),
        /Gcore does not know task no-such-task \(HTTP 404\)/,
      );
    });

    for (const [arg, field] of [
      [{}, 'taskIds'],
      [{ taskIds: [] }, 'taskIds'],
      [{ taskIds: ['ok', ''] }, 'taskIds[1]'],
      [{ taskIds: ['ok'], timeoutSeconds: 0 }, 'timeoutSeconds'],
      [{ taskIds: ['ok'], extra: 1 }, 'extra'],
      ['ok', 'taskIds'],
    ] as const) {
      it(`refuses ${JSON.stringify(arg)} before any request, naming ${field}`, async () => {
        await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.waitForTasks', arg)), (error: Error) =>
          error.message.includes(field),
        );
        assert.deepEqual(emulator.requests, []);
      });
    }
  });
});
