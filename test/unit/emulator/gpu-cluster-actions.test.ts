import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import {
  action,
  clusterById,
  clusterNamed,
  cloudError,
  get,
  invalidFieldNames,
  serversOf,
  task,
  taskOf,
  v3,
  type Cluster,
  type Json,
  type List,
  type Task,
} from './gpu-requests';
import { API_KEY, rawRequest } from './raw-http';

const TIMINGS = { newMs: 500, runningMs: 2_000 };
const L40S = 'g3-ai-32-192-1500-l40s-48-1';

describe('emulator GPU cluster actions', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, taskTimings: TIMINGS, createTimings: TIMINGS });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  /** Lets every task under way end. */
  const finishTasks = () => emulator.advanceTasks(TIMINGS.newMs + TIMINGS.runningMs);
  const capacityOf = async (flavor: string) =>
    (await get<List<{ name: string; capacity: number }>>(emulator, `${v3('virtual')}/flavors`)).results.find(
      (entry) => entry.name === flavor,
    )!.capacity;

  describe('power', () => {
    it('stops a running virtual cluster (active with the task on its servers, then shut off and shelved) and starts it again', async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'train-h100');
      const stop = taskOf(await action(emulator, 'virtual', cluster.id, { action: 'stop' }));
      assert.equal((await task(emulator, stop)).task_type, 'stop_gpu_virtual_cluster');
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'active', 'a stop has no status of its own');
      assert.deepEqual(
        (await serversOf(emulator, 'virtual', cluster.id)).map((server) => server.task_id),
        [stop, stop],
      );
      const busy = cloudError(await action(emulator, 'virtual', cluster.id, { action: 'hard_reboot' }), 409);
      assert.equal(busy.exception_class, 'ConflictError');
      assert.match(busy.message, /task in progress \(stop_gpu_virtual_cluster\)/);

      finishTasks();
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'shutoff');
      assert.deepEqual(
        (await serversOf(emulator, 'virtual', cluster.id)).map((server) => [server.status, server.task_id]),
        [
          ['SHELVED_OFFLOADED', null],
          ['SHELVED_OFFLOADED', null],
        ],
      );
      const startTask = taskOf(await action(emulator, 'virtual', cluster.id, { action: 'start' }));
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'shutoff');
      finishTasks();
      assert.equal((await task(emulator, startTask)).state, 'FINISHED');
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'active');
    });

    it('powers a bare-metal cluster off (SHUTOFF servers) and on', async () => {
      const cluster = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      assert.equal(
        (await task(emulator, taskOf(await action(emulator, 'baremetal', cluster.id, { action: 'stop' })))).task_type,
        'stop_gpu_baremetal_cluster',
      );
      finishTasks();
      assert.equal((await clusterById(emulator, 'baremetal', cluster.id)).status, 'shutoff');
      assert.ok((await serversOf(emulator, 'baremetal', cluster.id)).every((server) => server.status === 'SHUTOFF'));
      taskOf(await action(emulator, 'baremetal', cluster.id, { action: 'start' }));
      finishTasks();
      assert.equal((await clusterById(emulator, 'baremetal', cluster.id)).status, 'active');
    });

    it('reboots: rebooting with REBOOT or HARD_REBOOT servers, then active', async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'train-h100');
      for (const [kind, serverStatus] of [
        ['soft_reboot', 'REBOOT'],
        ['hard_reboot', 'HARD_REBOOT'],
      ]) {
        const reboot = taskOf(await action(emulator, 'virtual', cluster.id, { action: kind }));
        assert.equal((await task(emulator, reboot)).task_type, `${kind}_gpu_virtual_cluster`);
        assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'rebooting');
        assert.ok((await serversOf(emulator, 'virtual', cluster.id)).every((server) => server.status === serverStatus));
        finishTasks();
        assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'active');
      }
    });

    it("refuses each action in a state Gcore does not allow it, with 409 ConflictError in Gcore's shape", async () => {
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const shelved = await clusterNamed(emulator, 'virtual', 'eval-l40s');
      const creating = await clusterNamed(emulator, 'virtual', 'finetune-h100x2');
      const refusals: [Cluster, Json][] = [
        [running, { action: 'start' }],
        [shelved, { action: 'stop' }],
        [shelved, { action: 'soft_reboot' }],
        [shelved, { action: 'resize', servers_count: 2 }],
        [creating, { action: 'hard_reboot' }],
      ];
      for (const [cluster, body] of refusals) {
        const refused = cloudError(await action(emulator, 'virtual', cluster.id, body), 409);
        assert.equal(refused.exception_class, 'ConflictError', `${cluster.name} ${String(body.action)}`);
      }
      assert.match(
        cloudError(await action(emulator, 'virtual', shelved.id, { action: 'stop' }), 409).message,
        /state shutoff not allow for stop/,
      );
      assert.equal(emulator.requests.filter((request) => request.status === 200 && request.method === 'POST').length, 0);
      const fields = async (kind: 'virtual' | 'baremetal', id: string, body: Json) =>
        invalidFieldNames(await action(emulator, kind, id, body));
      assert.deepEqual(await fields('virtual', running.id, { action: 'pause' }), ['action']);
      assert.deepEqual(await fields('virtual', running.id, { action: 'resize' }), ['servers_count']);
      assert.deepEqual(await fields('virtual', running.id, { action: 'stop', servers_count: 2 }), ['servers_count']);
      const baremetal = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      assert.deepEqual(
        await fields('baremetal', baremetal.id, { action: 'resize', servers_count: 3 }),
        ['action', 'servers_count'],
        'bare metal resizes on its v1 path',
      );
    });

    it('ends a start in ERROR for lack of capacity, the cluster still shut off; with capacity it takes the servers', async () => {
      const shelved = await clusterNamed(emulator, 'virtual', 'eval-l40s');
      emulator.setGpuFlavorCapacity('virtual', 7, 76, L40S, 0);
      const refused = taskOf(await action(emulator, 'virtual', shelved.id, { action: 'start' }));
      finishTasks();
      const failed = await task(emulator, refused);
      assert.equal(failed.state, 'ERROR');
      assert.match(String(failed.error), /not enough capacity for flavor g3-ai-32-192-1500-l40s-48-1/);
      assert.equal((await clusterById(emulator, 'virtual', shelved.id)).status, 'shutoff');

      emulator.setGpuFlavorCapacity('virtual', 7, 76, L40S, 3);
      taskOf(await action(emulator, 'virtual', shelved.id, { action: 'start' }));
      assert.equal(await capacityOf(L40S), 2);
      finishTasks();
      assert.equal((await clusterById(emulator, 'virtual', shelved.id)).status, 'active');
      taskOf(await action(emulator, 'virtual', shelved.id, { action: 'stop' }));
      finishTasks();
      assert.equal(await capacityOf(L40S), 3, 'a shelved server gives its GPU back');
    });

    it('leaves a cluster degraded, one server in ERROR, when a reboot fails', async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'train-h100');
      emulator.failGpuTask({ kind: 'virtual', change: 'soft_reboot', error: 'Servers did not come back' });
      const reboot = taskOf(await action(emulator, 'virtual', cluster.id, { action: 'soft_reboot' }));
      finishTasks();
      assert.equal((await task(emulator, reboot)).error, 'Servers did not come back');
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'degraded');
      assert.deepEqual((await serversOf(emulator, 'virtual', cluster.id)).map((server) => server.status).sort(), ['ACTIVE', 'ERROR']);
      assert.equal(cloudError(await action(emulator, 'virtual', cluster.id, { action: 'stop' }), 409).exception_class, 'ConflictError');
    });
  });

  describe('resize', () => {
    it('grows a virtual cluster through the resize action (BUILD servers while resizing) and shrinks it again', async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'train-h100');
      const grow = taskOf(await action(emulator, 'virtual', cluster.id, { action: 'resize', servers_count: 3 }));
      assert.equal((await task(emulator, grow)).task_type, 'upscale_gpu_virtual_cluster');
      const resizing = await clusterById(emulator, 'virtual', cluster.id);
      assert.deepEqual([resizing.status, resizing.servers_count], ['resizing', 3]);
      assert.deepEqual(
        (await serversOf(emulator, 'virtual', cluster.id)).map((server) => [server.name, server.status]),
        [
          ['train-h100-3', 'BUILD'],
          ['train-h100-2', 'ACTIVE'],
          ['train-h100-1', 'ACTIVE'],
        ],
      );
      finishTasks();
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'active');

      const shrink = taskOf(await action(emulator, 'virtual', cluster.id, { action: 'resize', servers_count: 1 }));
      assert.equal((await task(emulator, shrink)).task_type, 'downscale_gpu_virtual_cluster');
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).servers_count, 3, 'servers leave when the task ends');
      finishTasks();
      assert.deepEqual(
        (await serversOf(emulator, 'virtual', cluster.id)).map((server) => server.name),
        ['train-h100-1'],
      );
      assert.equal(
        cloudError(await action(emulator, 'virtual', cluster.id, { action: 'resize', servers_count: 1 }), 400).exception_class,
        'ValidationError',
      );
    });

    it('refuses a resize past the quota with 400 QuotaExceededError, as check_limits with existing_cluster foretells', async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'train-h100');
      // The location's H100 cards: 2 of train-h100, 4 of finetune-h100x2; its five clusters' networks.
      emulator.setGpuQuota({ gpu_virtual_h100_count: 7, baremetal_network_count: 5 });
      const limits = async (body: Json) => (await rawRequest(emulator, 'POST', `${v3('virtual')}/check_limits`, { body })).json as Json;
      const twoMore = { flavor: cluster.flavor, servers_count: 2, servers_settings: { interfaces: [{ type: 'external' }] } };
      assert.deepEqual(await limits({ ...twoMore, existing_cluster: true }), {
        gpu_virtual_h100_count_limit: 7,
        gpu_virtual_h100_count_requested: 2,
        gpu_virtual_h100_count_usage: 6,
      });
      assert.deepEqual(Object.keys(await limits(twoMore)).sort(), [
        'baremetal_network_count_limit',
        'baremetal_network_count_requested',
        'baremetal_network_count_usage',
        'gpu_virtual_h100_count_limit',
        'gpu_virtual_h100_count_requested',
        'gpu_virtual_h100_count_usage',
      ]);
      assert.deepEqual(await limits({ flavor: cluster.flavor, servers_count: 1, existing_cluster: true }), {}, 'one more fits');

      const refused = cloudError(await action(emulator, 'virtual', cluster.id, { action: 'resize', servers_count: 4 }), 400);
      assert.equal(refused.exception_class, 'QuotaExceededError');
      assert.deepEqual(refused.info, {
        gpu_virtual_h100_count_limit: 7,
        gpu_virtual_h100_count_requested: 2,
        gpu_virtual_h100_count_usage: 6,
      });
      const unchanged = await clusterById(emulator, 'virtual', cluster.id);
      assert.deepEqual([unchanged.status, unchanged.servers_count], ['active', 2]);
      assert.deepEqual(
        invalidFieldNames(await rawRequest(emulator, 'POST', `${v3('virtual')}/check_limits`, { body: { servers_count: 0 } })),
        ['flavor', 'servers_count'],
      );
    });

    it('resizes bare metal on its v1 path with instances_count, within its quota of servers and never to zero', async () => {
      const cluster = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      const path = `/cloud/v1/ai/clusters/gpu/7/76/${cluster.id}/resize`;
      const refused = cloudError(await rawRequest(emulator, 'POST', path, { body: { instances_count: 5 } }), 400);
      assert.equal(refused.exception_class, 'QuotaExceededError');
      assert.deepEqual(refused.info, {
        baremetal_gpu_h100_count_limit: 4,
        baremetal_gpu_h100_count_requested: 3,
        baremetal_gpu_h100_count_usage: 2,
      });
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'POST', path, { body: { instances_count: 0 } })), ['instances_count']);

      emulator.setGpuFlavorCapacity('baremetal', 7, 76, cluster.flavor, 5);
      const grow = taskOf(await rawRequest(emulator, 'POST', path, { body: { instances_count: 3 } }));
      assert.equal((await task(emulator, grow)).task_type, 'upscale_ai_cluster_gpu');
      assert.equal((await clusterById(emulator, 'baremetal', cluster.id)).status, 'resizing');
      assert.equal(
        cloudError(await rawRequest(emulator, 'POST', path, { body: { instances_count: 2 } }), 409).exception_class,
        'ConflictError',
      );
      finishTasks();
      assert.deepEqual(
        [(await clusterById(emulator, 'baremetal', cluster.id)).status, (await serversOf(emulator, 'baremetal', cluster.id)).length],
        ['active', 3],
      );
      assert.equal(
        (await task(emulator, taskOf(await rawRequest(emulator, 'POST', path, { body: { instances_count: 1 } })))).task_type,
        'downscale_ai_cluster_gpu',
      );
      finishTasks();
      assert.equal((await serversOf(emulator, 'baremetal', cluster.id)).length, 1);
    });

    it('refuses growth past the flavor capacity with 403 ForbiddenError', async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'train-h100');
      emulator.setGpuFlavorCapacity('virtual', 7, 76, cluster.flavor, 0);
      const refused = cloudError(await action(emulator, 'virtual', cluster.id, { action: 'resize', servers_count: 3 }), 403);
      assert.equal(refused.exception_class, 'ForbiddenError');
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'active');
    });
  });

  describe('delete', () => {
    it('deletes a virtual cluster with its flags; the volumes they keep stay in the location', async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'eval-l40s');
      const deletion = taskOf(
        await rawRequest(emulator, 'DELETE', `${v3('virtual')}/clusters/${cluster.id}?all_volumes=false&all_floating_ips=true`),
      );
      const running = await task(emulator, deletion);
      assert.equal(running.task_type, 'delete_gpu_virtual_cluster');
      assert.deepEqual(running.data, { cluster_id: cluster.id, all_floating_ips: true, all_reserved_fixed_ips: false, all_volumes: false });
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'deleting');
      assert.equal(
        cloudError(await rawRequest(emulator, 'DELETE', `${v3('virtual')}/clusters/${cluster.id}`), 409).exception_class,
        'ConflictError',
      );

      finishTasks();
      assert.equal(
        cloudError(await rawRequest(emulator, 'GET', `${v3('virtual')}/clusters/${cluster.id}`), 404).exception_class,
        'NotFoundError',
      );
      assert.ok(!(await get<List<Cluster>>(emulator, `${v3('virtual')}/clusters`)).results.some((listed) => listed.id === cluster.id));
      const kept = emulator.keptGpuResources(7, 76);
      assert.deepEqual(kept.volumes.map((volume) => [volume.name, volume.size]).sort(), [
        ['boot-disk', 120],
        ['datasets', 500],
      ]);
      assert.deepEqual(kept.floatingIps, []);
    });

    it('takes everything with all_volumes and keeps floating IPs unless asked; bare metal has no volume flags', async () => {
      const shelved = await clusterNamed(emulator, 'virtual', 'eval-l40s');
      taskOf(await rawRequest(emulator, 'DELETE', `${v3('virtual')}/clusters/${shelved.id}?all_volumes=true`));
      finishTasks();
      assert.deepEqual(emulator.keptGpuResources(7, 76).volumes, []);
      assert.equal(emulator.keptGpuResources(7, 76).floatingIps.length, 1);
      const baremetal = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      const refused = cloudError(await rawRequest(emulator, 'DELETE', `${v3('baremetal')}/clusters/${baremetal.id}?all_volumes=true`), 400);
      assert.deepEqual(refused.invalid_fields, { all_volumes: ['Unknown field.'] });
      assert.equal(
        (await task(emulator, taskOf(await rawRequest(emulator, 'DELETE', `${v3('baremetal')}/clusters/${baremetal.id}`)))).task_type,
        'delete_ai_cluster_gpu',
      );
    });

    it("deletes one server, and the last one takes its cluster with it; refused while the cluster's task runs", async () => {
      const cluster = await clusterNamed(emulator, 'virtual', 'train-h100');
      const [newest, oldest] = await serversOf(emulator, 'virtual', cluster.id);
      const first = taskOf(await rawRequest(emulator, 'DELETE', `${v3('virtual')}/clusters/${cluster.id}/servers/${newest.id}`));
      assert.equal((await task(emulator, first)).task_type, 'delete_gpu_virtual_server');
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'resizing');
      const busy = cloudError(await rawRequest(emulator, 'DELETE', `${v3('virtual')}/clusters/${cluster.id}/servers/${oldest.id}`), 409);
      assert.equal(busy.message, 'GPU cluster state not allow for node removal');
      finishTasks();
      assert.deepEqual(
        (await serversOf(emulator, 'virtual', cluster.id)).map((server) => server.id),
        [oldest.id],
      );
      taskOf(await rawRequest(emulator, 'DELETE', `${v3('virtual')}/clusters/${cluster.id}/servers/${oldest.id}`));
      assert.equal((await clusterById(emulator, 'virtual', cluster.id)).status, 'deleting');
      finishTasks();
      assert.equal((await rawRequest(emulator, 'GET', `${v3('virtual')}/clusters/${cluster.id}`)).status, 404);
    });

    it('deletes a bare-metal node on the v1 path, keeping its floating IPs only with delete_floatings=false', async () => {
      const cluster = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      const [server] = await serversOf(emulator, 'baremetal', cluster.id);
      const path = `/cloud/v1/ai/clusters/gpu/7/76/${cluster.id}/node/${server.id}`;
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'DELETE', `${path}?delete_floatings=no`)), ['delete_floatings']);
      const removal = await task(emulator, taskOf(await rawRequest(emulator, 'DELETE', path)));
      assert.deepEqual([removal.task_type, removal.data?.delete_floatings], ['downscale_ai_cluster_gpu', true]);
      finishTasks();
      assert.equal((await serversOf(emulator, 'baremetal', cluster.id)).length, 1);
      assert.equal(cloudError(await rawRequest(emulator, 'DELETE', path), 404).exception_class, 'NotFoundError');
    });
  });

  describe('active tasks', () => {
    it("lists the location's tasks until they end, the seeded create among them", async () => {
      const active = async (query = '', location = '7/76') => get<List<Task>>(emulator, `/cloud/v1/tasks/${location}/active${query}`);
      const seeded = await active();
      assert.deepEqual(
        seeded.results.map((item) => [item.task_type, item.state]),
        [['create_gpu_virtual_cluster', 'NEW']],
      );
      const creating = await clusterNamed(emulator, 'virtual', 'finetune-h100x2');
      assert.equal(seeded.results[0].data?.cluster_id, creating.id);

      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const stop = taskOf(await action(emulator, 'virtual', running.id, { action: 'stop' }));
      assert.deepEqual(
        (await active()).results.map((item) => item.id),
        [stop, seeded.results[0].id],
      );
      assert.deepEqual(
        (await active('?task_type=stop_gpu_virtual_cluster')).results.map((item) => item.id),
        [stop],
      );
      assert.equal((await active('?limit=1&offset=1')).results[0].id, seeded.results[0].id);
      assert.equal(
        (await active('', '8/76')).results.every((item) => item.id !== stop),
        true,
      );
      finishTasks();
      assert.deepEqual(
        (await active()).results.map((item) => item.id),
        [seeded.results[0].id],
        'the seeded create runs for half an hour',
      );
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'GET', '/cloud/v1/tasks/0/76/active')), ['project_id']);
    });
  });
});
