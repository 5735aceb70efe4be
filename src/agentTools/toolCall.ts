import { failureReason } from '../logging/failureMessage';
import { capToolFailure, capToolResult } from './resultCap';
import type { AnyToolDefinition, ToolContext } from './toolDefinition';

/** A call's outcome as a surface shows it: the result, or the failure's text (redacted like every error). */
export type ToolOutcome = { ok: true; text: string; json: unknown } | { ok: false; text: string };

/**
 * Checks the input with the tool's validator, then runs it. Nothing throws: a refused input (before any
 * request) and an API failure alike become the text an agent reads. Every outcome, on both surfaces, is cut
 * to TOOL_RESULT_MAX_BYTES here.
 */
export async function callTool(tool: AnyToolDefinition, input: unknown, context: ToolContext): Promise<ToolOutcome> {
  try {
    const result = capToolResult(await tool.invoke(tool.parse(input), context), tool.narrowing);
    return { ok: true, text: result.text, json: result.json };
  } catch (error) {
    return { ok: false, text: capToolFailure(failureReason(error)) };
  }
}
