import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_DEFINITIONS } from '../../src/agentTools';
import { LARGE_ZONE_NAME, SEEDED_CONTAINER_NAMES, start, type Emulator, type Fault } from '../emulator/server';
import { eventually, present } from '../support/eventually';
import { virtualClusterBody } from '../support/gpuClusterBodies';
import { REPO_ROOT } from '../support/repoRoot';

const SERVER = path.resolve(REPO_ROOT, 'dist', 'mcp-server.js');
const KEY = 'mcp-test-key-$ecret-0123456789';

interface Session {
  client: Client;
  transport: StdioClientTransport;
  stderr: string[];
}

/** The texts of a call's result: the summary, then (on success) its JSON. */
function texts(result: unknown): string[] {
  return ((result as CallToolResult).content as { type: string; text: string }[]).map((part) => part.text);
}

describe('the MCP server (dist/mcp-server.js) driven by the SDK client over stdio', function () {
  this.timeout(30_000);
  let emulator: Emulator;
  const sessions: Session[] = [];

  /** Starts the bundled server as an MCP client would, with only the environment given (and the SDK's safe defaults). */
  async function connect(env: Record<string, string>, args: string[] = []): Promise<Session> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER, ...args], env, stderr: 'pipe' });
    const stderr: string[] = [];
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    const client = new Client({ name: 'gcore-tests', version: '1.0.0' });
    const session = { client, transport, stderr };
    sessions.push(session);
    await client.connect(transport);
    return session;
  }

  const withKey = (): Record<string, string> => ({ GCORE_API_KEY: KEY, GCORE_BASE_URL: emulator.url });

  before(async () => {
    assert.ok(fs.existsSync(SERVER), `${SERVER} is missing: run "npm run build" first (this test runs the bundle and builds nothing).`);
    emulator = await start({ apiKey: KEY, demo: true });
  });

  beforeEach(() => emulator.reset());

  afterEach(async () => {
    for (const { transport } of sessions.splice(0)) {
      const pid = transport.pid;
      await transport.close();
      if (pid !== null) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone: close() ended it.
        }
      }
    }
  });

  after(() => emulator?.close());

  it("offers the read tools only, with the definitions' schemas, unless started with --allow-writes", async () => {
    const reads = await connect(withKey());
    const listed = (await reads.client.listTools()).tools;
    assert.deepEqual(
      listed.map((tool) => tool.name),
      TOOL_DEFINITIONS.filter((tool) => tool.kind === 'read').map((tool) => tool.name),
    );
    for (const tool of listed) {
      const definition = TOOL_DEFINITIONS.find((candidate) => candidate.name === tool.name);
      assert.deepEqual(tool.inputSchema, definition?.inputSchema, tool.name);
      assert.equal(tool.description, definition?.modelDescription);
      assert.equal(tool.annotations?.readOnlyHint, true);
    }
    assert.deepEqual(reads.client.getServerVersion(), {
      name: 'gcore',
      version: (JSON.parse(fs.readFileSync(path.join(SERVER, '..', '..', 'package.json'), 'utf8')) as { version: string }).version,
    });

    const all = await connect(withKey(), ['--allow-writes']);
    assert.deepEqual(
      (await all.client.listTools()).tools.map((tool) => tool.name),
      TOOL_DEFINITIONS.map((tool) => tool.name),
    );
  });

  it("answers a read with its text and the emulator's data as JSON, and leaves a trace without the key", async () => {
    const { client, stderr } = await connect(withKey());
    const result = await client.callTool({ name: 'gcore_listContainers', arguments: { projectId: 7, regionId: 76 } });
    assert.equal(result.isError, undefined);
    const [text, json] = texts(result);
    assert.match(text, /^7 containers in project 7, region 76:\n- web-app \(Ready, 2\/2 ready\)/);
    assert.deepEqual(
      (JSON.parse(json) as { results: { name: string }[] }).results.map((container) => container.name),
      [...SEEDED_CONTAINER_NAMES],
    );
    const [request] = emulator.requests;
    assert.equal(request.path, '/cloud/v1/caas/7/76/containers');
    assert.equal(request.headers.authorization, `apikey ${KEY}`);
    assert.match(request.headers['user-agent'], /^gcore-vscode-mcp\//);
    await eventually(() => assert.match(stderr.join(''), /\[gcore-mcp\] gcore_listContainers ok \(\d+ ms\)/));
    assert.ok(!stderr.join('').includes(KEY));
  });

  it('refuses a write when started without --allow-writes, sending nothing', async () => {
    const { client, stderr } = await connect(withKey());
    const result = await client.callTool({
      name: 'gcore_updateContainer',
      arguments: { projectId: 7, regionId: 76, containerName: 'web-app', changes: { timeout: 30 } },
    });
    assert.equal(result.isError, true);
    assert.match(
      texts(result)[0],
      /started without --allow-writes, so it makes no changes\. Nothing was sent\. Start the server with --allow-writes/,
    );
    assert.deepEqual(emulator.requests, []);
    await eventually(() => assert.match(stderr.join(''), /gcore_updateContainer failed: /));
  });

  it('runs a write when started with --allow-writes: the emulator receives exactly it', async () => {
    const { client } = await connect(withKey(), ['--allow-writes']);
    const result = await client.callTool({
      name: 'gcore_updateContainer',
      arguments: { projectId: 7, regionId: 76, containerName: 'web-app', changes: { timeout: 30 } },
    });
    assert.equal(result.isError, undefined, texts(result)[0]);
    assert.deepEqual(
      emulator.requests.map((request) => [request.method, request.path, request.json]),
      [['PATCH', '/cloud/v1/caas/7/76/containers/web-app', { timeout: 30 }]],
    );
    assert.deepEqual(JSON.parse(texts(result)[1]), { tasks: [emulator.container(7, 76, 'web-app')?.rolloutTaskId] });
    assert.equal(emulator.container(7, 76, 'web-app')?.config.timeout, 30);
  });

  it('offers the inference reads without --allow-writes and its writes with it, sending each on its write path', async () => {
    const inference = (names: string[]) => names.filter((name) => name.includes('Inference'));
    const reads = await connect(withKey());
    assert.deepEqual(inference((await reads.client.listTools()).tools.map((tool) => tool.name)), [
      'gcore_listInferenceDeployments',
      'gcore_getInferenceDeployment',
      'gcore_getInferenceLogs',
      'gcore_previewInferenceDeployment',
      'gcore_getInferenceQuota',
      'gcore_listInferenceApiKeys',
    ]);
    const all = await connect(withKey(), ['--allow-writes']);
    assert.deepEqual(inference((await all.client.listTools()).tools.map((tool) => tool.name)).slice(5), [
      'gcore_createInferenceDeployment',
      'gcore_updateInferenceDeployment',
      'gcore_startInferenceDeployment',
      'gcore_stopInferenceDeployment',
      'gcore_deleteInferenceDeployment',
      'gcore_listInferenceApiKeys',
      'gcore_createInferenceApiKey',
      'gcore_deleteInferenceApiKey',
    ]);
    emulator.requests.length = 0;
    const result = await all.client.callTool({ name: 'gcore_stopInferenceDeployment', arguments: { projectId: 1, name: 'llama-chat' } });
    assert.equal(result.isError, undefined, texts(result)[0]);
    assert.deepEqual(
      emulator.requests.map((request) => [request.method, request.path]),
      [['POST', '/cloud/v3/inference/1/deployments/llama-chat/stop']],
    );
  });

  it('refuses to create an inference API key, having no secret storage, before sending anything', async () => {
    const { client } = await connect(withKey(), ['--allow-writes']);
    emulator.requests.length = 0;
    const result = await client.callTool({ name: 'gcore_createInferenceApiKey', arguments: { projectId: 1, name: 'ci-key' } });
    assert.equal(result.isError, true);
    assert.match(texts(result)[0], /The Gcore MCP server does not create inference API keys: .+no secret storage/);
    assert.deepEqual(emulator.requests, []);
  });

  it("creates a GPU cluster whose answer was lost on the command's path: one POST, the running task named", async () => {
    const { client, stderr } = await connect(withKey(), ['--allow-writes']);
    const clusters = '/cloud/v3/gpu/virtual/7/76/clusters';
    const lost: { name: string; fault: Omit<Fault, 'path'> }[] = [
      { name: 'lost-502', fault: { status: 502, afterApplying: true } },
      { name: 'lost-504', fault: { status: 504, afterApplying: true } },
      { name: 'lost-unreadable', fault: { malformed: true, afterApplying: true } },
      { name: 'lost-cut-short', fault: { resetMidBody: true } },
    ];
    for (const { name, fault } of lost) {
      emulator.requests.length = 0;
      emulator.inject({ method: 'POST', path: clusters, ...fault });
      const result = await client.callTool({
        name: 'gcore_createGpuCluster',
        arguments: { projectId: 7, regionId: 76, cluster: virtualClusterBody({ name }) },
      });
      assert.equal(result.isError, undefined, `${name}: ${texts(result)[0]}`);
      const posts = emulator.requests.filter((request) => request.method === 'POST' && request.path === clusters);
      assert.equal(posts.length, 1, `${name}: one POST`);
      const taskIds = JSON.parse(texts(result)[1]).tasks as string[];
      assert.equal(taskIds.length, 1, name);
      const task = (await (
        await fetch(`${emulator.url}/cloud/v1/tasks/${taskIds[0]}`, { headers: { authorization: `apikey ${KEY}` } })
      ).json()) as {
        task_type: string;
        state: string;
        data: { name: string };
      };
      assert.deepEqual([task.task_type, task.data.name], ['create_gpu_virtual_cluster', name]);
      assert.match(task.state, /^(NEW|RUNNING)$/);
      assert.match(texts(result)[0], new RegExp(`^Gcore is creating GPU cluster ${name} in project 7, region 76: task ${taskIds[0]}\\.`));
    }
    await eventually(() => assert.match(stderr.join(''), /warning: the answer to the create of GPU cluster lost-502 was lost/));
  });

  it("answers a refused input and an API failure as errors, naming the field or carrying Gcore's message", async () => {
    const { client } = await connect(withKey(), ['--allow-writes']);
    const invalid = await client.callTool({
      name: 'gcore_createRecord',
      arguments: { zoneName: 'example.com', name: 'x', type: 'A', resource_records: [{ content: ['300.1.1.1'] }] },
    });
    assert.equal(invalid.isError, true);
    assert.match(texts(invalid)[0], /^Invalid argument: resource_records\[0\]\.content\[0\]: .*300\.1\.1\.1/);
    assert.deepEqual(emulator.requests, [], 'refused before any request');
    const missing = await client.callTool({
      name: 'gcore_getContainer',
      arguments: { projectId: 7, regionId: 76, containerName: 'no-such-app' },
    });
    assert.equal(missing.isError, true);
    assert.match(texts(missing)[0], /no-such-app/);
  });

  it('answers every tool with how to set GCORE_API_KEY when it has no key', async () => {
    const { client } = await connect({ GCORE_BASE_URL: emulator.url }, ['--allow-writes']);
    for (const name of ['gcore_listZones', 'gcore_createZone']) {
      const result = await client.callTool({ name, arguments: {} });
      assert.equal(result.isError, true, name);
      assert.match(texts(result)[0], /^No Gcore API key is set.*Set the environment variable GCORE_API_KEY/, name);
    }
    assert.deepEqual(emulator.requests, []);
  });

  it('answers a line that is not JSON with a parse error and JSON that is no JSON-RPC message with an invalid request, then goes on', async () => {
    const child = spawn(process.execPath, [SERVER], { env: withKey(), stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      const answers: unknown[] = [];
      let buffer = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          answers.push(JSON.parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 1);
        }
      });
      const answer = (index: number) => eventually(() => present(answers[index], `answer ${index + 1}`));
      child.stdin.write('this is not JSON\n');
      assert.deepEqual(await answer(0), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      child.stdin.write('{"hello":"world"}\n');
      assert.deepEqual(await answer(1), { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } });
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gcore-tests', version: '1.0.0' } } })}\n`,
      );
      assert.equal(((await answer(2)) as { id: number }).id, 7, 'the server still answers');
      assert.deepEqual(emulator.requests, []);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('answers a zone of 20,000 record sets in 32 KB at most, saying how many sets it left out', async () => {
    const large = await start({ apiKey: KEY, recordSetsInZone: 20_000 });
    try {
      const { client } = await connect({ GCORE_API_KEY: KEY, GCORE_BASE_URL: large.url });
      const [text, json] = texts(await client.callTool({ name: 'gcore_listRecords', arguments: { zoneName: LARGE_ZONE_NAME } }));
      assert.ok(
        Buffer.byteLength(text) + Buffer.byteLength(json) <= 32 * 1024,
        `${Buffer.byteLength(text) + Buffer.byteLength(json)} bytes`,
      );
      const kept = (JSON.parse(json) as { rrsets: unknown[] }).rrsets.length;
      assert.match(
        text,
        new RegExp(`^The JSON holds the first ${kept} of the 20000 entries of rrsets; ${20_000 - kept} are left out\\.$`, 'm'),
      );
    } finally {
      await large.close();
    }
  });

  it('refuses to send the key to a base URL the gcore.apiBaseUrl rule refuses', async () => {
    const { client } = await connect({ GCORE_API_KEY: KEY, GCORE_BASE_URL: 'http://example.com' });
    const result = await client.callTool({ name: 'gcore_listZones', arguments: {} });
    assert.equal(result.isError, true);
    assert.match(texts(result)[0], /^GCORE_BASE_URL is refused: http: is only allowed to a loopback host/);
  });
});
