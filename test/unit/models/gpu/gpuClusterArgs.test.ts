import * as assert from 'node:assert/strict';
import {
  validateDeleteGpuClusterArgs,
  validateGpuClusterActionArgs,
  validateGpuServerArgs,
  validateResizeGpuClusterArgs,
} from '../../../../src/models/gpu/gpuClusterArgs';

const CLUSTER = { projectId: 1, regionId: 76, clusterId: '058E03B4-C44B-4684-9075-810CB0354467' };

describe('GPU cluster command arguments', () => {
  it('reads a cluster as virtual unless told, its id in lower case as Gcore writes it', () => {
    assert.deepEqual(validateGpuClusterActionArgs({ ...CLUSTER, action: 'stop' }), {
      ok: true,
      value: { ...CLUSTER, clusterId: '058e03b4-c44b-4684-9075-810cb0354467', kind: 'virtual', action: 'stop' },
    });
  });

  it('refuses an id that is not a UUID, an unknown kind and an unknown action, naming each field', () => {
    const result = validateGpuClusterActionArgs({ ...CLUSTER, clusterId: 'prod-cluster-1', kind: 'metal', action: 'shelve' });
    assert.equal(result.ok, false);
    assert.deepEqual(!result.ok && result.problems.map((problem) => problem.field).sort(), ['action', 'clusterId', 'kind']);
  });

  it('bounds a resize to 1..999 servers and refuses a server id that is not a UUID', () => {
    for (const serversCount of [0, 1000, 2.5]) {
      const result = validateResizeGpuClusterArgs({ ...CLUSTER, serversCount });
      assert.equal(result.ok, false, String(serversCount));
      assert.equal(!result.ok && result.problems[0].field, 'serversCount');
    }
    assert.equal(validateResizeGpuClusterArgs({ ...CLUSTER, kind: 'baremetal', serversCount: 999 }).ok, true);
    const server = validateGpuServerArgs({ ...CLUSTER, serverId: '42' });
    assert.equal(!server.ok && server.problems[0].field, 'serverId');
  });

  it('takes the delete flags as booleans, refuses a field it does not know, and a volume choice for bare metal', () => {
    assert.equal(validateDeleteGpuClusterArgs({ ...CLUSTER, deleteVolumes: false, deleteFloatingIps: true }).ok, true);
    const wrong = validateDeleteGpuClusterArgs({ ...CLUSTER, deleteVolumes: 'no', keepDisks: true });
    assert.deepEqual(!wrong.ok && wrong.problems.map((problem) => problem.field), ['deleteVolumes', 'keepDisks']);
    for (const deleteVolumes of [true, false]) {
      const bareMetal = validateDeleteGpuClusterArgs({ ...CLUSTER, kind: 'baremetal', deleteVolumes });
      assert.deepEqual(bareMetal.ok ? [] : bareMetal.problems, [
        {
          field: 'deleteVolumes',
          message: 'is not a choice for a bare-metal cluster, whose disks are local and go with its servers: leave it out',
        },
      ]);
    }
    assert.equal(validateDeleteGpuClusterArgs({ ...CLUSTER, kind: 'baremetal', deleteFloatingIps: true }).ok, true);
  });
});
