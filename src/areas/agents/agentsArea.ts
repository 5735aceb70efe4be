import * as vscode from 'vscode';
import { commandToolWrites } from './commandToolWrites';
import { languageModelTool } from './languageModelTools';
import { McpServerDefinitions } from './mcpServerDefinitions';
import type { Area } from '../area';
import type { Core } from '../core';

/** The id package.json gives the MCP server definition provider (`contributes.mcpServerDefinitionProviders`). */
export const MCP_PROVIDER_ID = 'gcore';

interface Manifest {
  version: string;
  contributes?: { languageModelTools?: { name: string }[] };
}

/**
 * What agents in the editor use: the language model tools package.json contributes, each run through the
 * extension's client and its commands' write paths, and the MCP server VS Code can start for agents
 * outside its chat. The tools' code loads on their first call.
 */
export function agentsArea(core: Core): Area & { mcpServers: McpServerDefinitions } {
  const manifest = core.context.extension.packageJSON as Manifest;
  const deps = {
    client: core.client,
    apiKey: core.apiKey,
    log: core.log,
    writes: commandToolWrites(core.tasks),
    parts: core.toolContext,
  };
  const tools = (manifest.contributes?.languageModelTools ?? []).map(({ name }) =>
    vscode.lm.registerTool(name, languageModelTool(name, deps)),
  );
  const mcp = new McpServerDefinitions(core.context.extensionUri, manifest.version, core.apiKey, core.ui.get);
  return { disposables: [...tools, mcp, vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, mcp)], mcpServers: mcp };
}
