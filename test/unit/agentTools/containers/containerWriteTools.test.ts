import * as assert from 'node:assert/strict';
import { rejection } from '../../api/clientHarness';
import {
  assertRefused,
  confirmation,
  LOCATION,
  received,
  run,
  startTools,
  stopTools,
  tool,
  writesReceived,
  type ToolHarness,
} from '../toolHarness';

const NEW_CONTAINER = {
  name: 'new-app',
  image: 'nginx:1.27',
  listening_port: 8080,
  flavor: '250mCPU-512MiB',
  scale: { min: 1, max: 2 },
  envs: { MODE: 'demo' },
};

describe('container write tools against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  describe('gcore_updateContainer', () => {
    const input = { ...LOCATION, containerName: 'web-app', changes: { timeout: 30, is_disabled: true } };

    it('confirms each change as current → new, reading the container', async () => {
      const { title, message } = await confirmation('gcore_updateContainer', input, h);
      assert.equal(title, 'Update container web-app in project 7, region 76?');
      assert.match(message, /^timeout: 60 → 30$/m);
      assert.match(message, /^is_disabled: false → true$/m);
      assert.match(message, /"is_disabled" is sent in a second request/);
      assert.deepEqual(writesReceived(h), [], 'a confirmation changes nothing');
    });

    it('says the current value is unknown when the container cannot be read', async () => {
      h.emulator.inject({ method: 'GET', path: '/cloud/v1/caas/7/76/containers/web-app', status: 403 });
      const { message } = await confirmation('gcore_updateContainer', input, h);
      assert.match(message, /^Current value unknown \(it could not be read: .+\)$/m);
      assert.match(message, /^timeout: 30$/m);
    });

    it('sends what gcore.updateContainer sends: the changes, is_disabled in a request of its own', async () => {
      const result = await run(tool('gcore_updateContainer'), input, h);
      assert.deepEqual(received(h), [
        { method: 'PATCH', path: '/cloud/v1/caas/7/76/containers/web-app', query: {}, body: { timeout: 30 } },
        { method: 'PATCH', path: '/cloud/v1/caas/7/76/containers/web-app', query: {}, body: { is_disabled: true } },
      ]);
      const { tasks } = result.json as { tasks: string[] };
      assert.equal(tasks.length, 2);
      assert.match(
        result.text,
        new RegExp(`^Sent the update of container web-app in project 7, region 76\\. Tasks: ${tasks.join(', ')}\\. gcore_getTask`),
      );
      assert.equal(h.emulator.container(7, 76, 'web-app')?.config.timeout, 30);
    });

    it('refuses what the command refuses before any request', () => {
      const updateTool = tool('gcore_updateContainer');
      assertRefused(updateTool, { ...input, changes: {} }, /changes: must change at least one field/, h);
      assertRefused(updateTool, { ...input, changes: { scale: { min: 5, max: 2 } } }, /changes\.scale/, h);
      assertRefused(updateTool, { ...input, changes: { flavor: 'big' } }, /changes\.flavor: must look like 250mCPU-512MiB/, h);
      assertRefused(updateTool, { ...input, containerName: 'a' }, /containerName: /, h);
    });
  });

  describe('gcore_createContainer', () => {
    const input = { ...LOCATION, container: NEW_CONTAINER };

    it('confirms what will run, the quota it uses and its price, asking Gcore for nothing but those', async () => {
      const { title, message } = await confirmation('gcore_createContainer', input, h);
      assert.equal(title, 'Create container new-app in project 7 · region 76?');
      assert.match(message, /^Image: nginx:1\.27$/m);
      assert.match(message, /^Size: 250mCPU-512MiB$/m);
      assert.match(message, /^Instances: 1 to 2$/m);
      assert.match(message, /^Environment: MODE$/m);
      assert.match(message, /^ {2}CPU: [\d,]+ mCPU used \+ 500 mCPU for this container, of [\d,]+ mCPU allowed$/m);
      assert.match(message, /^ {2}RAM: [\d,]+ MiB used \+ 1,024 MiB for this container, of [\d,]+ MiB allowed$/m);
      assert.match(message, /^Price: .*per hour/m);
      // Asked together, so in either order.
      assert.deepEqual(
        writesReceived(h)
          .map((request) => [request.path, request.body])
          .sort(),
        [
          ['/cloud/v1/caas/7/76/check_limits', { flavor: '250mCPU-512MiB', max_replicas: 2 }],
          ['/cloud/v1/pricing/7/76/caas', { flavor: '250mCPU-512MiB', scale: { min: 1, max: 2 } }],
        ],
      );
      assert.equal(h.emulator.container(7, 76, 'new-app'), undefined);
      h.context.configuredLocations = () => [{ ...LOCATION, label: 'staging' }];
      assert.equal(
        (await confirmation('gcore_createContainer', input, h)).title,
        'Create container new-app in staging?',
        'a location set up here by its label, as the tree names it',
      );
    });

    it('says the quota and price are not available when Gcore does not answer them', async () => {
      h.emulator.inject({ path: '/cloud/v1/caas/7/76/check_limits', status: 404 });
      h.emulator.inject({ path: '/cloud/v1/pricing/7/76/caas', status: 404 });
      const { message } = await confirmation('gcore_createContainer', input, h);
      assert.match(message, /^Quota:\n {2}not available$/m);
      assert.match(message, /^Price: not available$/m);
    });

    it('sends what gcore.createContainer sends: the create payload', async () => {
      const result = await run(tool('gcore_createContainer'), input, h);
      assert.deepEqual(received(h), [{ method: 'POST', path: '/cloud/v1/caas/7/76/containers', query: {}, body: NEW_CONTAINER }]);
      const { tasks } = result.json as { tasks: string[] };
      assert.match(result.text, new RegExp(`^Gcore is creating container new-app in project 7, region 76: task ${tasks[0]}\\.`));
      assert.ok(h.emulator.container(7, 76, 'new-app'));
    });

    it('refuses a payload without a required field, or with a name too long to create, before any request', () => {
      const { flavor: _flavor, ...withoutFlavor } = NEW_CONTAINER;
      assertRefused(tool('gcore_createContainer'), { ...LOCATION, container: withoutFlavor }, /container\.flavor: is required/, h);
      assertRefused(
        tool('gcore_createContainer'),
        { ...LOCATION, container: { ...NEW_CONTAINER, name: 'x'.repeat(44) } },
        /container\.name: /,
        h,
      );
      assertRefused(tool('gcore_createContainer'), LOCATION, /container: is required/, h);
    });
  });

  describe('gcore_deleteContainer', () => {
    const input = { ...LOCATION, containerName: 'legacy-site' };

    it('confirms what goes: the container as it is, and all its logs', async () => {
      const { title, message } = await confirmation('gcore_deleteContainer', input, h);
      assert.equal(title, 'Delete container legacy-site in project 7, region 76?');
      assert.match(message, /^Container legacy-site and all its logs go; this cannot be undone\.$/m);
      assert.match(message, /^Status: Disabled → deleted$/m);
      assert.match(message, /^Image: httpd:2\.4$/m);
      assert.match(message, /^Address: https:\/\/legacy-site-7-/m);
      h.emulator.inject({ method: 'GET', path: '/cloud/v1/caas/7/76/containers/legacy-site', status: 403 });
      assert.match((await confirmation('gcore_deleteContainer', input, h)).message, /^Current value unknown/m);
      assert.deepEqual(writesReceived(h), []);
    });

    it('sends what gcore.deleteContainer sends, and names a container that is not there', async () => {
      const result = await run(tool('gcore_deleteContainer'), input, h);
      assert.deepEqual(received(h), [{ method: 'DELETE', path: '/cloud/v1/caas/7/76/containers/legacy-site', query: {} }]);
      assert.match(result.text, /^Gcore is deleting container legacy-site in project 7, region 76: task /);
      const error = await rejection(run(tool('gcore_deleteContainer'), { ...LOCATION, containerName: 'no-such-app' }, h));
      assert.equal(
        error.message,
        'Container no-such-app is not in project 7, region 76 (Gcore answered 404): it may have been deleted already.',
      );
    });
  });
});
