import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../auth/apiKeyStore';
import { COMMAND } from '../../core/contributions';
import type { PromptUi } from '../../ui/promptUi';
import { agentToolSettings, connectionSettings, SECTION } from '../../state/settings';

/** The MCP server's file inside the installed extension (esbuild.js builds it from src/mcpServer.ts). */
export const MCP_SERVER_FILE = 'dist/mcp-server.js';

/**
 * Offers VS Code the Gcore MCP server: the extension's own bundle run by the Node that runs VS Code's
 * extensions (`ELECTRON_RUN_AS_NODE`, so no Node install is needed), with the base URL of the settings and,
 * only when VS Code starts it, the stored key in its environment (never in a file or an argument). Writes
 * only with `gcore.mcpServer.allowWrites`.
 */
export class McpServerDefinitions implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly version: string,
    private readonly apiKey: Pick<ApiKeyStore, 'get' | 'onDidChange'>,
    private readonly ui: () => PromptUi,
  ) {
    this.subscriptions = [
      apiKey.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${SECTION}.mcpServer`) || event.affectsConfiguration(`${SECTION}.apiBaseUrl`)) this.changed.fire();
      }),
    ];
  }

  provideMcpServerDefinitions(): vscode.McpStdioServerDefinition[] {
    const args = [
      vscode.Uri.joinPath(this.extensionUri, MCP_SERVER_FILE).fsPath,
      ...(agentToolSettings().mcpWrites ? ['--allow-writes'] : []),
    ];
    return [
      new vscode.McpStdioServerDefinition(
        'Gcore',
        process.execPath,
        args,
        { ELECTRON_RUN_AS_NODE: '1', GCORE_BASE_URL: connectionSettings().baseUrl },
        this.version,
      ),
    ]; // not user text: the server's name in VS Code's MCP list, a proper name
  }

  /** Called as VS Code starts the server: the key is read now, not at activation. */
  async resolveMcpServerDefinition(server: vscode.McpStdioServerDefinition): Promise<vscode.McpStdioServerDefinition> {
    const key = await this.apiKey.get();
    if (key) {
      server.env = { ...server.env, GCORE_API_KEY: key.key };
      return server;
    }
    const setKey = vscode.l10n.t('Set API Key');
    void this.ui()
      .notify(
        'warning',
        vscode.l10n.t(
          'The Gcore MCP server starts without an API key: its tools will say how to set one. Set a key, then restart the server.',
        ),
        setKey,
      )
      .then((choice) => {
        if (choice === setKey) void vscode.commands.executeCommand(COMMAND.setApiKey);
      });
    return server;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
