import * as assert from 'node:assert/strict';
import type { GpuClusterRef, GpuInterface } from '../../../../src/api/gpu/gpuClusterTypes';
import { withPublicAddresses } from '../../../../src/api/gpu/gpuServerAddresses';
import { rejection, startHarness, stopHarness, type Harness } from '../clientHarness';

const CLUSTER_ID = '058e03b4-c44b-4684-9075-810cb0354467';
const VIRTUAL: GpuClusterRef = { projectId: 7, regionId: 76, kind: 'virtual', clusterId: CLUSTER_ID };
const BAREMETAL: GpuClusterRef = { ...VIRTUAL, kind: 'baremetal' };
const CLUSTERS = '/cloud/v3/gpu/virtual/7/76/clusters';

/** A page of `count` clusters in all, holding those numbered `from`..`to`. */
function clusterPage(count: number, from: number, to: number): object {
  const results = [];
  for (let index = from; index <= to; index++) {
    results.push({ id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, name: `c-${index}` });
  }
  return { count, results };
}

/** Gcore's published server list and interfaces of one virtual cluster (docs/gcore-api.md, "GPU cluster addresses"). */
const SERVERS = {
  count: 2,
  results: [
    {
      id: '0fce6b19-e523-42cf-a74c-571429009735',
      name: 'prod-cluster-1-1',
      status: 'ACTIVE',
      ip_addresses: ['85.234.66.234', '192.168.241.99'],
    },
    {
      id: '1fce6b19-e523-42cf-a74c-571429009735',
      name: 'prod-cluster-1-2',
      status: 'ACTIVE',
      ip_addresses: ['10.0.0.5', '192.168.241.100'],
    },
  ],
};
const INTERFACES = {
  count: 3,
  results: [
    {
      port_id: 'e79e8057-5929-4b79-90d4-d6d894d1fd13',
      ip_assignments: [{ subnet_id: 'b0ba19bd', ip_address: '85.234.66.234' }],
      network: { name: 'pub_net', external: true },
    },
    {
      port_id: 'b1d4862b-486e-456c-bd7f-c4672830d827',
      ip_assignments: [{ subnet_id: '8fd1891e', ip_address: '192.168.241.99' }],
      network: { name: 'gpu-cluster-ib-network-058e03b4', external: false },
    },
    {
      port_id: 'c1d4862b-486e-456c-bd7f-c4672830d827',
      ip_assignments: [{ subnet_id: '9fd1891e', ip_address: '10.0.0.5' }],
      network: { name: 'private', external: false },
      floating_ips: [{ floating_ip_address: '203.0.113.9', fixed_ip_address: '10.0.0.5' }],
    },
  ],
};

describe('GcoreClient GPU clusters', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  it('lists every cluster of a location when Gcore keeps to 10 a page, asking for its largest page', async () => {
    h = await startHarness();
    h.emulator.inject({ path: CLUSTERS, status: 200, body: clusterPage(23, 1, 10) });
    h.emulator.inject({ path: CLUSTERS, status: 200, body: clusterPage(23, 11, 20) });
    h.emulator.inject({ path: CLUSTERS, status: 200, body: clusterPage(23, 21, 23) });
    const list = await h.client.gpuClusters.list(VIRTUAL);
    assert.equal(list.count, 23);
    assert.deepEqual(list.results.map((cluster) => cluster.name).slice(-2), ['c-22', 'c-23']);
    assert.deepEqual(
      h.emulator.requests.map((request) => [request.query.limit, request.query.offset]),
      [
        ['1000', '0'],
        ['1000', '10'],
        ['1000', '20'],
      ],
    );
  });

  it('keeps a cluster whose tags come as an object or text, leaving out only the odd field and naming it', async () => {
    h = await startHarness();
    const id = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    const env = { key: 'env', value: 'prod', read_only: false };
    h.emulator.inject({
      path: CLUSTERS,
      status: 200,
      body: {
        count: 4,
        results: [
          { id: id(1), name: 'tags-object', status: 'active', flavor: 'g3', tags: { env: 'prod' } },
          { id: id(2), name: 'tags-text', status: 'active', tags: 'env=prod', servers_count: '2' },
          { id: id(3), name: 'tags-mixed', tags: [env, 'junk', { key: 5, value: 'x' }], servers_ids: ['a', 7] },
          { id: id(4), name: 'plain', status: 'active', tags: [env], servers_ids: ['a'], unreadable_fields: ['status'] },
        ],
      },
    });
    const list = await h.client.gpuClusters.list(VIRTUAL);
    assert.deepEqual(
      list.results.map((cluster) => [cluster.name, cluster.tags, cluster.servers_count, cluster.servers_ids, cluster.unreadable_fields]),
      [
        ['tags-object', undefined, undefined, undefined, ['tags']],
        ['tags-text', undefined, undefined, undefined, ['servers_count', 'tags']],
        ['tags-mixed', [env], undefined, ['a'], ['tags', 'servers_ids']],
        ['plain', [env], undefined, ['a'], undefined],
      ],
    );
    assert.equal(list.results[0].flavor, 'g3', 'the fields that read stay');
    assert.equal(list.unreadableCount, undefined, 'no cluster is left out');
  });

  it('asks bare metal for the clusters of both owners, so that Kubernetes node pools are listed too', async () => {
    h = await startHarness();
    h.emulator.inject({
      status: 200,
      path: '/cloud/v3/gpu/baremetal/7/76/clusters',
      body: { count: 1, results: [{ id: CLUSTER_ID, name: 'pool', managed_by: 'k8s' }] },
    });
    const list = await h.client.gpuClusters.list(BAREMETAL);
    assert.equal(list.results[0].managed_by, 'k8s');
    assert.match(h.emulator.requests[0].url, /[?&]managed_by=user&managed_by=k8s(&|$)/);
  });

  it('gives each server the public address its cluster interfaces show, an external network or a floating IP', async () => {
    h = await startHarness();
    h.emulator.inject({ path: `${CLUSTERS}/${CLUSTER_ID}/servers`, status: 200, body: SERVERS });
    h.emulator.inject({ path: `${CLUSTERS}/${CLUSTER_ID}/interfaces`, status: 200, body: INTERFACES });
    const servers = await h.client.gpuClusters.serversWithAddresses(VIRTUAL);
    assert.deepEqual(
      servers.results.map((server) => [server.name, server.public_ip]),
      [
        ['prod-cluster-1-1', '85.234.66.234'],
        ['prod-cluster-1-2', '203.0.113.9'],
      ],
    );
  });

  it('reads a bare-metal cluster interfaces from the v1 path, where the network is network_details', async () => {
    h = await startHarness();
    h.emulator.inject({
      path: `/cloud/v3/gpu/baremetal/7/76/clusters/${CLUSTER_ID}/servers`,
      status: 200,
      body: {
        count: 2,
        results: [
          { id: 'a', name: 'bm-1', ip_addresses: ['85.234.84.39'] },
          { id: 'b', name: 'bm-2', ip_addresses: ['10.1.1.1'] },
        ],
      },
    });
    h.emulator.inject({
      path: `/cloud/v1/ai/clusters/7/76/${CLUSTER_ID}/interfaces`,
      status: 200,
      body: {
        count: 1,
        results: [
          {
            port_id: '302f6e9c',
            ip_assignments: [{ ip_address: '85.234.84.39', subnet_id: '351b0dd7' }],
            network_details: { name: 'pub_net', external: true },
          },
        ],
      },
    });
    const servers = await h.client.gpuClusters.serversWithAddresses(BAREMETAL);
    assert.deepEqual(
      servers.results.map((server) => server.public_ip),
      ['85.234.84.39', undefined],
    );
    assert.equal(Object.hasOwn(servers.results[1], 'public_ip'), false, 'a private-only server has no public_ip at all');
  });

  it('reads only the addresses an interface answer gives as text, wherever an odd value sits', () => {
    const server = { id: 's', name: 's', ip_addresses: ['10.0.0.5', '198.51.100.7'] };
    const odd = [
      { ip_assignments: { ip_address: '198.51.100.7' }, network: { external: true } },
      { ip_assignments: [{ ip_address: ['198.51.100.7'] }], network_details: { external: true } },
      { floating_ips: [{ floating_ip_address: { evil: true }, fixed_ip_address: '10.0.0.5' }] },
      { sub_ports: 'trunk' },
      { sub_ports: [null, { floatingip_details: [{ floating_ip_address: '203.0.113.9', fixed_ip_address: '10.0.0.5' }] }] },
    ];
    assert.deepEqual(
      withPublicAddresses([server], odd as GpuInterface[]).map((read) => read.public_ip),
      ['203.0.113.9'],
    );
  });

  it('sends exactly the action, the resize of each kind on its own path, and the delete flags asked for', async () => {
    h = await startHarness();
    const answer = { tasks: ['7a0210ac-fd82-4c06-8e43-4ebdc2d3d1bc'] };
    h.emulator.inject({ path: /./, status: 200, body: answer, times: 6 });
    assert.deepEqual((await h.client.gpuClusters.action(VIRTUAL, 'stop')).tasks, answer.tasks);
    await h.client.gpuClusters.resize(VIRTUAL, 3);
    await h.client.gpuClusters.resize(BAREMETAL, 4);
    await h.client.gpuClusters.deleteCluster(VIRTUAL, { deleteVolumes: true, deleteFloatingIps: false });
    await h.client.gpuClusters.deleteCluster(BAREMETAL, { deleteVolumes: true, deleteFloatingIps: true });
    await h.client.gpuClusters.deleteServer(BAREMETAL, '0fce6b19-e523-42cf-a74c-571429009735', { deleteFloatingIps: false });
    assert.deepEqual(
      h.emulator.requests.map((request) => [request.method, request.url, request.body]),
      [
        ['POST', `${CLUSTERS}/${CLUSTER_ID}/action`, '{"action":"stop"}'],
        ['POST', `${CLUSTERS}/${CLUSTER_ID}/action`, '{"action":"resize","servers_count":3}'],
        ['POST', `/cloud/v1/ai/clusters/gpu/7/76/${CLUSTER_ID}/resize`, '{"instances_count":4}'],
        ['DELETE', `${CLUSTERS}/${CLUSTER_ID}?all_volumes=true&all_floating_ips=false`, ''],
        ['DELETE', `/cloud/v3/gpu/baremetal/7/76/clusters/${CLUSTER_ID}?all_floating_ips=true`, ''],
        ['DELETE', `/cloud/v1/ai/clusters/gpu/7/76/${CLUSTER_ID}/node/0fce6b19-e523-42cf-a74c-571429009735?delete_floatings=false`, ''],
      ],
    );
  });

  it('sends a create once, even when Gcore answers 503 or the answer is lost', async () => {
    h = await startHarness();
    h.emulator.inject({ path: CLUSTERS, method: 'POST', status: 503, headers: { 'Retry-After': '0' } });
    const refused = await rejection(h.client.gpuClusters.create(VIRTUAL, { name: 'gpu-1' }));
    assert.equal(refused.status, 503);
    h.emulator.inject({ path: CLUSTERS, method: 'POST', drop: true });
    const lost = await rejection(h.client.gpuClusters.create(VIRTUAL, { name: 'gpu-1' }));
    assert.equal(lost.mayHaveApplied, true);
    assert.equal(h.emulator.requests.filter((request) => request.method === 'POST').length, 2);
  });

  it('reads the location’s active tasks 100 a page, filtered by type', async () => {
    h = await startHarness();
    h.emulator.inject({
      status: 200,
      path: '/cloud/v1/tasks/7/76/active',
      body: { count: 1, results: [{ id: 't-1', state: 'RUNNING', task_type: 'stop_gpu_virtual_cluster' }] },
    });
    const tasks = await h.client.gpuClusters.activeTasks(VIRTUAL, ['stop_gpu_virtual_cluster']);
    assert.equal(tasks.results[0].task_type, 'stop_gpu_virtual_cluster');
    assert.equal(h.emulator.requests[0].url, '/cloud/v1/tasks/7/76/active?task_type=stop_gpu_virtual_cluster&limit=100&offset=0');
  });

  it('reads the volume types a region offers, asking for them, and none when the region does not say', async () => {
    h = await startHarness();
    assert.deepEqual(await h.client.gpuClusters.regionVolumeTypes(VIRTUAL), ['cold', 'ssd_hiiops', 'ssd_lowlatency', 'standard']);
    assert.equal(h.emulator.requests[0].url, '/cloud/v1/regions/76?show_volume_types=true');
    h.emulator.inject({ status: 200, path: '/cloud/v1/regions/76', body: { id: 76, available_volume_types: null } });
    assert.equal(await h.client.gpuClusters.regionVolumeTypes(VIRTUAL), undefined);
    h.emulator.inject({ status: 200, path: '/cloud/v1/regions/76', body: { id: 76, available_volume_types: ['standard', 7, ''] } });
    assert.deepEqual(await h.client.gpuClusters.regionVolumeTypes(VIRTUAL), ['standard']);
  });

  it('reads bare-metal flavors as Gcore publishes them, their hardware in words, and leaves out one it cannot read', async () => {
    h = await startHarness();
    const published = {
      name: 'bm3-ai-1xlarge-h100-80-8',
      architecture: 'x86_64',
      disabled: false,
      capacity: 0,
      reserved_capacity: 2,
      hardware_description: {
        cpu: '2x Intel Xeon 8480+',
        ram: '2TB RAM',
        disk: '8 x 3.84 TB NVMe',
        network: '3.2 Tbit/s Infiniband',
        gpu: 'NVIDIA H100-8GPU (80GB)',
      },
      hardware_properties: { gpu_model: 'h100', gpu_manufacturer: 'nvidia', gpu_count: 8, nic_eth: '2x100', nic_ib: '8x400' },
    };
    h.emulator.inject({
      path: '/cloud/v3/gpu/baremetal/7/76/flavors',
      status: 200,
      body: { count: 2, results: [published, { name: 'odd', hardware_description: { ram: 2048 } }] },
    });
    const flavors = await h.client.gpu.listBaremetalFlavors({ projectId: 7, regionId: 76, hideDisabled: true });
    assert.deepEqual(flavors.results, [published]);
    assert.deepEqual(flavors.unreadable, [{ name: 'odd', problem: 'results[1].hardware_description.ram is number, expected string' }]);
    assert.equal(h.emulator.requests[0].url, '/cloud/v3/gpu/baremetal/7/76/flavors?hide_disabled=true');
  });

  it('lists, uploads and deletes a project’s SSH keys, with a generated private key kept in the answer', async () => {
    h = await startHarness();
    h.emulator.inject({
      status: 200,
      path: '/cloud/v1/ssh_keys/7',
      method: 'GET',
      body: { count: 2, results: [{ id: 'k1', name: 'laptop' }, { name: 'no-id' }] },
    });
    h.emulator.inject({
      path: '/cloud/v1/ssh_keys/7',
      method: 'POST',
      status: 201,
      body: { id: 'k2', name: 'gen', private_key: '-----BEGIN OPENSSH PRIVATE KEY-----' },
    });
    h.emulator.inject({ path: '/cloud/v1/ssh_keys/7/k2', method: 'DELETE', status: 204 });
    const keys = await h.client.sshKeys.list(7);
    assert.deepEqual(
      keys.results.map((key) => key.name),
      ['laptop'],
    );
    assert.equal(keys.unreadableCount, 1);
    const created = await h.client.sshKeys.create(7, { name: 'gen' });
    assert.equal(created.private_key, '-----BEGIN OPENSSH PRIVATE KEY-----');
    await h.client.sshKeys.delete(7, 'k2');
    assert.deepEqual(
      h.emulator.requests.map((request) => [request.method, request.url, request.body]),
      [
        ['GET', '/cloud/v1/ssh_keys/7?limit=1000&offset=0', ''],
        ['POST', '/cloud/v1/ssh_keys/7', '{"name":"gen"}'],
        ['DELETE', '/cloud/v1/ssh_keys/7/k2', ''],
      ],
    );
  });
});

describe('GcoreClient GPU clusters against the emulator', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  it('lists the seeded clusters of both kinds, Kubernetes node pools too, and each server’s public address', async () => {
    h = await startHarness(undefined, { taskTimings: { newMs: 10, runningMs: 50 } });
    const location = { projectId: 7, regionId: 76 };
    const virtual = await h.client.gpuClusters.list({ ...location, kind: 'virtual' });
    const baremetal = await h.client.gpuClusters.list({ ...location, kind: 'baremetal' });
    assert.deepEqual(virtual.results.map((cluster) => cluster.name).sort(), ['eval-l40s', 'finetune-h100x2', 'train-h100']);
    assert.deepEqual(baremetal.results.map((cluster) => `${cluster.name} ${cluster.managed_by}`).sort(), [
      'bm-h100-train user',
      'k8s-a100-pool k8s',
    ]);
    const shelved = virtual.results.find((cluster) => cluster.name === 'eval-l40s');
    assert.ok(shelved);
    const servers = await h.client.gpuClusters.serversWithAddresses({ ...location, kind: 'virtual', clusterId: shelved.id });
    assert.ok(servers.results.length > 0);
    for (const server of servers.results) assert.match(server.public_ip ?? '', /^\d+\.\d+\.\d+\.\d+$/, 'reachable through its floating IP');
  });

  it('finds the public address of a bare-metal server whose ports ride a trunk, among the trunk’s sub-ports', async () => {
    h = await startHarness();
    const location = { projectId: 7, regionId: 76, kind: 'baremetal' as const };
    const cluster = (await h.client.gpuClusters.list(location)).results.find((listed) => listed.name === 'bm-h100-train');
    assert.ok(cluster);
    const ref = { ...location, clusterId: cluster.id };
    const before = (await h.client.gpuClusters.serversWithAddresses(ref)).results;
    assert.ok(before.every((server) => server.public_ip !== undefined));
    for (const server of before) h.emulator.setGpuServerTrunk({ ...ref, serverId: server.id }, true);
    const ports = await h.client.gpuClusters.interfaces(ref);
    assert.ok(
      ports.every((port) => port.network_details?.external !== true),
      'no port of its own is on the public network: the trunks carry it',
    );
    const after = (await h.client.gpuClusters.serversWithAddresses(ref)).results;
    assert.deepEqual(
      after.map((server) => server.public_ip),
      before.map((server) => server.public_ip),
    );
  });

  it('stops a running cluster through its task, and Gcore’s refusal of a start that the state does not allow is a conflict', async () => {
    h = await startHarness(undefined, { taskTimings: { newMs: 10, runningMs: 50 } });
    const location = { projectId: 7, regionId: 76, kind: 'virtual' as const };
    const running = (await h.client.gpuClusters.list(location)).results.find((cluster) => cluster.name === 'train-h100');
    assert.ok(running);
    const ref = { ...location, clusterId: running.id };
    const refused = await rejection(h.client.gpuClusters.action(ref, 'start'));
    assert.equal(refused.status, 409);
    const { tasks } = await h.client.gpuClusters.action(ref, 'stop');
    assert.equal(tasks.length, 1);
    const active = await h.client.gpuClusters.activeTasks(location);
    assert.deepEqual(
      active.results.map((task) => task.task_type).sort(),
      ['create_gpu_virtual_cluster', 'stop_gpu_virtual_cluster'],
      'the stop, beside the seeded cluster still being created',
    );
    h.emulator.advanceTasks(1_000);
    assert.equal((await h.client.gpuClusters.get(ref)).status, 'shutoff');
  });
});
