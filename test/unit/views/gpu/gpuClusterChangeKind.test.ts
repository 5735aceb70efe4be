import * as assert from 'node:assert/strict';
import { GcoreApiError } from '../../../../src/api/errors';
import type { GpuCluster, GpuClusterRef, GpuLocationRef, GpuServer } from '../../../../src/api/gpu/gpuClusterTypes';
import type { Task } from '../../../../src/api/types';
import type { TaskPoller } from '../../../../src/loaders/taskPoller';
import type { Log } from '../../../../src/logging/log';
import { gpuClusterChange, newClusterChange } from '../../../../src/models/gpu/gpuCluster';
import type { TaskHistory } from '../../../../src/state/taskHistory';
import type { PromptUi } from '../../../../src/ui/promptUi';
import type { ChangeKinds } from '../../../../src/views/changeKinds';
import { gpuClusterChangeKind } from '../../../../src/views/gpu/gpuClusterChangeKind';
import { runningUpdatesText, taskRowView } from '../../../../src/views/tasks/presentation/taskView';
import { GPU_SECTION } from '../../../../src/views/gpu/gpuNodes';
import { TASKS_SECTION } from '../../../../src/views/tasks/taskNodes';
import type { TaskTracking } from '../../../../src/views/taskTracking';
import type { TreeNode } from '../../../../src/views/treeNodes';
import { FakeClock } from '../../support/fakeClock';
import { NotedUi, trackingRig } from '../../support/trackingFakes';

const CLUSTER: GpuClusterRef = { projectId: 1, regionId: 76, kind: 'virtual', clusterId: '058e03b4-c44b-4684-9075-810cb0354467' };

describe('the GPU cluster kind of change', () => {
  let clock: FakeClock;
  let poller: TaskPoller;
  let tracking: TaskTracking;
  let kinds: ChangeKinds;
  let refreshed: TreeNode[];
  let invalidated: GpuLocationRef[];
  let elsewhere: GpuClusterRef[];
  let connected: [GpuClusterRef, string][];
  let forgotten: string[];
  /** Settles when the next SSH entry is removed. */
  let forgetting: Promise<void>;
  let forgot: () => void;
  let leased: { ref: GpuClusterRef; name: string }[];
  let history: TaskHistory;

  function follow(
    answers: (id: string) => Task[],
    read: (ref: GpuClusterRef) => Promise<GpuCluster>,
    servers: (ref: GpuClusterRef) => Promise<{ count: number; results: GpuServer[] }> = async () => assert.fail('no servers are read'),
  ): void {
    // This test's lists: an earlier test's delete whose end loads its code late must not land in them.
    const [forgottenHere, forgotHere] = [forgotten, forgot];
    ({ poller, kinds, history, tracking } = trackingRig({
      answers,
      clock,
      refresh: (node) => void refreshed.push(node),
      kind: gpuClusterChangeKind({
        client: { gpuClusters: { get: read, serversWithAddresses: servers } } as never,
        clusters: { invalidateLocation: (ref) => void invalidated.push(ref) },
        log: { warn: () => undefined } as unknown as Log,
        findFlavorElsewhere: async (cluster) => void elsewhere.push(cluster),
        connect: async (cluster, name) => void connected.push([cluster, name]),
        forgetSsh: async (clusterId) => {
          forgottenHere.push(clusterId);
          forgotHere();
        },
        setLease: async (ref, cluster) => void leased.push({ ref, name: cluster.name }),
      }),
    }));
  }

  beforeEach(() => {
    clock = new FakeClock();
    refreshed = [];
    invalidated = [];
    elsewhere = [];
    connected = [];
    forgotten = [];
    forgetting = new Promise((resolve) => (forgot = resolve));
    leased = [];
  });

  afterEach(() => {
    tracking.dispose();
    poller.dispose();
  });

  it('follows a stop by the cluster name, says Stopping… on the GPU section and ends with the state read again', async () => {
    follow(
      (id) => [
        { id, state: 'RUNNING', task_type: 'stop_gpu_virtual_cluster' },
        { id, state: 'FINISHED', task_type: 'stop_gpu_virtual_cluster' },
      ],
      async () => ({ id: CLUSTER.clusterId, name: 'train-h100', status: 'shutoff', servers_count: 2 }),
    );
    const subject = gpuClusterChange(CLUSTER, 'train-h100', 'stop');
    const ui = new NotedUi();
    const following = tracking.follow(ui as unknown as PromptUi, subject, ['t1'], async () => undefined);
    assert.deepEqual(ui.titles, ['Stopping GPU cluster train-h100']);
    assert.equal(tracking.changesAt('gpuCluster', CLUSTER).get(`virtual:${CLUSTER.clusterId}`)?.action, 'stop');
    assert.equal(kinds.wordsOf(subject).inProgress(), 'Stopping…');
    assert.deepEqual(refreshed, [TASKS_SECTION, GPU_SECTION]);
    assert.equal(runningUpdatesText(poller.unfinished(), kinds), 'Gcore: 1 GPU cluster stop running');
    await clock.advance(3_000);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(
      ui.notifications,
      ['GPU cluster train-h100 is stopped now, with 2 servers.'],
      "in the row's words, not Gcore's shutoff",
    );
    assert.deepEqual(invalidated, [{ projectId: 1, regionId: 76, kind: 'virtual' }]);
    assert.equal(refreshed.filter((node) => node === GPU_SECTION).length, 2);
    const row = taskRowView(history.all()[0], clock.now(), kinds);
    assert.equal(row.label, 'train-h100');
    assert.match(String(row.description), /^Finished · stop · /);
  });

  it('follows a create not listed yet by its name, then by the id its finished task names: its end says the servers and their addresses', async () => {
    const read: GpuClusterRef[] = [];
    follow(
      (id) => [
        { id, state: 'RUNNING', task_type: 'create_gpu_virtual_cluster', created_resources: null },
        { id, state: 'FINISHED', task_type: 'create_gpu_virtual_cluster', created_resources: { ai_clusters: [CLUSTER.clusterId] } },
      ],
      async (ref) => {
        read.push(ref);
        return { id: CLUSTER.clusterId, name: 'new-train', status: 'active', servers_count: 2 };
      },
      async () => ({
        count: 2,
        results: [
          { id: 's-1', name: 'new-train-1', public_ip: '85.234.66.2', ip_addresses: ['85.234.66.2', '10.0.0.2'] },
          { id: 's-2', name: 'new-train-2', ip_addresses: ['10.0.0.3'] },
        ],
      }),
    );
    const ui = new NotedUi('Copy Address');
    const following = tracking.follow(ui as unknown as PromptUi, newClusterChange(CLUSTER, 'new-train'), ['t5'], async () => undefined);
    assert.equal(taskRowView(history.all()[0], clock.now(), kinds).label, 'new-train');
    await clock.advance(3_000);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(read, [CLUSTER], 'the cluster is read by the id its task named');
    assert.deepEqual(ui.notifications, [
      'GPU cluster new-train is running now, with 2 servers: new-train-1 at 85.234.66.2, new-train-2 (private only).',
    ]);
    assert.deepEqual(ui.buttons, [['Copy Address', 'Open in VS Code', 'Set Lease…']]);
    assert.deepEqual(ui.clipboard, ['85.234.66.2']);
    assert.deepEqual(connected, []);
    assert.equal(history.all()[0].subject?.name, `virtual:${CLUSTER.clusterId}`, 'a reload follows it by its id');
    assert.deepEqual(invalidated, [{ projectId: 1, regionId: 76, kind: 'virtual' }]);
  });

  it('offers Set Lease… at the end of a start made here, which leads to the lease of the cluster as it was read', async () => {
    follow(
      (id) => [{ id, state: 'FINISHED', task_type: 'start_gpu_virtual_cluster' }],
      async () => ({ id: CLUSTER.clusterId, name: 'eval-l40s', status: 'active', servers_count: 1 }),
    );
    const ui = new NotedUi('Set Lease…');
    const following = tracking.follow(
      ui as unknown as PromptUi,
      gpuClusterChange(CLUSTER, 'eval-l40s', 'start'),
      ['t9'],
      async () => undefined,
    );
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.notifications, ['GPU cluster eval-l40s is running now, with 1 server.']);
    assert.deepEqual(ui.buttons, [['Set Lease…']]);
    assert.deepEqual(leased, [{ ref: CLUSTER, name: 'eval-l40s' }]);
  });

  it("says a failed create by Gcore's reason with Retry, and reads its location again though it was never listed", async () => {
    follow(
      (id) => [{ id, state: 'ERROR', task_type: 'create_gpu_virtual_cluster', error: 'Image failed to boot', created_resources: null }],
      async () => assert.fail('a failure reads nothing'),
    );
    const ui = new NotedUi('Retry');
    let reopened = 0;
    const following = tracking.follow(ui as unknown as PromptUi, newClusterChange(CLUSTER, 'new-train'), ['t6'], async () => {
      reopened += 1;
    });
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.notifications, [
      'GPU cluster new-train could not be created at Gcore: Image failed to boot. Delete what is left of it before creating it again.',
    ]);
    assert.deepEqual(ui.buttons, [['Retry', 'Copy Task ID']]);
    assert.equal(reopened, 1, 'Retry opens the wizard again');
    assert.deepEqual(invalidated, [{ projectId: 1, regionId: 76, kind: 'virtual' }]);
  });

  const CAPACITY_FAILURES = [
    {
      action: 'start',
      how: "in its scheduler's words",
      name: 'eval-l40s',
      error: 'Failed to start servers: not enough capacity for flavor g3-ai-32-192-1500-l40s-48-1 (2 servers needed, 0 available)',
      says: /^GPU cluster eval-l40s could not start: the free capacity of its flavor ran out in this location \(Failed to start/,
    },
    {
      action: 'start',
      how: "in the words Gcore's guides publish",
      name: 'eval-l40s',
      error: 'The region Luxembourg-2 has reached the limit of flavor g3-ai-32-192-1500-l40s-48-1',
      says: /^GPU cluster eval-l40s could not start: the free capacity of its flavor ran out in this location \(The region Luxembourg-2 has/,
    },
    {
      action: 'resize',
      how: "in its scheduler's words",
      name: 'train-h100',
      error: 'Not enough capacity for flavor g3-ai-24-232-1000-h100-80-1: 2 servers requested, 0 available',
      says: /^GPU cluster train-h100 could not be resized: its flavor has too few free servers in this location \(Not enough/,
    },
  ] as const;

  for (const { action, how, name, error, says } of CAPACITY_FAILURES) {
    it(`says a ${action} that failed for capacity (${how}) that free servers ran out, by the cluster name, and offers the flavor in other locations`, async () => {
      follow(
        (id) => [{ id, state: 'ERROR', error }],
        async () => assert.fail('a failure reads nothing'),
      );
      const ui = new NotedUi('Other Locations');
      const following = tracking.follow(ui as unknown as PromptUi, gpuClusterChange(CLUSTER, name, action), ['t2'], async () => undefined);
      await clock.advance(3_000);
      await following;
      assert.equal(ui.notifications.length, 1);
      assert.match(ui.notifications[0], says);
      assert.deepEqual(ui.buttons, [['Retry', 'Other Locations', 'Copy Task ID']]);
      assert.deepEqual(elsewhere, [CLUSTER]);
    });
  }

  it('offers no other location when a start failed for another reason', async () => {
    follow(
      (id) => [{ id, state: 'ERROR', error: 'image is gone' }],
      async () => assert.fail('a failure reads nothing'),
    );
    const ui = new NotedUi();
    const following = tracking.follow(
      ui as unknown as PromptUi,
      gpuClusterChange(CLUSTER, 'eval-l40s', 'start'),
      ['t3'],
      async () => undefined,
    );
    await clock.advance(3_000);
    await following;
    assert.match(ui.notifications[0], /^GPU cluster eval-l40s could not start at Gcore: image is gone\. Refresh the location/);
    assert.deepEqual(ui.buttons, [['Retry', 'Copy Task ID']]);
  });

  it('says a deleted last server took its cluster with it when the cluster reads as gone', async () => {
    follow(
      (id) => [{ id, state: 'FINISHED' }],
      async () => {
        throw new GcoreApiError('notFound', 'not found', { status: 404 });
      },
    );
    const ui = new NotedUi();
    const following = tracking.follow(
      ui as unknown as PromptUi,
      gpuClusterChange(CLUSTER, 'train-h100', 'deleteServer'),
      ['t4'],
      async () => undefined,
    );
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.notifications, ['Deleted the last server of GPU cluster train-h100; Gcore deleted the cluster with it.']);
  });

  it('opens a new cluster in VS Code from its end notice, by its reference and name', async () => {
    follow(
      (id) => [{ id, state: 'FINISHED', task_type: 'create_gpu_virtual_cluster', created_resources: { ai_clusters: [CLUSTER.clusterId] } }],
      async () => ({ id: CLUSTER.clusterId, name: 'new-train', status: 'active', servers_count: 1 }),
      async () => ({ count: 1, results: [{ id: 's-1', name: 'new-train-1', public_ip: '85.234.66.2', ip_addresses: ['85.234.66.2'] }] }),
    );
    const ui = new NotedUi('Open in VS Code');
    const following = tracking.follow(ui as unknown as PromptUi, newClusterChange(CLUSTER, 'new-train'), ['t6'], async () => undefined);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(connected, [[CLUSTER, 'new-train']]);
    assert.deepEqual(ui.clipboard, []);
  });

  it('offers no Open in VS Code on a new cluster none of whose servers has a public address', async () => {
    follow(
      (id) => [{ id, state: 'FINISHED', task_type: 'create_gpu_virtual_cluster', created_resources: { ai_clusters: [CLUSTER.clusterId] } }],
      async () => ({ id: CLUSTER.clusterId, name: 'new-train', status: 'active', servers_count: 1 }),
      async () => ({ count: 1, results: [{ id: 's-1', name: 'new-train-1', ip_addresses: ['10.0.0.2'] }] }),
    );
    const ui = new NotedUi();
    const following = tracking.follow(ui as unknown as PromptUi, newClusterChange(CLUSTER, 'new-train'), ['t7'], async () => undefined);
    await clock.advance(3_000);
    await following;
    assert.deepEqual(ui.buttons, [['Set Lease…']]);
  });

  it('removes the SSH entry of a cluster when its delete ends, wherever the delete was followed from', async () => {
    follow(
      (id) => [
        { id, state: 'RUNNING' },
        { id, state: 'FINISHED' },
      ],
      async () => assert.fail('a deleted cluster is not read'),
    );
    tracking.start(gpuClusterChange(CLUSTER, 'train-h100', 'delete'), ['t8']);
    await clock.advance(3_000);
    await settle();
    assert.deepEqual(forgotten, [], 'not while it runs');
    await clock.advance(3_000);
    await forgetting;
    assert.deepEqual(forgotten, [CLUSTER.clusterId]);
  });

  it('removes the SSH entry when a server delete took the cluster with it, and keeps it while the cluster stands', async () => {
    let gone = false;
    let read!: () => void;
    const standing = new Promise<void>((resolve) => (read = resolve));
    follow(
      (id) => [{ id, state: 'FINISHED' }],
      async () => {
        if (gone) throw new GcoreApiError('notFound', 'not found', { status: 404 });
        read();
        return { id: CLUSTER.clusterId, name: 'train-h100', status: 'active', servers_count: 1 };
      },
    );
    tracking.start(gpuClusterChange(CLUSTER, 'train-h100', 'deleteServer'), ['t9']);
    await clock.advance(3_000);
    await standing;
    await settle();
    assert.deepEqual(forgotten, []);
    gone = true;
    tracking.start(gpuClusterChange(CLUSTER, 'train-h100', 'deleteServer'), ['t10']);
    await clock.advance(3_000);
    await forgetting;
    assert.deepEqual(forgotten, [CLUSTER.clusterId]);
  });

  it('keeps the SSH entry of a cluster whose delete failed', async () => {
    follow(
      (id) => [{ id, state: 'ERROR', error: 'volume in use' }],
      async () => assert.fail('not read'),
    );
    tracking.start(gpuClusterChange(CLUSTER, 'train-h100', 'delete'), ['t11']);
    await clock.advance(3_000);
    await settle();
    assert.deepEqual(forgotten, []);
  });

  /** What a server delete's end does reads the cluster first: a few turns of the event loop, no time. */
  async function settle(): Promise<void> {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  }
});
