import * as l10n from '@vscode/l10n';
import type { JsonObjectFieldSpec } from '../../validation/fieldSpec';
import { BACK, type Back, type PromptUi, type StepPosition } from '../promptUi';

export interface JsonObjectPromptOptions {
  /** Replaces the box's prompt, `label: description` with an example. */
  prompt?: string;
  placeholder?: string;
}

/** A box for a free-form object, typed as JSON. */
export async function promptJsonObject(
  ui: PromptUi,
  spec: JsonObjectFieldSpec,
  position: StepPosition,
  current: unknown,
  options: JsonObjectPromptOptions,
): Promise<Record<string, unknown> | Back> {
  const answer = await ui.input({
    ...position,
    prompt: options.prompt ?? l10n.t('{0}: {1} As JSON, e.g. {"team": "web"}.', spec.label, spec.description),
    value: current === undefined ? undefined : JSON.stringify(current),
    placeholder: options.placeholder,
    validate: (text) => jsonObjectProblem(spec.label, text),
  });
  return answer === BACK ? BACK : (JSON.parse(answer) as Record<string, unknown>);
}

function jsonObjectProblem(label: string, text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined;
    return l10n.t('{0}: must be a JSON object such as {"key": "value"}', label);
  } catch {
    return l10n.t('{0}: is not valid JSON', label);
  }
}
