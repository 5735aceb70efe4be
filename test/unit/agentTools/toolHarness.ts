import * as assert from 'node:assert/strict';
import { clientWrites, toolNamed, type AnyToolDefinition, type ToolContext, type ToolResult } from '../../../src/agentTools';
import type { EmulatorOptions } from '../../emulator/server';
import { startHarness, stopHarness, type Harness } from '../api/clientHarness';
import { recordedLog } from '../support/recordedLog';

export const LOCATION = { projectId: 7, regionId: 76 };

export interface ToolHarness extends Harness {
  context: ToolContext;
  /** What the client's write paths logged. */
  log: ReturnType<typeof recordedLog>;
}

/** The emulator, its client, and the context tools run in outside VS Code (the client's writes, no configured locations). */
export async function startTools(options: Partial<EmulatorOptions> = { demo: true }): Promise<ToolHarness> {
  const harness = await startHarness(undefined, options);
  const log = recordedLog();
  return { ...harness, log, context: { client: harness.client, writes: clientWrites(harness.client, log), configuredLocations: () => [] } };
}

export const stopTools = stopHarness;

/** What the emulator received since `from`: method, path (still percent-encoded), query and parsed body. */
export function received(h: Harness, from = 0): { method: string; path: string; query: Record<string, string>; body?: unknown }[] {
  return h.emulator.requests.slice(from).map((request) => ({
    method: request.method,
    path: request.path,
    query: request.query,
    ...(request.json === undefined ? {} : { body: request.json }),
  }));
}

/** The requests a write sent, leaving out the reads around it. */
export function writesReceived(h: Harness, from = 0): ReturnType<typeof received> {
  return received(h, from).filter((request) => request.method !== 'GET');
}

/** Parses and runs a tool as a surface does. */
export async function run(tool: AnyToolDefinition, input: unknown, h: ToolHarness): Promise<ToolResult> {
  return tool.invoke(tool.parse(input), h.context);
}

/** The tool's validator refuses `input` naming `field`, and nothing reached the emulator. */
export function assertRefused(tool: AnyToolDefinition, input: unknown, field: RegExp, h: Harness): void {
  const before = h.emulator.requests.length;
  assert.throws(
    () => tool.parse(input),
    (error: Error) => field.test(error.message),
    `${tool.name} refuses ${JSON.stringify(input)}`,
  );
  assert.equal(h.emulator.requests.length, before, `${tool.name} sent nothing for ${JSON.stringify(input)}`);
}

/** A tool by name; the test fails when there is none. */
export function tool(name: string): AnyToolDefinition {
  const found = toolNamed(name);
  assert.ok(found, name);
  return found;
}

/** A write tool's confirmation for `input`, as a surface asks it before running the tool. */
export async function confirmation(name: string, input: unknown, h: ToolHarness): Promise<{ title: string; message: string }> {
  const definition = tool(name);
  assert.ok(definition.confirm, `${name} confirms`);
  return definition.confirm(definition.parse(input), h.context);
}
