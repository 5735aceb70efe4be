/*
 * The Gcore MCP server (dist/mcp-server.js): the extension's tools over stdio for agents outside VS Code's
 * chat. `node dist/mcp-server.js [--allow-writes]` with GCORE_API_KEY and, optionally, GCORE_BASE_URL. Writes
 * are listed and run only with --allow-writes: no one is there to confirm them, so starting it so is the consent.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as l10n from '@vscode/l10n';
import { checkApiBaseUrl, DEFAULT_CONNECTION, GcoreClient } from './api';
import { failureReason } from './logging/failureMessage';
import type { Log } from './logging/log';
import { hideSecret, redactSessionSecrets } from './logging/redaction';
import { callTool, clientWrites, TOOL_DEFINITIONS, toolNamed, toolNoKeyText, type AnyToolDefinition, type ToolContext } from './agentTools';

const ALLOW_WRITES = '--allow-writes';

/** stderr is the log an MCP client keeps of a server; stdout carries the protocol. Every line is redacted. */
function logLine(message: string): void {
  process.stderr.write(`[gcore-mcp] ${redactSessionSecrets(message).replace(/\s*\n\s*/g, ' ')}\n`);
}

/** The log the write paths tell what they did and met (a create's lost answer looked up). */
const log: Log = {
  // The server keeps its log to what a person reading an MCP client's log follows.
  debug: () => undefined,
  info: logLine,
  warn: (message) => logLine(`warning: ${message}`), // not user text: a line of the server's log
  error: (message, error) => logLine(error === undefined ? message : `${message}: ${failureReason(error)}`),
  // The MCP client shows its servers' logs: there is nothing to bring in front.
  show: () => undefined,
};

/** The extension's version, from the package.json the bundle ships beside (dist/..). */
function extensionVersion(): string {
  try {
    const manifest: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
    const version = (manifest as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

interface ServerConfig {
  apiKey: string | undefined;
  baseUrl: string;
  allowWrites: boolean;
}

function readConfig(): ServerConfig {
  const apiKey = process.env.GCORE_API_KEY?.trim() || undefined;
  hideSecret(apiKey);
  return {
    apiKey,
    baseUrl: process.env.GCORE_BASE_URL?.trim() || DEFAULT_CONNECTION.baseUrl,
    allowWrites: process.argv.includes(ALLOW_WRITES),
  };
}

/** Why no tool can reach Gcore (no key, a base URL the key must not go to), or undefined. */
function configProblem(config: ServerConfig): string | undefined {
  if (config.apiKey === undefined) return toolNoKeyText('mcp');
  const base = checkApiBaseUrl(config.baseUrl);
  if (!base.ok) {
    return l10n.t(
      'GCORE_BASE_URL is refused: {0}. It must be an https: URL, or http: to a loopback host for a local emulator.',
      base.reason,
    );
  }
  return undefined;
}

function mcpTool(tool: AnyToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.displayName,
    description: tool.modelDescription,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: { title: tool.displayName, readOnlyHint: tool.kind === 'read', openWorldHint: true },
  };
}

function failed(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * The transport drops a line it cannot read without a word, and the client waits for an answer that never
 * comes. JSON-RPC answers such a line with an error whose id is null (no id could be read): a parse error for
 * a line that is not JSON, an invalid request for JSON that is not a JSON-RPC message. The SDK's message types
 * cannot hold a null id, so the answer is written to stdout beside theirs.
 */
function answerUnreadableLines(transport: StdioServerTransport): void {
  transport.onerror = (error) => {
    const code = error instanceof SyntaxError ? ErrorCode.ParseError : error.name === 'ZodError' ? ErrorCode.InvalidRequest : undefined;
    if (code === undefined) return;
    const message = code === ErrorCode.ParseError ? 'Parse error' : 'Invalid Request'; // not user text: JSON-RPC's own words for these codes
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } })}\n`);
    log.info(`answered a line that is ${code === ErrorCode.ParseError ? 'not JSON' : 'not a JSON-RPC message'} with error ${code}`);
  };
}

function main(): void {
  const config = readConfig();
  const problem = configProblem(config);
  const version = extensionVersion();
  const client = new GcoreClient({
    // The server has no settings: the extension's default timeout.
    settings: () => ({ baseUrl: config.baseUrl, timeoutMs: DEFAULT_CONNECTION.timeoutMs }),
    apiKey: () => config.apiKey,
    userAgent: `gcore-vscode-mcp/${version} (Node ${process.version}; ${process.platform})`, // not user text: the HTTP User-Agent header
  });
  const offered = TOOL_DEFINITIONS.filter((tool) => config.allowWrites || tool.kind === 'read');

  const answer = async (name: string, input: unknown, signal: AbortSignal): Promise<CallToolResult> => {
    const tool = toolNamed(name);
    if (tool === undefined) return failed(l10n.t('No Gcore tool is named {0}.', name));
    if (!offered.includes(tool)) {
      return failed(
        l10n.t(
          '{0} changes your Gcore account, and this MCP server was started without {1}, so it makes no changes. Nothing was sent. Start the server with {1} to allow changes.',
          name,
          ALLOW_WRITES,
        ),
      );
    }
    if (problem !== undefined) return failed(problem);
    const context: ToolContext = { client, writes: clientWrites(client, log), configuredLocations: () => [], signal };
    const outcome = await callTool(tool, input, context);
    return outcome.ok
      ? {
          content: [
            { type: 'text', text: outcome.text },
            { type: 'text', text: JSON.stringify(outcome.json) },
          ],
        }
      : failed(outcome.text);
  };

  const server = new Server(
    { name: 'gcore', version },
    {
      capabilities: { tools: {} },
      instructions: l10n.t(
        'Tools for the Gcore cloud account behind GCORE_API_KEY: projects and regions, serverless containers and their logs, tasks, DNS zones, record sets and DNSSEC, GPU flavors and clusters. Start with gcore_listLocations for project and region IDs, gcore_listZones for zones. Every result is a short text and then its JSON.',
      ),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: offered.map(mcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const started = performance.now();
    const result = await answer(request.params.name, request.params.arguments, extra.signal);
    const outcome = result.isError ? `failed: ${(result.content[0] as { text: string }).text}` : 'ok';
    log.info(`${request.params.name} ${outcome} (${Math.round(performance.now() - started)} ms)`);
    return result;
  });
  server.onclose = () => {
    client.dispose();
    process.exit(0);
  };
  // The client ends the session by closing stdin; the transport alone would keep waiting.
  process.stdin.on('end', () => void server.close());

  const transport = new StdioServerTransport();
  answerUnreadableLines(transport);
  void server.connect(transport).then(() => {
    const writes = config.allowWrites ? 'reads and writes' : `reads only (${ALLOW_WRITES} allows writes)`; // not user text: a line of the server's log
    log.info(
      `Gcore MCP server ${version} on ${config.baseUrl}: ${offered.length} tools, ${writes}${problem === undefined ? '' : `; ${problem}`}`,
    );
  });
}

main();
