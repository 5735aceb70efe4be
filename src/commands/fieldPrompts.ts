import { BACK, type Back, type PromptUi, type StepPosition } from '../prompts/promptUi';
import { checkFieldText, parseIntegerText } from '../validation/fieldChecks';
import type { BooleanFieldSpec, TextFieldSpec } from '../validation/fieldSpec';

/** The box's message always names the field, so a problem is never ambiguous. */
export function fieldTextProblem(spec: TextFieldSpec, text: string): string | undefined {
  const problem = checkFieldText(spec, text);
  return problem ? `${spec.label}: ${problem}` : undefined;
}

/** An input box for one string or integer field of a payload, validated by the field's own rules. */
export async function promptTextField(
  ui: PromptUi,
  spec: TextFieldSpec,
  position: StepPosition,
  current: string | number | undefined,
): Promise<string | number | Back> {
  const answer = await ui.input({
    ...position,
    prompt: `${spec.label}: ${spec.description}`,
    value: current === undefined ? undefined : String(current),
    validate: (text) => fieldTextProblem(spec, text),
  });
  if (answer === BACK) return BACK;
  if (spec.kind === 'integer') return parseIntegerText(answer) as number;
  return spec.trim ? answer.trim() : answer;
}

export async function promptBooleanField(
  ui: PromptUi,
  spec: BooleanFieldSpec,
  position: StepPosition,
  current: boolean | undefined,
  labels: { yes: string; no: string } = { yes: 'Yes', no: 'No' },
): Promise<boolean | Back> {
  return ui.pick<boolean>({
    ...position,
    placeholder: `${spec.label}: ${spec.description}`,
    items: [
      { label: labels.yes, value: true, picked: current === true },
      { label: labels.no, value: false, picked: current === false },
    ],
  });
}

/** A JSON object typed into one box (zone meta); the message names the field. */
export async function promptJsonObjectField(
  ui: PromptUi,
  label: string,
  description: string,
  position: StepPosition,
  current: Record<string, unknown> | undefined,
): Promise<Record<string, unknown> | Back> {
  const answer = await ui.input({
    ...position,
    prompt: `${label}: ${description} As JSON, e.g. {"team": "web"}.`,
    value: current === undefined ? undefined : JSON.stringify(current),
    validate: (text) => jsonObjectProblem(label, text),
  });
  if (answer === BACK) return BACK;
  return JSON.parse(answer) as Record<string, unknown>;
}

function jsonObjectProblem(label: string, text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined;
    return `${label}: must be a JSON object such as {"key": "value"}`;
  } catch {
    return `${label}: is not valid JSON`;
  }
}
