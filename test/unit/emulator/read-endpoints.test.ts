import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, rawRequest } from './raw-http';

type Json = Record<string, unknown>;

async function getJson(emulator: Emulator, path: string, status = 200): Promise<Json> {
  const response = await rawRequest(emulator, 'GET', path);
  assert.equal(response.status, status, `${path}: ${response.text}`);
  return response.json as Json;
}

/** Every item of a list, asked page by page with a small limit, as a client following the paging rules would. */
async function allPages(
  emulator: Emulator,
  path: string,
  totalField: string,
  itemsField: string,
  limit: number,
): Promise<{ pages: number; items: Json[] }> {
  const items: Json[] = [];
  let pages = 0;
  for (let offset = 0, total = Infinity; offset < total;) {
    const page = await getJson(emulator, `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`);
    pages += 1;
    const entries = page[itemsField] as Json[];
    if (entries.length === 0) break;
    total = page[totalField] as number;
    items.push(...entries);
    offset += entries.length;
  }
  return { pages, items };
}

describe('emulator read endpoints', () => {
  let emulator: Emulator;
  before(async () => {
    emulator = await start({ apiKey: API_KEY, demo: true, taskTimings: { newMs: 100, runningMs: 200 } });
  });
  beforeEach(() => emulator.reset());
  after(() => emulator.close());

  describe('containers', () => {
    it('lists every container of a location, page by page, in every status the guides name', async () => {
      const { pages, items } = await allPages(emulator, '/cloud/v1/caas/7/76/containers', 'count', 'results', 2);
      assert.equal(pages, 4);
      assert.equal(new Set(items.map((item) => item.name)).size, 7);
      assert.deepEqual([...new Set(items.map((item) => item.status))].sort(), ['Deploying', 'Disabled', 'Error', 'Pending', 'Ready']);
    });

    it('answers every documented field, with the nullable and missing ones of real answers', async () => {
      const web = await getJson(emulator, '/cloud/v1/caas/7/76/containers/web-app');
      for (const field of [
        'name',
        'image',
        'listening_port',
        'description',
        'envs',
        'timeout',
        'flavor',
        'source',
        'scale',
        'is_disabled',
        'is_api_key_auth',
        'pull_secret',
        'status',
        'status_message',
        'namespace',
        'address',
        'created_at',
        'deploy_status',
      ]) {
        assert.ok(field in web, field);
      }
      assert.equal(web.pull_secret, null);
      assert.match(String(web.address), /^https:\/\/web-app-7-[0-9a-f]{7}-caas\./);
      assert.deepEqual((web.scale as Json).triggers, { cpu: { threshold: 80 }, memory: { threshold: 80 }, http: null });
      const staging = await getJson(emulator, '/cloud/v1/caas/7/76/containers/staging-api');
      assert.equal('logging' in staging, false, 'logging may be absent');
      assert.equal((await getJson(emulator, '/cloud/v1/caas/7/76/containers/inference-api')).created_at, '2026-06-02T08:14:09');
      const broken = await getJson(emulator, '/cloud/v1/caas/7/76/containers/broken-build');
      assert.match(String(broken.status_message), /Back-off pulling image/);
    });

    it('answers 404 for an unknown container', async () => {
      const missing = await getJson(emulator, '/cloud/v1/caas/7/76/containers/no-such-app', 404);
      assert.equal(missing.exception_class, 'NotFoundError');
    });

    it('lists the container sizes of a location, without paging', async () => {
      const sizes = await getJson(emulator, '/cloud/v1/caas/flavors/7/76');
      assert.equal(sizes.count, (sizes.results as Json[]).length);
      assert.deepEqual((sizes.results as Json[])[0], { name: '80mCPU-128MiB', cpu: 80, ram: 128 });
    });

    it('shows an update rolling out: Deploying while its task runs, then Ready, or Error when it fails', async () => {
      const patch = (body: Json) => rawRequest(emulator, 'PATCH', '/cloud/v1/caas/7/76/containers/web-app', { body });
      const [taskId] = ((await patch({ timeout: 30 })).json as { tasks: string[] }).tasks;
      assert.equal((await getJson(emulator, '/cloud/v1/caas/7/76/containers/web-app')).status, 'Deploying');
      assert.ok(['NEW', 'RUNNING'].includes(String((await getJson(emulator, `/cloud/v1/tasks/${taskId}`)).state)));
      await new Promise((resolve) => setTimeout(resolve, 350));
      const finished = await getJson(emulator, `/cloud/v1/tasks/${taskId}`);
      assert.equal(finished.state, 'FINISHED');
      assert.deepEqual(finished.created_resources, { caas_containers: ['web-app'] });
      assert.equal((await getJson(emulator, '/cloud/v1/caas/7/76/containers/web-app')).status, 'Ready');

      const [failing] = ((await patch({ image: 'ghcr.io/example/does-not-exist:1' })).json as { tasks: string[] }).tasks;
      await new Promise((resolve) => setTimeout(resolve, 350));
      const failed = await getJson(emulator, `/cloud/v1/tasks/${failing}`);
      assert.equal(failed.state, 'ERROR');
      assert.match(String(failed.error), /Failed to pull image/);
      assert.equal((await getJson(emulator, '/cloud/v1/caas/7/76/containers/web-app')).status, 'Error');
      assert.equal((await getJson(emulator, '/cloud/v1/tasks/unknown-task', 404)).exception_class, 'NotFoundError');
    });

    it('holds every task where it stands while a test asks, and lets it go on from there', async () => {
      emulator.holdTasks(true);
      const [taskId] = (
        (await rawRequest(emulator, 'PATCH', '/cloud/v1/caas/7/76/containers/web-app', { body: { timeout: 31 } })).json as {
          tasks: string[];
        }
      ).tasks;
      await new Promise((resolve) => setTimeout(resolve, 350));
      assert.equal((await getJson(emulator, `/cloud/v1/tasks/${taskId}`)).state, 'NEW');
      emulator.holdTasks(false);
      assert.equal((await getJson(emulator, `/cloud/v1/tasks/${taskId}`)).state, 'NEW', 'no time passed for it while held');
      await new Promise((resolve) => setTimeout(resolve, 350));
      assert.equal((await getJson(emulator, `/cloud/v1/tasks/${taskId}`)).state, 'FINISHED');
    });
  });

  describe('projects, regions and the account', () => {
    it('lists projects by name with the default one among them', async () => {
      const { items } = await allPages(emulator, '/cloud/v1/projects?order_by=name.asc', 'count', 'results', 3);
      assert.deepEqual(
        items.map((project) => project.name),
        ['Archive', 'Default', 'Production', 'Staging'],
      );
      assert.equal(items.filter((project) => project.is_default === true).length, 1);
    });

    it('lists the regions that run containers, ACTIVE and MAINTENANCE ones', async () => {
      const all = (await getJson(emulator, '/cloud/v1/regions?limit=100')).results as Json[];
      const containers = (await getJson(emulator, '/cloud/v1/regions?product=containers&limit=100')).results as Json[];
      assert.ok(containers.length < all.length);
      assert.deepEqual([...new Set(containers.map((region) => region.state))].sort(), ['ACTIVE', 'MAINTENANCE']);
      assert.equal(containers.find((region) => region.id === 76)?.display_name, 'Luxembourg-2');
      assert.equal((await getJson(emulator, '/cloud/v1/regions?product=gpu', 400)).exception_class, 'ValidationError');
    });

    it('says the volume types of a region, listed or read alone, only when asked with show_volume_types', async () => {
      const listed = (await getJson(emulator, '/cloud/v1/regions?limit=100&show_volume_types=true')).results as Json[];
      assert.deepEqual(listed.find((region) => region.id === 76)?.available_volume_types, [
        'cold',
        'ssd_hiiops',
        'ssd_lowlatency',
        'standard',
      ]);
      assert.equal((await getJson(emulator, '/cloud/v1/regions/76')).available_volume_types, null);
      assert.deepEqual((await getJson(emulator, '/cloud/v1/regions/8?show_volume_types=true')).available_volume_types, [
        'ssd_hiiops',
        'standard',
      ]);
      assert.equal((await getJson(emulator, '/cloud/v1/regions/9999', 404)).exception_class, 'NotFoundError');
    });

    it('answers the account behind the key', async () => {
      const account = await getJson(emulator, '/iam/clients/me');
      assert.equal(account.email, 'dev@example.com');
      assert.equal(account.companyName, 'Example GmbH');
      assert.equal((await rawRequest(emulator, 'GET', '/iam/clients/me', { authorization: 'apikey wrong' })).status, 401);
    });
  });

  describe('zones', () => {
    it("lists the account's zones by total_amount and zones, in every DNSSEC state", async () => {
      const { items } = await allPages(emulator, '/dns/v2/zones', 'total_amount', 'zones', 2);
      assert.equal(items.length, 6);
      const states = Object.fromEntries(items.map((zone) => [zone.name, zone.dnssec_status ?? 'never']));
      assert.deepEqual(states, {
        'example.com': 'active',
        'example.org': 'never',
        'leaving.example.net': 'pending-disabled',
        'parked.example.net': 'never',
        'pending.example.net': 'pending',
        'unsigned.example.net': 'disabled',
      });
      assert.equal(items.find((zone) => zone.name === 'parked.example.net')?.enabled, false);
    });

    it('answers one zone, 404 for an unknown one, and the DS record only while DNSSEC is on', async () => {
      assert.equal((await getJson(emulator, '/dns/v2/zones/example.com')).dnssec_enabled, true);
      assert.equal((await getJson(emulator, '/dns/v2/zones/missing.example', 404)).error, 'zone not found');
      const ds = await getJson(emulator, '/dns/v2/zones/example.com/dnssec');
      assert.match(String(ds.ds), /^example\.com\. 3600 IN DS /);
      await getJson(emulator, '/dns/v2/zones/example.org/dnssec', 400);
    });

    it('tracks the DNSSEC state of a zone as it is toggled', async () => {
      const toggle = (enabled: boolean) => rawRequest(emulator, 'PATCH', '/dns/v2/zones/example.org/dnssec', { body: { enabled } });
      await toggle(true);
      assert.equal((await getJson(emulator, '/dns/v2/zones/example.org')).dnssec_status, 'pending');
      await toggle(false);
      assert.equal((await getJson(emulator, '/dns/v2/zones/example.org')).dnssec_status, 'disabled');
    });
  });
});
