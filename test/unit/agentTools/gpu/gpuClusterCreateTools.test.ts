import * as assert from 'node:assert/strict';
import { virtualClusterBody } from '../../../support/gpuClusterBodies';
import { assertRefused, confirmation, LOCATION, run, startTools, stopTools, tool, writesReceived, type ToolHarness } from '../toolHarness';

const CLUSTER = virtualClusterBody({ name: 'new-train' });
const CREATE = { ...LOCATION, cluster: CLUSTER };
const PRICING = '/cloud/v2/pricing/7/76/gpu/virtual/clusters';
const CHECK_LIMITS = '/cloud/v3/gpu/virtual/7/76/check_limits';

describe('GPU cluster create tools against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  describe('gcore_previewGpuCluster', () => {
    it('tells the price, what runs and a quota exceeded, asking quota and price in their own bodies and creating nothing', async () => {
      h.emulator.setGpuQuota({ gpu_virtual_h100_count: 7 });
      const result = await run(tool('gcore_previewGpuCluster'), CREATE, h);
      assert.match(result.text, /^GPU cluster new-train as it would be created in project 7, region 76 \(nothing was sent\):$/m);
      assert.match(result.text, /^Flavor: g3-ai-24-232-1000-h100-80-1$/m);
      assert.match(result.text, /^Image: .*\(driver 580.*, CUDA 13.*\)$/m);
      assert.match(result.text, /^Price: €[\d.,]+ per hour, €[\d.,]+ per month$/m);
      assert.match(result.text, /^Quota gpu_virtual_h100_count: 6 used \+ 2 requested, 7 allowed: EXCEEDED$/m);
      assert.match(result.text, /^A quota would be exceeded: Gcore is likely to refuse the create\.$/m);
      assert.deepEqual(
        writesReceived(h)
          .map((request) => request.path)
          .sort(),
        [PRICING, CHECK_LIMITS],
      );
      const json = result.json as { quota: Record<string, number>; price: { price_status: string } };
      assert.equal(json.quota.gpu_virtual_h100_count_limit, 7);
      assert.equal(json.price.price_status, 'show');
    });

    it('says quota and price are not available when Gcore does not answer them', async () => {
      h.emulator.inject({ path: PRICING, status: 500 });
      h.emulator.inject({ path: CHECK_LIMITS, status: 500 });
      const result = await run(tool('gcore_previewGpuCluster'), CREATE, h);
      assert.match(result.text, /^Price: not available$/m);
      assert.match(result.text, /^Quota: not available$/m);
    });

    it('refuses a bad payload naming the field before any request', () => {
      assertRefused(
        tool('gcore_previewGpuCluster'),
        { ...LOCATION, cluster: { ...CLUSTER, servers_count: 1000 } },
        /cluster\.servers_count/,
        h,
      );
    });
  });

  describe('gcore_createGpuCluster', () => {
    it('confirms the price per hour and what runs: flavor, image, servers, disk, network, key', async () => {
      const { title, message } = await confirmation('gcore_createGpuCluster', CREATE, h);
      assert.equal(title, 'Create GPU cluster new-train in project 7, region 76?');
      const expected = [
        /^Flavor: g3-ai-24-232-1000-h100-80-1$/m,
        /^Image: .*driver 580/m,
        /^Servers: 2$/m,
        /^Boot volume: 120 GiB ssd_hiiops$/m,
        /^Network: public \(external network\)$/m,
        /^SSH key: dev-laptop$/m,
        /^Price: €[\d.,]+ per hour, /m,
        /^Quota: it fits$/m,
      ];
      for (const line of expected) assert.match(message, line);
      assert.deepEqual(
        writesReceived(h).filter((request) => !request.path.endsWith('check_limits') && request.path !== PRICING),
        [],
        'a confirmation creates nothing',
      );
    });

    it('declares gcore.createGpuCluster with its checked argument, and sends exactly the payload in one POST', async () => {
      const definition = tool('gcore_createGpuCluster');
      let declared: { command: string; argument: unknown; follows?: unknown } | undefined;
      await definition.invoke(definition.parse(CREATE), {
        ...h.context,
        writes: {
          send: async (write) => {
            declared = write;
            return { tasks: ['t-1'] } as never;
          },
        },
      });
      assert.equal(declared?.command, 'gcore.createGpuCluster');
      assert.deepEqual(declared?.argument, { ...CREATE, kind: 'virtual' });
      assert.equal(declared?.follows, undefined, 'the command follows the tasks under the new cluster');

      const result = await run(definition, CREATE, h);
      assert.deepEqual(writesReceived(h), [{ method: 'POST', path: '/cloud/v3/gpu/virtual/7/76/clusters', query: {}, body: CLUSTER }]);
      assert.match(result.text, /^Gcore is creating GPU cluster new-train in project 7, region 76: task [\w-]+\./);
      assert.match(result.text, /Do not send the create again/);
    });

    it("takes the command's path through the client: an answer a gateway lost is looked up, the create sent once", async () => {
      h.emulator.inject({ method: 'POST', path: '/cloud/v3/gpu/virtual/7/76/clusters', status: 502, afterApplying: true });
      const result = await run(tool('gcore_createGpuCluster'), CREATE, h);
      const posts = writesReceived(h).filter((request) => request.path === '/cloud/v3/gpu/virtual/7/76/clusters');
      assert.equal(posts.length, 1, 'one POST');
      const active = await h.client.gpuClusters.activeTasks(LOCATION, ['create_gpu_virtual_cluster']);
      const running = active.results.filter((task) => (task.data as { name?: string }).name === 'new-train').map((task) => task.id);
      assert.equal(running.length, 1);
      assert.deepEqual(result.json, { tasks: running });
      assert.match(result.text, new RegExp(`^Gcore is creating GPU cluster new-train in project 7, region 76: task ${running[0]}\\.`));
      assert.ok(
        h.log.lines.some((line) => /^warn the answer to the create of GPU cluster new-train was lost .*: looking the name up$/.test(line)),
        h.log.lines.join('\n'),
      );
    });

    it('refuses a bad payload naming the field before any request', () => {
      const create = tool('gcore_createGpuCluster');
      assertRefused(create, { ...LOCATION, cluster: { ...CLUSTER, name: '-bad' } }, /cluster\.name/, h);
      assertRefused(create, { ...LOCATION, kind: 'baremetal', cluster: CLUSTER }, /cluster\.image_id/, h);
    });
  });
});
