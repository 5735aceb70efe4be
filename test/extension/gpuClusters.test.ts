import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { stableUuid } from '../emulator/gpu-servers';
import type { Emulator } from '../emulator/server';
import { TEST_KEY, eventually, extensionApi, rejects, run, setKey, setLocations, sharedEmulator, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

type Node = { nodeType: string; id: string };

const LOCATION = { projectId: 1, regionId: 76 };
const TRAIN = stableUuid(1, 76, 'virtual', 'train-h100');
const EVAL = stableUuid(1, 76, 'virtual', 'eval-l40s');
const BARE_METAL = stableUuid(1, 76, 'baremetal', 'bm-h100-train');

async function tree(): Promise<vscode.TreeDataProvider<Node>> {
  return (await extensionApi()).tree as vscode.TreeDataProvider<Node>;
}

async function children(node?: Node): Promise<Node[]> {
  return ((await (await tree()).getChildren(node)) ?? []) as Node[];
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function item(node: Node): Promise<vscode.TreeItem> {
  return (await tree()).getTreeItem(node);
}

/** Each child's label, description and context value. */
async function rows(node: Node): Promise<[string, string, string | undefined][]> {
  return Promise.all(
    (await children(node)).map(async (child) => {
      const drawn = await item(child);
      return [label(drawn), String(drawn.description ?? ''), drawn.contextValue] as [string, string, string | undefined];
    }),
  );
}

async function childLabelled(node: Node, name: string): Promise<Node> {
  for (const child of await children(node)) if (label(await item(child)) === name) return child;
  throw new Error(`no row ${name} under ${node.id}`);
}

/** The location's row under GPU, once the settings change has reached the tree. */
async function gpuLocation(): Promise<Node> {
  return eventually(async () => {
    const gpu = (await children()).find((root) => root.id === 'gpu');
    assert.ok(gpu, 'no GPU section');
    const [location] = await children(gpu);
    assert.equal(location?.id, 'gpu/1/76');
    return location;
  });
}

function clusterListReads(emulator: Emulator, kind: 'virtual' | 'baremetal'): number {
  return emulator.requests.filter((request) => request.method === 'GET' && request.path === `/cloud/v3/gpu/${kind}/1/76/clusters`).length;
}

describe('GPU clusters in the tree', () => {
  let emulator: Emulator;
  let ui: ScriptedUi;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    ui = new ScriptedUi([]);
    await useUi(ui);
    await setKey(TEST_KEY);
    await setLocations([{ ...LOCATION, label: 'Prod' }]);
    await vscode.commands.executeCommand('gcore.refresh');
    emulator.reset();
  });

  after(async () => {
    await setLocations([]);
    await useUi(undefined);
  });

  it('shows a Clusters row first under a location, and reads no cluster before it is expanded', async () => {
    const location = await gpuLocation();
    const [first] = await rows(location);
    assert.deepEqual(first, ['Clusters', '', 'gpuClusters']);
    assert.equal(clusterListReads(emulator, 'virtual') + clusterListReads(emulator, 'baremetal'), 0);
  });

  it("opens a location's row in the portal on the location's page, not its Containers page", async () => {
    await vscode.commands.executeCommand('gcore.openInPortal', await gpuLocation());
    assert.equal(ui.opened.at(-1), 'https://portal.gcore.com/cloud/project/1/region/76');
  });

  it('lists virtual and bare-metal clusters with their status, GPUs, servers and marks, busy while a task runs', async () => {
    const clusters = await childLabelled(await gpuLocation(), 'Clusters');
    const listed = await rows(clusters);
    assert.deepEqual(
      listed.map(([name, , context]) => [name, context]),
      [
        ['finetune-h100x2', 'gpuCluster.busy'],
        ['train-h100', 'gpuCluster.active'],
        ['eval-l40s', 'gpuCluster.shutoff'],
        ['bm-h100-train', 'gpuCluster.active'],
        ['k8s-a100-pool', 'gpuCluster.active'],
      ],
    );
    const described = new Map(listed.map(([name, description]) => [name, description]));
    assert.match(described.get('train-h100') ?? '', /^running · 1× H100.* · 2 servers$/);
    assert.match(described.get('eval-l40s') ?? '', /^stopped · .* · 1 server$/);
    assert.match(described.get('finetune-h100x2') ?? '', /^Creating… · (?!creating)/, 'the status is not said again after Creating…');
    assert.match(described.get('bm-h100-train') ?? '', /^running · 8× H100 80 GB · 2 servers · bare metal$/, "as its flavor's row says it");
    assert.match(described.get('k8s-a100-pool') ?? '', / · bare metal · managed by Kubernetes$/);
    assert.equal(clusterListReads(emulator, 'virtual'), 1);
    assert.equal(clusterListReads(emulator, 'baremetal'), 1);
    const active = emulator.requests.find((request) => request.path === '/cloud/v1/tasks/1/76/active');
    assert.ok(active, "the location's active tasks are read with the clusters");
  });

  it("expands a cluster to its servers with their public addresses; Copy Address and Copy Name copy a server's, Copy Name a cluster's", async () => {
    const clusters = await childLabelled(await gpuLocation(), 'Clusters');
    const train = await childLabelled(clusters, 'train-h100');
    const servers = await rows(train);
    assert.equal(servers.length, 2);
    for (const [, description, context] of servers) {
      assert.match(description, /^running · \d+\.\d+\.\d+\.\d+$/);
      assert.equal(context, 'gpuServer.withAddress');
    }
    const [server] = await children(train);
    const [serverName, serverDescription] = servers[0];
    const address = serverDescription.split(' · ')[1];
    await vscode.commands.executeCommand('gcore.copyGpuServerAddress', server);
    assert.equal(ui.clipboard.at(-1), address);
    assert.equal(ui.notifications.at(-1)?.message, `Copied the public address of server ${serverName}: ${address}.`);
    await vscode.commands.executeCommand('gcore.copyGpuName', server);
    assert.equal(ui.clipboard.at(-1), serverName);
    assert.equal(ui.notifications.at(-1)?.message, `Copied the name of server ${serverName}.`);
    await vscode.commands.executeCommand('gcore.copyGpuName', train);
    assert.equal(ui.clipboard.at(-1), 'train-h100');
    assert.equal(ui.notifications.at(-1)?.message, 'Copied the name of GPU cluster train-h100.');
    await vscode.commands.executeCommand('gcore.openInPortal', train);
    assert.equal(ui.opened.at(-1), 'https://portal.gcore.com/cloud/project/1/region/76');
    const eval40 = await childLabelled(clusters, 'eval-l40s');
    const [[, shelved]] = await rows(eval40);
    assert.match(shelved, / · (\d+\.\d+\.\d+\.\d+|private only)$/);
  });

  it("copies a private-only server's private address and says it is private", async () => {
    // No port of the cluster is on an external network: its servers have private addresses only.
    emulator.inject({
      path: `/cloud/v3/gpu/virtual/1/76/clusters/${TRAIN}/interfaces`,
      times: 10,
      status: 200,
      body: { count: 0, results: [] },
    });
    const train = await childLabelled(await childLabelled(await gpuLocation(), 'Clusters'), 'train-h100');
    const [server] = await children(train);
    const [[name, description, context]] = await rows(train);
    assert.match(description, / · private only$/);
    assert.equal(context, 'gpuServer.withAddress');
    await vscode.commands.executeCommand('gcore.copyGpuServerAddress', server);
    const copied = ui.clipboard.at(-1) ?? '';
    assert.match(copied, /^\d+\.\d+\.\d+\.\d+$/);
    assert.equal(ui.notifications.at(-1)?.message, `Copied the private address of server ${name}: ${copied}. It has no public address.`);
  });

  it("shows each cluster's price per hour once read, never holding the rows, and only when Gcore says to show it", async () => {
    const pricePath = (kind: string, id: string) => `/cloud/v2/pricing/1/76/gpu/${kind}/clusters/${id}`;
    emulator.inject({
      path: pricePath('virtual', EVAL),
      times: 10,
      status: 200,
      body: { currency_code: 'EUR', price_per_hour: 1.5, price_per_month: 1095, price_status: 'hide', discount_percent: 0 },
    });
    emulator.inject({
      path: pricePath('baremetal', BARE_METAL),
      times: 10,
      status: 500,
      body: { exception_class: 'InternalError', message: 'pricing is down' },
    });
    const logged: string[] = [];
    (await extensionApi()).tapLog((line) => logged.push(line));
    try {
      const clusters = await childLabelled(await gpuLocation(), 'Clusters');
      const first = await rows(clusters);
      assert.equal(first.length, 5);
      assert.ok(
        first.every(([, description]) => !description.endsWith('/h')),
        'the first rows wait for no price',
      );
      const priced = await eventually(async () => {
        const described = new Map((await rows(clusters)).map(([name, description]) => [name, description]));
        assert.match(described.get('train-h100') ?? '', /^running · 1× H100.* · 2 servers · €[\d,.]+\/h$/);
        assert.match(described.get('k8s-a100-pool') ?? '', / · managed by Kubernetes · €[\d,.]+\/h$/);
        return described;
      });
      assert.match(priced.get('eval-l40s') ?? '', / · 1 server$/, 'a hidden price is not shown');
      assert.match(priced.get('bm-h100-train') ?? '', / · bare metal$/, 'a price that fails is not shown');
      await eventually(async () =>
        assert.ok(logged.some((line) => line.includes('The price of GPU cluster bm-h100-train could not be read'))),
      );
      const reads = emulator.requests.filter((request) => request.path.startsWith('/cloud/v2/pricing/')).map((request) => request.path);
      assert.equal(reads.filter((path) => path === pricePath('virtual', TRAIN)).length, 1, 'a price is read once');
      assert.ok(reads.every((path) => !path.startsWith('/cloud/v2/pricing/1/76/gpu/virtual/clusters?')));
    } finally {
      (await extensionApi()).tapLog(undefined);
    }
  });

  it('marks busy, at load and after a reload, a cluster whose task was started in the portal, with no action offered', async () => {
    // The portal stops train-h100: Gcore's list still says active; only the location's active tasks tell.
    const stop = await fetch(`${emulator.url}/cloud/v3/gpu/virtual/1/76/clusters/${TRAIN}/action`, {
      method: 'POST',
      headers: { authorization: `apikey ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'stop' }),
    });
    assert.equal(stop.status, 200);
    const busy = async (clusters: Node) => {
      const train = (await rows(clusters)).find(([name]) => name === 'train-h100');
      assert.equal(train?.[2], 'gpuCluster.busy');
      assert.match(train?.[1] ?? '', /^Stopping… · running · /);
    };
    await busy(await childLabelled(await gpuLocation(), 'Clusters'));
    await vscode.commands.executeCommand('gcore.refresh', await gpuLocation());
    await busy(await childLabelled(await gpuLocation(), 'Clusters'));
    const active = emulator.requests.filter((request) => request.path === '/cloud/v1/tasks/1/76/active');
    assert.ok(active.length >= 2, 'the active tasks are read at load and again after the reload');
  });

  it('lists the bare-metal flavors after the virtual ones, marked bare metal', async () => {
    const { flavors, firstBaremetal } = await eventually(async () => {
      const [, ...found] = await rows(await gpuLocation());
      const first = found.findIndex(([, , context]) => context?.startsWith('flavor.baremetal'));
      assert.ok(first > 0, 'virtual flavors come first, bare metal after');
      return { flavors: found, firstBaremetal: first };
    });
    assert.ok(
      flavors
        .slice(firstBaremetal)
        .every(([, description, context]) => context?.startsWith('flavor.baremetal') && / ?bare metal · /.test(description)),
    );
    const requests = emulator.requests.map((request) => request.path);
    assert.ok(requests.includes('/cloud/v3/gpu/baremetal/1/76/flavors'));
  });

  it('says when a location has no GPU clusters', async () => {
    emulator.inject({ path: '/cloud/v3/gpu/virtual/1/76/clusters', status: 200, body: { count: 0, results: [] } });
    emulator.inject({ path: '/cloud/v3/gpu/baremetal/1/76/clusters', status: 200, body: { count: 0, results: [] } });
    const clusters = await childLabelled(await gpuLocation(), 'Clusters');
    assert.deepEqual(await rows(clusters), [['No GPU clusters in this location', '', 'hint']]);
  });

  it("shows an error row for a kind whose list fails, and the other kind's clusters", async () => {
    emulator.inject({
      path: '/cloud/v3/gpu/baremetal/1/76/clusters',
      times: 10,
      status: 500,
      body: { exception_class: 'InternalError', message: 'bare metal is down' },
    });
    const clusters = await childLabelled(await gpuLocation(), 'Clusters');
    const listed = await rows(clusters);
    assert.ok(listed.some(([name]) => name === 'train-h100'));
    const failed = listed.filter(([, , context]) => context === 'error');
    assert.deepEqual(
      failed.map(([name, description]) => [name, description]),
      [['Failed to load bare-metal GPU clusters', 'bare metal is down']],
    );
  });

  it('lists every cluster of a location when some have tags in a shape Gcore does not document, each saying so on its own row', async () => {
    const path = '/cloud/v3/gpu/virtual/1/76/clusters';
    const response = await fetch(`${emulator.url}${path}?limit=1000`, { headers: { authorization: `apikey ${TEST_KEY}` } });
    const listed = (await response.json()) as { count: number; results: Record<string, unknown>[] };
    const odd: Record<string, unknown> = { 'train-h100': { env: 'prod' }, 'eval-l40s': 'env=prod' };
    const results = listed.results.map((cluster) =>
      String(cluster.name) in odd ? { ...cluster, tags: odd[String(cluster.name)] } : cluster,
    );
    emulator.inject({ path, status: 200, body: { ...listed, results }, times: 20 });
    const clusters = await childLabelled(await gpuLocation(), 'Clusters');
    const drawn = await rows(clusters);
    assert.deepEqual(
      drawn.map(([name, , context]) => [name, context]),
      [
        ['finetune-h100x2', 'gpuCluster.busy'],
        ['train-h100', 'gpuCluster.active'],
        ['eval-l40s', 'gpuCluster.shutoff'],
        ['bm-h100-train', 'gpuCluster.active'],
        ['k8s-a100-pool', 'gpuCluster.active'],
      ],
    );
    const described = new Map(drawn.map(([name, description]) => [name, description]));
    assert.match(described.get('train-h100') ?? '', /^running · tags unreadable · 1× H100/);
    assert.match(described.get('eval-l40s') ?? '', /^stopped · tags unreadable · /);
    assert.doesNotMatch(described.get('finetune-h100x2') ?? '', /unreadable/);
  });

  it('reads again every 5 s only the list of a kind with a moving cluster, and nothing once it stops', async function () {
    this.timeout(30_000);
    const clusters = await childLabelled(await gpuLocation(), 'Clusters');
    await children(clusters);
    assert.deepEqual([clusterListReads(emulator, 'virtual'), clusterListReads(emulator, 'baremetal')], [1, 1]);
    // finetune-h100x2 is being created: its kind's list is read again; bare metal, at rest, is not.
    await eventually(async () => {
      await children(clusters);
      assert.equal(clusterListReads(emulator, 'virtual'), 2);
    }, 8_000);
    assert.equal(clusterListReads(emulator, 'baremetal'), 1);
    emulator.advanceTasks(60 * 60_000);
    await eventually(async () => {
      await children(clusters);
      const finetune = (await rows(clusters)).find(([name]) => name === 'finetune-h100x2');
      assert.equal(finetune?.[2], 'gpuCluster.active');
    }, 8_000);
    const settled = clusterListReads(emulator, 'virtual');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await children(clusters);
    assert.equal(clusterListReads(emulator, 'virtual'), settled, 'nothing is read while nothing moves');
    const prices = emulator.requests.filter((request) => request.path.startsWith('/cloud/v2/pricing/')).map((request) => request.path);
    assert.equal(prices.length, 5, "each cluster's price is read once, not on each round of a moving kind");
    assert.equal(new Set(prices).size, 5);
  });

  it("reads a moving location's clusters before it redraws them, so that their rows are asked for briefly", async function () {
    this.timeout(30_000);
    // A price read redraws the rows when it comes; failing, it redraws nothing, so the poll's is the only redraw.
    emulator.inject({ path: /^\/cloud\/v2\/pricing\//, times: 100, status: 500, body: { message: 'pricing is down' } });
    const provider = await tree();
    const clusters = await childLabelled(await gpuLocation(), 'Clusters');
    await children(clusters);
    const before = clusterListReads(emulator, 'virtual');
    // While VS Code asks for a row's children again it has forgotten their handles: a cluster's menu command
    // chosen then would come without its row, so the asking must not wait for Gcore.
    const readAtRedraw = await new Promise<number>((resolve) => {
      const subscription = provider.onDidChangeTreeData?.((changed) => {
        const nodes = Array.isArray(changed) ? changed : [changed];
        if (!nodes.some((node) => node?.id === clusters.id)) return;
        subscription?.dispose();
        resolve(clusterListReads(emulator, 'virtual'));
      });
    });
    assert.equal(readAtRedraw, before + 1, 'the moving kind was read before the redraw');
    await children(clusters);
    assert.equal(clusterListReads(emulator, 'virtual'), before + 1, 'the redrawn rows come from that read');
  });
});

describe('GPU cluster read commands', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    emulator.reset();
  });

  after(async () => {
    await useUi(undefined);
  });

  it('lists virtual clusters without a kind, and bare metal with both owners when asked', async () => {
    const virtual = await run<{ count: number; results: { name: string }[] }>('gcore.listGpuClusters', LOCATION);
    assert.deepEqual(virtual.results.map((cluster) => cluster.name).sort(), ['eval-l40s', 'finetune-h100x2', 'train-h100']);
    assert.equal(virtual.count, 3);
    assert.equal(emulator.requests.at(-1)?.path, '/cloud/v3/gpu/virtual/1/76/clusters');
    const baremetal = await run<{ results: { name: string }[] }>('gcore.listGpuClusters', { ...LOCATION, kind: 'baremetal' });
    assert.deepEqual(baremetal.results.map((cluster) => cluster.name).sort(), ['bm-h100-train', 'k8s-a100-pool']);
  });

  it('reads a cluster and its servers with their public addresses, from arguments or its tree row', async () => {
    const { results } = await run<{ results: { id: string; name: string }[] }>('gcore.listGpuClusters', LOCATION);
    const train = results.find((cluster) => cluster.name === 'train-h100') ?? assert.fail('no train-h100');
    const cluster = await run<{ id: string; name: string }>('gcore.getGpuCluster', { ...LOCATION, clusterId: train.id.toUpperCase() });
    assert.equal(cluster.name, 'train-h100');
    const servers = await run<{ count: number; results: { public_ip?: string }[] }>('gcore.listGpuClusterServers', {
      ...LOCATION,
      clusterId: train.id,
    });
    assert.equal(servers.count, 2);
    assert.ok(servers.results.every((server) => /^\d+\.\d+\.\d+\.\d+$/.test(server.public_ip ?? '')));
    await setLocations([{ ...LOCATION, label: 'Prod' }]);
    try {
      const clusters = await childLabelled(await gpuLocation(), 'Clusters');
      const row = await childLabelled(clusters, 'train-h100');
      const fromRow = await run<{ name: string }>('gcore.getGpuCluster', row);
      assert.equal(fromRow.name, 'train-h100');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      await setLocations([]);
    }
  });

  it('lists the GPU images of a kind and the SSH keys of a project', async () => {
    const images = await run<{ results: { name: string }[] }>('gcore.listGpuImages', { ...LOCATION, kind: 'baremetal' });
    assert.ok(images.results.length > 0);
    assert.equal(emulator.requests.at(-1)?.path, '/cloud/v3/gpu/baremetal/1/76/images');
    const keys = await run<{ results: { name: string }[] }>('gcore.listSshKeys', { projectId: 1 });
    assert.ok(keys.results.length > 0);
  });

  it('refuses a bad argument before any request, naming the field', async () => {
    await rejects(vscode.commands.executeCommand('gcore.getGpuCluster', { ...LOCATION, clusterId: 'train-h100' }), /clusterId/);
    await rejects(vscode.commands.executeCommand('gcore.listGpuClusters', { ...LOCATION, kind: 'metal' }), /kind/);
    await rejects(vscode.commands.executeCommand('gcore.listSshKeys', { projectId: 'one' }), /projectId/);
    assert.deepEqual(emulator.requests, []);
  });
});

describe('GPU clusters against an API without them', () => {
  after(async () => {
    await setLocations([]);
    await sharedEmulator();
    await useUi(undefined);
  });

  it('lists the flavors as before and says once, quietly, that clusters are not available', async () => {
    await sharedEmulator({ coreOnly: true });
    await useUi(new ScriptedUi([]));
    await setKey(TEST_KEY);
    await setLocations([{ ...LOCATION, label: 'Prod' }]);
    await vscode.commands.executeCommand('gcore.refresh');
    const location = await gpuLocation();
    const clusters = await childLabelled(location, 'Clusters');
    assert.deepEqual(await children(clusters), []);
    await eventually(async () => {
      const [first, ...flavors] = await rows(await gpuLocation());
      assert.deepEqual(first, ['GPU clusters are not available from this API', '', 'hint']);
      assert.ok(flavors.length > 0 && flavors.every(([, , context]) => context?.startsWith('flavor')));
    });
  });

  it('says the cluster list is not offered, once, rather than failing', async () => {
    await sharedEmulator({ coreOnly: true });
    await rejects(vscode.commands.executeCommand('gcore.listGpuClusters', LOCATION), /does not offer GPU clusters/);
  });
});
