import { isDeepStrictEqual } from 'node:util';
import * as assert from 'node:assert/strict';
import { callTool, toolNamed, type AnyToolDefinition } from '../../../src/agentTools';
import { GPU_SSH_SETTINGS } from '../../../src/agentTools/gpu/gpuSshToolSettings';
import { TOOL_RESULT_MAX_BYTES } from '../../../src/agentTools/resultCap';
import { LARGE_ZONE_NAME, SEEDED_CONTAINER_NAMES } from '../../emulator/server';
import { TEST_KEY } from '../api/clientHarness';
import { assertRefused, LOCATION, received, run, startTools, stopTools, type ToolHarness } from './toolHarness';

function tool(name: string): AnyToolDefinition {
  const found = toolNamed(name);
  assert.ok(found, name);
  return found;
}

describe('read tools against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  describe('gcore_listLocations', () => {
    it('lists projects and regions by name with their IDs, and the pairs set up here', async () => {
      h.context.configuredLocations = () => [{ projectId: 7, regionId: 76, label: 'staging' }];
      const result = await run(tool('gcore_listLocations'), { product: 'containers' }, h);
      assert.match(
        result.text,
        /^4 projects:\n- Archive \(ID 913, DELETING\)\n- Default \(ID 1, default\)\n- Production \(ID 482\)\n- Staging \(ID 7\)$/m,
      );
      assert.match(result.text, /^4 regions that run containers:\n- Luxembourg-2 \(ID 76, LU\)\n- Frankfurt \(ID 8, DE\)/m);
      assert.match(result.text, /- Singapore-2 \(ID 116, SG, MAINTENANCE\)/);
      assert.match(result.text, /1 project and region pairs set up here:\n- project Staging \(7\), region Luxembourg-2 \(76\): staging$/);
      const json = result.json as { projects: unknown; regions: unknown; configuredLocations: unknown };
      assert.deepEqual(json.projects, await h.client.account.listProjects());
      assert.deepEqual(json.regions, await h.client.account.listRegions('containers'));
      assert.deepEqual(json.configuredLocations, [{ projectId: 7, regionId: 76, label: 'staging' }]);
      assert.deepEqual(
        received(h)
          .slice(0, 2)
          .map((request) => request.query.product ?? request.query.order_by),
        ['name.asc', 'containers'],
      );
    });

    it('refuses a product it does not know before any request', () => {
      assertRefused(tool('gcore_listLocations'), { product: 'gpu' }, /product: must be "containers" or "inference"/, h);
    });
  });

  describe('GPU clusters', () => {
    it('gcore_listGpuClusters lists virtual clusters by default, each with its ID, status, flavor and servers', async () => {
      const result = await run(tool('gcore_listGpuClusters'), LOCATION, h);
      assert.match(result.text, /^3 virtual GPU clusters in project 7, region 76:$/m);
      assert.match(result.text, /^- train-h100 \([0-9a-f-]{36}\): running · g3-ai-24-232-1000-h100-80-1 · 2 servers$/m);
      assert.equal(received(h).at(-1)?.path, '/cloud/v3/gpu/virtual/7/76/clusters');
      const baremetal = await run(tool('gcore_listGpuClusters'), { ...LOCATION, kind: 'baremetal' }, h);
      assert.match(baremetal.text, /^- k8s-a100-pool \(.*managed by Kubernetes$/m);
    });

    it('gcore_getGpuCluster reads a cluster with its servers and their public and private addresses', async () => {
      const listed = (await run(tool('gcore_listGpuClusters'), LOCATION, h)).json as { results: { id: string; name: string }[] };
      const train = listed.results.find((cluster) => cluster.name === 'train-h100') ?? assert.fail('no train-h100');
      const result = await run(tool('gcore_getGpuCluster'), { ...LOCATION, clusterId: train.id }, h);
      assert.match(result.text, /^GPU cluster train-h100 \(/);
      assert.match(result.text, /^2 servers:$/m);
      assert.match(result.text, /^- train-h100-\S+: ACTIVE · public \d+\.\d+\.\d+\.\d+ · private /m);
      const json = result.json as { name: string; servers: { public_ip?: string }[] };
      assert.equal(json.name, 'train-h100');
      assert.equal(json.servers.length, 2);
    });

    it('gcore_getGpuCluster gives each server the ssh command that reaches it, with the settings given, and the lease', async () => {
      const listed = (await run(tool('gcore_listGpuClusters'), LOCATION, h)).json as { results: { id: string; name: string }[] };
      const train = listed.results.find((cluster) => cluster.name === 'train-h100') ?? assert.fail('no train-h100');
      const plain = await run(tool('gcore_getGpuCluster'), { ...LOCATION, clusterId: train.id }, h);
      assert.match(plain.text, /^- train-h100-\S+: ACTIVE · public (\d+\.\d+\.\d+\.\d+) · private \S+ · ssh ubuntu@\1$/m);
      assert.match(plain.text, /^No lease: nothing stops GPU cluster train-h100 on its own\.$/m);
      assert.equal((plain.json as { lease: unknown }).lease, null);

      h.emulator.setGpuClusterTag(
        { kind: 'virtual', ...LOCATION, clusterId: train.id },
        'gcore-vscode-lease',
        'until=2031-01-02T03:04:05Z;stop=auto',
      );
      const context = { ...h.context, parts: new Map([[GPU_SSH_SETTINGS, { user: 'root', options: { Port: 2222 } }]]) };
      const definition = tool('gcore_getGpuCluster');
      const leased = await definition.invoke(definition.parse({ ...LOCATION, clusterId: train.id }), context);
      assert.match(leased.text, /· ssh -o Port=2222 root@\d+\.\d+\.\d+\.\d+$/m);
      assert.match(leased.text, /^GPU cluster train-h100 is stopped at .+ without asking\. This happens while VS Code runs/m);
      const json = leased.json as { lease: unknown; servers: { ssh_command?: string }[] };
      assert.deepEqual(json.lease, { ends_at: '2031-01-02T03:04:05.000Z', stop_without_asking: true });
      assert.match(json.servers[0].ssh_command ?? '', /^ssh -o Port=2222 root@/);

      // The user Set SSH User… chose for this cluster comes before the setting's.
      const chosen = {
        ...h.context,
        parts: new Map([
          [GPU_SSH_SETTINGS, { user: 'root', options: [], clusterUser: (id: string) => (id === train.id ? 'admin' : undefined) }],
        ]),
      };
      const withChosen = await definition.invoke(definition.parse({ ...LOCATION, clusterId: train.id }), chosen);
      assert.match(withChosen.text, /· ssh admin@\d+\.\d+\.\d+\.\d+$/m);
    });

    it('keeps each cluster and server on its line whatever Gcore’s names hold, and gives no ssh command for an address that is not one', async () => {
      const listed = (await run(tool('gcore_listGpuClusters'), LOCATION, h)).json as { results: { id: string; name: string }[] };
      const train = listed.results.find((cluster) => cluster.name === 'train-h100') ?? assert.fail('no train-h100');
      const forged = '\n- forged (00000000-0000-0000-0000-000000000000): running · 8 servers';
      const clustersPath = '/cloud/v3/gpu/virtual/7/76/clusters';
      const list = (await (
        await fetch(`${h.emulator.url}${clustersPath}`, { headers: { authorization: `apikey ${TEST_KEY}` } })
      ).json()) as {
        results: { id: string; name: string }[];
      };
      const odd = list.results.map((cluster) => (cluster.id === train.id ? { ...cluster, name: `train-h100${forged}` } : cluster));
      h.emulator.inject({ method: 'GET', path: clustersPath, status: 200, body: { count: odd.length, results: odd }, times: 1 });
      const clusters = await run(tool('gcore_listGpuClusters'), LOCATION, h);
      assert.equal(clusters.text.split('\n').filter((line) => line.startsWith('- ')).length, odd.length);
      assert.doesNotMatch(clusters.text, /^- forged/m);
      assert.match(clusters.text, /^- train-h100\\n- forged \(0{8}-.*\): running/m);

      h.emulator.inject({
        method: 'GET',
        path: `${clustersPath}/${train.id}`,
        status: 200,
        body: { ...train, name: `train-h100${forged}` },
      });
      const servers = (await h.client.gpuClusters.serversWithAddresses({ ...LOCATION, kind: 'virtual', clusterId: train.id })).results;
      const hostile = '203.0.113.10\n- train-h100-9: ACTIVE · public 198.51.100.9 · ssh ubuntu@198.51.100.9';
      h.emulator.setGpuServerAddress({ kind: 'virtual', ...LOCATION, clusterId: train.id, serverId: servers[0].id }, hostile);
      const result = await run(tool('gcore_getGpuCluster'), { ...LOCATION, clusterId: train.id }, h);
      const lines = result.text.split('\n');
      assert.match(lines[0], /^GPU cluster train-h100\\n- forged \(0{8}-.*\): running .* in project 7, region 76:$/);
      assert.equal(lines.filter((line) => line.startsWith('- ')).length, 2, 'one line per server');
      assert.ok(!lines.some((line) => line.startsWith('- train-h100-9')), 'no forged server line');
      const [own] = lines.filter((line) => line.startsWith(`- ${servers[0].name}:`));
      assert.match(
        own,
        / · no public address · .* · not used: "203\.0\.113\.10\\n- train-h100-9: .*" is neither an IP address nor a host name$/,
      );
      const json = result.json as { servers: { id: string; ssh_command?: string }[] };
      assert.equal(json.servers.find((server) => server.id === servers[0].id)?.ssh_command, undefined);
      assert.match(json.servers.find((server) => server.id === servers[1].id)?.ssh_command ?? '', /^ssh ubuntu@\d+\.\d+\.\d+\.\d+$/);
    });

    it('refuses an ID that is not a UUID, and an unknown kind, before any request', () => {
      assertRefused(tool('gcore_getGpuCluster'), { ...LOCATION, clusterId: 'train-h100' }, /clusterId/, h);
      assertRefused(tool('gcore_listGpuClusters'), { ...LOCATION, kind: 'metal' }, /kind/, h);
    });
  });

  describe('containers', () => {
    it('gcore_listContainers names each container with its state, instances and image', async () => {
      const result = await run(tool('gcore_listContainers'), LOCATION, h);
      assert.match(result.text, /^7 containers in project 7, region 76:$/m);
      assert.match(result.text, /^- web-app \(Ready, 2\/2 ready\) · nginx:1\.27-alpine$/m);
      assert.match(result.text, /^- broken-build \(Error, 0\/1 ready\) · ghcr\.io\/example\/does-not-exist:latest$/m);
      assert.deepEqual(
        (result.json as { results: { name: string }[] }).results.map((container) => container.name),
        [...SEEDED_CONTAINER_NAMES],
      );
      assert.deepEqual(received(h)[0], { method: 'GET', path: '/cloud/v1/caas/7/76/containers', query: { limit: '1000', offset: '0' } });
    });

    it('gcore_listContainers shows at most 50 and says how many more the JSON holds', async () => {
      await stopTools(h);
      h = await startTools({ containersPerLocation: 120 });
      const result = await run(tool('gcore_listContainers'), LOCATION, h);
      assert.equal(result.text.split('\n').filter((line) => line.startsWith('- ')).length, 50);
      assert.match(result.text, /… and 70 more \(see the JSON\)\.$/);
      assert.equal((result.json as { results: unknown[] }).results.length, 120);
    });

    it("gcore_getContainer says why a container fails, hides its variables' values in the text and keeps them in the JSON", async () => {
      const result = await run(tool('gcore_getContainer'), { ...LOCATION, containerName: 'broken-build' }, h);
      assert.match(result.text, /^Container broken-build in project 7, region 76:$/m);
      assert.match(result.text, /^Status: Error: Back-off pulling image "ghcr\.io\/example\/does-not-exist:latest"$/m);
      assert.match(result.text, /^Environment variables: FEATURE_FLAGS \(values in the JSON\)$/m);
      assert.doesNotMatch(result.text, /beta/);
      assert.deepEqual(result.json, await h.client.containers.get(LOCATION, 'broken-build'));
    });

    it('gcore_getContainerLogs reads the newest 100 lines by default, and filters them by text', async () => {
      // The emulator's lines follow its clock (one every 2 s): the tool's read equals the one before it or the one after.
      const before = (await h.client.containers.logs(LOCATION, 'web-app', 100)).logs;
      const from = h.emulator.requests.length;
      const all = await run(tool('gcore_getContainerLogs'), { ...LOCATION, containerName: 'web-app' }, h);
      const after = (await h.client.containers.logs(LOCATION, 'web-app', 100)).logs;
      assert.equal(received(h, from)[0].query.limit, '100');
      assert.match(all.text, /^Read the newest 100 log lines of web-app\.$/m);
      assert.match(all.text, /the 50 before them are in the JSON/);
      assert.equal(all.text.split('\n').filter((line) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {2}\[/.test(line)).length, 50);
      const { logs, ...counts } = all.json as { logs: unknown[] };
      assert.deepEqual(counts, { read: 100, matched: 100 });
      assert.ok(isDeepStrictEqual(logs, before) || isDeepStrictEqual(logs, after), 'the newest 100 lines as Gcore answered them');

      const filtered = await run(
        tool('gcore_getContainerLogs'),
        { ...LOCATION, containerName: 'broken-build', limit: 20, contains: 'BACK-OFF' },
        h,
      );
      const json = filtered.json as { read: number; matched: number; logs: { message: string }[] };
      assert.equal(json.read, 20);
      assert.ok(json.matched > 0 && json.logs.every((line) => /back-off/i.test(line.message)));
      assert.match(filtered.text, new RegExp(`^Read the newest 20 log lines of broken-build; ${json.matched} contain "BACK-OFF"\\.$`, 'm'));
    });

    it('gcore_getContainerLogs refuses a bad limit and an empty filter before any request', () => {
      assertRefused(tool('gcore_getContainerLogs'), { ...LOCATION, containerName: 'web-app', limit: 0 }, /limit: /, h);
      assertRefused(tool('gcore_getContainerLogs'), { ...LOCATION, containerName: 'web-app', contains: '  ' }, /contains: /, h);
      assertRefused(tool('gcore_getContainerLogs'), { ...LOCATION, containerName: '-bad-' }, /containerName: /, h);
    });

    it('gcore_listContainerSizes lists each size with its CPU and memory', async () => {
      const result = await run(tool('gcore_listContainerSizes'), LOCATION, h);
      assert.match(result.text, /^8 container sizes in project 7, region 76:\n- 80mCPU-128MiB: 80 mCPU, 128 MiB$/m);
      assert.deepEqual(result.json, await h.client.containers.flavors(LOCATION));
    });

    it('refuses a location that is not a pair of positive integers before any request', () => {
      assertRefused(tool('gcore_listContainers'), { projectId: 0, regionId: 76 }, /projectId: /, h);
      assertRefused(tool('gcore_listContainerSizes'), { projectId: 7 }, /regionId: is required/, h);
      assertRefused(tool('gcore_getContainer'), { projectId: 7, regionId: '76', containerName: 'web-app' }, /regionId: /, h);
    });
  });

  describe('gcore_getTask', () => {
    it("says a failed task's error", async () => {
      const task = {
        id: 'task-1',
        state: 'ERROR',
        task_type: 'create_caas_container',
        error: 'Failed to pull image "x": not found',
        project_id: 7,
        region_id: 76,
        created_on: '2026-11-01T10:00:00',
      };
      h.emulator.inject({ path: '/cloud/v1/tasks/task-1', status: 200, body: task });
      const result = await run(tool('gcore_getTask'), { taskId: ' task-1 ' }, h);
      assert.match(result.text, /^Task task-1 \(create_caas_container\) is ERROR: Failed to pull image "x": not found$/m);
      assert.match(result.text, /^Project 7, region 76\.$/m);
      assert.deepEqual(result.json, task);
      assert.equal(received(h)[0].path, '/cloud/v1/tasks/task-1');
    });

    it('reads a task an update started, and refuses an empty ID before any request', async () => {
      const { tasks } = await h.client.containers.update(LOCATION, 'web-app', { timeout: 9 });
      const result = await run(tool('gcore_getTask'), { taskId: tasks[0] }, h);
      assert.match(result.text, new RegExp(`^Task ${tasks[0]} \\(\\S+\\) is (NEW|RUNNING)\\.`));
      assertRefused(tool('gcore_getTask'), { taskId: ' ' }, /taskId: must not be empty/, h);
    });
  });

  describe('DNS', () => {
    it("gcore_listZones gives each zone's DNSSEC state", async () => {
      const result = await run(tool('gcore_listZones'), {}, h);
      const zones = await h.client.dns.listZones();
      assert.match(result.text, new RegExp(`^${zones.total_amount} DNS zones:$`, 'm'));
      assert.match(result.text, /^- example\.com: served, DNSSEC active/m);
      assert.match(result.text, /^- pending\.example\.net: served, DNSSEC pending/m);
      assert.match(result.text, /^- parked\.example\.net: disabled \(not served\)/m);
      assert.deepEqual(result.json, zones);
      assertRefused(tool('gcore_listZones'), { all: true }, /all: unknown field/, h);
    });

    it('gcore_listRecords lists every record set with its type, TTL and values', async () => {
      const result = await run(tool('gcore_listRecords'), { zoneName: 'Example.COM.' }, h);
      assert.match(result.text, /^16 record sets in example\.com:$/m);
      assert.match(result.text, /^- @ A · 5 min · 203\.0\.113\.10, 203\.0\.113\.11$/m);
      assert.match(result.text, /^- cdn A · GeoDNS/m);
      const list = await h.client.dns.listRecords('example.com');
      assert.deepEqual(result.json, { total_amount: list.total_amount, rrsets: list.rrsets });
      assertRefused(tool('gcore_listRecords'), { zoneName: 'not a zone' }, /zoneName: /, h);
    });

    it('gcore_listRecords lists only the sets of a name, of a type, or both, read as the record commands read them', async () => {
      const named = await run(tool('gcore_listRecords'), { zoneName: 'example.com', name: '@' }, h);
      const atApex = (named.json as { rrsets: { name: string; type: string }[] }).rrsets;
      assert.ok(atApex.length > 2 && atApex.every((set) => set.name === 'example.com.'), JSON.stringify(atApex.map((set) => set.name)));
      assert.match(named.text, new RegExp(`^${atApex.length} of the 16 record sets in example\\.com match name @:$`, 'm'));
      assert.deepEqual(Object.keys(named.json as object), ['total_amount', 'matched', 'rrsets']);

      const typed = await run(tool('gcore_listRecords'), { zoneName: 'example.com', type: 'txt' }, h);
      const texts = (typed.json as { matched: number; rrsets: { type: string }[] }).rrsets;
      assert.ok(texts.length > 1 && texts.every((set) => set.type === 'TXT'));
      assert.equal((typed.json as { matched: number }).matched, texts.length);

      const both = await run(tool('gcore_listRecords'), { zoneName: 'example.com', name: 'mail.example.com.', type: 'A' }, h);
      assert.match(both.text, /^1 of the 16 record sets in example\.com match name mail, type A:\n- mail A · /);
      const none = await run(tool('gcore_listRecords'), { zoneName: 'example.com', name: 'nothing', type: 'MX' }, h);
      assert.equal(none.text, 'No record set of example.com matches name nothing, type MX (16 record sets in all).');
      assert.deepEqual((none.json as { rrsets: unknown[] }).rrsets, []);
    });

    it('gcore_listRecords on a zone of 20,000 sets answers under 32 KB, saying how many sets it left out and how to ask for fewer', async () => {
      await stopTools(h);
      h = await startTools({ recordSetsInZone: 20_000 });
      const outcome = await callTool(tool('gcore_listRecords'), { zoneName: LARGE_ZONE_NAME }, h.context);
      assert.ok(outcome.ok, outcome.text);
      const bytes = Buffer.byteLength(outcome.text) + Buffer.byteLength(JSON.stringify(outcome.json));
      assert.ok(bytes <= TOOL_RESULT_MAX_BYTES && TOOL_RESULT_MAX_BYTES === 32 * 1024, `${bytes} bytes`);
      const json = outcome.json as { total_amount: number; rrsets: unknown[] };
      assert.equal(json.total_amount, 20_000);
      assert.match(outcome.text, /^20000 record sets in large\.example:$/m);
      assert.match(
        outcome.text,
        new RegExp(
          `^The JSON holds the first ${json.rrsets.length} of the 20000 entries of rrsets; ${20_000 - json.rrsets.length} are left out\\.$`,
          'm',
        ),
      );
      assert.match(outcome.text, /Give name \(such as www, or @ for the apex\) or type \(such as MX\) to list fewer record sets\.$/);

      const narrowed = await callTool(tool('gcore_listRecords'), { zoneName: LARGE_ZONE_NAME, type: 'SOA' }, h.context);
      assert.ok(narrowed.ok);
      assert.doesNotMatch(narrowed.text, /left out/);
      assert.equal((narrowed.json as { rrsets: unknown[] }).rrsets.length, 1);
    });

    it('gcore_listRecords refuses a filter the record commands would refuse, before any request', () => {
      assertRefused(tool('gcore_listRecords'), { zoneName: 'example.com', type: 'BOGUS' }, /type: must be one of/, h);
      assertRefused(
        tool('gcore_listRecords'),
        { zoneName: 'example.com', name: 'x.other.example.' },
        /name: x\.other\.example\. is not inside the zone/,
        h,
      );
      assertRefused(tool('gcore_listRecords'), { zoneName: 'example.com', name: '' }, /name: /, h);
      assertRefused(tool('gcore_listRecords'), { zoneName: 'example.com', ttl: 300 }, /ttl: unknown field/, h);
    });

    it("gcore_lookupName asks the resolver named, Gcore's by default", async () => {
      const result = await run(tool('gcore_lookupName'), { name: 'www.example.com' }, h);
      assert.deepEqual(received(h)[0], {
        method: 'GET',
        path: '/dns/v2/lookup',
        query: { name: 'www.example.com', request_server: 'authoritative_dns' },
      });
      assert.match(result.text, /^Gcore name servers \(authoritative\) answer for www\.example\.com:\n- CNAME example\.com\./m);
      assert.deepEqual(result.json, await h.client.dns.lookup('www.example.com', 'authoritative_dns'));
      await run(tool('gcore_lookupName'), { name: 'www.example.com', server: 'quad9' }, h);
      assert.equal(received(h).at(-1)?.query.request_server, 'quad9');
      assertRefused(tool('gcore_lookupName'), { name: 'www.example.com', server: 'bind' }, /server: must be one of/, h);
    });
  });

  describe('gcore_listGpuFlavors', () => {
    it("asks for prices and every flavor unless told otherwise, and says each one's availability and price", async () => {
      const result = await run(tool('gcore_listGpuFlavors'), { projectId: 1, regionId: 76 }, h);
      assert.deepEqual(received(h)[0].query, { include_prices: 'true' });
      const list = await h.client.gpu.listFlavors({ projectId: 1, regionId: 76, includePrices: true });
      assert.deepEqual(result.json, list);
      const available = list.results.filter((flavor) => !flavor.disabled && (flavor.capacity ?? 1) > 0).length;
      assert.match(
        result.text,
        new RegExp(
          `^${list.results.length} GPU flavors in project 1, region 76 \\(${available} available, \\d+ out of stock, \\d+ disabled\\):$`,
          'm',
        ),
      );
      for (const flavor of list.results) {
        assert.match(result.text, new RegExp(`^- ${flavor.name}: (available|out of stock|disabled) · `, 'm'));
      }
      assert.match(result.text, /€\d+\.\d\d\/h$/m);
      assert.ok(available > 0 && available < list.results.length, 'the emulator seeds flavors of every availability');

      await run(tool('gcore_listGpuFlavors'), { projectId: 1, regionId: 76, hideDisabled: true, includePrices: false }, h);
      assert.deepEqual(received(h).at(-1)?.query, { hide_disabled: 'true' });
      assertRefused(tool('gcore_listGpuFlavors'), { projectId: 1, regionId: 76, includePrices: 'yes' }, /includePrices: /, h);
    });
  });
});
