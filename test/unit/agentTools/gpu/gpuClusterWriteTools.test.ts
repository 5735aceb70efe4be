import * as assert from 'node:assert/strict';
import type { ToolWrite, ToolWrites } from '../../../../src/agentTools';
import { gpuClusterChange } from '../../../../src/models/gpu/gpuCluster';
import { stableUuid } from '../../../emulator/gpu-servers';
import { assertRefused, confirmation, LOCATION, run, startTools, stopTools, tool, writesReceived, type ToolHarness } from '../toolHarness';

const TRAIN = stableUuid(7, 76, 'virtual', 'train-h100');
const BARE_METAL = stableUuid(7, 76, 'baremetal', 'bm-h100-train');
const V3 = '/cloud/v3/gpu/virtual/7/76/clusters';

describe('GPU cluster write tools against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  /** The write a tool declares, caught where a surface would send it. */
  async function declared(name: string, input: unknown): Promise<ToolWrite<unknown>> {
    const caught: ToolWrite<unknown>[] = [];
    const catching: ToolWrites = {
      send: async (write) => {
        caught.push(write as ToolWrite<unknown>);
        return { tasks: ['t-1'] } as never;
      },
    };
    const definition = tool(name);
    await definition.invoke(definition.parse(input), { ...h.context, writes: catching });
    assert.equal(caught.length, 1);
    return caught[0];
  }

  describe('gcore_gpuClusterAction', () => {
    const stop = { ...LOCATION, clusterId: TRAIN, action: 'stop' };

    it('confirms a virtual stop with what stops, what is erased and what keeps costing, sending nothing', async () => {
      const { title, message } = await confirmation('gcore_gpuClusterAction', stop, h);
      assert.equal(title, 'Stop GPU cluster train-h100 in project 7, region 76?');
      assert.match(
        message,
        /shelves its servers: their local disks are erased, and billing for the servers stops \(volumes and floating IPs keep costing\)/,
      );
      assert.match(message, /Starting it again needs free capacity/);
      assert.match(message, /^Now: active, 2 servers of g3-ai-24-232-1000-h100-80-1\.$/m);
      assert.deepEqual(writesReceived(h), []);
    });

    it('confirms a bare-metal stop as a power-off that keeps billing', async () => {
      const { message } = await confirmation('gcore_gpuClusterAction', { ...stop, kind: 'baremetal', clusterId: BARE_METAL }, h);
      assert.match(message, /powers its bare-metal servers off\. Their disks are kept, and billing continues/);
    });

    it('declares gcore.gpuClusterAction with its argument, its tasks followed under the cluster name', async () => {
      const write = await declared('gcore_gpuClusterAction', stop);
      assert.equal(write.command, 'gcore.gpuClusterAction');
      assert.deepEqual(write.argument, { ...stop, kind: 'virtual' });
      assert.deepEqual(write.follows, gpuClusterChange({ ...LOCATION, kind: 'virtual', clusterId: TRAIN }, 'train-h100', 'stop'));
    });

    it('sends exactly {"action":"stop"} through the client and names the task', async () => {
      const result = await run(tool('gcore_gpuClusterAction'), stop, h);
      assert.deepEqual(writesReceived(h), [{ method: 'POST', path: `${V3}/${TRAIN}/action`, query: {}, body: { action: 'stop' } }]);
      assert.match(result.text, /^Sent stop to GPU cluster train-h100\. Tasks: /);
    });

    it('refuses a bad argument naming the field before any request', () => {
      assertRefused(tool('gcore_gpuClusterAction'), { ...stop, clusterId: 'train-h100' }, /clusterId/, h);
      assertRefused(tool('gcore_gpuClusterAction'), { ...stop, action: 'pause' }, /action/, h);
    });
  });

  describe('gcore_resizeGpuCluster', () => {
    it('confirms a bare-metal shrink saying Gcore picks the node, and resizes through the v1 path', async () => {
      const input = { ...LOCATION, kind: 'baremetal', clusterId: BARE_METAL, serversCount: 1 };
      const { title, message } = await confirmation('gcore_resizeGpuCluster', input, h);
      assert.equal(title, 'Resize GPU cluster bm-h100-train in project 7, region 76 to 1 servers?');
      assert.match(message, /goes from 2 to 1 servers\. Gcore picks the bare-metal node it removes/);
      const write = await declared('gcore_resizeGpuCluster', input);
      assert.equal(write.command, 'gcore.resizeGpuCluster');
      assert.equal(write.follows?.action, 'resize');
      await run(tool('gcore_resizeGpuCluster'), input, h);
      assert.deepEqual(writesReceived(h), [
        { method: 'POST', path: `/cloud/v1/ai/clusters/gpu/7/76/${BARE_METAL}/resize`, query: {}, body: { instances_count: 1 } },
      ]);
    });
  });

  describe('gcore_deleteGpuCluster', () => {
    it('confirms what goes and what is kept and keeps costing, and sends the flags in the query', async () => {
      const input = { ...LOCATION, clusterId: TRAIN, deleteFloatingIps: true };
      const { title, message } = await confirmation('gcore_deleteGpuCluster', input, h);
      assert.equal(title, 'Delete GPU cluster train-h100 in project 7, region 76?');
      assert.match(message, /^GPU cluster train-h100 and all its servers go, with their local disks; this cannot be undone\.$/m);
      assert.match(message, /^Its volumes are kept, and keep costing\.$/m);
      assert.match(message, /^Its floating IPs are deleted\.$/m);
      const write = await declared('gcore_deleteGpuCluster', input);
      assert.deepEqual(write.argument, { ...input, kind: 'virtual' });
      assert.equal(write.follows?.label, 'train-h100');
      await run(tool('gcore_deleteGpuCluster'), input, h);
      assert.deepEqual(writesReceived(h), [{ method: 'DELETE', path: `${V3}/${TRAIN}`, query: { all_floating_ips: 'true' } }]);
    });
  });

  describe('gcore_setGpuLease', () => {
    const lease = { ...LOCATION, clusterId: TRAIN, hours: 8 };

    it('confirms when the cluster will be stopped and that VS Code must run for it, sending nothing', async () => {
      const { title, message } = await confirmation('gcore_setGpuLease', { ...lease, stopWithoutAsking: true }, h);
      assert.equal(title, 'Stop GPU cluster train-h100 in project 7, region 76 in 8 hours?');
      assert.match(message, /^GPU cluster train-h100 is stopped at .+ without asking\.$/m);
      assert.match(message, /while VS Code runs with the Gcore extension/);
      assert.deepEqual(writesReceived(h), []);
      const removal = await confirmation('gcore_setGpuLease', { ...lease, hours: null }, h);
      assert.equal(removal.title, 'Remove the lease of GPU cluster train-h100 in project 7, region 76?');
    });

    it('declares gcore.setGpuLease with its argument, and sends one PATCH of the lease tag alone through the client', async () => {
      const write = await declared('gcore_setGpuLease', lease);
      assert.equal(write.command, 'gcore.setGpuLease');
      assert.deepEqual(write.argument, { ...lease, kind: 'virtual' });
      const result = await run(tool('gcore_setGpuLease'), lease, h);
      const [patch, ...more] = writesReceived(h);
      assert.deepEqual(more, []);
      assert.equal(patch.method, 'PATCH');
      assert.equal(patch.path, `${V3}/${TRAIN}`);
      assert.match(JSON.stringify(patch.body), /^\{"tags":\{"gcore-vscode-lease":"until=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ;stop=ask"\}\}$/);
      assert.match(result.text, /^GPU cluster train-h100 is stopped at .+, after you confirm\.$/);
      await run(tool('gcore_setGpuLease'), { ...lease, hours: null }, h);
      assert.deepEqual(writesReceived(h).at(-1)?.body, { tags: { 'gcore-vscode-lease': null } });
    });

    it('refuses hours out of range naming the field before any request', () => {
      assertRefused(tool('gcore_setGpuLease'), { ...lease, hours: 0 }, /hours/, h);
      assertRefused(tool('gcore_setGpuLease'), { ...lease, hours: 721 }, /hours/, h);
    });
  });
});
