import * as assert from 'node:assert/strict';
import { validateConnectGpuServerArgs, validateGpuSshArgs } from '../../../../../src/models/gpu/ssh/gpuSshArgs';

const CLUSTER = '0DD60286-1c3a-4bd1-9a4f-5b0f2c9e7d11';

describe('the arguments of Open in VS Code and Copy SSH Command', () => {
  it('opens and writes nothing unless asked, and reads ids in lower case', () => {
    const result = validateConnectGpuServerArgs({ projectId: 1, regionId: 7, clusterId: CLUSTER });
    assert.deepEqual(result, {
      ok: true,
      value: { projectId: 1, regionId: 7, clusterId: CLUSTER.toLowerCase(), kind: 'virtual', open: false, writeSshConfig: false },
    });
  });

  it('refuses a window without the entry written, a relative folder and a bad server id, naming each field', () => {
    const result = validateConnectGpuServerArgs({
      projectId: 1,
      regionId: 7,
      clusterId: CLUSTER,
      open: true,
      folder: 'work',
      serverId: 'x',
    });
    assert.equal(result.ok, false);
    assert.deepEqual(!result.ok && result.problems.map((problem) => problem.field).sort(), ['folder', 'serverId', 'writeSshConfig']);
  });

  it('takes a server or none for Copy SSH Command, and nothing else', () => {
    assert.equal(validateGpuSshArgs({ projectId: 1, regionId: 7, clusterId: CLUSTER }).ok, true);
    const result = validateGpuSshArgs({ projectId: 1, regionId: 7, clusterId: CLUSTER, open: true });
    assert.deepEqual(!result.ok && result.problems.map((problem) => problem.field), ['open']);
  });
});
