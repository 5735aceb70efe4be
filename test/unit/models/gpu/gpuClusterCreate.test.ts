import * as assert from 'node:assert/strict';
import {
  defaultBootVolumeSize,
  bootVolumeSizeProblem,
  defaultVolumeType,
  GPU_VOLUME_TYPES,
  offeredVolumeTypes,
  GPU_CLUSTER_NAME_FIELD,
  GPU_SERVERS_COUNT_FIELD,
  pricePreviewRequest,
  quotaCheckRequest,
  validateGpuClusterCreate,
  validateGpuClusterCreateArgs,
  type GpuClusterCreate,
} from '../../../../src/models/gpu/gpuClusterCreate';
import { validateCreateSshKeyArgs } from '../../../../src/models/gpu/sshKeys';
import { checkFieldText } from '../../../../src/validation/fieldChecks';
import { fieldSchema } from '../../../../src/validation/jsonSchema';
import { IMAGE_24_04, virtualClusterBody } from '../../../support/gpuClusterBodies';

const IMAGE = IMAGE_24_04;
const virtual = virtualClusterBody;

function fields(result: ReturnType<typeof validateGpuClusterCreate>): string[] {
  return result.ok ? [] : result.problems.map((problem) => problem.field).sort();
}

describe('a new GPU cluster, checked as Gcore checks it', () => {
  it("takes the guide's virtual body and a bare-metal body with its image at the top", () => {
    assert.deepEqual(validateGpuClusterCreate('virtual', virtual()), { ok: true, value: virtual() });
    const baremetal = {
      name: 'bm-cluster',
      flavor: 'bm3-ai-1xlarge-h100-80-8',
      image_id: 'e3a9c4b2-1d5f-4e6a-8b7c-9d0e1f2a3b4c',
      servers_count: 1,
      servers_settings: { interfaces: [{ type: 'external' }] },
    };
    assert.deepEqual(validateGpuClusterCreate('baremetal', baremetal), { ok: true, value: baremetal });
    assert.deepEqual(fields(validateGpuClusterCreate('baremetal', { ...baremetal, image_id: undefined })), ['image_id']);
  });

  it('checks the name as Gcore does: 3 to 63 characters, letter or digit first, no space or hyphen last', () => {
    for (const good of ['abc', 'my cluster.v2_x', 'A'.repeat(63), 'x-y.']) {
      assert.equal(checkFieldText(GPU_CLUSTER_NAME_FIELD, good), undefined, good);
    }
    for (const bad of ['ab', 'A'.repeat(64), '-abc', 'abc-', 'abc ', 'ab/c', 'über']) {
      assert.notEqual(checkFieldText(GPU_CLUSTER_NAME_FIELD, bad), undefined, bad);
    }
    assert.equal(checkFieldText(GPU_SERVERS_COUNT_FIELD, '1000'), 'must be between 1 and 999');
  });

  it('refuses a flavor name with a line break, a space or a quote, naming the field', () => {
    for (const bad of ['g3-ai-32\nProxyCommand touch /tmp/x', 'g3 ai', 'g3"', "g3'$(id)", 'g3\u2028x']) {
      const result = validateGpuClusterCreate('virtual', virtual({ flavor: bad }));
      assert.deepEqual(fields(result), ['flavor'], JSON.stringify(bad));
      assert.match(result.ok ? '' : result.problems[0].message, /must be a flavor name as Gcore lists it/);
    }
    assert.deepEqual(
      validateGpuClusterCreate('baremetal', {
        ...virtual(),
        flavor: 'bm3-ai-1xlarge-h100-80-8-spot',
        servers_settings: { interfaces: [{ type: 'external' }] },
        image_id: IMAGE,
      }).ok,
      true,
    );
  });

  it('refuses what Gcore refuses, naming each field: required fields, bounds, unknown keys, the top-level image of the guide', () => {
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', {})), ['flavor', 'name', 'servers_count', 'servers_settings']);
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({ image_id: IMAGE }))), ['image_id']);
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({ servers_count: 0, name: 'a' }))), ['name', 'servers_count']);
    const volume = (overrides: Record<string, unknown>) => ({
      volumes: [{ boot_index: 0, name: 'boot-disk', size: 120, source: 'image', type: 'ssd_hiiops', image_id: IMAGE, ...overrides }],
    });
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({}, volume({ size: 102_400, type: 'nvme' })))), [
      'servers_settings.volumes.0.size',
      'servers_settings.volumes.0.type',
    ]);
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({}, { interfaces: [] }))), ['servers_settings.interfaces']);
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({ tags: { 'bad key': 'x' } }))), ['tags']);
    assert.deepEqual(fields(validateGpuClusterCreate('baremetal', virtual({ image_id: IMAGE }))), ['servers_settings.volumes']);
  });

  it('needs a boot volume from an image, and an image on every volume from one', () => {
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({}, { volumes: [] }))), ['servers_settings.volumes']);
    assert.deepEqual(
      fields(
        validateGpuClusterCreate(
          'virtual',
          virtual({}, { volumes: [{ boot_index: 0, name: 'boot-disk', size: 120, source: 'new', type: 'ssd_hiiops' }] }),
        ),
      ),
      ['servers_settings.volumes.0.source'],
    );
    assert.deepEqual(
      fields(
        validateGpuClusterCreate(
          'virtual',
          virtual({}, { volumes: [{ boot_index: 0, name: 'boot-disk', size: 120, source: 'image', type: 'ssd_hiiops' }] }),
        ),
      ),
      ['servers_settings.volumes.0.image_id'],
    );
  });

  it("checks an interface by its type, three at most on a virtual server (two with file shares), and the spec's exclusions", () => {
    const network = '831179f2-9828-45a7-af0b-4ca2d0957920';
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({}, { interfaces: [{ type: 'subnet', network_id: network }] }))), [
      'servers_settings.interfaces.0.subnet_id',
    ]);
    assert.deepEqual(
      fields(validateGpuClusterCreate('virtual', virtual({}, { interfaces: [{ type: 'external', network_id: network }] }))),
      ['servers_settings.interfaces.0.network_id'],
    );
    const three = Array.from({ length: 3 }, () => ({ type: 'external' }));
    assert.deepEqual(fields(validateGpuClusterCreate('virtual', virtual({}, { interfaces: three }))), []);
    assert.deepEqual(
      fields(validateGpuClusterCreate('virtual', virtual({}, { interfaces: three, file_shares: [{ id: network, mount_path: '/mnt' }] }))),
      ['servers_settings.interfaces'],
    );
    assert.deepEqual(
      fields(validateGpuClusterCreate('virtual', virtual({}, { credentials: { password: 'long enough' }, user_data: 'eA==' }))),
      ['servers_settings.credentials.password'],
    );
  });

  it('checks the contract argument before any request, naming fields under cluster', () => {
    const args = validateGpuClusterCreateArgs({ projectId: 1, regionId: 76, cluster: virtual() });
    assert.deepEqual(args, { ok: true, value: { projectId: 1, regionId: 76, kind: 'virtual', cluster: virtual() } });
    const bad = validateGpuClusterCreateArgs({ projectId: 0, regionId: 76, kind: 'metal', cluster: virtual({ servers_count: 1000 }) });
    assert.deepEqual(!bad.ok && bad.problems.map((problem) => problem.field).sort(), ['cluster.servers_count', 'kind', 'projectId']);
    const missing = validateGpuClusterCreateArgs({ projectId: 1, regionId: 76 });
    assert.deepEqual(!missing.ok && missing.problems.map((problem) => problem.field), ['cluster']);
  });

  it('sizes the boot volume from the image: its minimum, never below 120 GiB; a smaller size is refused naming the image', () => {
    assert.equal(defaultBootVolumeSize({ min_disk: 60 }), 120);
    assert.equal(defaultBootVolumeSize({ min_disk: 250 }), 250);
    assert.equal(defaultBootVolumeSize({}), 120);
    assert.equal(
      bootVolumeSizeProblem(120, { min_disk: 200, name: 'big-image' }),
      'must be at least 200 GiB, the minimum of image big-image',
    );
    assert.equal(bootVolumeSizeProblem(200, { min_disk: 200, name: 'big-image' }), undefined);
    assert.equal(defaultVolumeType(['standard', 'ssd_hiiops']), 'ssd_hiiops');
    assert.equal(defaultVolumeType(['standard', 'cold']), 'standard');
  });

  it("offers the region's volume types that a create takes, and every type when the region says none of them", () => {
    assert.deepEqual(offeredVolumeTypes(['standard', 'ssd_hiiops', 'nvme']), { types: ['ssd_hiiops', 'standard'], fromRegion: true });
    assert.deepEqual(offeredVolumeTypes(undefined), { types: GPU_VOLUME_TYPES, fromRegion: false });
    assert.deepEqual(offeredVolumeTypes(['nvme']), { types: GPU_VOLUME_TYPES, fromRegion: false });
  });

  it("maps the create body to the quota check's and to the price preview's own keys, never the create's", () => {
    const cluster = virtual({}, { interfaces: [{ type: 'external', name: 'eth0', ip_family: 'ipv4' }] }) as unknown as GpuClusterCreate;
    assert.deepEqual(quotaCheckRequest('virtual', cluster), {
      flavor: 'g3-ai-24-232-1000-h100-80-1',
      servers_count: 2,
      servers_settings: {
        interfaces: [{ type: 'external', name: 'eth0', ip_family: 'ipv4' }],
        volumes: [{ source: 'image', size: 120, type: 'ssd_hiiops', image_id: IMAGE }],
      },
    });
    assert.deepEqual(pricePreviewRequest('virtual', cluster), {
      name: 'my-gpu-cluster',
      flavor: 'g3-ai-24-232-1000-h100-80-1',
      instances_count: 2,
      interfaces: [{ type: 'external', interface_name: 'eth0', ip_family: 'ipv4' }],
      volumes: [{ source: 'new-volume', size: 120, type_name: 'ssd_hiiops' }],
    });
    const baremetal = {
      name: 'bm',
      flavor: 'bm3',
      image_id: IMAGE,
      servers_count: 1,
      servers_settings: { interfaces: [{ type: 'external' }] },
    } as GpuClusterCreate;
    assert.deepEqual(pricePreviewRequest('baremetal', baremetal), {
      name: 'bm',
      flavor: 'bm3',
      instances_count: 1,
      interfaces: [{ type: 'external' }],
      image_id: IMAGE,
    });
  });

  it("gives lists a schema with their items' and length bounds", () => {
    const schema = fieldSchema({
      name: 'interfaces',
      kind: 'list',
      label: 'Interfaces',
      description: 'd',
      minItems: 1,
      maxItems: 3,
      item: { name: 'type', kind: 'string', label: 'Type', description: 'd' },
    });
    assert.deepEqual([schema.type, schema.minItems, schema.maxItems, schema.items?.type], ['array', 1, 3, 'string']);
  });
});

describe('a new SSH key', () => {
  const publicKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIjxL6g1II8NsO8odvBwGKvq2Dx/h/xrvsV9b9LVIYKm me@laptop';

  it('takes a name and one OpenSSH public key line; programmatically the public key is required', () => {
    assert.deepEqual(validateCreateSshKeyArgs({ projectId: 1, name: 'dev laptop', publicKey }), {
      ok: true,
      value: { projectId: 1, name: 'dev laptop', publicKey },
    });
    const bad = validateCreateSshKeyArgs({ projectId: 1, name: 'x', publicKey: '-----BEGIN OPENSSH PRIVATE KEY-----' });
    assert.deepEqual(!bad.ok && bad.problems.map((problem) => problem.field), ['name', 'publicKey']);
    const missing = validateCreateSshKeyArgs({ projectId: 1, name: 'dev laptop' });
    assert.deepEqual(!missing.ok && missing.problems.map((problem) => problem.field), ['publicKey']);
  });
});
