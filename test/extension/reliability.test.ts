import * as assert from 'node:assert/strict';
import type * as url from 'node:url';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/treeNodes';
import type { Emulator } from '../emulator/server';
import { EXTENSION_ID, TEST_KEY, eventually, extensionApi, setKey, setLocations, sharedEmulator, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

/*
 * What users see when the API or the input misbehaves: faults found by probing the extension with bad
 * keys, misbehaving servers and Gcore's own documented error shapes.
 */

// node-fetch 2 parses URLs with url.parse(), which Node 24 answers with a DEP0169 warning in the user's
// extension host log. Calls are counted from before the extension loads, when its bundle picks the function up.
const urlParseCallers: string[] = [];
const extensionUnderTest = vscode.extensions.getExtension(EXTENSION_ID);
const activeBeforeCounting = extensionUnderTest?.isActive;
const bundle = `${extensionUnderTest?.extensionPath ?? '<missing>'}/dist/main.js`;
// The module object itself: an `import * as` namespace would be a copy that the bundle never reads.
const urlModule = process.getBuiltinModule('node:url') as { parse: typeof url.parse };
const originalParse = urlModule.parse;
urlModule.parse = ((...args: Parameters<typeof url.parse>) => {
  const stack = new Error().stack ?? '';
  if (stack.includes(bundle)) urlParseCallers.push(stack);
  return originalParse(...args);
}) as typeof url.parse;

async function zoneNode(name: string): Promise<TreeNode> {
  const tree = (await extensionApi()).tree;
  const [, zones] = (await tree.getChildren()) ?? [];
  const node = ((await tree.getChildren(zones)) ?? []).find((candidate) => candidate.id === `zones/${name}`);
  assert.ok(node, `${name} is in the tree`);
  return node;
}

function patchBodies(emulator: Emulator): unknown[] {
  return emulator.requests.filter((request) => request.method === 'PATCH').map((request) => request.json);
}

describe('reliability: bad keys, misbehaving servers, documented error shapes', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    emulator.reset();
  });

  afterEach(async () => {
    await useUi(new ScriptedUi([]));
    for (const name of ['force.example', 'refused.example', 'cancel.example']) {
      await vscode.commands.executeCommand('gcore.forgetZone', name);
    }
    await setLocations([]);
    await setKey(TEST_KEY);
    await useUi(undefined);
  });

  it('never lets its HTTP library parse URLs with the deprecated url.parse()', async () => {
    assert.equal(activeBeforeCounting, false, 'the count must start before the extension loads');
    await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 });
    assert.deepEqual(urlParseCallers, []);
  });

  describe('an API key that cannot go in an HTTP header', () => {
    it('is refused in the Set API Key box, naming the character and its position but not the key', async () => {
      const pasted = 'pasted\u200bkey-0123456789';
      const ui = new ScriptedUi([pasted, TEST_KEY]);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.setApiKey');
      ui.assertAllAnswersUsed();
      const [problem] = ui.shown[0].validationMessages;
      assert.match(problem, /invisible character \(U\+200B\) at position 7/);
      assert.ok(!problem.includes('pasted'), problem);
      await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 });
      assert.equal(emulator.requests[0].headers.authorization, `apikey ${TEST_KEY}`);
    });

    it('from GCORE_API_KEY, fails every request with a message that does not quote it, and the tree offers Set API Key', async () => {
      const envKey = 'env-key\u200b-0123456789';
      await setKey(undefined);
      process.env.GCORE_API_KEY = envKey;
      try {
        await setLocations([{ projectId: 1, regionId: 76 }]);
        const error = await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 }).then(
          () => assert.fail('the call should fail'),
          (failure: Error) => failure,
        );
        assert.match(error.message, /cannot be sent: it contains an invisible character \(U\+200B\) at position 8/);
        assert.ok(!error.message.includes('env-key'), error.message);
        const tree = (await extensionApi()).tree;
        const row = await eventually(async () => {
          const [gpu] = (await tree.getChildren()) ?? [];
          const [location] = (await tree.getChildren(gpu)) ?? [];
          // The Clusters row first, then the flavors' error.
          const [, first] = (await tree.getChildren(location)) ?? [];
          assert.equal(first?.nodeType, 'error');
          return tree.getTreeItem(first);
        });
        const item = await row;
        assert.equal(item.command?.command, 'gcore.setApiKey');
        assert.ok(!JSON.stringify([item.label, item.description, (item.tooltip as vscode.MarkdownString).value]).includes('env-key'));
        assert.equal(emulator.requests.length, 0);
      } finally {
        delete process.env.GCORE_API_KEY;
      }
    });
  });

  describe('Disable DNSSEC while the DS record is at the registrar', () => {
    beforeEach(async () => {
      await vscode.commands.executeCommand('gcore.createZone', { name: 'force.example' });
      await vscode.commands.executeCommand('gcore.enableDnssec', 'force.example');
      const zone = emulator.zone('force.example');
      assert.ok(zone);
      zone.dsAtRegistrar = true;
      emulator.requests.length = 0;
    });

    it("explains Gcore's refusal and, after a second confirmation, disables anyway with force_disable", async () => {
      const ui = new ScriptedUi([true, true]);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.disableDnssec', await zoneNode('force.example'));
      ui.assertAllAnswersUsed();
      const second = ui.shown[1];
      assert.equal(second.title, 'Disable Anyway');
      assert.match(second.message ?? '', /DS record may still be published at the domain's registrar/);
      assert.match(second.detail ?? '', /Gcore said: the DS record of force\.example is still published at the registrar/);
      assert.match(second.detail ?? '', /stops resolving/);
      assert.deepEqual(patchBodies(emulator), [{ enabled: false }, { enabled: false, force_disable: true }]);
      assert.equal(emulator.zone('force.example')?.dnssecEnabled, false);
      assert.match(ui.notifications.at(-1)?.message ?? '', /DNSSEC is disabled for force\.example/);
    });

    it('sends nothing more when the user keeps DNSSEC on', async () => {
      const ui = new ScriptedUi([true, false]);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.disableDnssec', await zoneNode('force.example'));
      assert.deepEqual(patchBodies(emulator), [{ enabled: false }]);
      assert.equal(emulator.zone('force.example')?.dnssecEnabled, true);
      assert.deepEqual(ui.notifications, []);
    });

    it("rejects a programmatic call with Gcore's words, never forcing", async () => {
      await assert.rejects(
        async () => vscode.commands.executeCommand('gcore.disableDnssec', 'force.example'),
        /still published at the registrar/,
      );
      assert.deepEqual(patchBodies(emulator), [{ enabled: false }]);
    });
  });

  it('lists the readable flavors of a location and one warning row for those it cannot read', async () => {
    await setLocations([{ projectId: 1, regionId: 76 }]);
    const body = { count: 3, results: [{ name: 'good-a' }, { name: 'bad', capacity: 'plenty' }, { name: 'good-b' }] };
    emulator.inject({ path: '/cloud/v3/gpu/virtual/1/76/flavors', status: 200, body });
    const tree = (await extensionApi()).tree;
    const rows = await eventually(async () => {
      const [gpu] = (await tree.getChildren()) ?? [];
      const [location] = (await tree.getChildren(gpu)) ?? [];
      // The virtual flavors alone: not the Clusters row before them, nor the bare-metal flavors after.
      const children = ((await tree.getChildren(location)) ?? []).filter((row) => row.nodeType === 'flavor' || row.nodeType === 'hint');
      const virtual = children.filter((row) => !row.id.includes('/baremetal/'));
      assert.equal(virtual.length, 3);
      return virtual;
    });
    const items = await Promise.all(rows.map((row) => tree.getTreeItem(row)));
    assert.deepEqual(
      items.map((item) => item.label),
      ['good-a', 'good-b', '1 flavor could not be read'],
    );
    assert.ok(
      (items[2].tooltip as vscode.MarkdownString).value
        .replace(/\\(.)/g, '$1')
        .includes('bad: results[1].capacity is string, expected number'),
    );
  });

  it('treats a zone create answered 200 with an error as a failure and does not remember the zone', async () => {
    emulator.inject({ method: 'POST', path: '/dns/v2/zones', status: 200, body: { error: 'zone refused.example is reserved' }, times: 2 });
    await assert.rejects(
      async () => vscode.commands.executeCommand('gcore.createZone', { name: 'refused.example' }),
      /zone refused\.example is reserved/,
    );
    const ui = new ScriptedUi(['refused.example', [], 'Create refused.example']);
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.createZone');
    assert.match(ui.notifications[0].message, /Gcore refused the input: zone refused\.example is reserved/);
    const tree = (await extensionApi()).tree;
    const [, zones] = (await tree.getChildren()) ?? [];
    assert.ok(!((await tree.getChildren(zones)) ?? []).some((node) => node.id === 'zones/refused.example'));
  });

  it('says the zone may exist when a create is cancelled after it was sent, and offers to add it', async () => {
    emulator.inject({ method: 'POST', path: '/dns/v2/zones', delayMs: 1_500 });
    const ui = new ScriptedUi(['cancel.example', [], 'Create cancel.example'])
      .cancelProgressAfter(200)
      .answerNotification(/may have been created/, 'Add Existing Zone');
    await useUi(ui);
    await vscode.commands.executeCommand('gcore.createZone');
    const warning = await eventually(() => {
      const found = ui.notifications.find((notification) => notification.severity === 'warning');
      assert.ok(found);
      return found;
    });
    assert.match(warning.message, /Cancelled after the request was sent: the zone cancel\.example may have been created at Gcore/);
    await eventually(async () => assert.ok(await zoneNode('cancel.example')));
  });

  it('says an update answered with an empty body was sent and may have been applied', async () => {
    await setLocations([{ projectId: 1, regionId: 76, label: 'Prod' }]);
    emulator.inject({ method: 'PATCH', path: '/cloud/v1/caas/1/76/containers/web-app', status: 200, body: '' });
    const ui = new ScriptedUi(['Prod', 'web-app', ['Timeout'], '42', true]);
    await useUi(ui);
    const result = await vscode.commands.executeCommand('gcore.updateContainer');
    assert.deepEqual(result, { tasks: [] });
    const [notification] = ui.notifications;
    assert.equal(notification.severity, 'warning');
    assert.match(notification.message, /was sent, but Gcore's answer was empty.*may have been applied/);
  });
});
