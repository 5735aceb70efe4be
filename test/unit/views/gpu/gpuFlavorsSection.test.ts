import * as assert from 'node:assert/strict';
import { loadOnce } from '../../../../src/core/loadOnce';
import { gpuFlavorsSection } from '../../../../src/views/gpu/gpuFlavorsSection';
import { GPU_SECTION } from '../../../../src/views/gpu/gpuNodes';
import type { TreeNode } from '../../../../src/views/treeNodes';
import { CANCELLED, FakeSectionView, MISSING, SERVER_ERROR, failed, ids, labels } from '../../support/fakeSectionView';
import { CLUSTER_ID, FakeClusterReads, FakeFlavors, LOCATION, asReads } from './gpuSectionFakes';

function section(options: { problems?: string[]; readsFail?: number } = {}) {
  const flavors = new FakeFlavors();
  const reads = new FakeClusterReads();
  const view = new FakeSectionView();
  let failures = options.readsFail ?? 0;
  const gpu = gpuFlavorsSection({
    flavors,
    view,
    locations: () => ({ locations: [LOCATION], problems: options.problems ?? [] }),
    clusters: {
      reads: loadOnce(async () => {
        if (failures-- > 0) throw new Error('dist/features.js is unreadable');
        return asReads(reads);
      }),
      changesAt: () => new Map(),
      rename: () => undefined,
      log: { warn: () => undefined },
      sawLeases: () => undefined,
    },
  });
  return { gpu, flavors, reads, view };
}

type Gpu = ReturnType<typeof section>['gpu'];

async function locationRow(gpu: Gpu): Promise<TreeNode> {
  const [row] = await gpu.children(GPU_SECTION);
  return row;
}

/** The Clusters row of the location, once its flavors are all read. */
async function clustersRow(gpu: Gpu): Promise<TreeNode> {
  const [row] = await gpu.children(await locationRow(gpu));
  return row;
}

describe('the GPU section', () => {
  it('shows a row per location and counts the skipped entries of gcore.locations', async () => {
    const { gpu } = section({ problems: ['gcore.locations[1] was skipped'] });
    const rows = await gpu.children(GPU_SECTION);
    assert.deepEqual(ids(rows), ['gpu/1/76', 'gpu/invalid-locations']);
  });

  it('expands a location to its Clusters row and virtual flavors at once, the bare-metal ones once read', async () => {
    const { gpu, view } = section();
    const location = await locationRow(gpu);
    assert.deepEqual(ids(await gpu.children(location)), ['gpu/1/76/clusters', 'gpu/1/76/g2-gpu-1']);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(view.refreshed, [location]);
    assert.deepEqual(ids(await gpu.children(location)), ['gpu/1/76/clusters', 'gpu/1/76/g2-gpu-1', 'gpu/1/76/baremetal/bm3-ai-1']);
    assert.equal(view.progressShown, 2);
  });

  it('makes the rows of one load of flavors once, and draws them when VS Code asks', async () => {
    const { gpu } = section();
    const location = await locationRow(gpu);
    const [, first] = await gpu.children(location);
    const [, again] = await gpu.children(location);
    assert.equal(first, again);
    assert.equal(first.view, undefined);
    assert.equal(gpu.view?.(first).label, 'g2-gpu-1');
    assert.match(gpu.resolveTooltip?.(first) ?? '', /### g2\\-gpu\\-1/);
    assert.throws(() => gpu.view?.(location), /draws itself/);
  });

  it('says why a location has no flavors, and shows failures as error rows, bare metal’s only when it has a list', async () => {
    const { gpu, flavors } = section();
    flavors.virtual = { state: 'loaded', list: { count: 0, results: [] }, filters: flavors.filtersNow };
    flavors.baremetalSettled = true;
    flavors.baremetal = failed(MISSING);
    const location = await locationRow(gpu);
    assert.deepEqual(labels(await gpu.children(location)), [
      'Clusters',
      'No GPU flavors here (disabled flavors are hidden by gcore.gpuFlavors.hideDisabled)',
    ]);
    flavors.virtual = { state: 'failed', error: SERVER_ERROR, filters: flavors.filtersNow };
    flavors.baremetal = failed(SERVER_ERROR);
    assert.deepEqual(ids(await gpu.children(location)), ['gpu/1/76/clusters', 'gpu/1/76/error', 'gpu/1/76/error-baremetal']);
  });

  it('reads the flavors again when a Refresh cancelled them', async () => {
    const { gpu, flavors } = section();
    const answers = [{ state: 'failed' as const, error: CANCELLED, filters: flavors.filtersNow }, flavors.virtual];
    let calls = 0;
    flavors.load = async () => answers[Math.min(calls++, 1)];
    assert.deepEqual(
      (await gpu.children(await locationRow(gpu))).slice(0, 2).map((row) => row.id),
      ['gpu/1/76/clusters', 'gpu/1/76/g2-gpu-1'],
    );
    assert.equal(calls, 2);
  });

  it('expands Clusters to the clusters through their code, loaded then, and a cluster to its servers', async () => {
    const { gpu } = section();
    const clusters = await clustersRow(gpu);
    const [cluster] = await gpu.children(clusters);
    assert.equal(cluster.id, `gpu/1/76/clusters/virtual/${CLUSTER_ID}`);
    assert.equal(cluster.view?.label, 'trainer');
    const [server] = await gpu.children(cluster);
    assert.equal(server.id, `gpu/1/76/clusters/virtual/${CLUSTER_ID}/server-1`);
    gpu.dispose();
  });

  it('shows clusters’ code that failed to load as an error row, and loads it again on the next expansion', async () => {
    const { gpu } = section({ readsFail: 1 });
    const clusters = await clustersRow(gpu);
    const [failure] = await gpu.children(clusters);
    assert.equal(failure.view?.label, 'Failed to load GPU clusters');
    assert.deepEqual(labels(await gpu.children(clusters)), ['trainer']);
    gpu.dispose();
  });

  it('says once per location, in place of its Clusters row, that this API has no GPU clusters, until a Refresh', async () => {
    const { gpu, reads, view } = section();
    reads.lists = { ...reads.lists, virtual: failed(MISSING) };
    const location = await locationRow(gpu);
    const [clusters] = await gpu.children(location);
    assert.deepEqual(await gpu.children(clusters), []);
    assert.ok(view.refreshed.includes(location));
    const [quiet] = await gpu.children(location);
    assert.equal(quiet.id, 'gpu/1/76/clusters-unavailable');
    assert.equal(quiet.view?.label, 'GPU clusters are not available from this API');
    gpu.invalidate(GPU_SECTION);
    assert.equal((await gpu.children(location))[0].id, 'gpu/1/76/clusters');
    gpu.dispose();
  });

  it('reads again what a Refresh names, the clusters only once their code has loaded', async () => {
    const { gpu, flavors, reads } = section();
    const location = await locationRow(gpu);
    assert.equal(gpu.invalidate(location), location);
    assert.deepEqual(reads.invalidated, []);
    const clusters = await clustersRow(gpu);
    const [cluster] = await gpu.children(clusters);
    const [server] = await gpu.children(cluster);
    assert.equal(gpu.invalidate(clusters), clusters);
    assert.equal(gpu.invalidate(cluster), clusters);
    assert.equal(gpu.invalidate(server), cluster);
    assert.equal(gpu.invalidate(GPU_SECTION), GPU_SECTION);
    assert.deepEqual(flavors.invalidated, ['1/76', 'all']);
    assert.deepEqual(reads.invalidated, [
      'clusters 1/76',
      'clusters 1/76 virtual',
      `servers ${CLUSTER_ID}`,
      `servers ${CLUSTER_ID}`,
      'clusters all',
    ]);
    assert.equal(gpu.invalidate(server.parent!.parent!), clusters);
    gpu.dispose();
  });
});
