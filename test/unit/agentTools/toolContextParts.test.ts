import * as assert from 'node:assert/strict';
import { contextPart, toolContextPart, ToolContextRegistry } from '../../../src/agentTools/toolContextParts';

const SETTING = toolContextPart<{ level: number }>('test.setting');
const OTHER = toolContextPart<string>('test.other');

describe("the tools' context parts", () => {
  it('gives each call what the registered parts say then, and nothing of a part nobody registered', async () => {
    const registry = new ToolContextRegistry();
    let level = 1;
    registry.register(SETTING, async () => ({ level }));
    const first = { parts: await registry.parts() };
    level = 2;
    const second = { parts: await registry.parts() };
    assert.deepEqual(contextPart(first, SETTING), { level: 1 });
    assert.deepEqual(contextPart(second, SETTING), { level: 2 });
    assert.equal(contextPart(second, OTHER), undefined);
    assert.equal(contextPart({}, SETTING), undefined, 'a surface that adds none, as the MCP server');
  });

  it('refuses a part registered twice', () => {
    const registry = new ToolContextRegistry();
    registry.register(OTHER, async () => 'one');
    assert.throws(() => registry.register(OTHER, async () => 'two'), /test\.other is registered twice/);
  });
});
