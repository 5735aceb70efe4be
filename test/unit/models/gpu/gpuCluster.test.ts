import * as assert from 'node:assert/strict';
import {
  changeOfTaskType,
  clusterOfChangeName,
  gpuClusterChange,
  clustersOfTask,
  createdClusterAmong,
  createdClusterId,
  GPU_CLUSTER_TASK_TYPES,
  isBusy,
  newClusterChange,
  newClusterOfChangeName,
  offeredActions,
} from '../../../../src/models/gpu/gpuCluster';

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

  it('names a create not listed yet by product and name, and reads them back, spaces and colons in the name too', () => {
    const change = newClusterChange({ projectId: 1, regionId: 76, kind: 'virtual' }, 'my: train 1');
    assert.deepEqual(change, {
      kind: 'gpuCluster',
      projectId: 1,
      regionId: 76,
      name: 'virtual:new:my: train 1',
      label: 'my: train 1',
      action: 'create',
    });
    assert.deepEqual(newClusterOfChangeName(change.name), { kind: 'virtual', clusterName: 'my: train 1' });
    assert.equal(clusterOfChangeName(change.name), undefined);
    assert.equal(newClusterOfChangeName(`virtual:${ID}`), undefined);
  });

  it('finds the cluster a create followed by name made: the only one of that name being created that no change follows', () => {
    const OTHER = 'ffffffff-c44b-4684-9075-810cb0354467';
    const old = { id: 'aaaaaaaa-c44b-4684-9075-810cb0354467', name: 'train', status: 'active' };
    const made = { id: ID.toUpperCase(), name: 'train', status: 'CREATING' };
    assert.equal(createdClusterAmong([old, made], 'train', new Set()), ID, 'one made before, at rest, is not it');
    assert.equal(createdClusterAmong([old], 'train', new Set()), undefined, 'not listed yet');
    assert.equal(
      createdClusterAmong([made, { id: OTHER, name: 'train', status: 'creating' }], 'train', new Set()),
      undefined,
      'two: which is unknown',
    );
    assert.equal(createdClusterAmong([made, { id: OTHER, name: 'train', status: 'creating' }], 'train', new Set([OTHER])), ID);
  });
});
