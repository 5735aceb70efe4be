import * as assert from 'node:assert/strict';
import type { GcoreClient } from '../../../src/api';
import {
  clientWrites,
  commandWrites,
  toolNamed,
  type ToolDefinition,
  type ToolResult,
  type ToolWrite,
  type ToolWrites,
} from '../../../src/agentTools';
import type { ChangeSubject } from '../../../src/loaders/taskPoller';
import { withConfirmedPlan } from '../../../src/models/dns/confirmedImportPlan';
import { recordedLog } from '../support/recordedLog';

/*
 * A write tool declares its change once, as data (ToolWrite): these tests make up a tool that no surface knows
 * and send it through both, the client's (the MCP server) and the commands' (VS Code, here with the command
 * runner and the task tracking stubbed); then they send each real write tool's change through both.
 */

interface RenameArgs {
  name: string;
  to: string;
  /** Whether the change's tasks are followed. */
  followed: boolean;
}

interface RenameResult {
  tasks: string[];
}

const LOCATION = { projectId: 7, regionId: 76 };

/** What the client path received, and the client it was handed. */
const viaClientCalls: { client: GcoreClient; signal?: AbortSignal }[] = [];

const renameThing: ToolDefinition<RenameArgs> = {
  name: 'gcore_renameThing',
  kind: 'write',
  commandId: 'gcore.renameThing',
  displayName: 'Rename a Thing',
  modelDescription: 'Renames a thing.',
  userDescription: 'Renames a thing.',
  inputSchema: { type: 'object' },
  parse: (input) => input as RenameArgs,
  invoke: async ({ name, to, followed }, { writes, signal }) => {
    const result = await writes.send<RenameResult>(
      {
        command: 'gcore.renameThing',
        argument: { ...LOCATION, name, to },
        viaClient: async (client, clientSignal) => {
          viaClientCalls.push({ client, signal: clientSignal });
          return { tasks: ['by-client'] };
        },
        follows: followed ? { kind: 'thing', ...LOCATION, name, action: 'rename' } : undefined,
      },
      signal,
    );
    return { text: `Renaming ${name}: ${result.tasks.join(', ')}.`, json: result };
  },
};

/** A stand-in client: the tool hands it to its write untouched. */
const client = { marker: 'client' } as unknown as GcoreClient;

/** Parses and runs the tool as a surface does, with `writes` as the surface's. */
function run(input: RenameArgs, writes: ToolWrites, signal?: AbortSignal): Promise<ToolResult> {
  return renameThing.invoke(renameThing.parse(input), { client, writes, configuredLocations: () => [], signal });
}

/** The commands run and the tasks followed through commandWrites, each command answering `answer`. */
function commandSurface(answer: unknown) {
  const ran: [string, unknown][] = [];
  const followed: [ChangeSubject, readonly string[]][] = [];
  const writes = commandWrites(
    async (command, argument) => {
      ran.push([command, argument]);
      return answer;
    },
    { start: (subject, taskIds) => followed.push([subject, taskIds]) },
  );
  return { writes, ran, followed };
}

describe('a write tool declares its change once, and each surface sends it its own way', () => {
  beforeEach(() => {
    viaClientCalls.length = 0;
  });

  it("sends it through the client where no extension runs: the write's client path, with the call's signal", async () => {
    const signal = new AbortController().signal;
    const outcome = await run({ name: 'old', to: 'new', followed: true }, clientWrites(client, recordedLog()), signal);
    assert.deepEqual(outcome, { text: 'Renaming old: by-client.', json: { tasks: ['by-client'] } });
    assert.equal(viaClientCalls.length, 1);
    assert.equal(viaClientCalls[0].client, client);
    assert.equal(viaClientCalls[0].signal, signal);
  });

  it('sends it as its command in VS Code, with its argument, and answers what the command resolves to', async () => {
    const { writes, ran } = commandSurface({ tasks: ['by-command'] });
    const outcome = await run({ name: 'old', to: 'new', followed: false }, writes);
    assert.deepEqual(ran, [['gcore.renameThing', { projectId: 7, regionId: 76, name: 'old', to: 'new' }]]);
    assert.deepEqual(outcome, { text: 'Renaming old: by-command.', json: { tasks: ['by-command'] } });
    assert.deepEqual(viaClientCalls, [], 'the client path is not taken');
  });

  it('follows the tasks the command answered with the subject the write declares, and only when it declares one', async () => {
    const declared = commandSurface({ tasks: ['t-1', 't-2'] });
    await run({ name: 'old', to: 'new', followed: true }, declared.writes);
    assert.deepEqual(declared.followed, [[{ kind: 'thing', projectId: 7, regionId: 76, name: 'old', action: 'rename' }, ['t-1', 't-2']]]);

    const undeclared = commandSurface({ tasks: ['t-3'] });
    await run({ name: 'old', to: 'new', followed: false }, undeclared.writes);
    assert.deepEqual(undeclared.followed, []);
  });

  it('follows nothing when the command answered no task', async () => {
    for (const answer of [{ tasks: [] }, {}, undefined]) {
      const { writes, followed } = commandSurface(answer);
      await writes.send({
        command: 'gcore.renameThing',
        argument: {},
        viaClient: async () => answer,
        follows: { kind: 'thing', ...LOCATION, name: 'old', action: 'rename' },
      });
      assert.deepEqual(followed, [], JSON.stringify(answer));
    }
  });
});

/** The client calls a write made, as `area.method` and the arguments; each call answers `{ tasks: [] }`. */
function recordingClient(): { client: GcoreClient; calls: [string, unknown[]][] } {
  const calls: [string, unknown[]][] = [];
  const area = (name: string) =>
    new Proxy(
      {},
      {
        get:
          (_target, method: string) =>
          async (...args: unknown[]) => {
            calls.push([`${name}.${method}`, args]);
            return { tasks: [] };
          },
      },
    );
  return { client: { containers: area('containers'), dns: area('dns') } as unknown as GcoreClient, calls };
}

/** The write a tool declares for `input`, caught where a surface would send it. */
async function declaredWrite(name: string, input: unknown, confirmed?: string): Promise<ToolWrite<unknown>> {
  const definition = toolNamed(name);
  assert.ok(definition, name);
  const caught: ToolWrite<unknown>[] = [];
  const stop = new Error('caught');
  const catching: ToolWrites = {
    send: async (write) => {
      caught.push(write as ToolWrite<unknown>);
      throw stop;
    },
  };
  await assert.rejects(
    definition.invoke(definition.parse(input), { client, writes: catching, configuredLocations: () => [], confirmed }),
    (error) => error === stop,
  );
  assert.equal(caught.length, 1, `${name} sends one write`);
  assert.equal(caught[0].command, definition.commandId, `${name} runs the command it is like`);
  return caught[0];
}

interface WriteCase {
  tool: string;
  input: Record<string, unknown>;
  confirmed?: string;
  /** The programmatic argument of the tool's command. */
  argument: unknown;
  follows?: ChangeSubject;
  /**
   * The client call, for a write that is one call (the record set writes and the import read first: their
   * requests are held to the emulator's in dns/dnsWrites.test.ts and dns/zoneFileImport.test.ts).
   */
  clientCall?: [string, unknown[]];
}

const CHANGES = { timeout: 30, envs: { MODE: 'agent' } };
const CONTAINER = { name: 'agent-box', image: 'nginx:1.27', listening_port: 80, flavor: '80mCPU-128MiB', scale: { min: 1, max: 1 } };
const RECORD = { zoneName: 'example.com', name: 'www', type: 'A', ttl: 300, resource_records: [{ content: ['192.0.2.7'] }] };
const IMPORT = { zoneName: 'example.com', text: '$ORIGIN example.com.\nwww 300 IN A 192.0.2.9\n' };
/** What the tools' validators make of the inputs: a record set's name in full, the import's deleteMissing given. */
const RECORD_PARSED = { ...RECORD, name: 'www.example.com' };
const IMPORT_PARSED = { ...IMPORT, deleteMissing: false };
const containerChange = (name: string, action: string): ChangeSubject => ({ kind: 'container', ...LOCATION, name, action });

const WRITE_TOOLS: WriteCase[] = [
  {
    tool: 'gcore_updateContainer',
    input: { ...LOCATION, containerName: 'web-app', changes: CHANGES },
    argument: { ...LOCATION, containerName: 'web-app', changes: CHANGES },
    follows: containerChange('web-app', 'update'),
    clientCall: ['containers.update', [LOCATION, 'web-app', CHANGES]],
  },
  {
    tool: 'gcore_createContainer',
    input: { ...LOCATION, container: CONTAINER },
    argument: { ...LOCATION, container: CONTAINER },
    follows: containerChange('agent-box', 'create'),
    clientCall: ['containers.create', [LOCATION, CONTAINER]],
  },
  {
    tool: 'gcore_deleteContainer',
    input: { ...LOCATION, containerName: 'web-app' },
    argument: { ...LOCATION, containerName: 'web-app' },
    follows: containerChange('web-app', 'delete'),
    clientCall: ['containers.delete', [{ ...LOCATION, containerName: 'web-app' }, 'web-app']],
  },
  {
    tool: 'gcore_createZone',
    input: { name: 'example.com' },
    argument: { name: 'example.com' },
    clientCall: ['dns.createZone', [{ name: 'example.com' }]],
  },
  {
    tool: 'gcore_enableDnssec',
    input: { zoneName: 'example.com' },
    argument: { zoneName: 'example.com' },
    clientCall: ['dns.setDnssec', ['example.com', true]],
  },
  {
    tool: 'gcore_disableDnssec',
    input: { zoneName: 'example.com' },
    argument: { zoneName: 'example.com' },
    clientCall: ['dns.setDnssec', ['example.com', false]],
  },
  { tool: 'gcore_createRecord', input: RECORD, argument: RECORD_PARSED },
  { tool: 'gcore_updateRecord', input: RECORD, argument: RECORD_PARSED },
  {
    tool: 'gcore_deleteRecord',
    input: { zoneName: 'example.com', name: 'www', type: 'A' },
    argument: { zoneName: 'example.com', name: 'www.example.com', type: 'A' },
    clientCall: ['dns.deleteRecord', ['example.com', 'www.example.com', 'A']],
  },
  { tool: 'gcore_importZoneFile', input: IMPORT, confirmed: 'digest-1', argument: withConfirmedPlan(IMPORT_PARSED, 'digest-1') },
];

describe('each write tool declares its change once, for both surfaces', () => {
  for (const write of WRITE_TOOLS) {
    it(`${write.tool}: its command with the command's argument, its tasks followed ${write.follows ? 'as its resource' : 'not at all'}`, async () => {
      const declared = await declaredWrite(write.tool, write.input, write.confirmed);
      const { writes, ran, followed } = commandSurface({ tasks: ['t-1'] });
      await writes.send(declared);
      assert.deepEqual(ran, [[declared.command, write.argument]]);
      assert.deepEqual(followed, write.follows ? [[write.follows, ['t-1']]] : []);
    });

    const { clientCall } = write;
    if (clientCall) {
      it(`${write.tool}: through the client, the one call its command makes, with the call's signal`, async () => {
        const declared = await declaredWrite(write.tool, write.input, write.confirmed);
        const recording = recordingClient();
        const signal = new AbortController().signal;
        await clientWrites(recording.client, recordedLog()).send(declared, signal);
        const [method, args] = clientCall;
        assert.deepEqual(recording.calls, [[method, [...args, { signal }]]]);
      });
    }
  }
});
