import * as assert from 'node:assert/strict';
import {
  changeOfTaskType,
  clusterOfChangeName,
  gpuClusterChange,
  clustersOfTask,
  createdClusterId,
  GPU_CLUSTER_TASK_TYPES,
  isBusy,
  offeredActions,
} from '../../../src/models/gpuCluster';

const ID = '058e03b4-c44b-4684-9075-810cb0354467';

describe('GPU cluster states', () => {
  it('offers Start only when shut off, Stop, Reboot and Resize only when active, Delete unless it is being deleted', () => {
    const offers = (status: string | null, busy = false) => [...offeredActions({ status }, busy)].sort();
    assert.deepEqual(offers('shutoff'), ['delete', 'start']);
    assert.deepEqual(offers('ACTIVE'), ['delete', 'reboot', 'resize', 'stop']);
    assert.deepEqual(offers('error'), ['delete']);
    assert.deepEqual(offers('migrating'), ['delete'], 'a status Gcore may add later allows no power action');
    assert.deepEqual(offers('creating'), ['delete'], 'a create that hangs can be given up');
    assert.deepEqual(offers('deleting'), []);
    assert.deepEqual(offers('active', true), ['delete'], 'nothing else while a task of the cluster runs');
  });

  it('counts a cluster busy while its status moves, a server names a task, or a change is followed', () => {
    assert.equal(isBusy({ status: 'resizing' }), true);
    assert.equal(isBusy({ status: 'active' }), false);
    assert.equal(isBusy({ status: 'active' }, [{ task_id: null }, { task_id: 't-1' }]), true);
    assert.equal(isBusy({ status: 'shutoff' }, [], true), true);
  });

  it('reads the change of every GPU task type, and none of another', () => {
    assert.deepEqual(changeOfTaskType('stop_gpu_virtual_cluster'), { kind: 'virtual', change: 'stop' });
    assert.deepEqual(changeOfTaskType('downscale_ai_cluster_gpu'), { kind: 'baremetal', change: 'resize' });
    assert.equal(changeOfTaskType('patch_caas_container'), undefined);
    assert.equal(GPU_CLUSTER_TASK_TYPES.includes('create_ai_cluster_gpu'), true);
  });

  it('finds the cluster an active task changes in its parameters, its created resources or a server’s task', () => {
    const ids = new Set([ID, 'ffffffff-c44b-4684-9075-810cb0354467']);
    assert.deepEqual(clustersOfTask({ id: 't-1', state: 'RUNNING', data: { cluster_id: ID.toUpperCase() } }, ids), [ID]);
    assert.deepEqual(clustersOfTask({ id: 't-2', state: 'RUNNING', created_resources: { ai_clusters: [ID] } }, ids), [ID]);
    const servers = new Map([['ffffffff-c44b-4684-9075-810cb0354467', [{ id: 's', name: 's', task_id: 't-3' }]]]);
    assert.deepEqual(clustersOfTask({ id: 't-3', state: 'RUNNING' }, ids, servers), ['ffffffff-c44b-4684-9075-810cb0354467']);
    assert.deepEqual(clustersOfTask({ id: 't-4', state: 'RUNNING', data: { name: 'other' } }, ids), []);
  });

  it('reads the created cluster from clusters, or from ai_clusters where the virtual guide reads it', () => {
    assert.equal(createdClusterId({ id: 't', state: 'FINISHED', created_resources: { clusters: [ID] } }), ID);
    assert.equal(createdClusterId({ id: 't', state: 'FINISHED', created_resources: { ai_clusters: [ID] } }), ID);
    assert.equal(createdClusterId({ id: 't', state: 'RUNNING', created_resources: null }), undefined);
  });
});

describe('GPU cluster changes', () => {
  it('names a change by product and id, with the cluster’s name for people, and reads the id back', () => {
    const change = gpuClusterChange({ projectId: 1, regionId: 76, kind: 'baremetal', clusterId: ID }, 'bm-1', 'stop');
    assert.deepEqual(change, { kind: 'gpuCluster', projectId: 1, regionId: 76, name: `baremetal:${ID}`, label: 'bm-1', action: 'stop' });
    assert.deepEqual(clusterOfChangeName(change.name), { kind: 'baremetal', clusterId: ID });
    assert.equal(clusterOfChangeName('web-app'), undefined);
  });
});
