import * as assert from 'node:assert/strict';
import { gpuClusterChange } from '../../../../src/models/gpu/gpuCluster';
import { leaseFor } from '../../../../src/models/gpu/gpuLease';
import { sendGpuClusterDelete, sendGpuClusterLease, sendGpuClusterResize } from '../../../../src/writes/gpu/gpuClusterWrites';
import { stableUuid } from '../../../emulator/gpu-servers';
import { startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

const LOCATION = { projectId: 7, regionId: 76, kind: 'virtual' as const };
const TRAIN = { ...LOCATION, clusterId: stableUuid(7, 76, 'virtual', 'train-h100') };
const TRAIN_PATH = `/cloud/v3/gpu/virtual/7/76/clusters/${TRAIN.clusterId}`;

/* What a change of a GPU cluster sends, the same from its commands, the lease clock and the MCP server's tools. */
describe("the GPU clusters' write path", () => {
  let h: Harness;
  let log: ReturnType<typeof recordedLog>;
  beforeEach(async () => {
    h = await startHarness(undefined, { demo: true });
    log = recordedLog();
  });
  afterEach(() => stopHarness(h));

  const deps = () => ({ client: h.client, log });
  const requests = () => h.emulator.requests.map((request) => [request.method, request.path, request.json]);

  it('sends each change once, answered with its tasks, the cluster they change and the list to read again', async () => {
    const named = { ...TRAIN, clusterName: 'train-h100' };
    const resized = await sendGpuClusterResize(deps(), named, 3);
    assert.deepEqual(requests(), [['POST', `${TRAIN_PATH}/action`, { action: 'resize', servers_count: 3 }]]);
    assert.deepEqual(resized.change, gpuClusterChange(TRAIN, 'train-h100', 'resize'));
    assert.deepEqual(resized.stale, LOCATION);
    assert.ok(resized.result.tasks.length > 0);
    assert.deepEqual(log.lines, [`info GPU cluster train-h100 resize sent (tasks ${resized.result.tasks.join(', ')})`]);
  });

  it('reads a cluster named by its id alone first, for the name people are told', async () => {
    const deleted = await sendGpuClusterDelete(deps(), TRAIN, { deleteFloatingIps: true });
    assert.deepEqual(
      requests().map(([method, path]) => [method, path]),
      [
        ['GET', TRAIN_PATH],
        ['DELETE', TRAIN_PATH],
      ],
    );
    assert.equal(deleted.change.label, 'train-h100');
  });

  it('sets a lease as one merge patch of its tag alone, with nothing to follow', async () => {
    const cluster = await sendGpuClusterLease(deps(), TRAIN, leaseFor(Date.parse('2030-01-01T00:00:00Z'), 2, false));
    assert.deepEqual(requests(), [['PATCH', TRAIN_PATH, { tags: { 'gcore-vscode-lease': 'until=2030-01-01T02:00:00Z;stop=ask' } }]]);
    assert.equal(cluster.name, 'train-h100');
    assert.deepEqual(log.lines, ['info GPU cluster train-h100 lease set']);
  });
});
