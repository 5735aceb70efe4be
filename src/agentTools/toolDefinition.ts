import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, CreateZoneResult, DnssecState, GcoreClient, ProjectRegionRef, RecordSet } from '../api';
import type { DeleteRecordResult } from '../api/dnsClient';
import type { ContainerRefArgs, RecordRefArgs, RecordSetArgs } from '../models/commandArgs';
import type { ContainerCreate } from '../models/containerCreate';
import type { ContainerUpdate } from '../models/containerUpdate';
import type { ZoneCreate } from '../models/zoneCreate';
import type { ImportZoneFileArgs } from '../models/zoneFileArgs';
import type { ZoneFileImportResult } from '../models/zoneFileChanges';
import type { ToolSchema } from './toolSchemas';

export type { ZoneFileImportResult };

/**
 * Every change a tool makes goes through this port, so that each surface sends it on its own write path: in
 * VS Code the extension's (the tree shows "Creating…", the tasks are followed), elsewhere the client's
 * (`clientWrites`). Each takes what the matching command's write path takes, already validated.
 */
export interface ToolWrites {
  updateContainer(
    location: ProjectRegionRef,
    containerName: string,
    changes: ContainerUpdate,
    signal?: AbortSignal,
  ): Promise<ContainerUpdateResult>;
  createContainer(location: ProjectRegionRef, container: ContainerCreate, signal?: AbortSignal): Promise<ContainerUpdateResult>;
  deleteContainer(ref: ContainerRefArgs, signal?: AbortSignal): Promise<ContainerUpdateResult>;
  createZone(zone: ZoneCreate, signal?: AbortSignal): Promise<CreateZoneResult>;
  enableDnssec(zoneName: string, signal?: AbortSignal): Promise<DnssecState>;
  disableDnssec(zoneName: string, signal?: AbortSignal): Promise<DnssecState>;
  /** Refused, naming the set, when it exists: nothing is replaced. */
  createRecord(record: RecordSetArgs, signal?: AbortSignal): Promise<RecordSet>;
  /** Replaces the whole set, keeping what `record` does not give (its TTL, pickers, meta), creating it when absent. */
  updateRecord(record: RecordSetArgs, signal?: AbortSignal): Promise<RecordSet>;
  /** A set already gone counts as deleted; undefined when the write path does not tell which it was (the command's result). */
  deleteRecord(ref: RecordRefArgs, signal?: AbortSignal): Promise<DeleteRecordResult | undefined>;
  /** `confirmed`: the digest of the plan a person allowed; the import then sends nothing unless its plan is that one. */
  importZoneFile(request: ImportZoneFileArgs, confirmed: string | undefined, signal?: AbortSignal): Promise<ZoneFileImportResult>;
}

export interface ToolContext {
  /** Reads, and the reads a confirmation needs. */
  client: GcoreClient;
  writes: ToolWrites;
  /** The project and region pairs the user set up (`gcore.locations`); none outside VS Code. */
  configuredLocations(): readonly { projectId: number; regionId: number; label?: string }[];
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
