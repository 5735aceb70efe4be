import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BACK } from '../../src/ui/promptUi';
import type { Emulator } from '../emulator/server';
import { TEST_KEY, eventually, extensionApi, setKey, setLocations, sharedEmulator, useUi } from './support/harness';
import { CANCEL, ScriptedUi, type Answer } from './support/scriptedUi';

async function interact<T>(answers: Answer[], command: string, ...args: unknown[]): Promise<{ ui: ScriptedUi; result: T }> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  const result = (await vscode.commands.executeCommand(command, ...args)) as T;
  return { ui, result };
}

/** What the flows sent: the bodies of the changes, not the reads of what exists. */
function bodies(emulator: Emulator): unknown[] {
  return changes(emulator).map((request) => (request.body ? JSON.parse(request.body) : undefined));
}

function changes(emulator: Emulator) {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

/** web-app's autoscaling as the emulator seeds it, which an interactive update of its scale sends back. */
const WEB_APP_AUTOSCALING = { cooldown_period: 60, triggers: { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null } };

describe('interactive flows with scripted answers', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    await setLocations([{ projectId: 1, regionId: 76, label: 'Prod' }]);
    emulator.reset();
  });

  afterEach(async () => {
    await useUi(new ScriptedUi([]));
    for (const name of ['interactive.example', 'second.example', 'retry.example', 'edit.example', 'dup-i.example', 'dnssec-i.example']) {
      await vscode.commands.executeCommand('gcore.forgetZone', name);
    }
    await setLocations([]);
    await useUi(undefined);
  });

  describe('Create DNS Zone', () => {
    it('creates a zone from the name alone, with a step counter and a review step', async () => {
      const { ui, result } = await interact<{ id: number }>(['Interactive.Example.', [], 'Create interactive.example'], 'gcore.createZone');
      ui.assertAllAnswersUsed();
      assert.deepEqual(bodies(emulator), [{ name: 'interactive.example' }]);
      assert.equal(result.id, emulator.zone('interactive.example')?.id);
      assert.deepEqual(
        ui.shown.map((shown) => [shown.kind, shown.step, shown.totalSteps]),
        [
          ['input', 1, 3],
          ['pickMany', 2, 3],
          ['pick', 3, 3],
        ],
      );
      assert.match(ui.notifications[0].message, /Created DNS zone interactive\.example/);
      assert.ok(emulator.zone('interactive.example'));
    });

    it('goes Back without losing what was typed, validates each field by name, and shows API warnings', async () => {
      const { ui } = await interact(
        [
          'first.example',
          BACK,
          'second.example',
          ['Contact', 'Negative TTL'],
          'not an address',
          'hostmaster@second.example',
          '-5',
          '30',
          'Create second.example',
        ],
        'gcore.createZone',
      );
      ui.assertAllAnswersUsed();
      assert.equal(ui.shown[2].value, 'first.example', 'the name box reopens with the earlier answer');
      const contact = ui.shown.find((shown) => shown.validationMessages.length > 0 && /Contact/.test(shown.validationMessages[0]));
      assert.ok(contact, 'a bad contact is refused with a message naming the field');
      assert.ok(ui.shown.some((shown) => shown.validationMessages.some((message) => /Negative TTL/.test(message))));
      assert.deepEqual(bodies(emulator), [{ name: 'second.example', contact: 'hostmaster@second.example', nx_ttl: 30 }]);
      assert.ok(ui.notifications.some((notification) => notification.severity === 'warning' && /warnings/.test(notification.message)));
    });

    it('refuses a bad zone name in the box before any request', async () => {
      const { ui } = await interact(['bad..name', 'interactive.example', [], 'Create interactive.example'], 'gcore.createZone');
      assert.match(ui.shown[0].validationMessages[0], /^Zone name: /);
      // The tree reads the zones again once the good name's zone exists: only the changes are the command's.
      assert.deepEqual(bodies(emulator), [{ name: 'interactive.example' }]);
    });

    it('sends nothing and says nothing when cancelled', async () => {
      const { ui, result } = await interact(['interactive.example', CANCEL], 'gcore.createZone');
      assert.equal(result, undefined);
      assert.equal(emulator.requests.length, 0);
      assert.deepEqual(ui.notifications, []);
    });

    it('offers Retry after a failure and keeps the answers', async () => {
      emulator.inject({ method: 'POST', path: '/dns/v2/zones', status: 503, body: { error: 'temporarily unavailable' } });
      const ui = new ScriptedUi(['retry.example', [], 'Create retry.example']).answerNotification(/temporarily unavailable/, 'Retry');
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.createZone');
      assert.deepEqual(bodies(emulator), [{ name: 'retry.example' }, { name: 'retry.example' }]);
      assert.ok(emulator.zone('retry.example'));
    });

    it('offers Edit after a failure and reopens the prompts with the answers filled in', async () => {
      emulator.inject({ method: 'POST', path: '/dns/v2/zones', status: 400, body: { error: 'zone name is reserved' } });
      const ui = new ScriptedUi([
        'edit-first.example',
        [],
        'Create edit-first.example',
        'edit.example',
        [],
        'Create edit.example',
      ]).answerNotification(/reserved/, 'Edit');
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.createZone');
      ui.assertAllAnswersUsed();
      assert.equal(ui.shown[3].value, 'edit-first.example');
      assert.deepEqual(bodies(emulator), [{ name: 'edit-first.example' }, { name: 'edit.example' }]);
    });

    it('turns "already exists" into an offer to add the existing zone', async () => {
      await vscode.commands.executeCommand('gcore.createZone', { name: 'dup-i.example' });
      await vscode.commands.executeCommand('gcore.forgetZone', 'dup-i.example');
      const ui = new ScriptedUi(['dup-i.example', [], 'Create dup-i.example']).answerNotification(/already exists/, 'Add Existing Zone');
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.createZone');
      const tree = (await extensionApi()).tree;
      const [, zones] = (await tree.getChildren()) ?? [];
      const names = ((await tree.getChildren(zones)) ?? []).map((node) => node.id);
      assert.ok(names.includes('zones/dup-i.example'));
    });
  });

  describe('Update Container', () => {
    it('updates image and scale after a summary and confirmation, and offers to copy the task ids', async () => {
      const ui = new ScriptedUi([
        'Prod',
        'web-app',
        ['Image', 'Scale'],
        'nginx:1.27',
        '2',
        '4',
        'Keep cooldown and triggers',
        true,
      ]).answerNotification(/Sent the update of container web-app/, 'Copy Task IDs');
      await useUi(ui);
      const result = (await vscode.commands.executeCommand('gcore.updateContainer')) as { tasks: string[] };
      ui.assertAllAnswersUsed();
      assert.deepEqual(bodies(emulator), [{ image: 'nginx:1.27', scale: { min: 2, max: 4, ...WEB_APP_AUTOSCALING } }]);
      assert.equal(changes(emulator)[0].path, '/cloud/v1/caas/1/76/containers/web-app');
      const confirmation = ui.shown.find((shown) => shown.kind === 'confirm');
      assert.match(confirmation?.message ?? '', /web-app/);
      assert.match(confirmation?.detail ?? '', /image: "nginx:1\.27-alpine" → "nginx:1\.27"/);
      assert.match(
        confirmation?.detail ?? '',
        /scale: 1–3 instances · cooldown 60 s · CPU over 80% · memory over 80% → 2–4 instances · cooldown 60 s · CPU over 80% · memory over 80%/,
      );
      await eventually(() => assert.deepEqual(ui.clipboard, [result.tasks.join('\n')]));
      assert.match(ui.notifications.at(-1)?.message ?? '', new RegExp(result.tasks[0]));
    });

    it('edits environment variables as a list, validates entries, and sends nothing when not confirmed', async () => {
      const { ui } = await interact(
        [
          'Prod',
          'web-app',
          ['Environment variables'],
          'Add variable…',
          'BAD KEY=1',
          'LOG_LEVEL=debug',
          'Add variable…',
          'MODE=fast',
          'LOG_LEVEL=debug',
          'Done',
          false,
        ],
        'gcore.updateContainer',
      );
      ui.assertAllAnswersUsed();
      assert.ok(ui.shown.some((shown) => shown.validationMessages.some((message) => /^Environment variable: /.test(message))));
      const confirmation = ui.shown.find((shown) => shown.kind === 'confirm');
      assert.match(confirmation?.detail ?? '', /envs \(replaces all variables\): NGINX_PORT=80, MODE=fast \(was: NGINX_PORT\)$/m);
      assert.equal(changes(emulator).length, 0);
    });

    it('checks scale min against max, goes Back to the fields, and remembers the container name', async () => {
      const { ui } = await interact(
        ['Prod', 'web-app', ['Scale'], '5', BACK, BACK, ['Timeout'], '200', '90', true],
        'gcore.updateContainer',
      );
      ui.assertAllAnswersUsed();
      assert.match(ui.shown.find((shown) => shown.validationMessages.length > 0)?.validationMessages[0] ?? '', /^Timeout: /);
      assert.deepEqual(bodies(emulator), [{ timeout: 90 }]);
      const { ui: again } = await interact(['Prod', 'web-app', ['Timeout'], '91', true], 'gcore.updateContainer');
      assert.ok(again.shown[1].labels?.includes('web-app'), 'recently used container names are offered');
    });

    it('refuses scale min above max with a message naming the field', async () => {
      const { ui } = await interact(
        ['Prod', 'web-app', ['Scale'], '5', '2', '6', 'Keep cooldown and triggers', true],
        'gcore.updateContainer',
      );
      const maxBox = ui.shown.find((shown) => shown.validationMessages.length > 0);
      assert.match(maxBox?.validationMessages[0] ?? '', /Scale/);
      assert.deepEqual(bodies(emulator), [{ scale: { min: 5, max: 6, ...WEB_APP_AUTOSCALING } }]);
    });

    it('changing only the maximum sends the whole scale, the cooldown and triggers as Gcore holds them', async () => {
      const { ui } = await interact(['Prod', 'web-app', ['Scale'], '1', '5', 'Keep cooldown and triggers', true], 'gcore.updateContainer');
      ui.assertAllAnswersUsed();
      const choice = ui.shown.find((shown) => shown.kind === 'pick' && shown.labels?.includes('Keep cooldown and triggers'));
      assert.deepEqual(choice?.descriptions, ['cooldown 60 s · CPU over 80% · memory over 80%', 'cooldown, CPU, memory, HTTP requests']);
      assert.deepEqual(bodies(emulator), [{ scale: { min: 1, max: 5, ...WEB_APP_AUTOSCALING } }]);
      assert.deepEqual(
        emulator.container(1, 76, 'web-app')?.config.scale,
        { min: 1, max: 5, ...WEB_APP_AUTOSCALING },
        'Gcore still holds the triggers',
      );
    });

    it('changes the cooldown and the triggers, each value checked with its bound before the next step', async () => {
      const { ui } = await interact(
        ['Prod', 'web-app', ['Scale'], '1', '3', 'Change cooldown and triggers…', '0', '90', '100', '', '80', '20', '30', true],
        'gcore.updateContainer',
      );
      ui.assertAllAnswersUsed();
      const boxes = ui.shown.filter((shown) => shown.kind === 'input').slice(2);
      assert.deepEqual(
        boxes.map((box) => [box.value, box.validationMessages]),
        [
          ['60', ['Cooldown period (s): must be between 1 and 3600']],
          ['80', ['CPU threshold (%): must be between 1 and 99']],
          ['80', []],
          [undefined, []],
          [undefined, []],
        ],
      );
      assert.match(boxes[1].prompt ?? '', /^CPU threshold \(%\): .* Leave empty for no CPU trigger\.$/);
      assert.deepEqual(bodies(emulator), [
        {
          scale: {
            min: 1,
            max: 3,
            cooldown_period: 90,
            triggers: { cpu: null, memory: { threshold: 80 }, http: { rate: 20, window: 30 } },
          },
        },
      ]);
      const confirmation = ui.shown.find((shown) => shown.kind === 'confirm');
      assert.equal(
        confirmation?.detail,
        'scale: 1–3 instances · cooldown 60 s · CPU over 80% · memory over 80% → 1–3 instances · cooldown 90 s · memory over 80% · 20 requests per 30 s',
      );
    });

    it('takes typed project and region IDs inside the wizard, keeping its step counter and Back', async () => {
      const enter = 'Enter project and region IDs…';
      const { ui } = await interact(
        [enter, '1', BACK, BACK, enter, '1', '76', 'web-app', ['Timeout'], '12', true],
        'gcore.updateContainer',
      );
      ui.assertAllAnswersUsed();
      assert.deepEqual(
        ui.shown.slice(0, 8).map((shown) => [shown.kind, shown.step, shown.totalSteps]),
        [
          ['pick', 1, 3],
          ['input', 2, 5],
          ['input', 3, 5],
          ['input', 2, 5],
          ['pick', 1, 5],
          ['input', 2, 5],
          ['input', 3, 5],
          ['pick', 4, 5],
        ],
      );
      assert.equal(ui.shown[3].value, '1', 'Back reopens the project ID box with what was typed');
      assert.ok(ui.shown.slice(1, 3).every((shown) => shown.canGoBack));
      assert.deepEqual(bodies(emulator), [{ timeout: 12 }]);
      assert.equal(changes(emulator)[0].path, '/cloud/v1/caas/1/76/containers/web-app');
    });

    it('sends "Disabled" in a second request when combined with other fields', async () => {
      await interact(['Prod', 'web-app', ['Disabled', 'Timeout'], 'Yes', '30', true], 'gcore.updateContainer');
      assert.deepEqual(bodies(emulator), [{ timeout: 30 }, { is_disabled: true }]);
    });
  });

  describe('DNSSEC', () => {
    it('enables from a tree node, shows the DS record and copies it', async () => {
      await vscode.commands.executeCommand('gcore.createZone', { name: 'dnssec-i.example' });
      const tree = (await extensionApi()).tree;
      const [, zonesSection] = (await tree.getChildren()) ?? [];
      const node = ((await tree.getChildren(zonesSection)) ?? []).find((candidate) => candidate.id === 'zones/dnssec-i.example');
      const ui = new ScriptedUi([]).answerNotification(/DNSSEC is enabled/, 'Copy DS Record');
      await useUi(ui);
      const response = (await vscode.commands.executeCommand('gcore.enableDnssec', node)) as { ds: string };
      assert.match(ui.notifications[0].message, /registrar/);
      assert.ok(ui.notifications[0].message.includes(response.ds));
      await eventually(() => assert.deepEqual(ui.clipboard, [response.ds]));
    });

    it("offers the account's zones from the palette, described as their rows are, those with DNSSEC off first to enable", async () => {
      await vscode.commands.executeCommand('gcore.createZone', { name: 'second.example' });
      await vscode.commands.executeCommand('gcore.enableDnssec', 'second.example');
      await vscode.commands.executeCommand('gcore.createZone', { name: 'dnssec-i.example' });
      // Forgotten here, the zone is still the account's: the pick offered only zones known here before.
      await vscode.commands.executeCommand('gcore.forgetZone', 'dnssec-i.example');
      const tree = (await extensionApi()).tree;
      const [, zonesSection] = (await tree.getChildren()) ?? [];
      const rowDescription = async (id: string) => {
        const node = ((await tree.getChildren(zonesSection)) ?? []).find((candidate) => candidate.id === id);
        assert.ok(node, `${id} is shown`);
        return (await tree.getTreeItem(node)).description;
      };
      const { ui } = await interact(['dnssec-i.example'], 'gcore.enableDnssec');
      ui.assertAllAnswersUsed();
      const [pick] = ui.shown;
      assert.deepEqual(pick.labels?.slice(0, 2), ['dnssec-i.example', 'second.example']);
      assert.match(pick.descriptions?.[0] ?? '', /^DNSSEC off · /);
      assert.match(pick.descriptions?.[1] ?? '', /^DNSSEC (pending|on)\b/);
      assert.equal(pick.descriptions?.[1], await rowDescription('zones/second.example'));
      assert.equal(changes(emulator).at(-1)?.path, '/dns/v2/zones/dnssec-i.example/dnssec');
      assert.deepEqual(bodies(emulator).at(-1), { enabled: true });
    });

    it('asks before disabling and explains what it means for resolution', async () => {
      await vscode.commands.executeCommand('gcore.createZone', { name: 'dnssec-i.example' });
      await vscode.commands.executeCommand('gcore.enableDnssec', 'dnssec-i.example');
      emulator.reset();
      const tree = (await extensionApi()).tree;
      const [, zonesSection] = (await tree.getChildren()) ?? [];
      const node = ((await tree.getChildren(zonesSection)) ?? []).find((candidate) => candidate.id === 'zones/dnssec-i.example');
      const { ui } = await interact([false], 'gcore.disableDnssec', node);
      assert.match(ui.shown[0].detail ?? '', /DS record/);
      assert.equal(changes(emulator).length, 0);
      await interact([true], 'gcore.disableDnssec', node);
      assert.deepEqual(bodies(emulator), [{ enabled: false }]);
    });
  });

  describe('API key', () => {
    it('sets the key from a password box that refuses an empty value, once Gcore accepts it, and says whose it is', async () => {
      await setKey(undefined);
      const { ui } = await interact(['  ', 'interactive-key', TEST_KEY], 'gcore.setApiKey');
      ui.assertAllAnswersUsed();
      assert.match(ui.shown[0].validationMessages[0], /empty/);
      // The rejected key was not saved: the box opened again with it and said why.
      assert.equal(ui.shown[1].value, 'interactive-key');
      assert.match(ui.shown[1].prompt ?? '', /Gcore rejected this key \(Invalid token\)/);
      const checks = emulator.requests.filter((request) => request.path === '/iam/clients/me');
      assert.deepEqual(
        checks.map((request) => [request.headers.authorization, request.status]),
        [
          ['apikey interactive-key', 401],
          [`apikey ${TEST_KEY}`, 200],
        ],
      );
      assert.match(
        ui.notifications.at(-1)?.message ?? '',
        /saved in VS Code secret storage\. It signs in to dev@example\.com \(Example GmbH\)/,
      );
      await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 });
      assert.equal(emulator.requests.at(-1)?.headers.authorization, `apikey ${TEST_KEY}`);
    });

    it('saves a key it cannot check, and says so', async () => {
      emulator.inject({ path: '/iam/clients/me', status: 404, times: 5 });
      const { ui } = await interact([TEST_KEY], 'gcore.setApiKey');
      assert.equal(ui.notifications[0].severity, 'warning');
      assert.match(
        ui.notifications[0].message,
        /saved in VS Code secret storage, but it could not be checked: the API at gcore\.apiBaseUrl has no account endpoint/,
      );
    });

    it('answers a 401 with "Set API Key", which opens the key prompt', async () => {
      emulator.inject({
        path: '/cloud/v3/gpu/virtual/1/76/flavors',
        status: 401,
        body: { exception_class: 'NotAuthenticated', message: 'Invalid token.' },
      });
      const ui = new ScriptedUi(['Prod', TEST_KEY]).answerNotification(/rejected the API key/, 'Set API Key');
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.listGpuFlavors');
      await eventually(() => assert.ok(ui.shown.some((shown) => shown.title === 'Gcore: Set API Key')));
      assert.match(ui.notifications[0].message, /Invalid token/);
    });
  });

  it('Forget Zone says the zone at Gcore is untouched', async () => {
    await vscode.commands.executeCommand('gcore.createZone', { name: 'interactive.example' });
    const { ui } = await interact([], 'gcore.forgetZone', 'interactive.example');
    assert.equal(ui.shown.length, 0, 'a zone name argument makes it programmatic: no confirmation');
    await vscode.commands.executeCommand('gcore.addKnownZone', 'interactive.example');
    const { ui: asked } = await interact(['interactive.example', true], 'gcore.forgetZone');
    assert.match(asked.shown[1].detail ?? '', /not deleted/);
    assert.match(asked.notifications[0].message, /untouched/);
  });
});
