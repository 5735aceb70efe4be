import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { GcoreClient } from '../../src/api';
import type { GpuCluster } from '../../src/api/gpu/gpuClusterTypes';
import { gpuClusterChanges } from '../../src/views/gpu/gpuClusterChanges';
import { CLAIM_SETTLE_MS, gpuLeaseClock } from '../../src/views/gpu/gpuLeaseClock';
import type { Log } from '../../src/logging/log';
import type { PromptUi } from '../../src/ui/promptUi';
import { stableUuid } from '../emulator/gpu-servers';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { eventually, extensionApi, rejects, run, signedInAt, TEST_KEY, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';
import { label, rows } from './support/treeRows';
import type { TreeNode } from '../../src/views/treeNodes';

/*
 * Leases against the emulator: Set Lease… sends one merge patch of the lease tag alone, the row shows the time
 * left of a lease whoever set it, and a lease's end stops the cluster once, through the stop write path.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const TRAIN = stableUuid(1, 76, 'virtual', 'train-h100');
const TRAIN_PATH = `/cloud/v3/gpu/virtual/1/76/clusters/${TRAIN}`;
const TRAIN_KEY = { kind: 'virtual' as const, ...LOCATION, clusterId: TRAIN };
const HOUR_MS = 3_600_000;
const quietLog: Log = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  show: () => undefined,
};

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

/** The tag as the extension writes it, for a lease ending `ms` from now. */
function leaseValue(ms: number, stop: 'ask' | 'auto'): string {
  return `until=${new Date(Math.floor((Date.now() + ms) / 1000) * 1000).toISOString().replace('.000Z', 'Z')};stop=${stop}`;
}

async function readCluster(emulator: Emulator): Promise<GpuCluster> {
  const response = await fetch(`${emulator.url}${TRAIN_PATH}`, { headers: { authorization: `apikey ${TEST_KEY}` } });
  return (await response.json()) as GpuCluster;
}

/** The cluster rows of the location, read again from Gcore. */
async function clusterRows(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
  await vscode.commands.executeCommand('gcore.refresh');
  return eventually(async () => {
    const gpu = (await rows()).find((row) => row.node.id === 'gpu');
    assert.ok(gpu);
    const [location] = await rows(gpu.node);
    assert.ok(location);
    const clusters = (await rows(location.node)).find((row) => label(row.item) === 'Clusters');
    assert.ok(clusters);
    const listed = await rows(clusters.node);
    assert.ok(listed.length > 0);
    return listed;
  });
}

async function trainRow(): Promise<{ node: TreeNode; item: vscode.TreeItem }> {
  const row = (await clusterRows()).find((candidate) => label(candidate.item) === 'train-h100');
  assert.ok(row, 'no train-h100 row');
  return row;
}

describe('GPU leases', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  after(async () => {
    // The lease clock forgets what the emulator no longer holds.
    emulator.reset();
    await clusterRows();
    (await extensionApi()).stopFollowingTasks();
    await useUi(undefined);
  });

  it('sets a lease with exactly one PATCH of the lease tag alone, keeps the other tags, and removes it with null', async () => {
    const before = Date.now();
    assert.equal(await run('gcore.setGpuLease', { ...LOCATION, clusterId: TRAIN, hours: 4 }), undefined);
    const [patch, ...more] = writes(emulator);
    assert.deepEqual(more, []);
    assert.equal(patch.method, 'PATCH');
    assert.equal(patch.path, TRAIN_PATH);
    const body = JSON.parse(patch.body) as { tags: Record<string, string> };
    assert.deepEqual(Object.keys(body), ['tags']);
    assert.deepEqual(Object.keys(body.tags), ['gcore-vscode-lease']);
    const [, until] = /^until=(.+);stop=ask$/.exec(body.tags['gcore-vscode-lease']) ?? assert.fail(body.tags['gcore-vscode-lease']);
    const end = Date.parse(until);
    assert.ok(end >= Math.floor(before / 1000) * 1000 + 4 * HOUR_MS && end <= Date.now() + 4 * HOUR_MS, until);
    assert.deepEqual(
      (await readCluster(emulator)).tags?.map((tag) => tag.key),
      ['env', 'gcore-vscode-lease'],
    );

    emulator.requests.length = 0;
    await run('gcore.setGpuLease', { ...LOCATION, clusterId: TRAIN, hours: null });
    assert.deepEqual(
      writes(emulator).map((request) => [request.method, request.path, request.body]),
      [['PATCH', TRAIN_PATH, '{"tags":{"gcore-vscode-lease":null}}']],
    );
    assert.deepEqual(
      (await readCluster(emulator)).tags?.map((tag) => tag.key),
      ['env'],
    );
  });

  it('refuses hours out of range or a cluster id that is not one, naming the field, before any request', async () => {
    await rejects(run('gcore.setGpuLease', { ...LOCATION, clusterId: TRAIN, hours: 0 }), /hours/);
    await rejects(run('gcore.setGpuLease', { ...LOCATION, clusterId: 'train-h100', hours: 2 }), /clusterId/);
    await rejects(run('gcore.setGpuLease', { ...LOCATION, clusterId: TRAIN }), /hours/);
    assert.deepEqual(writes(emulator), []);
  });

  it('sets a lease from the row (4 hours, stop without asking), and the row shows the time left', async () => {
    const ui = new ScriptedUi(['4 hours', 'Stop it without asking']);
    await useUi(ui);
    const row = await trainRow();
    emulator.requests.length = 0;
    await vscode.commands.executeCommand('gcore.setGpuLease', row.node);
    const [patch, ...more] = writes(emulator);
    assert.deepEqual(more, []);
    assert.match(patch.body, /^\{"tags":\{"gcore-vscode-lease":"until=[^"]+;stop=auto"\}\}$/);
    assert.match(ui.notifications.at(-1)?.message ?? '', /^GPU cluster train-h100 is stopped at .+ without asking\.$/);
    const leased = await trainRow();
    assert.match(String(leased.item.description), / · lease 3 h 59 min$/);
    assert.match(String((leased.item.tooltip as vscode.MarkdownString).value).replaceAll('\\', ''), /is stopped at .+ without asking/);

    // With a lease set, the row offers Remove Lease.
    const removing = new ScriptedUi(['Remove Lease']);
    await useUi(removing);
    emulator.requests.length = 0;
    await vscode.commands.executeCommand('gcore.setGpuLease', leased.node);
    assert.deepEqual(
      writes(emulator).map((request) => request.body),
      ['{"tags":{"gcore-vscode-lease":null}}'],
    );
    assert.doesNotMatch(String((await trainRow()).item.description), /lease/);
  });

  it('offers Set Lease… when a start made here ends, which asks the lease of that cluster and sends it', async () => {
    const EVAL = stableUuid(1, 76, 'virtual', 'eval-l40s');
    const evalRow = (await clusterRows()).find((row) => label(row.item) === 'eval-l40s');
    assert.ok(evalRow);
    const ui = new ScriptedUi(['2 hours', 'Ask me before stopping it']).answerNotification(
      /^GPU cluster eval-l40s is running now/,
      'Set Lease…',
    );
    await useUi(ui);
    emulator.requests.length = 0;
    await vscode.commands.executeCommand('gcore.startGpuCluster', evalRow.node);
    emulator.advanceTasks(HOUR_MS);
    const patch = await eventually(
      async () => writes(emulator).find((request) => request.method === 'PATCH') ?? assert.fail('no lease sent yet'),
      30_000,
    );
    assert.equal(patch.path, `/cloud/v3/gpu/virtual/1/76/clusters/${EVAL}`);
    assert.match(patch.body, /^\{"tags":\{"gcore-vscode-lease":"until=[^"]+;stop=ask"\}\}$/);
    assert.equal(ui.shown.find((shown) => shown.kind === 'pick')?.title, 'Gcore: Lease of GPU cluster eval-l40s');
  });

  it('honours a lease another writer set: the row shows its time left, and an unreadable one as such', async () => {
    emulator.setGpuClusterTag(TRAIN_KEY, 'gcore-vscode-lease', leaseValue(2 * HOUR_MS + 30_000, 'ask'));
    assert.match(String((await trainRow()).item.description), / · lease 2 h$/);
    emulator.setGpuClusterTag(TRAIN_KEY, 'gcore-vscode-lease', 'next tuesday');
    assert.match(String((await trainRow()).item.description), / · lease unreadable$/);
    assert.deepEqual(writes(emulator), [], 'an unreadable lease is never acted on');
  });

  it('stops a cluster whose lease another writer set to have ended, with exactly one stop action, and says so', async () => {
    const ui = new ScriptedUi([]);
    await useUi(ui);
    const lease = leaseValue(-60_000, 'auto');
    emulator.setGpuClusterTag(TRAIN_KEY, 'gcore-vscode-lease', lease);
    await clusterRows();
    const stops = () => writes(emulator).filter((request) => request.path === `${TRAIN_PATH}/action`);
    await eventually(async () => assert.equal(stops().length, 1), 30_000);
    assert.equal(stops()[0].body, '{"action":"stop"}');
    await eventually(async () => assert.equal(writes(emulator).length, 3));
    const [claim, ...rest] = writes(emulator).map((request) => [request.method, request.body]);
    assert.equal(claim[0], 'PATCH');
    assert.match(claim[1], new RegExp(`^\\{"tags":\\{"gcore-vscode-lease":"${lease};claim=[0-9a-f]{16}"\\}\\}$`), 'claimed first');
    assert.deepEqual(
      rest,
      [
        ['POST', '{"action":"stop"}'],
        ['PATCH', '{"tags":{"gcore-vscode-lease":null}}'],
      ],
      'the stop, then the lease removed',
    );
    await eventually(async () =>
      assert.ok(
        ui.notifications.some((note) => /^The lease of GPU cluster train-h100 ended: the extension is stopping it/.test(note.message)),
      ),
    );
    await clusterRows();
    await clusterRows();
    assert.equal(stops().length, 1, 'never twice');
  });

  it('removes, and does not stop, a lease whose end passed while the cluster was stopped, once it is started again', async () => {
    const EVAL = stableUuid(1, 76, 'virtual', 'eval-l40s');
    const EVAL_PATH = `/cloud/v3/gpu/virtual/1/76/clusters/${EVAL}`;
    const ui = new ScriptedUi([]);
    await useUi(ui);
    // The lease ended an hour ago; eval-l40s was stopped then, and is started now.
    emulator.setGpuClusterTag({ ...TRAIN_KEY, clusterId: EVAL }, 'gcore-vscode-lease', leaseValue(-HOUR_MS, 'auto'));
    await clusterRows();
    await run('gcore.gpuClusterAction', { ...LOCATION, clusterId: EVAL, action: 'start' });
    // The start ended a few minutes ago, well after the lease did.
    emulator.advanceTasks(5 * 60_000);
    await eventually(
      async () =>
        assert.equal(
          (await clusterRows())
            .find((row) => label(row.item) === 'eval-l40s')
            ?.item.description?.toString()
            .includes('lease'),
          false,
        ),
      30_000,
    );
    await eventually(async () =>
      assert.ok(
        ui.notifications.some((note) =>
          /^GPU cluster eval-l40s was started again after its lease ended at .+, so the lease no longer applies/.test(note.message),
        ),
      ),
    );
    assert.deepEqual(
      writes(emulator).map((request) => [request.method, request.path, request.body]),
      [
        ['POST', `${EVAL_PATH}/action`, '{"action":"start"}'],
        ['PATCH', EVAL_PATH, '{"tags":{"gcore-vscode-lease":null}}'],
      ],
      'the lease removed, and no stop sent',
    );
  });

  it('sends one stop from two windows that reach the same end, and neither says the cluster is still billed', async function () {
    this.timeout(60_000);
    const ui = new ScriptedUi([]);
    await useUi(ui);
    const client = new GcoreClient({
      settings: () => ({ baseUrl: emulator.url, timeoutMs: 30_000 }),
      apiKey: () => TEST_KEY,
      userAgent: 'gcore-vscode-tests (a second window)',
    });
    const said: string[] = [];
    const notify = async (_severity: string, message: string) => void said.push(message);
    const changes = gpuClusterChanges({
      tasks: { start: () => [], follow: async () => undefined },
      taskPoller: { remember: () => undefined },
      clusters: { invalidateLocation: () => undefined },
      tree: { refresh: () => undefined },
      forgetSsh: async () => undefined,
      log: quietLog,
    });
    const second = gpuLeaseClock({
      client,
      changes,
      ui: () => ({ notify }) as unknown as PromptUi,
      tree: { refresh: () => undefined },
      log: quietLog,
    });
    try {
      emulator.setGpuClusterTag(TRAIN_KEY, 'gcore-vscode-lease', leaseValue(-60_000, 'auto'));
      // Each window reads the cluster at the end before either's first write reaches Gcore.
      emulator.inject({ method: 'GET', path: TRAIN_PATH, delayMs: 2_000, times: 2 });
      const location = { ...LOCATION, kind: 'virtual' as const };
      await Promise.all([clusterRows(), client.gpuClusters.list(location).then((list) => second.saw(location, list.results))]);
      const stops = () => writes(emulator).filter((request) => request.path === `${TRAIN_PATH}/action`);
      await eventually(async () => assert.ok(stops().length > 0), 30_000);
      // Long enough for a second window's stop to have gone out too.
      await new Promise((resolve) => setTimeout(resolve, CLAIM_SETTLE_MS + 3_000));
      assert.equal(stops().length, 1, 'one stop between them');
      const everything = [...said, ...ui.notifications.map((note) => note.message)];
      assert.ok(!everything.some((message) => /still billed|failed/.test(message)), everything.join(' | '));
      assert.equal(
        everything.filter((message) => /the extension is stopping it/.test(message)).length,
        1,
        'told by the window that sent it',
      );
    } finally {
      second.dispose();
      client.dispose();
    }
  });
});
