import { TOOL_DEFINITIONS, type AnyToolDefinition } from '../../src/agentTools';

/** The setting whose `when` clause offers a tool in VS Code's chat. */
export function toolSettingKey(tool: AnyToolDefinition): string {
  return tool.kind === 'read' ? 'gcore.agentTools.reads' : 'gcore.agentTools.writes';
}

/**
 * package.json's `languageModelTools` as the definitions make them: one definition, two surfaces (the MCP
 * server reads the same definitions), so the manifest is written from them (`npm run tool-contributions`)
 * and a unit test checks it has not drifted. Titles and descriptions for people go to package.nls.json.
 */
export function toolContributions(): { tools: object[]; nls: Record<string, string> } {
  const nls: Record<string, string> = {};
  const tools = TOOL_DEFINITIONS.map((tool) => {
    const key = tool.name.replace(/^gcore_/, '');
    nls[`tool.${key}.displayName`] = tool.displayName;
    nls[`tool.${key}.userDescription`] = tool.userDescription;
    return {
      name: tool.name,
      toolReferenceName: key,
      displayName: `%tool.${key}.displayName%`,
      userDescription: `%tool.${key}.userDescription%`,
      modelDescription: tool.modelDescription,
      canBeReferencedInPrompt: true,
      icon: tool.kind === 'read' ? '$(cloud)' : '$(cloud-upload)',
      tags: ['gcore', tool.kind === 'read' ? 'gcore-read' : 'gcore-write'],
      when: `config.${toolSettingKey(tool)}`,
      inputSchema: tool.inputSchema,
    };
  });
  return { tools, nls };
}
