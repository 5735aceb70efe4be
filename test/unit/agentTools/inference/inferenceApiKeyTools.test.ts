import * as assert from 'node:assert/strict';
import type { ToolWrite, ToolWrites } from '../../../../src/agentTools';
import { SEEDED_API_KEY_SECRET } from '../../../emulator/inference-seed';
import { assertRefused, confirmation, received, run, startTools, stopTools, tool, writesReceived, type ToolHarness } from '../toolHarness';

/*
 * The API key tools against the emulator's seeded project 1 (team-key attached to llama-chat): no secret in any
 * answer, a create that the MCP server refuses before sending anything, a delete whose confirmation names the
 * deployments that use the key.
 */

const PROJECT = { projectId: 1 };
const KEYS = '/cloud/v3/inference/1/api_keys';

describe('inference API key tools against the emulator', () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await startTools();
  });
  afterEach(() => stopTools(h));

  it('lists the keys with their deployments, and no secret', async () => {
    const result = await run(tool('gcore_listInferenceApiKeys'), PROJECT, h);
    assert.match(result.text, /^1 inference API keys in project 1:$/m);
    assert.match(result.text, /^- team-key: Shared by the team for the chat deployment · never expires · used by llama-chat$/m);
    assert.ok(!(result.text + JSON.stringify(result.json)).includes(SEEDED_API_KEY_SECRET));
    assert.deepEqual(
      received(h).map((request) => [request.method, request.path]),
      [['GET', KEYS]],
    );
  });

  it('creates through the command in VS Code, answering the key without a secret', async () => {
    const caught: ToolWrite<unknown>[] = [];
    const writes: ToolWrites = {
      send: async (write) => {
        caught.push(write as ToolWrite<unknown>);
        return { name: 'ci', description: null, secret: 'leaked-if-shown-0123' } as never;
      },
    };
    const definition = tool('gcore_createInferenceApiKey');
    const input = { ...PROJECT, name: 'ci', expiresAt: '2099-01-01T00:00:00Z' };
    const result = await definition.invoke(definition.parse(input), { ...h.context, writes });
    assert.deepEqual(
      caught.map((write) => [write.command, write.argument]),
      [['gcore.createInferenceApiKey', input]],
    );
    assert.ok(!(result.text + JSON.stringify(result.json)).includes('leaked-if-shown-0123'));
    assert.match(result.text, /^Created API key ci in project 1; its secret is in VS Code's secret storage/);
  });

  it('refuses a create in the MCP server before sending anything, saying why', async () => {
    const definition = tool('gcore_createInferenceApiKey');
    await assert.rejects(
      definition.invoke(definition.parse({ ...PROJECT, name: 'ci' }), h.context),
      /The Gcore MCP server does not create inference API keys: .+ no secret storage/,
    );
    assert.deepEqual(writesReceived(h), []);
  });

  it('refuses a name with a dot before any request', () => {
    assertRefused(tool('gcore_createInferenceApiKey'), { ...PROJECT, name: 'team.key' }, /name: must not hold a dot/, h);
  });

  it("confirms a delete naming the deployments that use the key, and Gcore's refusal names them too", async () => {
    const confirm = await confirmation('gcore_deleteInferenceApiKey', { ...PROJECT, name: 'team-key' }, h);
    assert.equal(confirm.title, 'Delete API key team-key in project 1?');
    assert.match(confirm.message, /^llama-chat use it: Gcore refuses the delete until it is detached from them\.$/);
    await assert.rejects(run(tool('gcore_deleteInferenceApiKey'), { ...PROJECT, name: 'team-key' }, h), /attached to llama-chat/);
  });
});
