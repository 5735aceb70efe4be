import * as l10n from '@vscode/l10n';

import type { ToolCallFragment } from '../../api/inference/endpointTypes';

export interface ToolCall {
  id: string;
  name: string;
  input: object;
}

interface Pending {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Joins the streamed fragments of tool calls by their `index` into whole calls, their arguments parsed. A model
 * that sends no id gets one made up from its index; arguments that are not a JSON object make the call an error.
 */
export class ToolCallJoiner {
  private readonly pending = new Map<number, Pending>();

  add(fragment: ToolCallFragment): void {
    const call = this.pending.get(fragment.index) ?? { id: '', name: '', arguments: '' };
    if (fragment.id) call.id = fragment.id;
    if (fragment.name) call.name += fragment.name;
    if (fragment.arguments) call.arguments += fragment.arguments;
    this.pending.set(fragment.index, call);
  }

  get size(): number {
    return this.pending.size;
  }

  /** The whole calls, in index order; throws naming the call whose arguments are not a JSON object. */
  finish(): ToolCall[] {
    const calls = [...this.pending.entries()].sort(([a], [b]) => a - b);
    this.pending.clear();
    return calls.map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, input: parsedArguments(call) }));
  }
}

function parsedArguments(call: Pending): object {
  if (call.arguments.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.arguments);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(l10n.t('The model called the tool {0} with arguments that are not a JSON object.', call.name));
  }
  return parsed;
}
