import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../api';
import type { ChangeSubject } from '../loaders/taskPoller';
import type { Log } from '../logging/log';
import type { ToolContextParts } from './toolContextParts';
import type { ToolSchema } from './toolSchemas';

/**
 * A change a write tool makes, declared once in the tool, as each surface makes it: in VS Code through the
 * command that makes the same change (so it is validated, sent, logged and shown as the command's, and its
 * tasks are followed), elsewhere through the client (`clientWrites`), with the same calls and payloads as the
 * command's programmatic path.
 */
export interface ToolWrite<Result> {
  /** The command that makes the change; its result is the write's. */
  command: string;
  /** The command's programmatic argument, already validated. */
  argument: unknown;
  /** The same change through the client, where no extension runs (the MCP server), on the command's write path. */
  viaClient(client: GcoreClient, signal: AbortSignal | undefined, log: Log): Promise<Result>;
  /** A change Gcore answers with tasks (the result's `tasks`): what they change, for VS Code to follow them. */
  follows?: ChangeSubject;
}

/** Every change a tool makes goes through this port, so that each surface sends it on its own write path. */
export interface ToolWrites {
  send<Result>(write: ToolWrite<Result>, signal?: AbortSignal): Promise<Result>;
}

export interface ToolContext {
  /** Reads, and the reads a confirmation needs. */
  client: GcoreClient;
  writes: ToolWrites;
  /** The project and region pairs the user set up (`gcore.locations`); none outside VS Code. */
  configuredLocations(): readonly { projectId: number; regionId: number; label?: string }[];
  /** What the areas add on this surface (VS Code's settings), each read by its own tools (`contextPart`); none in the MCP server. */
  parts?: ToolContextParts;
  signal?: AbortSignal;
  /**
   * The `confirmed` of the confirmation a person allowed for this very input (VS Code's); undefined where none
   * was shown (the MCP server, whose --allow-writes is the consent) or it carried none.
   */
  confirmed?: string;
}

/** What a tool answers: the few lines an agent reads, and the JSON they were made from. */
export interface ToolResult {
  text: string;
  json: unknown;
}

/** What a write will change, for the person who allows it. */
export interface ToolConfirmation {
  title: string;
  message: string;
  /**
   * A digest of what the message shows that the run works out again (an import's plan), handed to `invoke`
   * as the context's `confirmed`: the run goes ahead only when it finds the same.
   */
  confirmed?: string;
}

/**
 * One tool, for every surface (VS Code's language model tools, the MCP server): its name, what a model and a
 * person are told of it, its input as JSON Schema, and how it checks, confirms and runs.
 */
export interface ToolDefinition<Input> {
  /** `gcore_<verb><Thing>`, the contract's names. */
  name: string;
  kind: 'read' | 'write';
  /** The command the tool is like: same argument, same validation, same requests. */
  commandId: string;
  displayName: string;
  modelDescription: string;
  userDescription: string;
  /** The command's programmatic argument as JSON Schema, every property described. */
  inputSchema: ToolSchema;
  /** How to ask for less when an answer is cut to TOOL_RESULT_MAX_BYTES: an argument that narrows it, or a tool that reads one item. */
  narrowing?: string;
  /** The command's own validator: throws, naming the field, before any request. */
  parse(input: unknown): Input;
  /** Writes only: exactly what will change, current → new where it can be read. */
  confirm?(input: Input, context: ToolContext): Promise<ToolConfirmation>;
  invoke(input: Input, context: ToolContext): Promise<ToolResult>;
}

/** A tool of any input: what the lists of tools hold (a definition checks its own input with `parse`). */
export type AnyToolDefinition = ToolDefinition<unknown>;

/** Where a tool runs, for the one thing that differs: how a key is set. */
export type ToolSurface = 'vscode' | 'mcp';

/** A tool's answer when no API key is set: how to set one where it runs. */
export function toolNoKeyText(surface: ToolSurface): string {
  return surface === 'vscode'
    ? l10n.t(
        'No Gcore API key is set, so the Gcore tools cannot reach your account. Run "Gcore: Set API Key" from the Command Palette, then ask again.',
      )
    : l10n.t(
        'No Gcore API key is set, so the Gcore tools cannot reach your account. Set the environment variable GCORE_API_KEY to an API key (Gcore Customer Portal, Profile, API Tokens) and start the MCP server again.',
      );
}
