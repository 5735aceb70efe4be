import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../auth/apiKeyStore';
import { loadOnce } from '../../core/loadOnce';
import type { Log } from '../../logging/log';
import { agentToolSettings, readLocations } from '../../state/settings';
import type { GcoreClient } from '../../api';
import type { AnyToolDefinition, ToolContext, ToolContextParts, ToolContextRegistry, ToolWrites } from '../../agentTools';
import type * as ToolsModule from '../../agentTools';

export interface LanguageModelToolDeps {
  client: GcoreClient;
  apiKey: Pick<ApiKeyStore, 'get'>;
  log: Log;
  /** The extension's write paths: each change goes through the command that makes it. */
  writes: ToolWrites;
  /** What the areas add to their tools' context in VS Code (their settings), provided anew for each call. */
  parts: Pick<ToolContextRegistry, 'parts'>;
}

/** The tools' code, one load for every tool: dist/features.js holds it, with the commands' code. */
const toolsCode = loadOnce(() => import('../../agentTools/index.js'));

/** The tools' code, loaded on the first call of any tool, the definition named, and what the areas add to the call's context. */
async function definition(
  name: string,
  registry: Pick<ToolContextRegistry, 'parts'>,
): Promise<{ tool: AnyToolDefinition; tools: typeof ToolsModule; parts: ToolContextParts }> {
  const [tools, parts] = await Promise.all([toolsCode(), registry.parts()]);
  const tool = tools.toolNamed(name);
  if (!tool) throw new Error(`No Gcore tool is named ${name}`); // not user text: package.json names a tool the code does not hold, a mistake of the build
  return { tool, tools, parts };
}

/** How many confirmations a tool remembers until their calls run: more than a chat has waiting at once. */
const CONFIRMATIONS_KEPT = 32;

/** An input as the key of its confirmation: its digest, since an input may be a whole zone file. */
function inputKey(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(input) ?? '')
    .digest('hex');
}

/**
 * A language model tool for one of the tools package.json contributes: the definition says what it does;
 * here it is asked for a write's confirmation, given the extension's client and write paths, kept to the
 * groups the settings allow, and leaves a line in the Gcore log for every call.
 */
export function languageModelTool(name: string, deps: LanguageModelToolDeps): vscode.LanguageModelTool<unknown> {
  // VS Code confirms a call (prepareInvocation) and then runs it (invoke) with the same input and nothing else
  // in common: what a confirmation showed is kept by its input until the call runs.
  const confirmed = new Map<string, string>();
  const context = (token: vscode.CancellationToken, parts: ToolContextParts, shown?: string): ToolContext => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return {
      client: deps.client,
      writes: deps.writes,
      configuredLocations: () => readLocations().locations,
      parts,
      signal: controller.signal,
      confirmed: shown,
    };
  };
  return {
    prepareInvocation: async (options, token) => {
      const { tool, parts } = await definition(name, deps.parts);
      if (tool.kind === 'read' || !tool.confirm) return { invocationMessage: tool.displayName };
      const input = tool.parse(options.input);
      const confirmation = await tool.confirm(input, context(token, parts));
      const key = inputKey(options.input);
      confirmed.delete(key);
      if (confirmation.confirmed !== undefined) {
        confirmed.set(key, confirmation.confirmed);
        // The oldest go first: a call whose confirmation is forgotten works its changes out when it runs.
        for (const oldest of confirmed.keys()) if (confirmed.size > CONFIRMATIONS_KEPT) confirmed.delete(oldest);
      }
      return {
        invocationMessage: tool.displayName,
        // Plain text: Gcore's values (`_dmarc`, `*`, a TXT's words) are shown as they are, line by line.
        confirmationMessages: { title: confirmation.title, message: confirmation.message },
      };
    },
    invoke: async (options, token) => {
      const key = inputKey(options.input);
      const shown = confirmed.get(key);
      confirmed.delete(key);
      const { tool, tools, parts } = await definition(name, deps.parts);
      const started = Date.now();
      const trace = (outcome: string) => deps.log.info(`agent tool ${name}: ${outcome} in ${Date.now() - started} ms`); // not user text: the log's own line format, like the request lines
      const allowed = agentToolSettings();
      if (!(tool.kind === 'read' ? allowed.reads : allowed.writes)) {
        trace('turned off'); // not user text: a word of the log line
        throw new Error(
          vscode.l10n.t(
            'The Gcore tools that {0} are turned off (setting {1}).',
            tool.kind === 'read' ? vscode.l10n.t('read') : vscode.l10n.t('change things'),
            `gcore.agentTools.${tool.kind}s`,
          ),
        );
      }
      if (!(await deps.apiKey.get())) {
        trace('no API key'); // not user text: a word of the log line
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(tools.toolNoKeyText('vscode'))]);
      }
      const outcome = await tools.callTool(tool, options.input, context(token, parts, shown));
      trace(outcome.ok ? 'ok' : 'failed');
      if (!outcome.ok) throw new Error(outcome.text);
      return new vscode.LanguageModelToolResult([
        new vscode.LanguageModelTextPart(outcome.text),
        new vscode.LanguageModelTextPart(JSON.stringify(outcome.json)),
      ]);
    },
  };
}
