import * as assert from 'node:assert/strict';
import type { GpuCluster } from '../../../../src/api/gpu/gpuClusterTypes';
import type { Task } from '../../../../src/api/types';
import type { ChangeSubject } from '../../../../src/loaders/taskPoller';
import { newClusterChange } from '../../../../src/models/gpu/gpuCluster';
import { LEASE_TAG } from '../../../../src/models/gpu/gpuLease';
import { MissingList } from '../../../../src/views/kit/missingList';
import { quietRow } from '../../../../src/views/kit/rows';
import { ClusterRows } from '../../../../src/views/gpu/gpuClusterRows';
import { gpuClustersNode, gpuLocationNode, type GpuClusterNode } from '../../../../src/views/gpu/gpuNodes';
import { FakeSectionView, MISSING, SERVER_ERROR, failed, ids, labels, loaded } from '../../support/fakeSectionView';
import { CLUSTER_ID, FakeClusterReads, FakeFlavors, LOCATION, asReads, cloudList } from './gpuSectionFakes';

const CLUSTERS = gpuClustersNode(gpuLocationNode(LOCATION));

function rows(options: { changes?: ChangeSubject[] } = {}) {
  const reads = new FakeClusterReads();
  const view = new FakeSectionView();
  const renamed: [string, string][] = [];
  const leases: string[] = [];
  const changes = new Map((options.changes ?? []).map((subject) => [subject.name, subject]));
  const clusterRows = new ClusterRows({
    reads: asReads(reads),
    flavors: new FakeFlavors(),
    view,
    unavailable: new MissingList(view, (parent) => quietRow(parent, 'clusters-unavailable', 'x', 'y')),
    changesAt: () => changes,
    rename: (from, to) => renamed.push([from.name, to.name]),
    log: { warn: () => undefined },
    sawLeases: (location, clusters) => leases.push(`${location.kind}: ${clusters.map((cluster) => cluster.name).join(', ')}`),
  });
  return { clusterRows, reads, view, renamed, leases };
}

describe('the rows of a location’s GPU clusters', () => {
  it('lists each kind’s clusters, an error row for a kind whose list failed, nothing for a bare metal this API lacks', async () => {
    const { clusterRows, reads } = rows();
    reads.lists = { ...reads.lists, baremetal: failed(MISSING) };
    assert.deepEqual(labels(await clusterRows.clusterRows(CLUSTERS)), ['trainer']);
    reads.lists = { ...reads.lists, baremetal: failed(SERVER_ERROR) };
    assert.deepEqual(ids(await clusterRows.clusterRows(CLUSTERS)), [
      `gpu/1/76/clusters/virtual/${CLUSTER_ID}`,
      'gpu/1/76/clusters/error-baremetal',
    ]);
    clusterRows.dispose();
  });

  it('says when a location has no clusters, and marks the section’s missing list when this API has none', async () => {
    const { clusterRows, reads, view } = rows();
    reads.lists = { ...reads.lists, virtual: loaded(cloudList<GpuCluster>([])) };
    assert.deepEqual(labels(await clusterRows.clusterRows(CLUSTERS)), ['No GPU clusters in this location']);
    reads.lists = { ...reads.lists, virtual: failed(MISSING) };
    assert.deepEqual(await clusterRows.clusterRows(CLUSTERS), []);
    assert.deepEqual(view.refreshed, [CLUSTERS.parent]);
  });

  it('marks busy a cluster at rest whose task runs, by the location’s active tasks', async () => {
    const { clusterRows, reads } = rows();
    const task = { id: 'task-1', state: 'RUNNING', task_type: 'stop_gpu_virtual_cluster', data: { cluster_id: CLUSTER_ID } };
    reads.lists = { ...reads.lists, tasks: loaded(cloudList<Task>([task as unknown as Task])) };
    const [cluster] = await clusterRows.clusterRows(CLUSTERS);
    assert.equal((cluster as GpuClusterNode).view.icon?.id, 'sync~spin');
    clusterRows.dispose();
  });

  it('follows a create followed by name alone under the id of the cluster listed now', async () => {
    const created = newClusterChange({ ...LOCATION, kind: 'virtual' }, 'fresh');
    const { clusterRows, reads, renamed } = rows({ changes: [created] });
    reads.lists = {
      ...reads.lists,
      virtual: loaded(cloudList<GpuCluster>([{ id: CLUSTER_ID, name: 'fresh', status: 'creating' }])),
    };
    const [cluster] = await clusterRows.clusterRows(CLUSTERS);
    assert.deepEqual(renamed, [['virtual:new:fresh', `virtual:${CLUSTER_ID}`]]);
    assert.match(cluster.view?.description ?? '', /Creating/);
    clusterRows.dispose();
  });

  it('hands every list to the lease clock once one cluster had a lease', async () => {
    const { clusterRows, reads, leases } = rows();
    await clusterRows.clusterRows(CLUSTERS);
    assert.deepEqual(leases, []);
    const leased: GpuCluster = {
      id: CLUSTER_ID,
      name: 'trainer',
      status: 'active',
      tags: [{ key: LEASE_TAG, value: 'stop@2030-01-01T00:00:00Z' }],
    };
    reads.lists = { ...reads.lists, virtual: loaded(cloudList<GpuCluster>([leased])) };
    await clusterRows.clusterRows(CLUSTERS);
    reads.lists = { ...reads.lists, virtual: loaded(cloudList<GpuCluster>([])) };
    await clusterRows.clusterRows(CLUSTERS);
    assert.deepEqual(leases, ['virtual: trainer', 'baremetal: ', 'virtual: ', 'baremetal: ']);
  });

  it('lists a cluster’s servers with their images, says when it has none, and shows a failure as an error row', async () => {
    const { clusterRows, reads } = rows();
    const [cluster] = (await clusterRows.clusterRows(CLUSTERS)) as GpuClusterNode[];
    const [server] = await clusterRows.serverRows(cluster);
    assert.equal(server.view?.label, 'trainer-1');
    reads.serverList = loaded(cloudList([]));
    assert.deepEqual(labels(await clusterRows.serverRows(cluster)), ['No servers in this cluster']);
    reads.serverList = failed(SERVER_ERROR);
    assert.deepEqual(labels(await clusterRows.serverRows(cluster)), ['Failed to load the servers of trainer']);
    reads.serverList = loaded(cloudList([], { incomplete: true }));
    assert.deepEqual(labels(await clusterRows.serverRows(cluster)), ['Gcore may have more servers than these']);
    clusterRows.dispose();
  });
});
