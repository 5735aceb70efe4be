import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { GpuImage } from '../../../../src/api/gpu/gpuClusterTypes';
import { containerDocumentPath } from '../../../../src/models/containers/containerDocument';
import type { GpuClusterCatalogue } from '../../../../src/models/gpu/gpuClusterOffers';
import { newContainerDocumentPath } from '../../../../src/models/containers/newContainerDocument';
import {
  newGpuClusterDocumentPath,
  newGpuClusterProblems,
  newGpuClusterSchema,
  newGpuClusterSchemaKind,
  newGpuClusterSchemaPath,
  parseNewGpuClusterDocumentPath,
  readNewGpuClusterDocument,
  validateNewGpuClusterJsonArgs,
} from '../../../../src/models/gpu/newGpuClusterDocument';
import { startingPayload } from '../../../../src/ui/gpu/gpuClusterStart';
import type { JsonSchema } from '../../../../src/validation/jsonSchema';
import { REPO_ROOT } from '../../../support/repoRoot';

const WHERE = { projectId: 1, regionId: 76 };
const H100 = 'g3-ai-24-232-1000-h100-80-1';
const H100_IB = 'g3-ai-192-2048-3200-h100-80-8';
const L40S = 'g3-ai-32-192-1500-l40s-48-1';
const BM = 'bm3-ai-1xlarge-h100-80-8';
const NEW_IMAGE = '2a818d08-a9d3-4477-9966-2663d46f6a27';
const INFINIBAND_IMAGE = '6f1f6c0e-4f7b-4d52-9a43-1c0a8e2b7d11';
const ARM_IMAGE = 'b7d2c5a1-3e8f-4a6b-8c9d-0e1f2a3b4c5d';
const BM_IMAGE = '0d6f7a3c-5b2e-4c1d-9e8f-7a6b5c4d3e2f';

const IMAGES: GpuImage[] = [
  { id: INFINIBAND_IMAGE, name: 'ubuntu-22.04-550.163.01-12.4.1-vm-eni-v1', created_at: '2025-11-20T16:05:00Z', min_disk: 100 },
  {
    id: NEW_IMAGE,
    name: 'ubuntu-24.04-580.126.20-open-13.0.2-vm',
    created_at: '2026-05-19T08:40:00Z',
    min_disk: 150,
    architecture: 'x86_64',
  },
  { id: ARM_IMAGE, name: 'ubuntu-22.04-arm', created_at: '2026-06-01T00:00:00Z', min_disk: 60, architecture: 'aarch64' },
];

const CATALOGUE: GpuClusterCatalogue = {
  flavors: [
    { name: L40S, kind: 'virtual', price: '€1.20/h', outOfStock: true, flavor: { architecture: 'x86_64' } },
    { name: H100, kind: 'virtual', price: '€2.10/h', outOfStock: false, flavor: { architecture: 'x86_64' } },
    { name: H100_IB, kind: 'virtual', outOfStock: false, flavor: { architecture: 'x86_64', hardware_properties: { nic_ib: '8x400G' } } },
    { name: BM, kind: 'baremetal', price: '€20.00/h', outOfStock: false, flavor: {} },
  ],
  images: IMAGES,
  keys: [
    { name: 'colleague', onThisMachine: false },
    { name: 'laptop', onThisMachine: true },
  ],
};

interface Cluster {
  name: string;
  flavor: string;
  servers_count: number;
  servers_settings: {
    interfaces: Record<string, unknown>[];
    volumes: Record<string, unknown>[];
    credentials: { ssh_key_name: string };
  };
  colour?: string;
}

/** A virtual cluster the location offers everything of; `change` edits it before it is checked. */
function virtualCluster(change: (cluster: Cluster) => void = () => undefined): Record<string, unknown> {
  const cluster: Cluster = {
    name: 'train-h100',
    flavor: H100,
    servers_count: 2,
    servers_settings: {
      interfaces: [{ type: 'external', ip_family: 'ipv4' }],
      volumes: [{ source: 'image', image_id: NEW_IMAGE, size: 150, type: 'ssd_hiiops', name: 'train-h100-boot', boot_index: 0 }],
      credentials: { ssh_key_name: 'laptop' },
    },
  };
  change(cluster);
  return { ...cluster };
}

function problemsOf(
  cluster: Record<string, unknown>,
  catalogue: GpuClusterCatalogue = CATALOGUE,
  kind: 'virtual' | 'baremetal' = 'virtual',
) {
  return newGpuClusterProblems(kind, cluster, catalogue).map(({ field, severity, message }) => `${severity} ${field}: ${message}`);
}

describe('new GPU cluster documents', () => {
  describe('paths', () => {
    it('name the location, the kind and the place, and read back to the location and kind', () => {
      const virtual = newGpuClusterDocumentPath({ ...WHERE, kind: 'virtual' }, 'Prod');
      const baremetal = newGpuClusterDocumentPath({ ...WHERE, kind: 'baremetal' }, 'team/prod');
      assert.equal(virtual, '/1/76/new-gpu-cluster · Prod.json');
      assert.equal(baremetal, '/1/76/new-baremetal-gpu-cluster · team∕prod.json');
      assert.deepEqual(parseNewGpuClusterDocumentPath(virtual), { ...WHERE, kind: 'virtual' });
      assert.deepEqual(parseNewGpuClusterDocumentPath(baremetal), { ...WHERE, kind: 'baremetal' });
    });

    it("refuse paths this extension did not make, other documents' paths and ids that are not positive", () => {
      for (const path of [
        '/new-gpu-cluster.json',
        '/1/x/new-gpu-cluster · Prod.json',
        '/1/76/new-gpu-cluster · Prod.txt',
        '/0/76/new-gpu-cluster · Prod.json',
        '/1/76/new-virtual-gpu-cluster · Prod.json',
        `/${'9'.repeat(20)}/76/new-gpu-cluster · Prod.json`,
        newContainerDocumentPath(WHERE, 'Prod'),
        containerDocumentPath({ ...WHERE, containerName: 'new-gpu-cluster' }, 'Prod').replace('.json', '.txt'),
      ]) {
        assert.equal(parseNewGpuClusterDocumentPath(path), undefined, path);
      }
    });
  });

  describe('the schema', () => {
    it("has a path per kind that package.json's jsonValidation names, and no other path is a GPU schema", () => {
      const manifest = JSON.parse(readFileSync(path.resolve(REPO_ROOT, 'package.json'), 'utf8')) as {
        contributes: { jsonValidation: { fileMatch: string[]; url: string }[] };
      };
      for (const kind of ['virtual', 'baremetal'] as const) {
        const schemaPath = newGpuClusterSchemaPath(kind);
        const entry = manifest.contributes.jsonValidation.find((candidate) => candidate.url === `gcore-schema://schemas${schemaPath}`);
        const [, stem] = /\/([^/]+)\*\.json$/.exec(entry?.fileMatch[0] ?? '') ?? [];
        assert.ok(newGpuClusterDocumentPath({ ...WHERE, kind }, 'Prod').startsWith(`/1/76/${stem} · `), `${kind}: ${entry?.fileMatch[0]}`);
        assert.equal(newGpuClusterSchemaKind(schemaPath), kind);
      }
      for (const other of ['/new-container.json', '/container.json', '/new-gpu-cluster']) {
        assert.equal(newGpuClusterSchemaKind(other), undefined);
      }
    });

    it('marks the required fields of each kind, with their bounds and descriptions, and no other field', () => {
      const virtual = newGpuClusterSchema('virtual');
      assert.deepEqual(virtual.required, ['name', 'flavor', 'servers_count', 'servers_settings']);
      assert.deepEqual(newGpuClusterSchema('baremetal').required, ['name', 'flavor', 'image_id', 'servers_count', 'servers_settings']);
      assert.equal(virtual.additionalProperties, false);
      const count = virtual.properties?.servers_count as JsonSchema;
      assert.deepEqual([count.type, count.minimum, count.maximum], ['integer', 1, 999]);
      assert.match(count.description ?? '', /^Servers: /);
      const settings = virtual.properties?.servers_settings as JsonSchema;
      assert.deepEqual(settings.required, ['interfaces', 'volumes']);
      const volume = (settings.properties?.volumes as JsonSchema).items as JsonSchema;
      assert.deepEqual(volume.required, ['source', 'size', 'type', 'name', 'boot_index']);
      assert.equal((volume.properties?.size as JsonSchema).maximum, 102_399);
      assert.equal((newGpuClusterSchema('baremetal').properties?.servers_settings as JsonSchema).properties?.volumes, undefined);
      assert.match(virtual.description ?? '', /Completion offers the flavors, images and SSH keys of the location/);
    });
  });

  describe('reading the text', () => {
    it('takes one JSON object and says what else is wrong', () => {
      assert.deepEqual(readNewGpuClusterDocument('{"name": "a"}'), { ok: true, value: { name: 'a' } });
      const broken = readNewGpuClusterDocument('{"name": ');
      assert.ok(!broken.ok && /^the document is not valid JSON/.test(broken.message));
      const list = readNewGpuClusterDocument('[]');
      assert.ok(!list.ok && /one JSON object: the new GPU cluster/.test(list.message));
      assert.deepEqual(readNewGpuClusterDocument('{"flavor": "g3-ai-32-192-1500-l40s-48-1", "servers_count": 1, "flavor": "bm3"}'), {
        ok: false,
        message: 'the document has the key flavor twice: write it once',
      });
      assert.deepEqual(readNewGpuClusterDocument('{"servers_settings": {"interfaces": [{"type": "external", "type": "subnet"}]}}'), {
        ok: false,
        message: 'the document has the key servers_settings.interfaces.0.type twice: write it once',
      });
    });
  });

  describe('as it opens: valid as it stands, from the flavor it was started from and what the location offers', () => {
    it("takes the row's flavor, the image suggested for it, its boot size, one public server and a key of this machine", () => {
      const cluster = startingPayload(CATALOGUE, 'virtual', H100_IB);
      assert.deepEqual(cluster, {
        name: 'my-gpu-cluster',
        flavor: H100_IB,
        servers_count: 1,
        servers_settings: {
          interfaces: [{ type: 'external', ip_family: 'ipv4' }],
          volumes: [
            { source: 'image', image_id: INFINIBAND_IMAGE, size: 120, type: 'ssd_hiiops', name: 'my-gpu-cluster-boot', boot_index: 0 },
          ],
          credentials: { ssh_key_name: 'laptop' },
        },
      });
      assert.deepEqual(problemsOf({ ...cluster }), []);
    });

    it("starts a location's document from the first flavor in stock and the newest image that suits it, at the image's minimum", () => {
      const cluster = startingPayload(CATALOGUE, 'virtual');
      assert.equal(cluster.flavor, H100);
      assert.deepEqual(cluster.servers_settings.volumes?.[0], {
        source: 'image',
        image_id: NEW_IMAGE,
        size: 150,
        type: 'ssd_hiiops',
        name: 'my-gpu-cluster-boot',
        boot_index: 0,
      });
      assert.deepEqual(problemsOf({ ...cluster }), []);
    });

    it('names a bare-metal image at the top, without volumes, and no key when the project has none', () => {
      const catalogue = { ...CATALOGUE, images: [{ id: BM_IMAGE, name: 'bm-image' }], keys: [] };
      const cluster = startingPayload(catalogue, 'baremetal', BM);
      assert.deepEqual(cluster, {
        name: 'my-gpu-cluster',
        flavor: BM,
        image_id: BM_IMAGE,
        servers_count: 1,
        servers_settings: { interfaces: [{ type: 'external', ip_family: 'ipv4' }] },
      });
      assert.deepEqual(problemsOf({ ...cluster }, catalogue, 'baremetal'), []);
    });

    it('keeps the flavor it was started from when the location could not be read, and says the image is missing', () => {
      const cluster = JSON.parse(JSON.stringify(startingPayload({}, 'virtual', H100))) as Record<string, unknown>;
      assert.equal(cluster.flavor, H100);
      assert.deepEqual(problemsOf(cluster, {}), ['error servers_settings.volumes.0.image_id: is required for a volume from an image']);
    });
  });

  describe('problems, field by field', () => {
    it('finds none in a cluster of what the location offers', () => {
      assert.deepEqual(problemsOf(virtualCluster()), []);
    });

    it("names each field Gcore refuses as an error, with the prompts' messages", () => {
      const problems = problemsOf(
        virtualCluster((cluster) => {
          cluster.name = 'x';
          cluster.servers_count = 1000;
          cluster.colour = 'blue';
        }),
      );
      assert.deepEqual(problems, [
        'error name: must be at least 3 characters',
        'error servers_count: must be between 1 and 999',
        'error colour: unknown field',
      ]);
    });

    it('checks what a spec cannot say once the fields are right: the boot volume, the interfaces by type', () => {
      const problems = problemsOf(
        virtualCluster((cluster) => {
          cluster.servers_settings.volumes[0].boot_index = 1;
          cluster.servers_settings.interfaces.push({ type: 'subnet' });
        }),
      );
      assert.deepEqual(problems, [
        'error servers_settings.interfaces.1.network_id: is required for an interface of type subnet',
        'error servers_settings.interfaces.1.subnet_id: is required for an interface of type subnet',
        'error servers_settings.volumes: needs a boot volume from an image (boot_index 0, source "image")',
      ]);
    });

    it('warns of a flavor the location does not offer, offers of the other kind only, or has no servers of', () => {
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.flavor = 'g9-none'))), [
        'warning flavor: is not a virtual GPU flavor of this location (completion lists those it offers)',
      ]);
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.flavor = BM))), [
        'warning flavor: is a bare-metal flavor, and this document makes a virtual cluster: start New GPU Cluster from JSON from its row',
      ]);
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.flavor = L40S))), [
        'warning flavor: has no free servers in this location now, so Gcore will likely refuse the create',
      ]);
    });

    it("warns of an image the location does not list or that does not suit the flavor, and refuses a boot volume under the image's minimum", () => {
      const other = '28752f2a-df21-45b6-a14e-23007daffc44';
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.servers_settings.volumes[0].image_id = other))), [
        "warning servers_settings.volumes.0.image_id: is not an image of this location's virtual GPU clusters",
      ]);
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.servers_settings.volumes[0].image_id = ARM_IMAGE))), [
        `warning servers_settings.volumes.0.image_id: image ubuntu-22.04-arm does not suit flavor ${H100}`,
      ]);
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.servers_settings.volumes[0].size = 120))), [
        'error servers_settings.volumes.0.size: must be at least 150 GiB, the minimum of image ubuntu-24.04-580.126.20-open-13.0.2-vm',
      ]);
    });

    it('warns of a key the project lacks, and tells of one whose private half is not on this machine', () => {
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.servers_settings.credentials.ssh_key_name = 'nobody'))), [
        'warning servers_settings.credentials.ssh_key_name: is not an SSH key of this project (completion lists those it has)',
      ]);
      assert.deepEqual(problemsOf(virtualCluster((cluster) => (cluster.servers_settings.credentials.ssh_key_name = 'colleague'))), [
        'information servers_settings.credentials.ssh_key_name: its private key is not on this machine, so SSH from here will be refused',
      ]);
    });

    it('warns of a volume type the region does not offer, once the region said which it offers', () => {
      const cold = virtualCluster((cluster) => (cluster.servers_settings.volumes[0].type = 'cold'));
      assert.deepEqual(problemsOf(cold, { ...CATALOGUE, volumeTypes: ['ssd_hiiops', 'standard'] }), [
        'warning servers_settings.volumes.0.type: is not a volume type of this region (it offers ssd_hiiops, standard)',
      ]);
      assert.deepEqual(problemsOf(cold, { ...CATALOGUE, volumeTypes: ['cold', 'standard'] }), []);
      assert.deepEqual(problemsOf(cold), [], 'a region that did not say: every type goes');
    });

    it("opens with the region's own type for the boot volume when it lacks ssd_hiiops", () => {
      const cluster = startingPayload({ ...CATALOGUE, volumeTypes: ['standard', 'ultra'] }, 'virtual');
      assert.equal(cluster.servers_settings.volumes?.[0].type, 'standard');
      assert.equal(
        startingPayload({ ...CATALOGUE, volumeTypes: ['cold', 'ssd_hiiops'] }, 'virtual').servers_settings.volumes?.[0].type,
        'ssd_hiiops',
      );
    });

    it("checks a bare-metal cluster's image at the top, and says only the error of a field Gcore refuses", () => {
      const bareMetal = {
        name: 'bm-train',
        flavor: BM,
        image_id: BM_IMAGE,
        servers_count: 1,
        servers_settings: { interfaces: [{ type: 'external' }] },
      };
      const catalogue = { ...CATALOGUE, images: [{ id: BM_IMAGE, name: 'bm-image' }] };
      assert.deepEqual(problemsOf(bareMetal, catalogue, 'baremetal'), []);
      assert.deepEqual(problemsOf({ ...bareMetal, image_id: NEW_IMAGE }, catalogue, 'baremetal'), [
        "warning image_id: is not an image of this location's bare-metal GPU clusters",
      ]);
      assert.deepEqual(problemsOf({ ...bareMetal, flavor: '' }, catalogue, 'baremetal'), ['error flavor: must not be empty']);
    });

    it('checks nothing against what the location offers when it could not be read', () => {
      const cluster = virtualCluster((cluster) => {
        cluster.flavor = 'g9-none';
        cluster.servers_settings.credentials.ssh_key_name = 'nobody';
      });
      assert.deepEqual(problemsOf(cluster, {}), []);
    });
  });

  describe("New GPU Cluster from JSON's argument", () => {
    it('takes the location, a kind (virtual by default) and a flavor to start from, naming a bad field', () => {
      assert.deepEqual(validateNewGpuClusterJsonArgs({ ...WHERE }), { ok: true, value: { ...WHERE, kind: 'virtual' } });
      assert.deepEqual(validateNewGpuClusterJsonArgs({ ...WHERE, kind: 'baremetal', flavor: BM }), {
        ok: true,
        value: { ...WHERE, kind: 'baremetal', flavor: BM },
      });
      const bad = validateNewGpuClusterJsonArgs({ projectId: 0, regionId: 76, kind: 'gpu', flavor: 7 });
      assert.ok(!bad.ok);
      assert.deepEqual(
        bad.problems.map((problem) => problem.field),
        ['projectId', 'kind', 'flavor'],
      );
      assert.ok(!validateNewGpuClusterJsonArgs('1/76').ok);
    });
  });
});
