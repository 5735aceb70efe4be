import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BACK } from '../../src/ui/promptUi';
import type { TreeNode } from '../../src/views/treeNodes';
import type { Emulator, RecordedRequest } from '../emulator/server';
import {
  eventually,
  extensionApi,
  gcoreConfig,
  setKey,
  setLocations,
  sharedEmulator,
  signedInAt,
  TEST_KEY,
  useUi,
  rejects,
  run,
} from './support/harness';
import { CANCEL, ScriptedUi, type Answer } from './support/scriptedUi';
import { label, rows } from './support/treeRows';
import { whereTextHolds } from '../support/everyText';

/*
 * Containers from birth to removal, and their pull secrets: New Container (prompts, the review with its quota
 * and price, the row at once as Creating…, the end with the address or Gcore's reason), New Container from
 * JSON, Delete Container with its typed confirmation, the Pull Secrets row and its commands, the contract's
 * commands with their argument checks, and an API without these endpoints.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const BASE = '/cloud/v1/caas/1/76';
/** A create ends 4 s after it starts at the emulator; polled every second. */
const CREATED_WITHIN_MS = 15_000;
const PASSWORD = 'pa55-w0rd-never-shown-7f3c';

async function interact(answers: Answer[], id: string, ...args: unknown[]): Promise<ScriptedUi> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  await vscode.commands.executeCommand(id, ...args);
  return ui;
}

async function locationRow(): Promise<{ node: TreeNode; item: vscode.TreeItem }> {
  const section = (await rows()).find((row) => label(row.item) === 'Containers');
  assert.ok(section, 'the Containers section is shown');
  const [location] = await rows(section.node);
  assert.ok(location, 'the location is shown');
  return location;
}

async function locationChildren(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  return rows((await locationRow()).node);
}

async function containerRow(name: string): Promise<{ node: TreeNode; item: vscode.TreeItem } | undefined> {
  return (await locationChildren()).find((row) => label(row.item) === name);
}

async function secretRows(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  const secrets = (await locationChildren()).find((row) => label(row.item) === 'Pull Secrets');
  assert.ok(secrets, 'the location has a Pull Secrets row');
  return rows(secrets.node);
}

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

const NEW_CONTAINER = { name: 'hello-api', image: 'nginx:latest', listening_port: 80, flavor: '80mCPU-128MiB', scale: { min: 1, max: 2 } };
/** A scale with a cooldown and every kind of trigger, one of them none. */
const AUTOSCALED = {
  min: 1,
  max: 3,
  cooldown_period: 120,
  triggers: { cpu: { threshold: 70 }, memory: null, http: { rate: 100, window: 60 } },
};

/** New Container's answers for a location row: name, image, port, size, scale without autoscaling, no optional field, then the review. */
function createAnswers(name: string, image: string, review: string): Answer[] {
  return [name, image, '8080', '250mCPU-512MiB', '1', '2', 'No triggers', [], review];
}

describe('containers from birth to removal', () => {
  let emulator: Emulator;
  const logLines: string[] = [];

  before(async () => {
    await gcoreConfig().update('tasks.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    (await extensionApi()).tapLog((line) => logLines.push(line));
  });

  after(async () => {
    (await extensionApi()).tapLog(undefined);
    (await extensionApi()).stopFollowingTasks();
    await useUi(undefined);
    await gcoreConfig().update('tasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  describe('gcore.createContainer', () => {
    it('sends exactly the payload and resolves to its tasks', async () => {
      const result = await run<{ tasks: string[] }>('gcore.createContainer', { ...LOCATION, container: NEW_CONTAINER });
      assert.equal(result.tasks.length, 1);
      const [post] = writes(emulator);
      assert.equal(post.method, 'POST');
      assert.equal(post.path, `${BASE}/containers`);
      assert.deepEqual(post.json, NEW_CONTAINER);
      assert.equal(post.headers['content-type'], 'application/json');
    });

    it("sends the scale's cooldown and triggers as given, and Gcore keeps them", async () => {
      await run('gcore.createContainer', { ...LOCATION, container: { ...NEW_CONTAINER, scale: AUTOSCALED } });
      const [post] = writes(emulator);
      assert.deepEqual(post.json, { ...NEW_CONTAINER, scale: AUTOSCALED });
      assert.deepEqual(emulator.container(1, 76, 'hello-api')?.config.scale, AUTOSCALED);
    });

    for (const [arg, field] of [
      [
        { ...LOCATION, container: { ...NEW_CONTAINER, scale: { ...AUTOSCALED, cooldown_period: 0 } } },
        /container\.scale\.cooldown_period: must be between 1 and 3600/,
      ],
      [
        { ...LOCATION, container: { ...NEW_CONTAINER, scale: { ...AUTOSCALED, triggers: { cpu: { threshold: 100 } } } } },
        /container\.scale\.triggers\.cpu\.threshold: must be between 1 and 99/,
      ],
      [
        { ...LOCATION, container: { ...NEW_CONTAINER, scale: { ...AUTOSCALED, triggers: { http: { rate: 10 } } } } },
        /container\.scale\.triggers\.http\.window: is required/,
      ],
      [
        { ...LOCATION, container: { ...NEW_CONTAINER, scale: { ...AUTOSCALED, triggers: { disk: { threshold: 80 } } } } },
        /container\.scale\.triggers\.disk: unknown field/,
      ],
      [{ ...LOCATION }, /container: is required/],
      [{ ...LOCATION, container: { ...NEW_CONTAINER, image: undefined } }, /container\.image: is required/],
      [{ ...LOCATION, container: { ...NEW_CONTAINER, name: 'x'.repeat(44) } }, /container\.name/],
      [{ ...LOCATION, container: { ...NEW_CONTAINER, scale: { min: 3, max: 1 } } }, /container\.scale/],
      [{ ...LOCATION, container: { ...NEW_CONTAINER, listening_port: 0 } }, /container\.listening_port/],
      [{ projectId: 0, regionId: 76, container: NEW_CONTAINER }, /projectId/],
    ] as const) {
      it(`refuses ${JSON.stringify(arg)} before any request`, async () => {
        await rejects(run('gcore.createContainer', arg), field);
        assert.deepEqual(writes(emulator), []);
      });
    }

    it("rejects with Gcore's words when the name exists", async () => {
      await rejects(run('gcore.createContainer', { ...LOCATION, container: { ...NEW_CONTAINER, name: 'web-app' } }), /409|exists/i);
    });
  });

  describe('New Container', () => {
    it('from a location row: asks, reviews quota and price, shows Creating… at once, and ends Ready with its address', async () => {
      const ui = new ScriptedUi(createAnswers('hello-api', 'nginx:1.27', 'Create')).answerNotification(/is created/, 'Open in Browser');
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.createContainer', (await locationRow()).node);

      const review = ui.shown.find((prompt) => prompt.kind === 'choose');
      assert.ok(review, 'a review is shown before anything is sent');
      assert.equal(review.message, 'Create container hello-api in Prod?', 'the location by its label, as the tree names it');
      assert.match(review.detail ?? '', /Image: nginx:1\.27/);
      assert.match(review.detail ?? '', /Size: 250mCPU-512MiB/);
      assert.match(review.detail ?? '', /Instances: 1 to 2/);
      assert.match(review.detail ?? '', /Containers: \d+ used \+ 1 for this container, of \d+ allowed/);
      assert.match(review.detail ?? '', /CPU: [\d,]+ mCPU used \+ 500 mCPU for this container, of [\d,]+ mCPU allowed/);
      assert.match(review.detail ?? '', /RAM: [\d,]+ MiB used \+ 1,024 MiB for this container, of [\d,]+ MiB allowed/);
      assert.match(review.detail ?? '', /Price: €[\d.]+ per hour, €[\d.]+ per month/);
      // The quota and the price were asked before the create, with the size and scale chosen.
      const posts = writes(emulator).map((request): [string, unknown] => [request.path, request.json]);
      const create = posts.findIndex(([path]) => path === `${BASE}/containers`);
      assert.deepEqual(posts[create], [
        `${BASE}/containers`,
        { name: 'hello-api', image: 'nginx:1.27', listening_port: 8080, flavor: '250mCPU-512MiB', scale: { min: 1, max: 2 } },
      ]);
      assert.deepEqual(
        posts.slice(0, create).sort(([a], [b]) => a.localeCompare(b)),
        [
          [`${BASE}/check_limits`, { flavor: '250mCPU-512MiB', max_replicas: 2 }],
          ['/cloud/v1/pricing/1/76/caas', { flavor: '250mCPU-512MiB', scale: { min: 1, max: 2 } }],
        ],
      );

      const creating = await eventually(async () => {
        const row = await containerRow('hello-api');
        assert.ok(row, 'the new container is shown at once');
        assert.match(String(row.item.description), /^Creating…/);
        return row;
      });
      assert.equal((creating.item.iconPath as vscode.ThemeIcon).id, 'sync~spin');

      const done = await eventually(() => {
        const message = ui.notifications.find((notification) => /is created/.test(notification.message));
        assert.ok(message, 'the end is announced');
        return message;
      }, CREATED_WITHIN_MS);
      assert.match(done.message, /^Container hello-api is created: Ready · 1\/1, at https:\/\/hello-api-/);
      assert.deepEqual(done.actions, ['Open in Browser', 'Copy Address']);
      assert.match(ui.opened.at(-1) ?? '', /^https:\/\/hello-api-/);
      assert.ok(ui.progressTitles.includes('Creating container hello-api'));
      await eventually(async () => assert.match(String((await containerRow('hello-api'))?.item.description), /^Ready/));
    });

    it('sets autoscaling when asked: each value checked with its bound named, Back to change one, and the review and the create carry it', async () => {
      const ui = await interact(
        [
          'auto-api',
          'nginx:1.27',
          '8080',
          '250mCPU-512MiB',
          '1',
          '3',
          'Set cooldown and triggers…',
          '0',
          '90',
          BACK,
          '120',
          '100',
          '70',
          '',
          '2000',
          '100',
          '60',
          [],
          'Create',
        ],
        'gcore.createContainer',
        (await locationRow()).node,
      );
      ui.assertAllAnswersUsed();
      const choice = ui.shown.find((prompt) => prompt.kind === 'pick' && prompt.labels?.includes('No triggers'));
      assert.deepEqual(
        [choice?.step, choice?.totalSteps],
        [7, 8],
        'autoscaling is a step of its own after the scale, before the optional settings',
      );
      const boxes = ui.shown.filter((prompt) => prompt.kind === 'input' && prompt.title === 'Gcore: New Container: Scale').slice(2);
      assert.deepEqual(
        boxes.map((box) => [box.value, box.validationMessages]),
        [
          [undefined, ['Cooldown period (s): must be between 1 and 3600']],
          [undefined, []],
          ['90', []],
          [undefined, ['CPU threshold (%): must be between 1 and 99']],
          [undefined, []],
          [undefined, ['HTTP request rate: must be between 1 and 1000']],
          [undefined, []],
        ],
      );
      const review = ui.shown.find((prompt) => prompt.kind === 'choose');
      assert.match(review?.detail ?? '', /Instances: 1 to 3\nAutoscaling: cooldown 120 s · CPU over 70% · 100 requests per 60 s\n/);
      const post = writes(emulator).find((request) => request.path === `${BASE}/containers`);
      assert.deepEqual(post?.json, {
        name: 'auto-api',
        image: 'nginx:1.27',
        listening_port: 8080,
        flavor: '250mCPU-512MiB',
        scale: AUTOSCALED,
      });
    });

    it("follows a create to Error: Gcore's reason, and Retry opens the prompts again filled in", async () => {
      const image = 'ghcr.io/example/does-not-exist:1';
      const ui = new ScriptedUi(createAnswers('broken-new', image, 'Create')).answerNotification(/could not be created/, 'Retry');
      await useUi(ui);
      const retried = new ScriptedUi([CANCEL]);
      await vscode.commands.executeCommand('gcore.createContainer', (await locationRow()).node);
      await useUi(retried);
      const failed = await eventually(() => {
        const message = ui.notifications.find((notification) => /could not be created/.test(notification.message));
        assert.ok(message);
        return message;
      }, CREATED_WITHIN_MS);
      assert.equal(failed.message, `Container broken-new could not be created at Gcore: Failed to pull image "${image}": not found`);
      assert.deepEqual(failed.actions, ['Retry', 'Show Logs', 'Copy Task ID']);
      await eventually(() => assert.ok(retried.shown.length >= 1, 'the prompts open again'));
      assert.equal(retried.shown[0].value, 'broken-new', 'with the name typed before');
      await eventually(async () => assert.match(String((await containerRow('broken-new'))?.item.description), /^Error/));
    });

    it('says plainly when the container does not fit the quota, and Edit goes back to the prompts', async () => {
      emulator.setQuota({ cpu: 13_500 });
      const ui = await interact(
        [
          ...createAnswers('too-big', 'nginx:latest', 'Edit'),
          'too-big',
          'nginx:latest',
          '8080',
          '80mCPU-128MiB',
          '1',
          '1',
          'No triggers',
          [],
          CANCEL,
        ],
        'gcore.createContainer',
        (await locationRow()).node,
      );
      const [review] = ui.shown.filter((prompt) => prompt.kind === 'choose');
      assert.deepEqual(review.labels, ['Create Anyway', 'Edit']);
      assert.match(review.detail ?? '', /This container does not fit the quota: CPU would reach [\d,]+ mCPU of 13,500 mCPU allowed/);
      assert.equal(writes(emulator).filter((request) => request.path === `${BASE}/containers`).length, 0, 'nothing was created');
    });

    it('says "not available" for a quota and price Gcore does not answer', async () => {
      emulator.inject({ method: 'POST', path: `${BASE}/check_limits`, status: 500 });
      emulator.inject({ method: 'POST', path: '/cloud/v1/pricing/1/76/caas', status: 404 });
      const ui = await interact(
        createAnswers('quiet-one', 'nginx:latest', CANCEL as never),
        'gcore.createContainer',
        (await locationRow()).node,
      );
      const review = ui.shown.find((prompt) => prompt.kind === 'choose');
      assert.match(review?.detail ?? '', /Quota:\n {2}not available/);
      assert.match(review?.detail ?? '', /Price: not available/);
      assert.equal(ui.notifications.filter((notification) => notification.severity !== 'info').length, 0, 'quietly');
    });

    it('picks a pull secret of the location, or creates one on the spot', async () => {
      const ui = await interact(
        [
          'with-secret',
          'registry.example.com/app:1',
          '8080',
          '80mCPU-128MiB',
          '1',
          '1',
          'No triggers',
          ['Pull secret'],
          'Create Pull Secret…',
          'ghcr-new',
          'ghcr.io',
          'deploy-bot',
          PASSWORD,
          'Create',
        ],
        'gcore.createContainer',
        (await locationRow()).node,
      );
      const secretPick = ui.shown.find((prompt) => prompt.kind === 'pick' && prompt.labels?.includes('registry-example'));
      assert.ok(secretPick, "the location's secrets are offered");
      const passwordBox = ui.shown.find((prompt) => prompt.kind === 'input' && /Password/.test(prompt.prompt ?? ''));
      assert.ok(passwordBox);
      assert.equal(passwordBox.value, undefined, 'the password box opens empty');
      const posts = writes(emulator).filter((request) => request.method === 'POST' && !/check_limits|pricing/.test(request.path));
      assert.deepEqual(
        posts.map((request) => request.path),
        ['/cloud/v1/caas/secrets/1/76', `${BASE}/containers`],
      );
      assert.equal((posts[1].json as { pull_secret: string }).pull_secret, 'ghcr-new');
      assert.equal(emulator.pullSecretPassword(1, 76, 'ghcr-new'), PASSWORD);
      for (const prompt of ui.shown) assert.ok(!JSON.stringify(prompt).includes(PASSWORD), 'no prompt shows the password');
      assert.ok(!ui.notifications.some((notification) => notification.message.includes(PASSWORD)));
      assert.ok(!logLines.some((line) => line.includes(PASSWORD)), 'the log never holds the password');
    });
  });

  describe('New Container from JSON', () => {
    it('opens the create payload with required fields marked, and saving reviews then creates it', async () => {
      const uri = await run<string>('gcore.newContainerJson', LOCATION);
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
      assert.match(document.uri.path, /^\/1\/76\/new-container · /);
      await eventually(() => {
        const fields = vscode.languages
          .getDiagnostics(document.uri)
          .filter((diagnostic) => diagnostic.source === 'Gcore')
          .map((diagnostic) => diagnostic.message);
        assert.ok(
          fields.some((message) => /^name: /.test(message)),
          fields.join(' | '),
        );
        assert.ok(
          fields.some((message) => /^flavor: /.test(message)),
          fields.join(' | '),
        );
      });
      const whole = new vscode.Range(0, 0, document.lineCount, 0);
      const editing = new vscode.WorkspaceEdit();
      editing.replace(document.uri, whole, `${JSON.stringify({ ...NEW_CONTAINER, name: 'from-json', envs: { MODE: 'json' } }, null, 2)}\n`);
      assert.ok(await vscode.workspace.applyEdit(editing));
      const ui = new ScriptedUi(['Apply']);
      await useUi(ui);
      assert.ok(await document.save());
      const review = ui.shown.find((prompt) => prompt.kind === 'choose');
      assert.equal(review?.message, 'Create this container in Prod?');
      assert.match(review?.detail ?? '', /Price: €/);
      const post = writes(emulator).find((request) => request.path === `${BASE}/containers`);
      assert.deepEqual(post?.json, { ...NEW_CONTAINER, name: 'from-json', envs: { MODE: 'json' } });
      await eventually(async () => assert.ok(await containerRow('from-json'), 'the container is shown'));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });
  });

  describe('New Container from JSON, with autoscaling', () => {
    it("takes the scale's cooldown and triggers, marks a bound where it is written, and creates with them", async () => {
      const uri = await run<string>('gcore.newContainerJson', LOCATION);
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
      const write = async (container: object) => {
        const editing = new vscode.WorkspaceEdit();
        editing.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(container, null, 2)}\n`);
        assert.ok(await vscode.workspace.applyEdit(editing));
      };
      await write({
        ...NEW_CONTAINER,
        name: 'json-auto',
        scale: { ...AUTOSCALED, triggers: { ...AUTOSCALED.triggers, cpu: { threshold: 100 } } },
      });
      await eventually(() => {
        const messages = vscode.languages
          .getDiagnostics(document.uri)
          .filter((diagnostic) => diagnostic.source === 'Gcore')
          .map((diagnostic) => diagnostic.message);
        assert.deepEqual(messages, ['scale.triggers.cpu.threshold: must be between 1 and 99']);
      });
      await write({ ...NEW_CONTAINER, name: 'json-auto', scale: AUTOSCALED });
      await eventually(() =>
        assert.deepEqual(
          vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'Gcore'),
          [],
        ),
      );
      const ui = new ScriptedUi(['Apply']);
      await useUi(ui);
      assert.ok(await document.save());
      assert.match(
        ui.shown.find((prompt) => prompt.kind === 'choose')?.detail ?? '',
        /Autoscaling: cooldown 120 s · CPU over 70% · 100 requests per 60 s/,
      );
      const post = writes(emulator).find((request) => request.path === `${BASE}/containers`);
      assert.deepEqual(post?.json, { ...NEW_CONTAINER, name: 'json-auto', scale: AUTOSCALED });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });
  });

  describe('Delete Container', () => {
    it('asks for the typed name, shows Deleting…, and the container leaves the tree when its task ends', async () => {
      const row = await containerRow('staging-api');
      assert.ok(row);
      const ui = await interact(['staging', 'staging-api'], 'gcore.deleteContainer', row.node);
      const [confirm] = ui.shown;
      assert.equal(confirm.kind, 'input');
      assert.match(confirm.prompt ?? '', /deletes container staging-api in project 1, region 76, and all its logs/);
      assert.deepEqual(confirm.validationMessages, ['Type staging-api to delete the container, or press Escape to keep it.']);
      assert.deepEqual(
        writes(emulator).map((request) => [request.method, request.path]),
        [['DELETE', `${BASE}/containers/staging-api`]],
      );
      await eventually(async () => assert.match(String((await containerRow('staging-api'))?.item.description), /^Deleting…/));
      await eventually(async () => assert.equal(await containerRow('staging-api'), undefined), CREATED_WITHIN_MS);
      await eventually(() =>
        assert.ok(ui.notifications.some((notification) => notification.message === 'Deleted container staging-api and its logs.')),
      );
    });

    it('sends nothing when the confirmation is dismissed', async () => {
      await interact([CANCEL], 'gcore.deleteContainer', (await containerRow('web-app'))?.node);
      assert.deepEqual(writes(emulator), []);
    });

    it('programmatically resolves to the tasks, and rejects naming a container that is not there', async () => {
      const result = await run<{ tasks: string[] }>('gcore.deleteContainer', { ...LOCATION, containerName: 'legacy-site' });
      assert.equal(result.tasks.length, 1);
      await rejects(
        run('gcore.deleteContainer', { ...LOCATION, containerName: 'no-such-app' }),
        /Container no-such-app is not in project 1, region 76/,
      );
      await rejects(run('gcore.deleteContainer', { ...LOCATION, containerName: '-bad-' }), /containerName/);
    });
  });

  describe('pull secrets', () => {
    it("lists the location's secrets under Pull Secrets, never a password", async () => {
      const [secret] = await secretRows();
      assert.equal(label(secret.item), 'registry-example');
      assert.match(String(secret.item.description), /^registry\.example\.com · deploy/);
      assert.equal(secret.item.contextValue, 'pullSecret');
      const listed = await run<{ count: number; results: { name: string }[] }>('gcore.listPullSecrets', LOCATION);
      assert.deepEqual(
        listed.results.map((entry) => entry.name),
        ['registry-example'],
      );
    });

    it("creates, updates and deletes through the contract's commands, the password only in the request", async () => {
      const created = await run<Record<string, unknown>>('gcore.createPullSecret', {
        ...LOCATION,
        name: 'ci-secret',
        registry: 'ghcr.io',
        login: 'ci',
        password: PASSWORD,
      });
      assert.equal(created.name, 'ci-secret');
      assert.equal(created.password, undefined);
      assert.equal(emulator.pullSecretPassword(1, 76, 'ci-secret'), PASSWORD);
      const updated = await run<Record<string, unknown>>('gcore.updatePullSecret', { ...LOCATION, name: 'ci-secret', login: 'ci-2' });
      assert.equal(updated.login, 'ci-2');
      assert.deepEqual(writes(emulator).at(-1)?.json, { login: 'ci-2' });
      assert.equal(await run('gcore.deletePullSecret', { ...LOCATION, name: 'ci-secret' }), undefined);
      assert.deepEqual(
        writes(emulator).map((request) => [request.method, request.path]),
        [
          ['POST', '/cloud/v1/caas/secrets/1/76'],
          ['PATCH', '/cloud/v1/caas/secrets/1/76/ci-secret'],
          ['DELETE', '/cloud/v1/caas/secrets/1/76/ci-secret'],
        ],
      );
      assert.ok(!logLines.some((line) => line.includes(PASSWORD)));
    });

    for (const [id, arg, field] of [
      ['gcore.createPullSecret', { ...LOCATION, name: 'Bad_Name', registry: 'ghcr.io', login: 'x', password: 'y' }, /name/],
      ['gcore.createPullSecret', { ...LOCATION, name: 'ok-name', registry: 'ghcr.io', login: 'x' }, /password: is required/],
      ['gcore.createPullSecret', { ...LOCATION, name: 'ok-name', registry: 'https://ghcr.io', login: 'x', password: 'y' }, /registry/],
      ['gcore.updatePullSecret', { ...LOCATION, name: 'ok-name' }, /at least one of registry, login and password/],
      ['gcore.deletePullSecret', { projectId: 1, name: 'ok-name' }, /regionId/],
    ] as const) {
      it(`${id} refuses ${JSON.stringify(arg)} before any request`, async () => {
        await rejects(run(id, arg), field);
        assert.deepEqual(writes(emulator), []);
      });
    }

    it('never puts a refused password into the error message', async () => {
      await assert.rejects(
        Promise.resolve(
          run('gcore.createPullSecret', { ...LOCATION, name: 'ok-name', registry: 'ghcr.io', login: 'x', password: 'p'.repeat(5001) }),
        ),
        (error: Error) => {
          assert.match(error.message, /password/);
          assert.ok(!error.message.includes('p'.repeat(20)));
          return true;
        },
      );
    });

    it('hands a programmatic caller an error with the password in none of its fields when Gcore echoes it back', async () => {
      const echoing = `pw-echoed-by-gcore-${Date.now()}`;
      emulator.inject({
        method: 'POST',
        path: '/cloud/v1/caas/secrets/1/76',
        status: 400,
        headers: { 'X-Request-ID': `req-${echoing}` },
        body: {
          message: `Validation error: password ${echoing} is refused`,
          invalid_fields: { password: [`${echoing} is too weak`], [echoing]: ['unknown field'] },
        },
      });
      const error = await run('gcore.createPullSecret', {
        ...LOCATION,
        name: 'echo-secret',
        registry: 'ghcr.io',
        login: 'ci',
        password: echoing,
      }).then(
        () => assert.fail('the create was refused'),
        (rejected: unknown) => rejected as Error & { requestId?: string; apiMessage?: string; fieldErrors?: Record<string, string[]> },
      );
      assert.equal(writes(emulator).length, 1, 'the create reached Gcore');
      assert.deepEqual(whereTextHolds(error, echoing), []);
      assert.equal(error.requestId, 'req-***');
      assert.equal(error.apiMessage, 'Validation error: password *** is refused');
      assert.deepEqual(error.fieldErrors, { password: ['*** is too weak'], '***': ['unknown field'] });
      assert.ok(!logLines.some((line) => line.includes(echoing)));
    });

    it('interactively: Create from the Pull Secrets row, Update the password, Delete naming the containers that use it', async () => {
      const secretsRow = (await locationChildren()).find((row) => label(row.item) === 'Pull Secrets');
      assert.ok(secretsRow);
      const created = await interact(
        ['team-registry', 'registry.example.com', 'team', PASSWORD],
        'gcore.createPullSecret',
        secretsRow.node,
      );
      assert.ok(created.notifications.some((notification) => /^Created the pull secret team-registry/.test(notification.message)));
      const team = await eventually(async () => {
        const row = (await secretRows()).find((entry) => label(entry.item) === 'team-registry');
        assert.ok(row);
        return row;
      });
      await interact([['Password'], 'n3w-pa55word'], 'gcore.updatePullSecret', team.node);
      assert.deepEqual(writes(emulator).at(-1)?.json, { password: 'n3w-pa55word' });

      const used = (await secretRows()).find((entry) => label(entry.item) === 'registry-example');
      assert.ok(used);
      const ui = await interact([false], 'gcore.deletePullSecret', used.node);
      const [confirm] = ui.shown;
      assert.equal(confirm.message, 'Delete the pull secret registry-example in project 1, region 76?');
      assert.match(confirm.detail ?? '', /batch-worker, nightly-report/);
      assert.ok(!writes(emulator).some((request) => request.method === 'DELETE'), 'declined: nothing deleted');
    });
  });
});

describe('containers from birth to removal, against an API without these endpoints', () => {
  beforeEach(async () => {
    await sharedEmulator({ coreOnly: true });
    await setKey(TEST_KEY);
    await setLocations([LOCATION]);
  });

  after(async () => {
    await useUi(undefined);
  });

  it('rejects programmatic calls saying the API does not offer them', async () => {
    await rejects(
      run('gcore.createContainer', { ...LOCATION, container: NEW_CONTAINER }),
      /does not offer New Container: it answered 40[45]/,
    );
    await rejects(run('gcore.deleteContainer', { ...LOCATION, containerName: 'web-app' }), /does not offer Delete Container/);
    await rejects(run('gcore.listPullSecrets', LOCATION), /does not offer List Pull Secrets/);
    await rejects(
      run('gcore.createPullSecret', { ...LOCATION, name: 'x-secret', registry: 'ghcr.io', login: 'x', password: 'y' }),
      /does not offer Create Pull Secret/,
    );
  });

  it('says it once, as a warning without Retry, and the update still works', async () => {
    const row = {
      nodeType: 'container',
      id: 'containers/1/76/web-app',
      section: 'containers',
      location: LOCATION,
      container: { name: 'web-app' },
    };
    const ui = await interact(['web-app'], 'gcore.deleteContainer', row);
    const warnings = ui.notifications.filter((notification) => notification.severity !== 'info');
    assert.equal(warnings.length, 1, warnings.map((warning) => warning.message).join(' | '));
    assert.equal(warnings[0].severity, 'warning');
    assert.match(
      warnings[0].message,
      /^The API at gcore\.apiBaseUrl does not offer Delete Container: it answered 40[45] .*Nothing was changed\.$/,
    );
    assert.deepEqual(warnings[0].actions, []);
    const result = await run<{ tasks: string[] }>('gcore.updateContainer', {
      ...LOCATION,
      containerName: 'web-app',
      changes: { timeout: 30 },
    });
    assert.equal(result.tasks.length, 1);
  });
});
