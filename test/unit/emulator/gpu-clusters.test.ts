import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import {
  answer,
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
  type Server,
} from './gpu-requests';
import { API_KEY, rawRequest, UUID_PATTERN } from './raw-http';
import { IMAGE_24_04, virtualClusterBody } from '../../support/gpuClusterBodies';

const CREATE_TIMINGS = { newMs: 1_000, runningMs: 4_000 };
const BAREMETAL_IMAGE = 'e3a9c4b2-1d5f-4e6a-8b7c-9d0e1f2a3b4c';

/** A create as Gcore's guide sends it, with the image in the boot volume only. */
function virtualCreate(overrides: Json = {}): Json {
  return virtualClusterBody({ tags: { env: 'production' }, ...overrides }) as Json;
}

function baremetalCreate(overrides: Json = {}): Json {
  return {
    name: 'bm-cluster',
    flavor: 'bm3-ai-1xlarge-h100-80-8',
    image_id: BAREMETAL_IMAGE,
    servers_count: 1,
    servers_settings: { interfaces: [{ type: 'external' }], credentials: { ssh_key_name: 'dev-laptop' } },
    ...overrides,
  };
}

describe('emulator GPU clusters', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, createTimings: CREATE_TIMINGS, taskTimings: { newMs: 500, runningMs: 2_000 } });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  describe('lists and gets', () => {
    it('seeds every location with a running, a shelved and a creating virtual cluster, newest first', async () => {
      const list = await get<List<Cluster>>(emulator, `${v3('virtual')}/clusters`);
      assert.equal(list.count, 3);
      assert.deepEqual(
        list.results.map((cluster) => [cluster.name, cluster.status, cluster.servers_count]),
        [
          ['finetune-h100x2', 'creating', 2],
          ['train-h100', 'active', 2],
          ['eval-l40s', 'shutoff', 1],
        ],
      );
      const running = list.results[1];
      assert.match(running.id, UUID_PATTERN);
      assert.deepEqual(running.tags, [{ key: 'env', value: 'production', read_only: false }]);
      assert.equal(running.servers_ids.length, 2);
      assert.equal(running.has_pending_changes, false);
      assert.equal(running.servers_settings.ssh_key_name, 'dev-laptop');
      assert.equal('source' in running.servers_settings.volumes[0], false, 'Gcore does not return a volume source');
      assert.equal('managed_by' in running, false);
      assert.deepEqual(await clusterById(emulator, 'virtual', running.id), running);
      const elsewhere = await get<List<Cluster>>(emulator, `${v3('virtual', '8/76')}/clusters`);
      assert.notEqual(elsewhere.results[1].id, running.id, 'each location has its own');
    });

    it('pages clusters 10 at a time with limit and offset, count staying the total', async () => {
      const many = await start({ apiKey: API_KEY, gpuClustersPerLocation: 25 });
      try {
        const first = await get<List<Cluster>>(many, `${v3('virtual')}/clusters`);
        assert.equal(first.count, 25);
        assert.equal(first.results.length, 10);
        const last = await get<List<Cluster>>(many, `${v3('virtual')}/clusters?offset=20`);
        assert.equal(last.results.length, 5);
        const all = await get<List<Cluster>>(many, `${v3('virtual')}/clusters?limit=1000`);
        assert.equal(new Set(all.results.map((cluster) => cluster.id)).size, 25);
        assert.ok(all.results.every((cluster) => cluster.status === 'active'));
        assert.deepEqual(invalidFieldNames(await rawRequest(many, 'GET', `${v3('virtual')}/clusters?limit=0`)), ['limit']);
      } finally {
        await many.close();
      }
    });

    it('lists bare-metal clusters managed by the user unless managed_by asks for Kubernetes ones too', async () => {
      const mine = await get<List<Cluster>>(emulator, `${v3('baremetal')}/clusters`);
      assert.deepEqual(
        mine.results.map((cluster) => [cluster.name, cluster.managed_by]),
        [['bm-h100-train', 'user']],
      );
      assert.equal(mine.results[0].image_id, BAREMETAL_IMAGE);
      const both = await get<List<Cluster>>(emulator, `${v3('baremetal')}/clusters?managed_by=user&managed_by=k8s`);
      assert.deepEqual(both.results.map((cluster) => cluster.managed_by).sort(), ['k8s', 'user']);
      const pool = both.results.find((cluster) => cluster.managed_by === 'k8s')!;
      assert.equal((await clusterById(emulator, 'baremetal', pool.id)).name, 'k8s-a100-pool');
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'GET', `${v3('baremetal')}/clusters?managed_by=me`)), ['managed_by']);
    });

    it('answers 404 NotFoundError for an unknown cluster or another kind, 400 naming a malformed id', async () => {
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      assert.equal(
        cloudError(await rawRequest(emulator, 'GET', `${v3('baremetal')}/clusters/${running.id}`), 404).exception_class,
        'NotFoundError',
      );
      assert.equal(
        cloudError(await rawRequest(emulator, 'GET', `${v3('virtual')}/clusters/0fce6b19-e523-42cf-a74c-571429009735`), 404)
          .exception_class,
        'NotFoundError',
      );
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'GET', `${v3('virtual', 'x/76')}/clusters/nope`)), [
        'cluster_id',
        'project_id',
      ]);
    });
  });

  describe('PATCH', () => {
    it('merges tags (a value sets one, null removes one, the others stay) and answers the cluster at once', async () => {
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const path = `${v3('virtual')}/clusters/${running.id}`;
      const set = answer<Cluster>(await rawRequest(emulator, 'PATCH', path, { body: { tags: { lease: 'until=x', team: 'ml' } } }));
      assert.deepEqual(
        set.tags.map(({ key, value }) => `${key}=${value}`),
        ['env=production', 'lease=until=x', 'team=ml'],
      );
      const removed = answer<Cluster>(await rawRequest(emulator, 'PATCH', path, { body: { tags: { lease: null } } }));
      assert.deepEqual(
        removed.tags.map(({ key }) => key),
        ['env', 'team'],
      );
      assert.deepEqual(await clusterById(emulator, 'virtual', running.id), removed);
    });

    it('refuses a tag key with a space or an empty value, and fields it does not know, naming them', async () => {
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const path = `${v3('virtual')}/clusters/${running.id}`;
      const refused = await rawRequest(emulator, 'PATCH', path, { body: { tags: { 'a b': 'x', ok: '' }, color: 'red' } });
      assert.deepEqual(invalidFieldNames(refused).sort(), ['color', 'tags.a b', 'tags.ok']);
      assert.deepEqual((await clusterById(emulator, 'virtual', running.id)).tags, running.tags);
    });
  });

  describe('servers, interfaces and volumes', () => {
    it("lists a cluster's servers 10 a page, newest first, each with an external and an InfiniBand address", async () => {
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const servers = await serversOf(emulator, 'virtual', running.id);
      assert.deepEqual(
        servers.map((server) => [server.name, server.status, server.task_id, server.flavor, server.image_id]),
        [
          ['train-h100-2', 'ACTIVE', null, running.flavor, IMAGE_24_04],
          ['train-h100-1', 'ACTIVE', null, running.flavor, IMAGE_24_04],
        ],
      );
      const page = await get<List<Server>>(emulator, `${v3('virtual')}/clusters/${running.id}/servers?limit=1&offset=1`);
      assert.equal(page.count, 2);
      assert.deepEqual(page.results, [servers[1]]);

      const interfaces = await get<List<Json>>(emulator, `${v3('virtual')}/clusters/${running.id}/interfaces`);
      assert.equal(interfaces.count, 4);
      const network = (item: Json) => item.network as { name: string; external: boolean };
      const addressOf = (item: Json) => (item.ip_assignments as { ip_address: string }[])[0].ip_address;
      const external = interfaces.results.filter((item) => network(item).external).map(addressOf);
      const infiniband = interfaces.results.filter((item) => network(item).name === `gpu-cluster-ib-network-${running.id}`).map(addressOf);
      assert.equal(external.length, 2);
      assert.equal(infiniband.length, 2);
      for (const server of servers) {
        assert.equal(server.ip_addresses.length, 2);
        assert.equal(server.ip_addresses.filter((address) => external.includes(address)).length, 1, server.name);
        assert.equal(server.ip_addresses.filter((address) => infiniband.includes(address)).length, 1, server.name);
      }
      assert.ok(
        interfaces.results.every((item) => !('server_id' in item) && !('network_details' in item)),
        'no interface names its server',
      );
    });

    it('reaches a private server through its floating IP, listed after its private address', async () => {
      const shelved = await clusterNamed(emulator, 'virtual', 'eval-l40s');
      const [server] = await serversOf(emulator, 'virtual', shelved.id);
      assert.equal(server.status, 'SHELVED_OFFLOADED');
      const interfaces = (await get<List<Json>>(emulator, `${v3('virtual')}/clusters/${shelved.id}/interfaces`)).results;
      const floating = interfaces.flatMap((item) => item.floating_ips as { floating_ip_address: string; fixed_ip_address: string }[]);
      assert.equal(floating.length, 1);
      assert.ok(interfaces.every((item) => (item.network as { external: boolean }).external === false));
      assert.deepEqual(server.ip_addresses.slice(0, 2), [floating[0].fixed_ip_address, floating[0].floating_ip_address]);
    });

    it('answers the public address a test gives a server, or none, until a reset', async () => {
      const AT = { kind: 'virtual', projectId: 7, regionId: 76 } as const;
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const shelved = await clusterNamed(emulator, 'virtual', 'eval-l40s');
      const [first] = await serversOf(emulator, 'virtual', running.id);
      const [privateOne] = await serversOf(emulator, 'virtual', shelved.id);
      const publicOf = async (id: string) =>
        (await get<List<Json>>(emulator, `${v3('virtual')}/clusters/${id}/interfaces`)).results.flatMap((item) => [
          ...((item.network as { external: boolean }).external
            ? (item.ip_assignments as { ip_address: string }[]).map((a) => a.ip_address)
            : []),
          ...(item.floating_ips as { floating_ip_address: string }[]).map((floating) => floating.floating_ip_address),
        ]);
      emulator.setGpuServerAddress({ ...AT, clusterId: running.id, serverId: first.id }, '127.0.0.1');
      emulator.setGpuServerAddress({ ...AT, clusterId: shelved.id, serverId: privateOne.id }, '127.0.0.2');
      assert.ok((await publicOf(running.id)).includes('127.0.0.1'));
      assert.deepEqual(await publicOf(shelved.id), ['127.0.0.2']);
      emulator.setGpuServerAddress({ ...AT, clusterId: shelved.id, serverId: privateOne.id }, null);
      assert.deepEqual(await publicOf(shelved.id), []);
      assert.throws(() => emulator.setGpuServerAddress({ ...AT, clusterId: shelved.id, serverId: first.id }, '127.0.0.1'), RangeError);
      emulator.reset();
      assert.ok(!(await publicOf(running.id)).includes('127.0.0.1'));
    });

    it("serves bare metal's interfaces on the v1 path in its own shape, and not on the guide's v3 path", async () => {
      const cluster = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      const interfaces = await get<List<Json>>(emulator, `/cloud/v1/ai/clusters/7/76/${cluster.id}/interfaces`);
      assert.equal(interfaces.count, 4);
      for (const item of interfaces.results) {
        assert.equal('network' in item, false);
        assert.ok(Array.isArray(item.floatingip_details) && Array.isArray(item.sub_ports) && typeof item.interface_name === 'string');
      }
      assert.equal(interfaces.results.filter((item) => (item.network_details as { external: boolean }).external).length, 2);
      assert.equal((await rawRequest(emulator, 'GET', `${v3('baremetal')}/clusters/${cluster.id}/interfaces`)).status, 404);
    });

    it("lists a virtual cluster's volumes, one boot volume per server; bare metal has no volumes endpoint", async () => {
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const volumes = await get<List<Json>>(emulator, `${v3('virtual')}/clusters/${running.id}/volumes`);
      assert.deepEqual(
        volumes.results.map((volume) => [volume.name, volume.size, volume.type, volume.bootable, volume.status]),
        [
          ['boot-disk', 120, 'ssd_hiiops', true, 'in-use'],
          ['boot-disk', 120, 'ssd_hiiops', true, 'in-use'],
        ],
      );
      assert.deepEqual(new Set(volumes.results.map((volume) => volume.server_id)), new Set(running.servers_ids));
      const baremetal = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      assert.equal((await rawRequest(emulator, 'GET', `${v3('baremetal')}/clusters/${baremetal.id}/volumes`)).status, 404);
    });
  });

  describe('create', () => {
    it('lists a new cluster at once, creating with BUILD servers, then active as its task ends; the task names it under ai_clusters', async () => {
      const taskId = taskOf(await rawRequest(emulator, 'POST', `${v3('virtual')}/clusters`, { body: virtualCreate() }));
      const created = await clusterNamed(emulator, 'virtual', 'my-gpu-cluster');
      assert.equal(created.status, 'creating');
      assert.deepEqual(
        (await serversOf(emulator, 'virtual', created.id)).map((server) => [server.status, server.task_id]),
        [
          ['BUILD', taskId],
          ['BUILD', taskId],
        ],
      );
      const queued = await task(emulator, taskId);
      assert.deepEqual(
        [queued.task_type, queued.state, queued.created_resources, queued.detailed_state],
        ['create_gpu_virtual_cluster', 'NEW', null, null],
      );
      assert.equal(queued.data?.cluster_id, created.id);

      emulator.advanceTasks(CREATE_TIMINGS.newMs);
      const running = await task(emulator, taskId);
      assert.deepEqual([running.state, running.detailed_state], ['RUNNING', 'NETWORK']);
      emulator.advanceTasks(CREATE_TIMINGS.runningMs * 0.6);
      assert.equal((await task(emulator, taskId)).detailed_state, 'POST_DEPLOY_SETUP');
      emulator.advanceTasks(CREATE_TIMINGS.runningMs);

      const finished = await task(emulator, taskId);
      assert.deepEqual([finished.state, finished.created_resources], ['FINISHED', { ai_clusters: [created.id] }]);
      assert.equal((await clusterById(emulator, 'virtual', created.id)).status, 'active');
      assert.deepEqual(
        (await serversOf(emulator, 'virtual', created.id)).map((server) => [server.status, server.task_id]),
        [
          ['ACTIVE', null],
          ['ACTIVE', null],
        ],
      );
    });

    it('reports a created bare-metal cluster under clusters, as its guide reads it', async () => {
      const taskId = taskOf(await rawRequest(emulator, 'POST', `${v3('baremetal')}/clusters`, { body: baremetalCreate() }));
      emulator.advanceTasks(CREATE_TIMINGS.newMs + CREATE_TIMINGS.runningMs);
      const finished = await task(emulator, taskId);
      assert.equal(finished.task_type, 'create_ai_cluster_gpu');
      const created = await clusterNamed(emulator, 'baremetal', 'bm-cluster');
      assert.deepEqual(finished.created_resources, { clusters: [created.id] });
      assert.deepEqual([created.status, created.image_id, created.managed_by], ['active', BAREMETAL_IMAGE, 'user']);
    });

    it('ends a create the test made fail in error, its servers in ERROR', async () => {
      emulator.failGpuTask({ change: 'create' });
      const taskId = taskOf(await rawRequest(emulator, 'POST', `${v3('virtual')}/clusters`, { body: virtualCreate() }));
      emulator.advanceTasks(CREATE_TIMINGS.newMs + CREATE_TIMINGS.runningMs);
      const failed = await task(emulator, taskId);
      assert.equal(failed.state, 'ERROR');
      assert.match(String(failed.error), /not enough hosts/);
      assert.equal(failed.created_resources, null);
      const cluster = await clusterNamed(emulator, 'virtual', 'my-gpu-cluster');
      assert.equal(cluster.status, 'error');
      assert.ok((await serversOf(emulator, 'virtual', cluster.id)).every((server) => server.status === 'ERROR'));
    });

    it('refuses a payload, naming each field, and creates nothing', async () => {
      const fields = async (kind: 'virtual' | 'baremetal', body: Json) =>
        invalidFieldNames(await rawRequest(emulator, 'POST', `${v3(kind)}/clusters`, { body }));
      assert.deepEqual(
        await fields('virtual', virtualCreate({ image_id: IMAGE_24_04 })),
        ['image_id'],
        "the guide's top-level image_id is not in the schema",
      );
      assert.deepEqual(await fields('virtual', virtualCreate({ name: 'a', servers_count: 0 })), ['name', 'servers_count']);
      assert.deepEqual(
        await fields(
          'virtual',
          virtualCreate({
            servers_settings: { interfaces: [], credentials: { password: 'long-enough', username: 'me' }, user_data: 'eA==' },
          }),
        ),
        ['servers_settings.credentials.password', 'servers_settings.interfaces', 'servers_settings.volumes'],
      );
      assert.deepEqual(await fields('virtual', virtualCreate({ flavor: 'g9-nothing' })), ['flavor']);
      assert.deepEqual(
        await fields(
          'virtual',
          virtualCreate({ servers_settings: { ...(virtualCreate().servers_settings as Json), credentials: { ssh_key_name: 'nobody' } } }),
        ),
        ['servers_settings.credentials.ssh_key_name'],
      );
      assert.deepEqual(
        await fields(
          'baremetal',
          baremetalCreate({ image_id: undefined, servers_settings: { interfaces: [{ type: 'external' }], volumes: [] } }),
        ),
        ['image_id', 'servers_settings.volumes'],
      );
      assert.equal((await get<List<Cluster>>(emulator, `${v3('virtual')}/clusters`)).count, 3);
    });

    it('refuses a virtual cluster that does not boot from an image, naming the volume', async () => {
      const fields = async (volumes: Json[]) =>
        invalidFieldNames(
          await rawRequest(emulator, 'POST', `${v3('virtual')}/clusters`, {
            body: virtualCreate({ servers_settings: { interfaces: [{ type: 'external' }], volumes } }),
          }),
        );
      assert.deepEqual(await fields([]), ['servers_settings.volumes']);
      assert.deepEqual(await fields([{ boot_index: 0, name: 'boot-disk', size: 120, source: 'new', type: 'ssd_hiiops' }]), [
        'servers_settings.volumes.0.source',
      ]);
      assert.deepEqual(
        await fields([{ boot_index: 1, name: 'data', size: 500, source: 'new', type: 'standard' }]),
        ['servers_settings.volumes'],
        'a data volume alone boots nothing',
      );
      assert.equal((await get<List<Cluster>>(emulator, `${v3('virtual')}/clusters`)).count, 3);
    });

    it("refuses values past Gcore's bounds: the name, the servers, the volume size and type, the interfaces", async () => {
      const fields = async (body: Json) => invalidFieldNames(await rawRequest(emulator, 'POST', `${v3('virtual')}/clusters`, { body }));
      const boot = (overrides: Json) => ({
        interfaces: [{ type: 'external' }],
        volumes: [
          { boot_index: 0, name: 'boot-disk', size: 120, source: 'image', type: 'ssd_hiiops', image_id: IMAGE_24_04, ...overrides },
        ],
      });
      assert.deepEqual(await fields(virtualCreate({ name: 'x'.repeat(64) })), ['name']);
      assert.deepEqual(await fields(virtualCreate({ name: 'trailing-' })), ['name']);
      assert.deepEqual(await fields(virtualCreate({ name: '-leading' })), ['name']);
      const spaced = await rawRequest(emulator, 'POST', `${v3('virtual')}/clusters`, {
        body: virtualCreate({ name: 'with spaces.and_dots' }),
      });
      assert.equal(spaced.status, 200, 'spaces, dots and underscores are allowed');
      assert.deepEqual(await fields(virtualCreate({ name: 'ok', servers_count: 1000 })), ['name', 'servers_count']);
      assert.deepEqual(await fields(virtualCreate({ servers_settings: boot({ size: 102_400 }) })), ['servers_settings.volumes.0.size']);
      assert.deepEqual(await fields(virtualCreate({ servers_settings: boot({ size: 0 }) })), ['servers_settings.volumes.0.size']);
      assert.deepEqual(await fields(virtualCreate({ servers_settings: boot({ type: 'nvme' }) })), ['servers_settings.volumes.0.type']);
      assert.deepEqual(
        await fields(virtualCreate({ servers_settings: boot({ type: 'ultra' }) })),
        ['servers_settings.volumes.0.type'],
        'a type Gcore has, but not in this region',
      );
      assert.deepEqual(
        await fields(virtualCreate({ servers_settings: boot({ size: 60 }) })),
        ['servers_settings.volumes.0.size'],
        'min_disk',
      );
      assert.deepEqual(
        await fields(
          virtualCreate({
            servers_settings: { ...boot({}), interfaces: Array.from({ length: 4 }, () => ({ type: 'external' })) },
          }),
        ),
        ['servers_settings.interfaces'],
      );
      assert.equal((await get<List<Cluster>>(emulator, `${v3('virtual')}/clusters`)).count, 4, 'the valid name made one');
    });

    it('ends the create of a cluster whose image is marked failing in error, with the reason', async () => {
      emulator.failGpuImage(IMAGE_24_04, 'Image failed to boot: kernel panic');
      const taskId = taskOf(await rawRequest(emulator, 'POST', `${v3('virtual')}/clusters`, { body: virtualCreate() }));
      assert.equal((await clusterNamed(emulator, 'virtual', 'my-gpu-cluster')).status, 'creating');
      emulator.advanceTasks(CREATE_TIMINGS.newMs + CREATE_TIMINGS.runningMs);
      const failed = await task(emulator, taskId);
      assert.deepEqual([failed.state, failed.error], ['ERROR', 'Image failed to boot: kernel panic']);
      assert.equal((await clusterNamed(emulator, 'virtual', 'my-gpu-cluster')).status, 'error');

      const otherImage = virtualCreate({
        name: 'other-image',
        servers_settings: {
          interfaces: [{ type: 'external' }],
          volumes: [
            {
              boot_index: 0,
              name: 'boot-disk',
              size: 120,
              source: 'image',
              type: 'ssd_hiiops',
              image_id: '28752f2a-df21-45b6-a14e-23007daffc44',
            },
          ],
        },
      });
      const fine = taskOf(await rawRequest(emulator, 'POST', `${v3('virtual')}/clusters`, { body: otherImage }));
      emulator.advanceTasks(CREATE_TIMINGS.newMs + CREATE_TIMINGS.runningMs);
      assert.equal((await task(emulator, fine)).state, 'FINISHED');
      assert.throws(() => emulator.failGpuImage('00000000-0000-4000-8000-000000000000'), RangeError);
    });

    it('makes the seeded cluster being created active once its half hour has passed', async () => {
      const creating = await clusterNamed(emulator, 'virtual', 'finetune-h100x2');
      assert.equal(creating.status, 'creating');
      emulator.advanceTasks(31 * 60_000);
      assert.equal((await clusterById(emulator, 'virtual', creating.id)).status, 'active');
    });
  });

  it('asks for the API key on every GPU path, before anything else', async () => {
    const running = await clusterNamed(emulator, 'virtual', 'train-h100');
    for (const [method, path] of [
      ['GET', `${v3('virtual')}/clusters`],
      ['POST', `${v3('virtual')}/clusters/${running.id}/action`],
      ['DELETE', `${v3('virtual')}/clusters/${running.id}`],
      ['GET', '/cloud/v1/ssh_keys/7'],
      ['GET', '/cloud/v1/tasks/7/76/active'],
    ]) {
      const refused = cloudError(
        await rawRequest(emulator, method, path, { authorization: null, body: method === 'POST' ? { action: 'stop' } : undefined }),
        401,
      );
      assert.equal(refused.exception_class, 'NotAuthenticated', `${method} ${path}`);
    }
    assert.equal((await clusterById(emulator, 'virtual', running.id)).status, 'active');
  });

  it('is not served by a core-only emulator, which keeps only the virtual flavor list', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true });
    try {
      const id = '0fce6b19-e523-42cf-a74c-571429009735';
      for (const [method, path] of [
        ['GET', `${v3('virtual')}/clusters`],
        ['POST', `${v3('virtual')}/clusters`],
        ['GET', `${v3('baremetal')}/clusters/${id}`],
        ['POST', `${v3('virtual')}/clusters/${id}/action`],
        ['GET', `${v3('virtual')}/clusters/${id}/servers`],
        ['GET', `${v3('virtual')}/clusters/${id}/interfaces`],
        ['GET', `/cloud/v1/ai/clusters/7/76/${id}/interfaces`],
        ['POST', `/cloud/v1/ai/clusters/gpu/7/76/${id}/resize`],
        ['POST', `${v3('virtual')}/check_limits`],
        ['GET', `${v3('virtual')}/images`],
        ['GET', `${v3('baremetal')}/flavors`],
        ['GET', `/cloud/v2/pricing/7/76/gpu/virtual/clusters/${id}`],
        ['GET', '/cloud/v1/tasks/7/76/active'],
        ['GET', '/cloud/v1/ssh_keys/7'],
      ]) {
        assert.equal(
          cloudError(await rawRequest(core, method, path, { body: method === 'POST' ? {} : undefined }), 404).exception_class,
          'NotFoundError',
          `${method} ${path}`,
        );
      }
      assert.equal((await rawRequest(core, 'GET', `${v3('virtual')}/flavors`)).status, 200);
    } finally {
      await core.close();
    }
  });
});
