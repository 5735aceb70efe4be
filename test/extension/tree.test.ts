import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Emulator } from '../emulator/server';
import { rawCreateZone } from './support/emulatorRequests';
import { TEST_KEY, eventually, extensionApi, gcoreConfig, setKey, setLocations, sharedEmulator, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

type Node = { nodeType: string; id: string };

async function tree(): Promise<vscode.TreeDataProvider<Node>> {
  return (await extensionApi()).tree as vscode.TreeDataProvider<Node>;
}

async function children(node?: Node): Promise<Node[]> {
  return ((await (await tree()).getChildren(node)) ?? []) as Node[];
}

async function items(node?: Node): Promise<vscode.TreeItem[]> {
  const provider = await tree();
  return Promise.all((await children(node)).map(async (child) => provider.getTreeItem(child)));
}

async function section(name: 'GPU' | 'DNS Zones' | 'Containers'): Promise<Node> {
  const roots = await children();
  const provider = await tree();
  for (const root of roots) {
    if ((await provider.getTreeItem(root)).label === name) return root;
  }
  throw new Error(`no ${name} section`);
}

/** The location nodes under GPU, once the settings change has reached the tree. */
async function locationNodes(count: number): Promise<Node[]> {
  return eventually(async () => {
    const found = await children(await section('GPU'));
    assert.equal(found.length, count);
    return found;
  });
}

/** The virtual GPU flavor requests among the reads the tree makes (zones, the account, bare-metal flavors). */
function gpuRequests(emulator: Emulator) {
  return emulator.requests.filter((request) => /^\/cloud\/v3\/gpu\/virtual\/\d+\/\d+\/flavors$/.test(request.path));
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

function tooltip(item: vscode.TreeItem): string {
  return item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
}

describe('the Gcore tree', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    await setLocations([]);
    await vscode.commands.executeCommand('gcore.refresh');
    emulator.reset();
  });

  after(async () => {
    await setLocations([]);
    await gcoreConfig().update('gpuFlavors.includePrices', undefined, vscode.ConfigurationTarget.Global);
    await useUi(undefined);
  });

  it('is empty without a key, so the welcome view with "Set API Key" shows', async () => {
    await setKey(undefined);
    await eventually(async () => assert.deepEqual(await children(), []));
    await setKey(TEST_KEY);
    await eventually(async () => assert.deepEqual((await items()).map(label), ['GPU', 'DNS Zones', 'Containers', 'Inference', 'Tasks']));
  });

  it('offers "Add Project and Region…" when no location is configured', async () => {
    const gpu = await items(await section('GPU'));
    assert.deepEqual(gpu.map(label), ['Add Project and Region…']);
    assert.equal(gpu[0].command?.command, 'gcore.addLocation');
  });

  it('shows one collapsed node per location with a stable id, and loads nothing before expand', async () => {
    await setLocations([
      { projectId: 1, regionId: 76, label: 'Prod' },
      { projectId: 2, regionId: 8 },
    ]);
    const locations = await eventually(async () => {
      const found = await items(await section('GPU'));
      assert.equal(found.length, 2);
      return found;
    });
    assert.deepEqual(locations.map(label), ['Prod', 'project 2 · region 8']);
    assert.deepEqual(
      locations.map((item) => item.id),
      ['gpu/1/76', 'gpu/2/8'],
    );
    assert.ok(locations.every((item) => item.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed));
    assert.equal(gpuRequests(emulator).length, 0);
  });

  it('lists flavors on expand: available first, with GPU, vCPU, RAM and a Markdown tooltip', async () => {
    await setLocations([{ projectId: 1, regionId: 76 }]);
    const [location] = await locationNodes(1);
    const [clustersRow, ...flavors] = await items(location);
    assert.equal(label(clustersRow), 'Clusters', 'the clusters come first, loaded when their row is expanded');
    assert.equal(gpuRequests(emulator).length, 1);
    assert.equal(gpuRequests(emulator)[0].query.hide_disabled, 'true');
    assert.ok(flavors.length > 1);
    const contexts = flavors.map((item) => item.contextValue);
    const firstUnavailable = contexts.findIndex((value) => value !== 'flavor');
    assert.ok(firstUnavailable > 0, 'available flavors come first');
    assert.ok(
      contexts.slice(firstUnavailable).every((value) => value !== 'flavor'),
      'no available flavor after an unavailable one',
    );
    assert.ok(contexts.includes('flavor.outOfStock'), 'out-of-stock flavors are marked');
    assert.match(String(flavors[0].description), /\d+× .+ · \d+ vCPU · [\d.]+ GiB/);
    assert.ok(!String(flavors[0].description).includes('/h'), 'no price unless prices are on');
    const [, firstFlavor] = await children(location);
    const resolved = await (await tree()).resolveTreeItem?.(flavors[0], firstFlavor, new vscode.CancellationTokenSource().token);
    assert.match(tooltip(resolved ?? flavors[0]), /vCPU/);
    assert.ok(flavors.every((item) => item.id?.startsWith('gpu/1/76/')));
  });

  it('shows hourly prices when gcore.gpuFlavors.includePrices is on, only for price_status "show"', async () => {
    await setLocations([{ projectId: 1, regionId: 76 }]);
    await gcoreConfig().update('gpuFlavors.includePrices', true, vscode.ConfigurationTarget.Global);
    const [location] = await locationNodes(1);
    const flavors = await items(location);
    assert.equal(gpuRequests(emulator).at(-1)?.query.include_prices, 'true');
    const priced = flavors.filter((item) => /€[\d.]+\/h/.test(String(item.description)));
    assert.ok(priced.length > 0 && priced.length < flavors.length, 'hidden and failed prices are not shown');
    await gcoreConfig().update('gpuFlavors.includePrices', undefined, vscode.ConfigurationTarget.Global);
  });

  it('serves expand/collapse from cache and refetches only on Refresh', async () => {
    await setLocations([{ projectId: 1, regionId: 76 }]);
    const [location] = await locationNodes(1);
    await Promise.all([children(location), children(location)]);
    assert.equal(gpuRequests(emulator).length, 1, 'two loads at once share one request');
    await children(location);
    assert.equal(gpuRequests(emulator).length, 1);
    await vscode.commands.executeCommand('gcore.refresh', location);
    await children(location);
    assert.equal(gpuRequests(emulator).length, 2);
  });

  it('refreshes every section from the view title, whichever row is selected', async () => {
    await setLocations([
      { projectId: 1, regionId: 76 },
      { projectId: 3, regionId: 9 },
    ]);
    const [first, second] = await locationNodes(2);
    await Promise.all([children(first), children(second)]);
    const before = gpuRequests(emulator).length;
    // The title bar hands over the selected row; the title's Refresh ignores it.
    await vscode.commands.executeCommand('gcore.refreshAll', first);
    const [again, againSecond] = await locationNodes(2);
    await Promise.all([children(again), children(againSecond)]);
    assert.equal(gpuRequests(emulator).length, before + 2, 'both locations are loaded again');
  });

  it('shows an error node with the API message for a failing location, and the other location still loads', async () => {
    await setLocations([
      { projectId: 1, regionId: 76 },
      { projectId: 3, regionId: 9 },
    ]);
    emulator.inject({
      path: '/cloud/v3/gpu/virtual/1/76/flavors',
      status: 403,
      body: { exception_class: 'ForbiddenError', message: 'Region is out of capacity' },
    });
    const [failing, healthy] = await locationNodes(2);
    const [, errorItem] = await items(failing);
    assert.equal(errorItem.contextValue, 'error');
    assert.match(String(errorItem.description), /out of capacity/);
    assert.equal(errorItem.command?.command, 'gcore.refresh');
    assert.ok((await items(healthy)).length > 0);
    await vscode.commands.executeCommand(errorItem.command.command, ...(errorItem.command.arguments ?? []));
    const [, ...retried] = await items(failing);
    assert.ok(
      retried.every((item) => item.contextValue?.startsWith('flavor')),
      'a retry after the fault loads flavors',
    );
  });

  it('turns a 401 into an error node that sets the key', async () => {
    await setLocations([{ projectId: 1, regionId: 76 }]);
    emulator.inject({
      path: '/cloud/v3/gpu/virtual/1/76/flavors',
      status: 401,
      body: { exception_class: 'NotAuthenticated', message: 'Invalid token.' },
    });
    const [location] = await locationNodes(1);
    const [, errorItem] = await items(location);
    assert.equal(errorItem.command?.command, 'gcore.setApiKey');
    assert.match(tooltip(errorItem), /Invalid token/);
  });

  it("without the account's zone list (an API with only the four core operations), lists the known zones as before and says so once", async () => {
    await sharedEmulator({ coreOnly: true });
    try {
      await vscode.commands.executeCommand('gcore.refresh');
      const zones = await section('DNS Zones');
      const unavailable = "The account's zone list and record sets are not available from this API";
      assert.deepEqual((await items(zones)).map(label), ['Create DNS Zone…', 'Add Existing Zone…', unavailable]);
      await vscode.commands.executeCommand('gcore.createZone', { name: 'tree-on.example' });
      await vscode.commands.executeCommand('gcore.createZone', { name: 'tree-off.example' });
      await vscode.commands.executeCommand('gcore.addKnownZone', 'tree-unknown.example');
      await vscode.commands.executeCommand('gcore.enableDnssec', 'tree-on.example');
      const zoneItems = await items(zones);
      assert.deepEqual(
        zoneItems.map((item) => [label(item), item.description, item.contextValue, item.id]),
        [
          ['tree-off.example', 'DNSSEC off', 'zone.dnssec.off', 'zones/tree-off.example'],
          ['tree-on.example', 'DNSSEC on', 'zone.dnssec.on', 'zones/tree-on.example'],
          ['tree-unknown.example', 'DNSSEC unknown', 'zone.dnssec.unknown', 'zones/tree-unknown.example'],
          [unavailable, undefined, 'hint', 'zones/unavailable'],
        ],
      );
      const onNode = (await children(zones))[1];
      const details = await items(onNode);
      assert.deepEqual(details.map(label).slice(0, 3), ['DS record', 'Key tag', 'Algorithm']);
      assert.match(String(details[0].description), /^tree-on\.example\. \d+ IN DS/);
    } finally {
      for (const name of ['tree-on.example', 'tree-off.example', 'tree-unknown.example']) {
        await vscode.commands.executeCommand('gcore.forgetZone', name);
      }
      emulator = await sharedEmulator();
    }
  });

  it("lists every zone of the account with Gcore's DNSSEC state, merged with the zones known here", async () => {
    await vscode.commands.executeCommand('gcore.createZone', { name: 'acct-on.example' });
    await vscode.commands.executeCommand('gcore.enableDnssec', 'acct-on.example');
    await vscode.commands.executeCommand('gcore.addKnownZone', 'acct-gone.example');
    emulator.zone('acct-on.example')!.dsAtRegistrar = true;
    emulator.zone('acct-on.example')!.dnssecStatus = 'active';
    // Made at Gcore, not here: the account's list shows it anyway.
    await rawCreateZone(emulator, 'elsewhere.example');
    try {
      await vscode.commands.executeCommand('gcore.refresh', await section('DNS Zones'));
      const zones = await section('DNS Zones');
      const rows = await eventually(async () => {
        const found = await items(zones);
        assert.equal(found.length, 3);
        return found;
      });
      assert.deepEqual(
        rows.map((item) => [label(item), item.description, item.contextValue]),
        [
          ['acct-gone.example', 'not in the account', 'zone.gone'],
          ['acct-on.example', 'DNSSEC on · 2 record sets', 'zone.dnssec.on'],
          ['elsewhere.example', 'DNSSEC off · 2 record sets', 'zone.dnssec.off'],
        ],
      );
      const dsRequests = () => emulator.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/dnssec'));
      assert.equal(dsRequests().length, 0, 'no DS record is read before the row is expanded');
      const onNode = (await children(zones))[1];
      assert.deepEqual((await items(onNode)).map(label).slice(0, 1), ['DS record']);
    } finally {
      for (const name of ['acct-on.example', 'acct-gone.example', 'elsewhere.example']) {
        await vscode.commands.executeCommand('gcore.forgetZone', name);
      }
    }
  });

  it('says in the view when the key comes from GCORE_API_KEY', async () => {
    await setKey(undefined);
    process.env.GCORE_API_KEY = TEST_KEY;
    try {
      await vscode.commands.executeCommand('gcore.refresh');
      await eventually(async () => assert.deepEqual((await items()).map(label), ['GPU', 'DNS Zones', 'Containers', 'Inference', 'Tasks']));
      await vscode.commands.executeCommand('gcore.listGpuFlavors', { projectId: 1, regionId: 76 });
      assert.equal(emulator.requests.at(-1)?.headers.authorization, `apikey ${TEST_KEY}`);
    } finally {
      delete process.env.GCORE_API_KEY;
    }
  });

  it('refreshes by itself when the settings change', async () => {
    await setLocations([{ projectId: 1, regionId: 76 }]);
    const provider = await tree();
    const fired = new Promise<void>((resolve) => {
      const subscription = provider.onDidChangeTreeData?.(() => {
        subscription?.dispose();
        resolve();
      });
    });
    await gcoreConfig().update('gpuFlavors.hideDisabled', false, vscode.ConfigurationTarget.Global);
    await fired;
    const [location] = await children(await section('GPU'));
    await children(location);
    assert.notEqual(gpuRequests(emulator).at(-1)?.query.hide_disabled, 'true');
    await gcoreConfig().update('gpuFlavors.hideDisabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('reads every area again, the account too, once a key is set', async () => {
    await setLocations([{ projectId: 1, regionId: 76 }]);
    const everyArea = ['/iam/clients/me', '/cloud/v3/gpu/virtual/1/76/flavors', '/dns/v2/zones', '/cloud/v1/caas/1/76/containers'];
    const readEveryArea = async () => {
      const [flavors] = await locationNodes(1);
      await children(flavors);
      await children(await section('DNS Zones'));
      const [containers] = await children(await section('Containers'));
      await children(containers);
    };
    await readEveryArea();
    // The Accounts menu names the key's account once it is read: the account was read before the key is set.
    await eventually(async () =>
      assert.deepEqual(
        (await vscode.authentication.getAccounts('gcore')).map((account) => account.label),
        ['dev@example.com'],
      ),
    );
    const before = emulator.requests.length;
    await setKey(TEST_KEY);
    await readEveryArea();
    await eventually(() => {
      const read = new Set(emulator.requests.slice(before).map((request) => request.path));
      assert.deepEqual(
        everyArea.filter((path) => !read.has(path)),
        [],
        'not read again',
      );
    });
  });
});
