import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GpuCluster } from '../../src/api/gpu/gpuClusterTypes';
import type { Emulator, Fault, RecordedRequest } from '../emulator/server';
import { eventually, extensionApi, gcoreConfig, rejects, run, signedInAt, TEST_KEY, useUi } from './support/harness';
import { CANCEL, ScriptedUi } from './support/scriptedUi';
import { label, rows } from './support/treeRows';
import { IMAGE_24_04, virtualClusterBody } from '../support/gpuClusterBodies';
import type { TreeNode } from '../../src/views/treeNodes';

/*
 * A new GPU cluster and SSH key through the contract's programmatic commands against the emulator: one POST of
 * exactly the payload, the price preview in its own body, the argument refused before any request, and a lost
 * answer looked up by name so that a cluster is never created twice.
 */

const LOCATION = { projectId: 1, regionId: 76 };
const CLUSTERS = '/cloud/v3/gpu/virtual/1/76/clusters';
/** Longer than any GPU task of the emulator's realistic timings. */
const AN_HOUR_MS = 60 * 60_000;

const CLUSTER = virtualClusterBody({ name: 'new-train' }) as { flavor: string; servers_settings: Record<string, unknown> };

function writes(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method !== 'GET');
}

async function clustersNamed(emulator: Emulator, name: string): Promise<GpuCluster[]> {
  const response = await fetch(`${emulator.url}${CLUSTERS}?limit=1000`, { headers: { authorization: `apikey ${TEST_KEY}` } });
  return ((await response.json()) as { results: GpuCluster[] }).results.filter((cluster) => cluster.name === name);
}

describe('GPU cluster create', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await signedInAt(LOCATION);
  });

  after(async () => {
    (await extensionApi()).stopFollowingTasks();
    await gcoreConfig().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await useUi(undefined);
  });

  it('creates a cluster with one POST of exactly the payload and follows it under its name to active', async () => {
    const result = await run<{ tasks: string[] }>('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER });
    assert.deepEqual(Object.keys(result), ['tasks']);
    assert.equal(result.tasks.length, 1);
    const [post, ...more] = writes(emulator);
    assert.deepEqual(more, [], 'one POST and nothing else is sent');
    assert.equal(post.path, CLUSTERS);
    assert.deepEqual(post.json, CLUSTER);
    const [created] = await clustersNamed(emulator, 'new-train');
    assert.equal(created.status, 'creating');

    const tasksSection = (await rows()).find((row) => label(row.item) === 'Tasks');
    assert.ok(tasksSection);
    const [task] = await rows(tasksSection.node);
    assert.equal(label(task.item), 'new-train', 'the create is followed by the cluster name');
    await eventually(async () => {
      const gpu = (await rows()).find((row) => row.node.id === 'gpu');
      assert.ok(gpu, 'no GPU section');
      const [location] = await rows(gpu.node);
      const clusters = (await rows(location.node)).find((row) => label(row.item) === 'Clusters');
      assert.ok(clusters, 'no Clusters row');
      const row = (await rows(clusters.node)).find((candidate) => label(candidate.item) === 'new-train');
      assert.match(String(row?.item.description), /^Creating… · (?!creating)/, 'the status is said once, by the change word');
    });

    emulator.advanceTasks(AN_HOUR_MS);
    const { tasks } = await run<{ tasks: { state: string }[] }>('gcore.waitForTasks', { taskIds: result.tasks, timeoutSeconds: 30 });
    assert.deepEqual(
      tasks.map((ended) => ended.state),
      ['FINISHED'],
    );
    assert.equal((await clustersNamed(emulator, 'new-train'))[0].status, 'active');
  });

  it('refuses a bad payload before any request, naming the field under cluster', async () => {
    await rejects(
      run('gcore.createGpuCluster', { ...LOCATION, cluster: { ...CLUSTER, servers_count: 1000 } }),
      /cluster\.servers_count: must be between 1 and 999/,
    );
    await rejects(
      run('gcore.createGpuCluster', {
        ...LOCATION,
        cluster: { ...CLUSTER, servers_settings: { ...CLUSTER.servers_settings, volumes: [] } },
      }),
      /cluster\.servers_settings\.volumes: needs a boot volume from an image/,
    );
    await rejects(run('gcore.previewGpuCluster', { ...LOCATION, cluster: { ...CLUSTER, name: 'x' } }), /cluster\.name/);
    await rejects(
      run('gcore.createGpuCluster', { ...LOCATION, cluster: { ...CLUSTER, flavor: `${CLUSTER.flavor}\nProxyCommand touch /tmp/x` } }),
      /cluster\.flavor: must be a flavor name as Gcore lists it/,
    );
    await rejects(run('gcore.createGpuCluster', {}), /projectId/);
    assert.deepEqual(emulator.requests, []);
  });

  it("previews the quota and the price in the preview's own body, and sends no create", async () => {
    emulator.setGpuQuota({ gpu_virtual_h100_count: 7 });
    const preview = await run<{ quota: Record<string, number>; price: { price_status: string; total_price_per_hour: number } }>(
      'gcore.previewGpuCluster',
      { ...LOCATION, cluster: CLUSTER },
    );
    assert.deepEqual(preview.quota, {
      gpu_virtual_h100_count_limit: 7,
      gpu_virtual_h100_count_requested: 2,
      gpu_virtual_h100_count_usage: 6,
    });
    assert.equal(preview.price.price_status, 'show');
    assert.equal(typeof preview.price.total_price_per_hour, 'number');
    const posts = writes(emulator);
    assert.deepEqual(posts.map((request) => request.path).sort(), [
      '/cloud/v2/pricing/1/76/gpu/virtual/clusters',
      '/cloud/v3/gpu/virtual/1/76/check_limits',
    ]);
    const pricing = posts.find((request) => request.path.startsWith('/cloud/v2/pricing'))!;
    assert.deepEqual(pricing.json, {
      name: 'new-train',
      flavor: CLUSTER.flavor,
      instances_count: 2,
      interfaces: [{ type: 'external' }],
      volumes: [{ source: 'new-volume', size: 120, type_name: 'ssd_hiiops' }],
    });

    emulator.requests.length = 0;
    emulator.inject({ method: 'POST', path: '/cloud/v2/pricing/1/76/gpu/virtual/clusters', status: 404 });
    emulator.inject({ method: 'POST', path: '/cloud/v3/gpu/virtual/1/76/check_limits', status: 500 });
    assert.deepEqual(await run('gcore.previewGpuCluster', { ...LOCATION, cluster: CLUSTER }), { quota: null, price: null });
  });

  it('takes a create whose answer was lost (reset mid-body) as sent once Gcore lists the new cluster: nothing is sent twice', async () => {
    emulator.inject({ method: 'POST', path: CLUSTERS, resetMidBody: true });
    const result = await run<{ tasks: string[] }>('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER });
    assert.equal(writes(emulator).length, 1, 'one POST');
    const made = await clustersNamed(emulator, 'new-train');
    assert.equal(made.length, 1);
    assert.equal(result.tasks.length, 1, "the create's task, found among the location's active tasks");
  });

  const lostAfterGcoreMadeIt: [string, Omit<Fault, 'path'>][] = [
    ["a gateway's 502", { status: 502, afterApplying: true }],
    ["a gateway's 504", { status: 504, afterApplying: true }],
    ['a 200 whose body cannot be read', { malformed: true, afterApplying: true }],
  ];
  for (const [answer, fault] of lostAfterGcoreMadeIt) {
    it(`takes a create answered with ${answer} after Gcore made it as sent, naming its running task: one POST`, async () => {
      emulator.inject({ method: 'POST', path: CLUSTERS, ...fault });
      const result = await run<{ tasks: string[] }>('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER });
      assert.equal(writes(emulator).length, 1, 'one POST');
      assert.equal((await clustersNamed(emulator, 'new-train')).length, 1);
      assert.equal(result.tasks.length, 1);
      const task = await run<{ task_type: string; state: string; data: { name: string } }>('gcore.getTask', result.tasks[0]);
      assert.deepEqual([task.task_type, task.data.name], ['create_gpu_virtual_cluster', 'new-train']);
      assert.match(task.state, /^(NEW|RUNNING)$/, 'a caller can wait for it');
    });
  }

  it('says the outcome is unknown, never to send again, when the list after a lost answer comes before Gcore lists it', async () => {
    emulator.inject({ method: 'POST', path: CLUSTERS, status: 504, afterApplying: true });
    // The list before the create answers as Gcore has it; the one after a moment too early.
    emulator.inject({ method: 'GET', path: CLUSTERS, delayMs: 0 });
    emulator.inject({ method: 'GET', path: CLUSTERS, status: 200, body: { count: 0, results: [] } });
    await rejects(
      run('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER }),
      /the location's active tasks show a create of that name under way, so whether Gcore made it is unknown\. Refresh the location in a minute before creating it again/,
    );
    assert.equal(writes(emulator).length, 1, 'one POST');
    assert.equal((await clustersNamed(emulator, 'new-train')).length, 1);
  });

  it('takes a create that timed out as sent when Gcore made it, and a cluster of the same name made before is not it', async () => {
    await run('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER });
    emulator.requests.length = 0;
    await gcoreConfig().update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      emulator.inject({ method: 'POST', path: CLUSTERS, delayMs: 2_500 });
      const result = await run<{ tasks: string[] }>('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER });
      assert.equal(writes(emulator).length, 1, 'one POST');
      assert.equal((await clustersNamed(emulator, 'new-train')).length, 2);
      assert.equal(result.tasks.length, 1);
    } finally {
      await gcoreConfig().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('says a create whose answer was lost before Gcore made anything may be sent again, and sends nothing more', async () => {
    emulator.inject({ method: 'POST', path: CLUSTERS, drop: true });
    await rejects(
      run('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER }),
      /Gcore lists no new cluster of that name, so none was made and it can be sent again/,
    );
    assert.equal(writes(emulator).length, 1);
    assert.deepEqual(await clustersNamed(emulator, 'new-train'), []);
  });

  it('says the cluster may exist, and never to send it again, when the lookup after a lost answer fails', async () => {
    emulator.inject({ method: 'POST', path: CLUSTERS, resetMidBody: true });
    // The list before the create answers; every read after it fails.
    emulator.inject({ method: 'GET', path: CLUSTERS, status: 200, body: { count: 0, results: [] } });
    emulator.inject({ method: 'GET', path: CLUSTERS, status: 500, times: 10 });
    await rejects(run('gcore.createGpuCluster', { ...LOCATION, cluster: CLUSTER }), /Refresh the location before creating it again/);
    assert.equal(writes(emulator).length, 1);
  });

  it("makes a key pair in the user's ~/.ssh from the palette and uploads only its public half", async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'gcore-host-home-'));
    const realHome = process.env.HOME;
    // os.homedir() reads HOME: the pair goes to a home of the test's own, never the machine's ~/.ssh.
    process.env.HOME = home;
    try {
      const ui = new ScriptedUi(['Prod', 'Create a Key Pair', 'host pair']);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.createSshKey');
      const publicKey = (await readFile(path.join(home, '.ssh', 'gcore_host_pair.pub'), 'utf8')).trim();
      const [post, ...more] = writes(emulator);
      assert.deepEqual(more, []);
      assert.equal(post.path, '/cloud/v1/ssh_keys/1');
      assert.deepEqual(post.json, { name: 'host pair', public_key: publicKey });
      assert.ok(ui.notifications.some((notification) => /SSH key host pair is in the project now/.test(notification.message)));
    } finally {
      process.env.HOME = realHome;
      await rm(home, { recursive: true, force: true });
    }
  });

  it('uploads a public key as exactly {name, public_key}, refusing one that is not a public key line first', async () => {
    const publicKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIjxL6g1II8NsO8odvBwGKvq2Dx/h/xrvsV9b9LVIYKm me@laptop';
    await rejects(run('gcore.createSshKey', { projectId: 1, name: 'laptop', publicKey: 'not a key' }), /publicKey/);
    assert.deepEqual(emulator.requests, []);
    const key = await run<{ name: string; fingerprint: string; private_key?: unknown }>('gcore.createSshKey', {
      projectId: 1,
      name: 'laptop',
      publicKey,
    });
    assert.equal(key.name, 'laptop');
    assert.ok(key.fingerprint);
    const [post] = writes(emulator);
    assert.equal(post.path, '/cloud/v1/ssh_keys/1');
    assert.deepEqual(post.json, { name: 'laptop', public_key: publicKey });
  });

  describe('New GPU Cluster wizard', () => {
    const FLAVOR = CLUSTER.flavor;
    let home: string;
    let realHome: string | undefined;

    beforeEach(async () => {
      home = await mkdtemp(path.join(tmpdir(), 'gcore-host-home-'));
      realHome = process.env.HOME;
      // The key step reads ~/.ssh: a home of the test's own, never the machine's.
      process.env.HOME = home;
    });

    afterEach(async () => {
      process.env.HOME = realHome;
      await rm(home, { recursive: true, force: true });
    });

    async function gpuLocationRows(): Promise<{ node: TreeNode; item: vscode.TreeItem }[]> {
      const gpu = (await rows()).find((row) => row.node.id === 'gpu');
      assert.ok(gpu, 'no GPU section');
      const [location] = await rows(gpu.node);
      return rows(location.node);
    }

    /** The image's name and the boot size the wizard opens with, as the emulator's catalogue has them. */
    async function imageOf(id: string): Promise<{ name: string; size: string }> {
      const response = await fetch(`${emulator.url}/cloud/v3/gpu/virtual/1/76/images`, {
        headers: { authorization: `apikey ${TEST_KEY}` },
      });
      const image = ((await response.json()) as { results: { id: string; name: string; min_disk?: number }[] }).results.find(
        (candidate) => candidate.id === id,
      );
      assert.ok(image, `no image ${id}`);
      return { name: image.name, size: String(Math.max(120, image.min_disk ?? 0)) };
    }

    /** The wizard's answers, step by step, for a cluster of that name of FLAVOR booting the image at its default size. */
    function walkTo(name: string, image: { name: string; size: string }, servers = '2'): string[] {
      return [FLAVOR, image.name, servers, image.size, 'ssd_hiiops', 'Public network, IPv4', 'dev-laptop', name];
    }

    it('creates from a flavor row: the review before one POST of what the wizard asked', async () => {
      const flavorRow = (await gpuLocationRows()).find((row) => label(row.item) === FLAVOR);
      assert.ok(flavorRow, `no row of flavor ${FLAVOR}`);
      const image = await imageOf(IMAGE_24_04);
      const ui = new ScriptedUi([...walkTo('wizard-train', image), 'Create']);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.createGpuCluster', flavorRow.node);
      ui.assertAllAnswersUsed();

      const [flavorPick, , typePick] = ui.shown.filter((prompt) => prompt.kind === 'pick');
      assert.equal(flavorPick?.labels?.[0], FLAVOR, "the row's flavor comes first, chosen");
      assert.deepEqual(typePick.labels, ['ssd_hiiops', 'cold', 'ssd_lowlatency', 'standard'], "the region's volume types");
      assert.ok(emulator.requests.some((request) => request.url === '/cloud/v1/regions/76?show_volume_types=true'));
      const review = ui.shown.find((prompt) => prompt.kind === 'choose');
      assert.ok(review, 'no review');
      assert.equal(review.message, 'Create GPU cluster wizard-train?');
      assert.match(review.detail ?? '', new RegExp(`Flavor: ${FLAVOR}`));
      assert.match(review.detail ?? '', /Servers: 2/);
      assert.match(review.detail ?? '', /SSH key: dev-laptop/);
      assert.match(review.detail ?? '', /Price: .+ per hour, .+ per month/);

      const posts = writes(emulator);
      const create = posts.findIndex((request) => request.path === CLUSTERS);
      assert.ok(create > 0, 'the create was sent after the quota and price were read');
      assert.ok(posts.slice(0, create).some((request) => /check_limits$/.test(request.path)));
      assert.ok(posts.slice(0, create).some((request) => /\/pricing\//.test(request.path)));
      assert.deepEqual(posts.slice(create + 1), [], 'one create and nothing after it');
      assert.deepEqual(posts[create].json, {
        name: 'wizard-train',
        flavor: FLAVOR,
        servers_count: 2,
        servers_settings: {
          interfaces: [{ type: 'external', ip_family: 'ipv4' }],
          volumes: [
            {
              source: 'image',
              image_id: IMAGE_24_04,
              size: Number(image.size),
              type: 'ssd_hiiops',
              name: 'wizard-train-boot',
              boot_index: 0,
            },
          ],
          credentials: { ssh_key_name: 'dev-laptop' },
        },
      });
    });

    it('follows a create Gcore does not list yet by its name, then by its id once listed: the row says Creating…, the end its servers and addresses', async function () {
      this.timeout(60_000);
      const image = await imageOf(IMAGE_24_04);
      // The list before the create and the one right after it show nothing of it yet.
      emulator.inject({ method: 'GET', path: CLUSTERS, status: 200, body: { count: 0, results: [] }, times: 2 });
      const ui = new ScriptedUi([...walkTo('late-train', image), 'Create']);
      ui.answerNotification(/^GPU cluster late-train is running now/, 'Copy Addresses');
      await useUi(ui);
      await vscode.commands.executeCommand(
        'gcore.createGpuCluster',
        (await gpuLocationRows()).find((row) => label(row.item) === FLAVOR)!.node,
      );
      ui.assertAllAnswersUsed();
      const tasksSection = (await rows()).find((row) => label(row.item) === 'Tasks');
      const [task] = await rows(tasksSection!.node);
      assert.equal(label(task.item), 'late-train');

      const [made] = await clustersNamed(emulator, 'late-train');
      const clusters = (await gpuLocationRows()).find((row) => label(row.item) === 'Clusters');
      const row = (await rows(clusters!.node)).find((candidate) => label(candidate.item) === 'late-train');
      assert.match(String(row?.item.description), /^Creating… · /, 'the listed cluster is the one followed');

      emulator.advanceTasks(AN_HOUR_MS);
      const end = await eventually(
        () =>
          ui.notifications.find((notification) => notification.message.startsWith('GPU cluster late-train is ')) ??
          assert.fail('no end yet'),
        30_000,
      );
      const servers = await fetch(`${emulator.url}${CLUSTERS}/${made.id}/servers?limit=10`, {
        headers: { authorization: `apikey ${TEST_KEY}` },
      });
      const names = ((await servers.json()) as { results: { name: string }[] }).results.map((server) => server.name).sort();
      assert.deepEqual(names, ['late-train-1', 'late-train-2']);
      assert.match(
        end.message,
        /^GPU cluster late-train is running now, with 2 servers: late-train-1 at \d+\.\d+\.\d+\.\d+, late-train-2 at \d+\.\d+\.\d+\.\d+\.$/,
      );
      assert.deepEqual(end.actions, ['Copy Addresses', 'Open in VS Code', 'Set Lease…']);
      await eventually(() => assert.equal(ui.clipboard.length, 1));
      assert.deepEqual(
        ui.clipboard[0].split('\n'),
        [...end.message.matchAll(/ at (\d+(?:\.\d+){3})/g)].map((match) => match[1]),
        'in the order the notification names them',
      );
    });

    it("says a create that failed at Gcore with Gcore's reason, and Retry opens the wizard again filled in", async function () {
      this.timeout(60_000);
      emulator.failGpuImage(IMAGE_24_04, 'Image failed to boot: no bootable device');
      const image = await imageOf(IMAGE_24_04);
      const walk = walkTo('broken-train', image, '3');
      // Retry: each step opens on what was chosen; the review is dismissed.
      const ui = new ScriptedUi([...walk, 'Create', ...walk, CANCEL]);
      ui.answerNotification(/could not be created at Gcore/, 'Retry');
      await useUi(ui);
      await vscode.commands.executeCommand(
        'gcore.createGpuCluster',
        (await gpuLocationRows()).find((row) => label(row.item) === FLAVOR)!.node,
      );
      emulator.advanceTasks(AN_HOUR_MS);
      const failure = await eventually(
        () => ui.notifications.find((notification) => notification.severity === 'error') ?? assert.fail('no failure yet'),
        30_000,
      );
      assert.equal(
        failure.message,
        'GPU cluster broken-train could not be created at Gcore: Image failed to boot: no bootable device. Delete what is left of it before creating it again.',
      );
      assert.deepEqual(failure.actions, ['Retry', 'Copy Task ID']);
      await eventually(() => assert.equal(ui.shown.filter((prompt) => prompt.kind === 'choose').length, 2), 30_000);
      ui.assertAllAnswersUsed();
      const boxes = ui.shown.filter((prompt) => prompt.kind === 'input');
      assert.deepEqual(
        boxes.slice(3).map((box) => box.value),
        ['3', image.size, 'broken-train'],
        'the servers, the boot size and the name as they were sent',
      );
      const picks = ui.shown.filter((prompt) => prompt.kind === 'pick');
      assert.equal(picks[5].labels?.[0], FLAVOR, 'the flavor chosen comes first again');
      assert.equal(writes(emulator).filter((request) => request.path === CLUSTERS).length, 1, 'Retry sent nothing by itself');
    });

    it('says an exceeded quota plainly, and Edit returns to the wizard with every value kept', async () => {
      emulator.setGpuQuota({ gpu_virtual_h100_count: 7 });
      const clustersRow = (await gpuLocationRows()).find((row) => label(row.item) === 'Clusters');
      assert.ok(clustersRow, 'no Clusters row');
      const image = await imageOf(IMAGE_24_04);
      const walk = walkTo('wizard-quota', image);
      const ui = new ScriptedUi([...walk, 'Edit', ...walk, CANCEL]);
      await useUi(ui);
      await vscode.commands.executeCommand('gcore.createGpuCluster', clustersRow.node);
      ui.assertAllAnswersUsed();

      const reviews = ui.shown.filter((prompt) => prompt.kind === 'choose');
      assert.equal(reviews.length, 2);
      assert.match(reviews[0].message ?? '', /would exceed the quota/);
      assert.deepEqual(reviews[0].labels, ['Create Anyway', 'Edit']);
      assert.match(reviews[0].detail ?? '', /EXCEEDED/);
      const boxes = ui.shown.filter((prompt) => prompt.kind === 'input');
      const [servers, size, name] = boxes.slice(3);
      assert.equal(servers.value, '2');
      assert.equal(size.value, image.size);
      assert.equal(name.value, 'wizard-quota');
      const picks = ui.shown.filter((prompt) => prompt.kind === 'pick');
      assert.equal(picks[5].labels?.[0], FLAVOR, 'the flavor chosen comes first again');
      assert.equal(picks[5].canGoBack, false);
      assert.deepEqual(
        writes(emulator).filter((request) => request.path === CLUSTERS),
        [],
        'nothing is created',
      );
    });
  });
});
