import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GpuCluster, GpuKind, GpuServer } from '../../src/api/gpu/gpuClusterTypes';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { stableUuid } from '../emulator/gpu-servers';
import { eventually, rejects, run, setLocations, TEST_KEY, useUi } from './support/harness';
import { ScriptedUi, type Answer } from './support/scriptedUi';
import { signInEachTest } from './support/signedInTests';
import { label, rows } from './support/treeRows';

/*
 * The GPU cluster writes against the emulator's seeded clusters: the contract's commands (exact bodies, paths
 * and flags, arguments refused before any request, Gcore's refusal passed through, the tasks followed under the
 * cluster's name) and the rows' Stop, Resize and Delete with what each asks before anything is sent.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const TRAIN = stableUuid(1, 76, 'virtual', 'train-h100');
const EVAL = stableUuid(1, 76, 'virtual', 'eval-l40s');
const BARE_METAL = stableUuid(1, 76, 'baremetal', 'bm-h100-train');
const V3 = '/cloud/v3/gpu/virtual/1/76/clusters';
const L40S = 'g3-ai-32-192-1500-l40s-48-1';
const H100 = 'g3-ai-24-232-1000-h100-80-1';
/** Longer than any GPU task of the emulator's realistic timings. */
const AN_HOUR_MS = 60 * 60_000;

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

async function readCluster(emulator: Emulator, kind: GpuKind, id: string): Promise<GpuCluster> {
  const response = await fetch(`${emulator.url}/cloud/v3/gpu/${kind}/1/76/clusters/${id}`, {
    headers: { authorization: `apikey ${TEST_KEY}` },
  });
  assert.equal(response.status, 200);
  return (await response.json()) as GpuCluster;
}

async function readServers(emulator: Emulator, id: string): Promise<GpuServer[]> {
  const response = await fetch(`${emulator.url}${V3}/${id}/servers?limit=100`, { headers: { authorization: `apikey ${TEST_KEY}` } });
  return ((await response.json()) as { results: GpuServer[] }).results;
}

/** A cluster's row as the GPU section draws it: what Stop, Resize and Delete are invoked on. */
function clusterNode(cluster: GpuCluster, gpuKind: GpuKind = 'virtual') {
  return { nodeType: 'gpuCluster', id: `gpu/${cluster.id}`, section: 'gpu', parent: undefined, location: LOCATION, gpuKind, cluster };
}

async function interact(emulator: Emulator, answers: Answer[], id: string, node: unknown): Promise<ScriptedUi> {
  const ui = new ScriptedUi(answers);
  await useUi(ui);
  emulator.requests.length = 0;
  await vscode.commands.executeCommand(id, node);
  return ui;
}

describe('GPU cluster writes', () => {
  const emulator = signInEachTest(LOCATION);

  describe('programmatic', () => {
    it('stops a running cluster with exactly {"action":"stop"} and follows its task under the cluster name to shutoff', async () => {
      const result = await run<{ tasks: string[] }>('gcore.gpuClusterAction', { ...LOCATION, clusterId: TRAIN, action: 'stop' });
      assert.equal(result.tasks.length, 1);
      assert.deepEqual(Object.keys(result), ['tasks']);
      const [post, ...more] = writes(emulator());
      assert.deepEqual(more, []);
      assert.equal(post.path, `${V3}/${TRAIN}/action`);
      assert.equal(post.body, '{"action":"stop"}');
      const tasksSection = (await rows()).find((row) => label(row.item) === 'Tasks');
      assert.ok(tasksSection);
      const [task] = await rows(tasksSection.node);
      assert.equal(label(task.item), 'train-h100', 'the task is followed by the cluster name');
      emulator().advanceTasks(AN_HOUR_MS);
      const { tasks } = await run<{ tasks: { state: string }[] }>('gcore.waitForTasks', { taskIds: result.tasks, timeoutSeconds: 30 });
      assert.deepEqual(
        tasks.map((ended) => ended.state),
        ['FINISHED'],
      );
      assert.equal((await readCluster(emulator(), 'virtual', TRAIN)).status, 'shutoff');
      await eventually(async () => assert.match(String((await rows(tasksSection.node))[0].item.description), /^Finished · stop/));
    });

    it('resizes a virtual cluster through its resize action and a bare-metal one through the v1 resize', async () => {
      await run('gcore.resizeGpuCluster', { ...LOCATION, clusterId: TRAIN, serversCount: 3 });
      await run('gcore.resizeGpuCluster', { ...LOCATION, kind: 'baremetal', clusterId: BARE_METAL, serversCount: 1 });
      const [virtual, bareMetal] = writes(emulator());
      assert.equal(virtual.path, `${V3}/${TRAIN}/action`);
      assert.deepEqual(virtual.json, { action: 'resize', servers_count: 3 });
      assert.equal(bareMetal.path, `/cloud/v1/ai/clusters/gpu/1/76/${BARE_METAL}/resize`);
      assert.deepEqual(bareMetal.json, { instances_count: 1 });
    });

    it('deletes a cluster with its flags in the query', async () => {
      const result = await run<{ tasks: string[] }>('gcore.deleteGpuCluster', {
        ...LOCATION,
        clusterId: TRAIN,
        deleteVolumes: false,
        deleteFloatingIps: true,
      });
      assert.equal(result.tasks.length, 1);
      const [remove] = writes(emulator());
      assert.equal(remove.method, 'DELETE');
      assert.equal(remove.path, `${V3}/${TRAIN}`);
      assert.deepEqual(remove.query, { all_volumes: 'false', all_floating_ips: 'true' });
    });

    it('deletes one server of a cluster', async () => {
      const [server] = await readServers(emulator(), TRAIN);
      emulator().requests.length = 0;
      await run('gcore.deleteGpuServer', { ...LOCATION, clusterId: TRAIN, serverId: server.id });
      const [remove] = writes(emulator());
      assert.equal(remove.method, 'DELETE');
      assert.equal(remove.path, `${V3}/${TRAIN}/servers/${server.id}`);
    });

    it('refuses a bad argument naming the field before any request', async () => {
      await rejects(
        run('gcore.gpuClusterAction', { ...LOCATION, clusterId: 'train-h100', action: 'stop' }),
        /clusterId: must be the cluster's UUID/,
      );
      await rejects(run('gcore.gpuClusterAction', { ...LOCATION, clusterId: TRAIN, action: 'pause' }), /action: must be "start"/);
      await rejects(run('gcore.resizeGpuCluster', { ...LOCATION, clusterId: TRAIN, serversCount: 1000 }), /serversCount/);
      await rejects(run('gcore.deleteGpuServer', { ...LOCATION, clusterId: TRAIN, serverId: 'x' }), /serverId: must be the server's UUID/);
      await rejects(
        run('gcore.deleteGpuCluster', { ...LOCATION, kind: 'baremetal', clusterId: BARE_METAL, deleteVolumes: false }),
        /deleteVolumes: is not a choice for a bare-metal cluster, whose disks are local/,
      );
      assert.deepEqual(emulator().requests, []);
    });

    it("passes Gcore's 409 through for a state that does not allow the action, sent once", async () => {
      await rejects(run('gcore.gpuClusterAction', { ...LOCATION, clusterId: TRAIN, action: 'start' }), /not allow for start/);
      assert.equal(writes(emulator()).length, 1);
    });
  });

  describe('from a row', () => {
    it('says what a virtual stop does before sending it, and sends nothing when declined', async () => {
      const cluster = await readCluster(emulator(), 'virtual', TRAIN);
      const declined = await interact(emulator(), [false], 'gcore.stopGpuCluster', clusterNode(cluster));
      assert.deepEqual(writes(emulator()), []);
      const [question] = declined.shown;
      assert.equal(question.kind, 'confirm');
      assert.equal(question.message, 'Stop GPU cluster train-h100?');
      assert.match(question.detail ?? '', /shelves its servers: their local disks are erased, and billing for the servers stops/);
      assert.match(question.detail ?? '', /needs free capacity .* which can fail/);

      const ui = await interact(emulator(), [true], 'gcore.stopGpuCluster', clusterNode(cluster));
      const [post] = writes(emulator());
      assert.deepEqual(post.json, { action: 'stop' });
      assert.ok(ui.progressTitles.includes('Stopping GPU cluster train-h100'));
    });

    it("announces a stop's end in the row's words: stopped, not Gcore's shutoff", async function () {
      this.timeout(40_000);
      const cluster = await readCluster(emulator(), 'virtual', TRAIN);
      const ui = await interact(emulator(), [true], 'gcore.stopGpuCluster', clusterNode(cluster));
      emulator().advanceTasks(AN_HOUR_MS);
      const end = await eventually(
        () =>
          ui.notifications.find((notification) => notification.message.startsWith('GPU cluster train-h100 is ')) ??
          assert.fail('no end yet'),
        30_000,
      );
      assert.equal(end.message, 'GPU cluster train-h100 is stopped now, with 2 servers.');
    });

    it('says a bare-metal stop powers the servers off and billing continues', async () => {
      const cluster = await readCluster(emulator(), 'baremetal', BARE_METAL);
      const ui = await interact(emulator(), [false], 'gcore.stopGpuCluster', clusterNode(cluster, 'baremetal'));
      assert.match(ui.shown[0].detail ?? '', /powers its bare-metal servers off.*billing continues/);
      assert.deepEqual(writes(emulator()), []);
    });

    it('offers Soft and Hard Reboot and sends the one chosen', async () => {
      const cluster = await readCluster(emulator(), 'virtual', TRAIN);
      const ui = await interact(emulator(), ['Hard Reboot'], 'gcore.rebootGpuCluster', clusterNode(cluster));
      assert.deepEqual(ui.shown[0].labels, ['Soft Reboot', 'Hard Reboot']);
      assert.deepEqual(writes(emulator())[0].json, { action: 'hard_reboot' });
    });

    it('asks the new count with the current one, checks the quota first and shows what is exceeded', async () => {
      const cluster = await readCluster(emulator(), 'virtual', TRAIN);
      emulator().setGpuQuota({ gpu_virtual_h100_count: 2 });
      const ui = await interact(emulator(), ['0', '2', '4', 'Resize Anyway'], 'gcore.resizeGpuCluster', clusterNode(cluster));
      const [count, review] = ui.shown;
      assert.equal(count.value, '2');
      assert.match(count.prompt ?? '', /1 to 999 \(it has 2\)/);
      assert.deepEqual(count.validationMessages.length, 2);
      assert.match(count.validationMessages[0], /^Servers /);
      const [check, post] = writes(emulator());
      assert.equal(check.path, '/cloud/v3/gpu/virtual/1/76/check_limits');
      assert.deepEqual(check.json, { flavor: 'g3-ai-24-232-1000-h100-80-1', servers_count: 2, existing_cluster: true });
      assert.match(review.detail ?? '', /exceeds the quota/);
      assert.match(review.detail ?? '', /gpu_virtual_h100_count: \d+ used \+ \d+ requested, 2 allowed/);
      assert.deepEqual(post.json, { action: 'resize', servers_count: 4 });
    });

    it('says that shrinking a bare-metal cluster removes a node Gcore picks', async () => {
      const cluster = await readCluster(emulator(), 'baremetal', BARE_METAL);
      const ui = await interact(emulator(), ['1', 'Resize'], 'gcore.resizeGpuCluster', clusterNode(cluster, 'baremetal'));
      assert.match(ui.shown[1].detail ?? '', /Gcore picks the bare-metal node it removes/);
      assert.deepEqual(
        writes(emulator()).map((request) => request.path),
        [`/cloud/v1/ai/clusters/gpu/1/76/${BARE_METAL}/resize`],
      );
    });

    it("deletes only once the cluster's name is typed, with what to do with its volumes and floating IPs", async () => {
      const cluster = await readCluster(emulator(), 'virtual', TRAIN);
      const ui = await interact(
        emulator(),
        ['train', 'train-h100', 'Keep its volumes (kept volumes keep costing)', 'Delete its floating IPs with it'],
        'gcore.deleteGpuCluster',
        clusterNode(cluster),
      );
      const [typed, volumes, addresses] = ui.shown;
      assert.deepEqual(typed.validationMessages, ['Type train-h100 to delete the cluster, or press Escape to keep it.']);
      assert.equal(volumes.labels?.[0], 'Delete its volumes with it', 'deleting them is the default');
      assert.ok(addresses.labels?.includes('Keep its floating IPs (kept floating IPs keep costing)'));
      const [remove, ...more] = writes(emulator());
      assert.deepEqual(more, []);
      assert.deepEqual(remove.query, { all_volumes: 'false', all_floating_ips: 'true' });
    });

    it('offers, when a start fails for capacity, the other locations where the flavor has free servers now', async function () {
      this.timeout(40_000);
      await setLocations([
        { ...LOCATION, label: 'Prod' },
        { projectId: 1, regionId: 77, label: 'Staging' },
        { projectId: 1, regionId: 78, label: 'Lab' },
      ]);
      try {
        emulator().setGpuFlavorCapacity('virtual', 1, 76, L40S, 0);
        emulator().setGpuFlavorCapacity('virtual', 1, 77, L40S, 3);
        emulator().setGpuFlavorCapacity('virtual', 1, 78, L40S, 0);
        const cluster = await readCluster(emulator(), 'virtual', EVAL);
        const ui = new ScriptedUi(['Staging']).answerNotification(/^GPU cluster eval-l40s could not start/, 'Other Locations');
        await useUi(ui);
        await vscode.commands.executeCommand('gcore.startGpuCluster', clusterNode(cluster));
        emulator().advanceTasks(AN_HOUR_MS);
        const pick = await eventually(async () => ui.shown.find((shown) => shown.kind === 'pick') ?? assert.fail('no pick yet'), 30_000);
        const failure = ui.notifications.find((notification) => notification.severity === 'error');
        assert.match(failure?.message ?? '', /the free capacity of its flavor ran out in this location/);
        assert.ok(failure?.actions.includes('Other Locations'));
        assert.equal(pick.title, `Gcore: ${L40S} in your other locations`);
        assert.deepEqual(pick.labels, ['Staging']);
        assert.deepEqual(pick.descriptions, ['project 1 · region 77 · 3 servers free']);
        const read = emulator().requests.map((request) => request.path);
        assert.ok(read.includes('/cloud/v3/gpu/virtual/1/77/flavors') && read.includes('/cloud/v3/gpu/virtual/1/78/flavors'));
      } finally {
        await setLocations([{ ...LOCATION, label: 'Prod' }]);
      }
    });

    it("offers the other locations when a start task fails with the capacity refusal Gcore's guides publish", async function () {
      this.timeout(40_000);
      await setLocations([
        { ...LOCATION, label: 'Prod' },
        { projectId: 1, regionId: 77, label: 'Staging' },
      ]);
      try {
        emulator().setGpuFlavorCapacity('virtual', 1, 77, L40S, 2);
        emulator().failGpuTask({
          kind: 'virtual',
          change: 'start',
          error: `The region Luxembourg-2 has reached the limit of flavor ${L40S}`,
        });
        const cluster = await readCluster(emulator(), 'virtual', EVAL);
        const ui = new ScriptedUi(['Staging']).answerNotification(/^GPU cluster eval-l40s could not start/, 'Other Locations');
        await useUi(ui);
        await vscode.commands.executeCommand('gcore.startGpuCluster', clusterNode(cluster));
        emulator().advanceTasks(AN_HOUR_MS);
        const pick = await eventually(async () => ui.shown.find((shown) => shown.kind === 'pick') ?? assert.fail('no pick yet'), 30_000);
        const failure = ui.notifications.find((notification) => notification.severity === 'error');
        assert.match(failure?.message ?? '', /ran out in this location \(The region Luxembourg-2 has reached the limit of flavor/);
        assert.ok(failure?.actions.includes('Other Locations'));
        assert.deepEqual(pick.labels, ['Staging']);
      } finally {
        await setLocations([{ ...LOCATION, label: 'Prod' }]);
      }
    });

    it('says, when a resize is refused for capacity, that no other location has the flavor now', async () => {
      await setLocations([
        { ...LOCATION, label: 'Prod' },
        { projectId: 1, regionId: 77, label: 'Staging' },
      ]);
      try {
        emulator().setGpuFlavorCapacity('virtual', 1, 76, H100, 0);
        emulator().setGpuFlavorCapacity('virtual', 1, 77, H100, 0);
        const cluster = await readCluster(emulator(), 'virtual', TRAIN);
        const ui = new ScriptedUi(['3', 'Resize']).answerNotification(/^Resize GPU cluster train-h100/, 'Other Locations');
        await useUi(ui);
        await vscode.commands.executeCommand('gcore.resizeGpuCluster', clusterNode(cluster));
        const [refused, answer] = ui.notifications;
        assert.equal(refused.severity, 'error');
        assert.match(refused.message, /Not enough capacity for flavor/);
        assert.equal(refused.actions[0], 'Other Locations');
        assert.equal(answer?.message, `No other location of yours has free servers of ${H100} now.`);
        assert.ok(emulator().requests.some((request) => request.path === '/cloud/v3/gpu/virtual/1/77/flavors'));
      } finally {
        await setLocations([{ ...LOCATION, label: 'Prod' }]);
      }
    });

    it("asks as Delete Cluster does when the server is the cluster's last", async () => {
      const cluster = await readCluster(emulator(), 'virtual', EVAL);
      const [server] = await readServers(emulator(), EVAL);
      const node = { ...clusterNode(cluster), nodeType: 'gpuServer', id: `gpu/${EVAL}/${server.id}`, server };
      const ui = await interact(
        emulator(),
        ['eval-l40s', 'Delete its volumes with it', 'Delete its floating IPs with it'],
        'gcore.deleteGpuServer',
        node,
      );
      assert.match(ui.shown[0].prompt ?? '', /is the last of GPU cluster eval-l40s: deleting it deletes the cluster too/);
      const [remove] = writes(emulator());
      assert.equal(remove.path, `${V3}/${EVAL}/servers/${server.id}`);
      assert.deepEqual(remove.query, { all_volumes: 'true', all_floating_ips: 'true' });
    });
  });
});
