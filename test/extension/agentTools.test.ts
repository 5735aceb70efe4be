import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { TOOL_DEFINITIONS } from '../../src/agentTools';
import type { Emulator, RecordedRequest } from '../emulator/server';
import { eventually, extensionApi, gcoreConfig, setKey, setLocations, sharedEmulator, TEST_KEY } from './support/harness';
import { label, rows } from './support/treeRows';
import { virtualClusterBody } from '../support/gpuClusterBodies';

/*
 * The agent tools as VS Code runs them: listed by vscode.lm.tools with the definitions' schemas, invoked
 * with vscode.lm.invokeTool outside any chat (a write's confirmation is not shown there; the unit tests
 * check each one's text), against the emulator. A write tool must send exactly what its command sends.
 */

const LOCATION = { projectId: 11, regionId: 76 };

async function invoke(name: string, input: object): Promise<{ text: string; json: unknown }> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const parts = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''));
  return { text: parts[0] ?? '', json: parts[1] === undefined ? undefined : JSON.parse(parts[1]) };
}

/** Asked by a create's confirmation and review: they change nothing, though sent as POST. */
const READS_BY_POST = /\/check_limits$|^\/cloud\/v[12]\/pricing\//;

/** The writes the emulator received since `from`: method, path and body. */
function writesSince(emulator: Emulator, from: number): [string, string, unknown][] {
  return emulator.requests
    .slice(from)
    .filter((request) => request.method !== 'GET' && !READS_BY_POST.test(request.path))
    .map((request: RecordedRequest) => [request.method, request.path, request.json]);
}

interface WriteCase {
  tool: string;
  command: string;
  input: object;
  /** What must exist first, made through the commands. */
  setup?: () => Promise<unknown>;
}

const run = (id: string, arg: unknown) => Promise.resolve(vscode.commands.executeCommand(id, arg));
const zone = 'agent-tools.example';
const withZone = () => run('gcore.createZone', { name: zone });
const withRecord = async () => {
  await withZone();
  await run('gcore.createRecord', { zoneName: zone, name: 'www', type: 'A', ttl: 600, resource_records: [{ content: ['192.0.2.1'] }] });
};

const WRITES: WriteCase[] = [
  {
    tool: 'gcore_updateContainer',
    command: 'gcore.updateContainer',
    input: { ...LOCATION, containerName: 'web-app', changes: { timeout: 42, envs: { MODE: 'agent' } } },
  },
  {
    tool: 'gcore_createContainer',
    command: 'gcore.createContainer',
    input: {
      ...LOCATION,
      container: { name: 'agent-box', image: 'nginx:1.27', listening_port: 80, flavor: '80mCPU-128MiB', scale: { min: 1, max: 1 } },
    },
  },
  { tool: 'gcore_deleteContainer', command: 'gcore.deleteContainer', input: { ...LOCATION, containerName: 'web-app' } },
  {
    tool: 'gcore_createGpuCluster',
    command: 'gcore.createGpuCluster',
    input: { ...LOCATION, cluster: virtualClusterBody({ name: 'agent-gpu' }) },
  },
  { tool: 'gcore_createZone', command: 'gcore.createZone', input: { name: zone } },
  { tool: 'gcore_enableDnssec', command: 'gcore.enableDnssec', input: { zoneName: zone }, setup: withZone },
  {
    tool: 'gcore_disableDnssec',
    command: 'gcore.disableDnssec',
    input: { zoneName: zone },
    setup: async () => {
      await withZone();
      await run('gcore.enableDnssec', { zoneName: zone });
    },
  },
  {
    tool: 'gcore_createRecord',
    command: 'gcore.createRecord',
    input: { zoneName: zone, name: 'agent', type: 'A', ttl: 300, resource_records: [{ content: ['192.0.2.7'] }] },
    setup: withZone,
  },
  // The TTL is not given: both keep the set's 600.
  {
    tool: 'gcore_updateRecord',
    command: 'gcore.updateRecord',
    input: { zoneName: zone, name: 'www', type: 'A', resource_records: [{ content: ['192.0.2.8'] }] },
    setup: withRecord,
  },
  { tool: 'gcore_deleteRecord', command: 'gcore.deleteRecord', input: { zoneName: zone, name: 'www', type: 'A' }, setup: withRecord },
  {
    tool: 'gcore_importZoneFile',
    command: 'gcore.importZoneFile',
    input: {
      zoneName: zone,
      text: `$ORIGIN ${zone}.\nagent 300 IN A 192.0.2.9\nagent 300 IN TXT "from an agent"\nwww 600 IN A 192.0.2.1\nwww 600 IN A 192.0.2.2\n`,
      deleteMissing: true,
    },
    setup: withRecord,
  },
];

describe('agent tools in VS Code', () => {
  let emulator: Emulator;

  beforeEach(async () => {
    emulator = await sharedEmulator();
    await setKey(TEST_KEY);
  });

  afterEach(async () => {
    // The zone made here is known to the extension, whatever the emulator holds next: other suites list the known zones.
    await run('gcore.forgetZone', zone);
    await gcoreConfig().update('agentTools.reads', undefined, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('agentTools.writes', undefined, vscode.ConfigurationTarget.Global);
    await gcoreConfig().update('mcpServer.allowWrites', undefined, vscode.ConfigurationTarget.Global);
  });

  it('lists every tool of the definitions with its schema, and package.json contributes the same', async () => {
    await extensionApi();
    const listed = vscode.lm.tools.filter((tool) => tool.name.startsWith('gcore_'));
    assert.deepEqual(listed.map((tool) => tool.name).sort(), TOOL_DEFINITIONS.map((tool) => tool.name).sort());
    for (const definition of TOOL_DEFINITIONS) {
      const tool = listed.find((candidate) => candidate.name === definition.name);
      assert.deepEqual(tool?.inputSchema, definition.inputSchema, `${definition.name}'s schema`);
    }
  });

  it('a read returns the emulator data as text and JSON, and leaves a line in the Gcore log', async () => {
    const lines: string[] = [];
    (await extensionApi()).tapLog((line) => lines.push(line));
    try {
      const containers = await invoke('gcore_listContainers', LOCATION);
      const listed = (await run('gcore.listContainers', LOCATION)) as { results: { name: string }[] };
      assert.match(containers.text, /web-app/);
      assert.ok(JSON.stringify(containers.json).includes('"web-app"'));
      assert.ok(listed.results.every((container) => JSON.stringify(containers.json).includes(`"${container.name}"`)));

      await withRecord();
      const zones = await invoke('gcore_listZones', {});
      assert.match(zones.text, /agent-tools\.example/);
      const records = await invoke('gcore_listRecords', { zoneName: zone });
      assert.match(records.text, /www/);
      assert.ok(JSON.stringify(records.json).includes('192.0.2.1'));
      const flavors = await invoke('gcore_listGpuFlavors', LOCATION);
      assert.ok(JSON.stringify(flavors.json).length > 2);
      assert.ok(lines.some((line) => /agent tool gcore_listContainers: ok/.test(line)));
    } finally {
      (await extensionApi()).tapLog(undefined);
    }
  });

  it('answers a zone of 20,000 record sets in 32 KB at most, saying how many sets it left out and how to ask for fewer', async () => {
    const rrsets = Array.from({ length: 20_000 }, (_, index) => ({
      name: `host-${index}.${zone}.`,
      type: 'A',
      ttl: 300,
      resource_records: [{ content: [`192.0.2.${index % 250}`] }],
    }));
    emulator.inject({ path: `/dns/v2/zones/${zone}/rrsets`, status: 200, body: { total_amount: rrsets.length, rrsets } });
    const result = await invoke('gcore_listRecords', { zoneName: zone });
    const bytes = Buffer.byteLength(result.text) + Buffer.byteLength(JSON.stringify(result.json));
    assert.ok(bytes <= 32 * 1024, `${bytes} bytes`);
    const kept = (result.json as { rrsets: unknown[] }).rrsets.length;
    assert.match(
      result.text,
      new RegExp(
        `^The JSON holds the first ${kept} of the 20000 entries of rrsets; ${20_000 - kept} are left out\\.\nGive name .* or type .* to list fewer record sets\\.$`,
        'm',
      ),
    );
  });

  it('refuses a bad input naming the field, before any request', async () => {
    await assert.rejects(
      Promise.resolve(
        vscode.lm.invokeTool('gcore_listContainers', { input: { projectId: 'eleven', regionId: 76 }, toolInvocationToken: undefined }),
      ),
      /projectId/,
    );
    await assert.rejects(
      Promise.resolve(
        vscode.lm.invokeTool('gcore_createRecord', {
          input: { zoneName: 'example.com', name: 'x', type: 'A', resource_records: [{ content: ['not an address'] }] },
          toolInvocationToken: undefined,
        }),
      ),
    );
    assert.deepEqual(emulator.requests, []);
  });

  for (const write of WRITES) {
    it(`${write.tool} sends exactly what ${write.command} sends`, async () => {
      emulator.reset();
      await write.setup?.();
      const commandFrom = emulator.requests.length;
      await run(write.command, write.input);
      const byCommand = writesSince(emulator, commandFrom);
      (await extensionApi()).stopFollowingTasks();

      emulator.reset();
      await write.setup?.();
      const toolFrom = emulator.requests.length;
      const result = await invoke(write.tool, write.input);
      const byTool = writesSince(emulator, toolFrom);
      (await extensionApi()).stopFollowingTasks();

      assert.ok(byCommand.length > 0, `${write.command} sent a write`);
      assert.deepEqual(byTool, byCommand);
      assert.ok(result.text.length > 0);
    });
  }

  it("gcore_createGpuCluster takes the command's path: an answer a gateway lost is looked up, one POST, its running task named", async () => {
    emulator.reset();
    const clusters = '/cloud/v3/gpu/virtual/11/76/clusters';
    emulator.inject({ method: 'POST', path: clusters, status: 502, afterApplying: true });
    try {
      const result = await invoke('gcore_createGpuCluster', { ...LOCATION, cluster: virtualClusterBody({ name: 'agent-lost' }) });
      assert.deepEqual(writesSince(emulator, 0), [['POST', clusters, virtualClusterBody({ name: 'agent-lost' })]]);
      const { tasks } = result.json as { tasks: string[] };
      assert.equal(tasks.length, 1);
      const task = await run('gcore.getTask', tasks[0]);
      assert.deepEqual(
        [(task as { task_type: string }).task_type, (task as { data: { name: string } }).data.name],
        ['create_gpu_virtual_cluster', 'agent-lost'],
      );
      assert.match(result.text, new RegExp(`^Gcore is creating GPU cluster agent-lost in project 11, region 76: task ${tasks[0]}\\.`));
    } finally {
      (await extensionApi()).stopFollowingTasks();
    }
  });

  it('gcore_importZoneFile sends nothing when the zone changed between its confirmation and its run, and says so', async () => {
    emulator.reset();
    await withRecord();
    const confirmedAgainst = await run('gcore.listRecords', { zoneName: zone });
    await run('gcore.updateRecord', { zoneName: zone, name: 'www', type: 'A', resource_records: [{ content: ['192.0.2.5'] }] });
    // The confirmation (VS Code asks for it first) reads the zone as it was before that change; the run reads it as it is.
    emulator.inject({ method: 'GET', path: `/dns/v2/zones/${zone}/rrsets`, status: 200, body: confirmedAgainst });
    const from = emulator.requests.length;
    await assert.rejects(
      Promise.resolve(
        vscode.lm.invokeTool('gcore_importZoneFile', {
          input: { zoneName: zone, text: `$ORIGIN ${zone}.\nwww 600 IN A 192.0.2.9\n` },
          toolInvocationToken: undefined,
        }),
      ),
      /The record sets of agent-tools\.example changed at Gcore after the import was confirmed: .* nothing was sent\. Run the import again/,
    );
    assert.equal(
      emulator.requests.slice(from).filter((request) => request.path === `/dns/v2/zones/${zone}/rrsets`).length,
      2,
      'read once to confirm and once to run',
    );
    assert.deepEqual(writesSince(emulator, from), []);
  });

  it('follows a container change an agent made like one made here: its row says Updating… while its tasks run', async () => {
    await setLocations([LOCATION]);
    try {
      await invoke('gcore_updateContainer', { ...LOCATION, containerName: 'web-app', changes: { timeout: 45 } });
      await eventually(async () => {
        const section = (await rows()).find((row) => label(row.item) === 'Containers');
        assert.ok(section, 'the Containers section is shown');
        const [location] = await rows(section.node);
        const row = (await rows(location.node)).find((candidate) => label(candidate.item) === 'web-app');
        assert.match(String(row?.item.description), /^Updating…/);
      });
    } finally {
      (await extensionApi()).stopFollowingTasks();
      await setLocations([]);
    }
  });

  it('says how to set a key when none is set, and sends nothing', async () => {
    await setKey(undefined);
    const result = await invoke('gcore_listZones', {});
    assert.match(result.text, /Set API Key/);
    assert.deepEqual(emulator.requests, []);
  });

  it('refuses a group the settings turn off, naming the setting', async () => {
    await gcoreConfig().update('agentTools.writes', false, vscode.ConfigurationTarget.Global);
    await assert.rejects(
      Promise.resolve(vscode.lm.invokeTool('gcore_createZone', { input: { name: zone }, toolInvocationToken: undefined })),
      /gcore\.agentTools\.writes/,
    );
    await gcoreConfig().update('agentTools.reads', false, vscode.ConfigurationTarget.Global);
    await assert.rejects(
      Promise.resolve(vscode.lm.invokeTool('gcore_listZones', { input: {}, toolInvocationToken: undefined })),
      /gcore\.agentTools\.reads/,
    );
    assert.deepEqual(emulator.requests, []);
  });

  it('offers the MCP server with the stored key only when VS Code starts it, writes only when allowed, and the server answers', async function () {
    this.timeout(30_000);
    const api = await extensionApi();
    await withZone();
    const server = await api.mcpServer();
    assert.equal(server.env.GCORE_API_KEY, TEST_KEY);
    assert.equal(server.env.GCORE_BASE_URL, emulator.url);
    assert.ok(fs.existsSync(server.args[0]), `${server.args[0]} is built`);
    assert.ok(!server.args.includes('--allow-writes'));
    await gcoreConfig().update('mcpServer.allowWrites', true, vscode.ConfigurationTarget.Global);
    assert.ok((await api.mcpServer()).args.includes('--allow-writes'));

    // Started as VS Code would start it: the definition's command, arguments and environment.
    const child = spawn(server.command, server.args, {
      env: { ...process.env, ...(server.env as Record<string, string>) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const answers: Record<number, { result?: { tools?: { name: string }[]; content?: { text: string }[] } }> = {};
      let buffer = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          const message = JSON.parse(buffer.slice(0, end)) as { id?: number };
          buffer = buffer.slice(end + 1);
          if (typeof message.id === 'number') answers[message.id] = message as (typeof answers)[number];
        }
      });
      const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
      const answer = async (id: number) => {
        for (let waited = 0; !answers[id] && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
        assert.ok(answers[id], `the MCP server answered request ${id}`);
        return answers[id];
      };
      send({
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gcore-host-test', version: '1.0.0' } },
      });
      await answer(1);
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/list', params: {} });
      const names = ((await answer(2)).result?.tools ?? []).map((tool) => tool.name);
      assert.ok(names.includes('gcore_listZones'));
      assert.ok(!names.includes('gcore_createZone'), 'writes are off unless the setting allows them');
      send({ id: 3, method: 'tools/call', params: { name: 'gcore_listZones', arguments: {} } });
      assert.match((await answer(3)).result?.content?.[0]?.text ?? '', /agent-tools\.example/);
      assert.ok(
        emulator.requests.some((request) => request.path === '/dns/v2/zones' && request.headers.authorization === `apikey ${TEST_KEY}`),
      );
    } finally {
      child.kill('SIGKILL');
    }
  });
});
