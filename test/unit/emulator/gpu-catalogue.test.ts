import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { action, clusterNamed, cloudError, get, invalidFieldNames, serversOf, taskOf, v3, type Json, type List } from './gpu-requests';
import { API_KEY, rawRequest, UUID_PATTERN } from './raw-http';

interface Price {
  currency_code: string | null;
  price_per_hour: number | null;
  price_per_month: number | null;
  price_status: string;
  discount_percent: number | string | null;
}

interface SshKey {
  id: string;
  name: string;
  public_key: string;
  fingerprint: string;
  state: string;
  project_id: number;
  shared_in_project: boolean;
  private_key?: string | null;
}

const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIjxL6g1II8NsO8odvBwGKvq2Dx/h/xrvsV9b9LVIYKm my-username@my-hostname';

describe('emulator GPU images, flavors, SSH keys and prices', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, taskTimings: { newMs: 100, runningMs: 400 } });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  it('lists each kind its own images with driver and CUDA versions, not in creation order', async () => {
    const virtual = await get<List<Json>>(emulator, `${v3('virtual')}/images`);
    const baremetal = await get<List<Json>>(emulator, `${v3('baremetal')}/images`);
    assert.equal(virtual.count, 4);
    assert.equal(baremetal.count, 3);
    assert.ok(virtual.results.every((image) => String(image.name).includes('-vm-')));
    assert.ok(baremetal.results.some((image) => String(image.name).endsWith('-eni')));
    const newest = [...virtual.results].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];
    assert.notEqual(virtual.results[0].id, newest.id, 'the first listed is not the latest');
    assert.deepEqual([newest.gpu_driver_version, newest.cuda_toolkit_version], ['580.126.20', '13.0.2']);
    for (const image of [...virtual.results, ...baremetal.results]) {
      assert.match(String(image.id), UUID_PATTERN);
      for (const key of [
        'name',
        'status',
        'min_disk',
        'min_ram',
        'tags',
        'visibility',
        'created_at',
        'updated_at',
        'disk_format',
        'cuda_toolkit_version',
      ]) {
        assert.ok(key in image, key);
      }
    }
    assert.deepEqual((await get<List<Json>>(emulator, `${v3('virtual')}/images?limit=1&offset=3`)).results, [virtual.results[3]]);
  });

  it('lists bare-metal flavors in their own shape: strings for CPU, RAM and disk, and reserved_capacity', async () => {
    const { count, results } = await get<List<Json>>(emulator, `${v3('baremetal')}/flavors?include_prices=true`);
    assert.equal(count, results.length);
    const flavor = results.find((entry) => entry.name === 'bm3-ai-1xlarge-h100-80-8')!;
    assert.deepEqual(flavor.hardware_description, {
      cpu: '2x Intel Xeon 8480+',
      ram: '2TB RAM',
      disk: '8 x 3.84 TB NVMe',
      network: '3.2 Tbit/s Infiniband',
      gpu: 'NVIDIA H100-8GPU (80GB)',
    });
    assert.deepEqual(flavor.hardware_properties, {
      gpu_model: 'h100',
      gpu_manufacturer: 'nvidia',
      gpu_count: 8,
      nic_eth: '2x100',
      nic_ib: '8x400',
    });
    for (const entry of results) {
      assert.equal(typeof entry.reserved_capacity, 'number', String(entry.name));
      assert.equal(typeof (entry.hardware_description as Json).ram, 'string');
    }
    const reserved = results.find((entry) => entry.capacity === 0 && (entry.reserved_capacity as number) > 0);
    assert.equal((reserved?.price as Price).price_status, 'hide');
    assert.ok(results.some((entry) => String(entry.name).includes('spot')));
    const enabled = await get<List<Json>>(emulator, `${v3('baremetal')}/flavors?hide_disabled=true`);
    assert.equal(enabled.count, results.filter((entry) => !entry.disabled).length);
    assert.ok(enabled.count < count);
  });

  describe('SSH keys', () => {
    const KEYS = '/cloud/v1/ssh_keys/7';

    it('creates a key from a public key and lists it (never with a private key) after the seeded one', async () => {
      const created = await rawRequest(emulator, 'POST', KEYS, { body: { name: 'my-ssh-key', public_key: PUBLIC_KEY } });
      const key = created.json as SshKey;
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(
        [key.name, key.public_key, key.state, key.project_id, key.shared_in_project, key.private_key],
        ['my-ssh-key', PUBLIC_KEY, 'ACTIVE', 7, true, null],
      );
      assert.match(key.fingerprint, /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      const list = await get<List<SshKey>>(emulator, `${KEYS}?order_by=created_at.asc`);
      assert.deepEqual(
        list.results.map((listed) => listed.name),
        ['dev-laptop', 'my-ssh-key'],
      );
      assert.ok(list.results.every((listed) => !('private_key' in listed)));
      assert.deepEqual(await get<SshKey>(emulator, `${KEYS}/${key.id}`), list.results[1]);
      assert.equal((await get<List<SshKey>>(emulator, '/cloud/v1/ssh_keys/8')).count, 1, 'keys belong to a project');
      assert.equal(
        cloudError(await rawRequest(emulator, 'POST', KEYS, { body: { name: 'my-ssh-key', public_key: PUBLIC_KEY } }), 409).exception_class,
        'ConflictError',
      );
    });

    it('generates an Ed25519 pair when no public key is sent, and answers its private key that once', async () => {
      const generated = (await rawRequest(emulator, 'POST', KEYS, { body: { name: 'generated', shared_in_project: false } }))
        .json as SshKey;
      assert.match(String(generated.private_key), /^-----BEGIN OPENSSH PRIVATE KEY-----\n/);
      assert.match(generated.public_key, /^ssh-ed25519 /);
      assert.equal(generated.shared_in_project, false);
      assert.equal('private_key' in (await get<SshKey>(emulator, `${KEYS}/${generated.id}`)), false);
    });

    it('pages keys 10 at a time, newest first', async () => {
      for (let index = 0; index < 11; index++) {
        assert.equal(
          (await rawRequest(emulator, 'POST', KEYS, { body: { name: `key-${String(index).padStart(2, '0')}`, public_key: PUBLIC_KEY } }))
            .status,
          201,
        );
      }
      const first = await get<List<SshKey>>(emulator, KEYS);
      assert.equal(first.count, 12);
      assert.equal(first.results.length, 10);
      assert.equal((await get<List<SshKey>>(emulator, `${KEYS}?offset=10`)).results.length, 2);
      assert.deepEqual((await get<List<SshKey>>(emulator, `${KEYS}?name=KEY-0`)).results.map((key) => key.name).length, 10);
    });

    it('deletes a key (204), then answers 404 for it; refuses bad input naming the field', async () => {
      const key = (await rawRequest(emulator, 'POST', KEYS, { body: { name: 'short-lived', public_key: PUBLIC_KEY } })).json as SshKey;
      const deleted = await rawRequest(emulator, 'DELETE', `${KEYS}/${key.id}`);
      assert.equal(deleted.status, 204);
      assert.equal(cloudError(await rawRequest(emulator, 'GET', `${KEYS}/${key.id}`), 404).exception_class, 'NotFoundError');
      assert.deepEqual(
        (await get<List<SshKey>>(emulator, KEYS)).results.map((listed) => listed.name),
        ['dev-laptop'],
      );
      const fields = async (body: Json) => invalidFieldNames(await rawRequest(emulator, 'POST', KEYS, { body }));
      assert.deepEqual(await fields({ name: ' bad' }), ['name']);
      assert.deepEqual(await fields({ name: 'ok-name', public_key: 'not a key' }), ['public_key']);
      assert.deepEqual(invalidFieldNames(await rawRequest(emulator, 'DELETE', `${KEYS}/nope`)), ['ssh_key_id']);
      const shared = await rawRequest(emulator, 'PATCH', `${KEYS}/${(await get<List<SshKey>>(emulator, KEYS)).results[0].id}`, {
        body: { shared_in_project: false },
      });
      assert.equal((shared.json as SshKey).shared_in_project, false);
    });
  });

  describe('prices', () => {
    const cost = async (kind: 'virtual' | 'baremetal', id: string, location = '7/76') =>
      get<Price>(emulator, `/cloud/v2/pricing/${location}/gpu/${kind}/clusters/${id}`);
    const flavorPrice = async (kind: 'virtual' | 'baremetal', name: string, location = '7/76') =>
      (
        (await get<List<Json>>(emulator, `${v3(kind, location)}/flavors?include_prices=true`)).results.find((entry) => entry.name === name)!
          .price as Price
      ).price_per_hour!;

    it("prices a running cluster at its servers, addresses and volumes; a shelved one's servers are not billed", async () => {
      const running = await clusterNamed(emulator, 'virtual', 'train-h100');
      const price = await cost('virtual', running.id);
      assert.deepEqual([price.currency_code, price.price_status, price.discount_percent], ['EUR', 'show', 0]);
      const perServer = await flavorPrice('virtual', running.flavor);
      // Two servers, two external addresses, two 120 GiB ssd_hiiops boot volumes.
      assert.equal(price.price_per_hour, Math.round((2 * perServer + 2 * 0.0055 + 240 * 0.00015) * 10_000) / 10_000);
      assert.equal(price.price_per_month, Math.round(price.price_per_hour! * 730 * 100) / 100);
      const [server] = await serversOf(emulator, 'virtual', running.id);
      const serverPrice = await get<Price>(emulator, `/cloud/v2/pricing/7/76/gpu/virtual/clusters/${running.id}/servers/${server.id}`);
      assert.ok(serverPrice.price_per_hour! < price.price_per_hour! && serverPrice.price_per_hour! > perServer);

      taskOf(await action(emulator, 'virtual', running.id, { action: 'stop' }));
      emulator.advanceTasks(500);
      assert.ok((await cost('virtual', running.id)).price_per_hour! < perServer, 'billing for shelved servers stops');
    });

    it("keeps billing a powered-off bare-metal cluster, and shows no amount where the flavor's price is hidden", async () => {
      const baremetal = await clusterNamed(emulator, 'baremetal', 'bm-h100-train');
      const before = await cost('baremetal', baremetal.id);
      taskOf(await action(emulator, 'baremetal', baremetal.id, { action: 'stop' }));
      emulator.advanceTasks(500);
      assert.equal((await cost('baremetal', baremetal.id)).price_per_hour, before.price_per_hour);
      // In region 75 the two-card H100 flavor is priced on request.
      const hidden = await clusterNamed(emulator, 'virtual', 'finetune-h100x2', '7/75');
      assert.deepEqual(await cost('virtual', hidden.id, '7/75'), {
        currency_code: 'EUR',
        price_per_hour: null,
        price_per_month: null,
        price_status: 'hide',
        discount_percent: null,
      });
    });

    it('previews a price from its own body (instances_count, interface_name, new-volume with type_name) and refuses a create body', async () => {
      const preview = await rawRequest(emulator, 'POST', '/cloud/v2/pricing/7/76/gpu/virtual/clusters', {
        body: {
          name: 'my-gpu-cluster',
          flavor: 'g3-ai-24-232-1000-h100-80-1',
          instances_count: 2,
          interfaces: [{ type: 'external', interface_name: 'eth0' }],
          volumes: [{ source: 'new-volume', size: 120, type_name: 'ssd_hiiops' }],
        },
      });
      const body = preview.json as Json;
      assert.equal(preview.status, 200, preview.text);
      const perServer = await flavorPrice('virtual', 'g3-ai-24-232-1000-h100-80-1');
      assert.deepEqual(body.per_hour, {
        flavor: Math.round(2 * perServer * 10_000) / 10_000,
        external_ip: 0.011,
        floating_ip: 0,
        volumes: { ssd_hiiops: 0.036 },
      });
      assert.deepEqual([body.price_status, body.currency_code, body.discount_percent], ['show', 'EUR', '0.00']);
      assert.equal(typeof body.total_price_per_month, 'number');

      const createBody = {
        name: 'my-gpu-cluster',
        flavor: 'g3-ai-24-232-1000-h100-80-1',
        servers_count: 2,
        interfaces: [{ type: 'external', name: 'eth0' }],
        volumes: [{ source: 'image', size: 120, type: 'ssd_hiiops' }],
      };
      const refused = await rawRequest(emulator, 'POST', '/cloud/v2/pricing/7/76/gpu/virtual/clusters', { body: createBody });
      assert.deepEqual(invalidFieldNames(refused), [
        'interfaces.0.name',
        'servers_count',
        'volumes.0.source',
        'volumes.0.type',
        'volumes.0.type_name',
      ]);
    });
  });
});
