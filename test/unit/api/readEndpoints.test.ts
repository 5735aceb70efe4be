import * as assert from 'node:assert/strict';
import { isEndpointMissing } from '../../../src/api/errors';
import { rejection, startHarness, stopHarness, type Harness } from './clientHarness';

const LOCATION = { projectId: 7, regionId: 76 };

describe('GcoreClient read endpoints', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await stopHarness(h);
    h = undefined;
  });

  it('lists every container of a location in one request per 1,000', async () => {
    h = await startHarness(undefined, { containersPerLocation: 2_500 });
    const list = await h.client.containers.list(LOCATION);
    assert.equal(list.count, 2_500);
    assert.equal(list.results.length, 2_500);
    const pages = h.emulator.requests.map((request) => [request.query.limit, request.query.offset]);
    assert.deepEqual(pages, [
      ['1000', '0'],
      ['1000', '1000'],
      ['1000', '2000'],
    ]);
  });

  it('reads a real-shaped container with null and missing fields, and leaves out an entry without a name', async () => {
    h = await startHarness();
    const web = await h.client.containers.get(LOCATION, 'web-app');
    assert.equal(web.status, 'Ready');
    assert.equal(web.pull_secret, null);
    assert.deepEqual(web.deploy_status, { total: 2, ready: 2 });
    h.emulator.inject({
      path: '/cloud/v1/caas/7/76/containers',
      status: 200,
      body: { count: 2, results: [{ name: 'ok', status: null }, { image: 'nameless' }] },
    });
    const list = await h.client.containers.list(LOCATION);
    assert.deepEqual(
      list.results.map((container) => container.name),
      ['ok'],
    );
    const missing = await rejection(h.client.containers.get(LOCATION, 'no-such-app'));
    assert.equal(missing.kind, 'notFound');
  });

  it('lists the container sizes of a location', async () => {
    h = await startHarness();
    const sizes = await h.client.containers.flavors(LOCATION);
    assert.equal(sizes.results[0].name, '80mCPU-128MiB');
    assert.equal(sizes.count, sizes.results.length);
    assert.equal(h.emulator.requests[0].path, '/cloud/v1/caas/flavors/7/76');
  });

  it('lists every zone of the account by total_amount, 100 per page', async () => {
    h = await startHarness(undefined, { zonesInAccount: 250, demo: true });
    const zones = await h.client.dns.listZones();
    assert.equal(zones.total_amount, 256);
    assert.equal(zones.zones.length, 256);
    assert.equal(h.emulator.requests.length, 3);
    assert.equal((await h.client.dns.getZone('pending.example.net')).dnssec_status, 'pending');
    assert.match(String((await h.client.dns.getDnssec('example.com')).ds), /IN DS/);
  });

  it('lists projects by name and the regions that run containers, reads the account and a task', async () => {
    h = await startHarness();
    const projects = await h.client.account.listProjects();
    assert.deepEqual(
      projects.results.map((project) => project.name),
      ['Archive', 'Default', 'Production', 'Staging'],
    );
    assert.equal(h.emulator.requests[0].query.order_by, 'name.asc');
    const regions = await h.client.account.listRegions('containers');
    assert.deepEqual(
      regions.results.map((region) => region.display_name),
      ['Luxembourg-2', 'Frankfurt', 'Manassas', 'Singapore-2'],
    );
    assert.equal(h.emulator.requests.at(-1)?.query.product, 'containers');
    assert.equal((await h.client.account.me()).email, 'dev@example.com');
    const { tasks } = await h.client.containers.update(LOCATION, 'web-app', { timeout: 9 });
    assert.ok(['NEW', 'RUNNING'].includes((await h.client.account.getTask(tasks[0])).state));
  });

  it('lists tasks with repeated filters, one page as asked, leaving out an entry without an id or state', async () => {
    h = await startHarness();
    const { tasks } = await h.client.containers.update(LOCATION, 'web-app', { timeout: 9 });
    const page = await h.client.account.listTasks({
      states: ['NEW', 'RUNNING'],
      projectIds: [7, 1],
      regionIds: [76],
      taskTypes: ['patch_caas_container'],
      fromTimestamp: '2026-01-01T00:00:00.000Z',
      limit: 5_000,
      offset: 0,
    });
    assert.equal(page.count, 1);
    assert.deepEqual(
      page.results.map((task) => task.id),
      tasks,
    );
    assert.equal(
      h.emulator.requests.at(-1)?.url,
      '/cloud/v1/tasks?state=NEW&state=RUNNING&project_id=7&project_id=1&region_id=76&task_type=patch_caas_container&from_timestamp=2026-01-01T00%3A00%3A00.000Z&limit=1000&offset=0',
    );
    await h.client.account.listTasks({ states: [], projectIds: undefined });
    assert.equal(h.emulator.requests.at(-1)?.url, '/cloud/v1/tasks', 'an empty filter is left out');
    h.emulator.inject({
      path: '/cloud/v1/tasks',
      status: 200,
      body: { count: '3', results: [{ id: 'a', state: 'RUNNING' }, { id: 'b' }, 'junk'] },
    });
    assert.deepEqual(await h.client.account.listTasks({}), { count: 3, results: [{ id: 'a', state: 'RUNNING' }], unreadable: 2 });
    h.emulator.inject({ path: '/cloud/v1/tasks', status: 200, body: { count: 1 } });
    assert.equal((await rejection(h.client.account.listTasks({}))).kind, 'badResponse');
  });

  it('tells a missing read endpoint from other failures, as against a server with only the four core operations', async () => {
    h = await startHarness({ maxRetries: 0 }, { coreOnly: true });
    for (const call of [
      h.client.containers.list(LOCATION),
      h.client.dns.listZones(),
      h.client.account.listProjects(),
      h.client.account.me(),
      h.client.account.listTasks({ states: ['NEW'] }),
    ]) {
      assert.equal(isEndpointMissing(await rejection(call)), true);
    }
    h.emulator.inject({ path: '/dns/v2/zones', status: 500 });
    assert.equal(isEndpointMissing(await rejection(h.client.dns.listZones())), false);
  });
});
