import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TOOL_DEFINITIONS } from '../../../src/agentTools';
import { toolContributions, toolSettingKey } from '../../packaging/toolContributions';

const ROOT = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  contributes: {
    languageModelTools: object[];
    configuration: { properties: Record<string, { type: string; default: unknown }> };
    mcpServerDefinitionProviders: { id: string }[];
  };
};
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;

describe('the agent tools in package.json', () => {
  it('contributes exactly the definitions, with their schemas and descriptions (npm run tool-contributions writes them)', () => {
    const generated = toolContributions();
    assert.deepEqual(manifest.contributes.languageModelTools, generated.tools);
    for (const [key, text] of Object.entries(generated.nls)) assert.equal(nls[key], text, key);
  });

  it('offers each group under its own setting, on by default, and the MCP server writes only when turned on', () => {
    const settings = manifest.contributes.configuration.properties;
    for (const tool of TOOL_DEFINITIONS) assert.equal(settings[toolSettingKey(tool)]?.default, true, tool.name);
    assert.equal(settings['gcore.mcpServer.allowWrites']?.default, false);
    assert.deepEqual(
      manifest.contributes.mcpServerDefinitionProviders.map((provider) => provider.id),
      ['gcore'],
    );
  });
});
