import * as l10n from '@vscode/l10n';
import { checkFieldText, parseIntegerText } from '../validation/fieldChecks';
import type { BooleanFieldSpec, JsonObjectFieldSpec, TextFieldSpec } from '../validation/fieldSpec';
import { BACK, type Back, type PromptUi, type StepPosition } from './promptUi';

export interface FieldInputOptions {
  /** Empty text leaves the field unset: the answer is then undefined. */
  optional?: boolean;
  /** Replaces the box's prompt, `label: description`. */
  prompt?: string;
  placeholder?: string;
  password?: boolean;
  /** A rule the spec cannot say (a key's characters, min ≤ max), on the text; its message names the field too. */
  check?: (text: string) => string | undefined;
  /** The two answers of a boolean field (default Yes and No). */
  choices?: { yes: string; no: string };
}

/** The box's message always names the field, so a problem is never ambiguous. */
export function fieldTextProblem(spec: TextFieldSpec, text: string, options: Pick<FieldInputOptions, 'optional' | 'check'> = {}): string | undefined {
  if (options.optional && text.trim() === '') return undefined;
  const problem = checkFieldText(spec, text) ?? options.check?.(text);
  return problem ? `${spec.label}: ${problem}` : undefined;
}

/**
 * One input for one field of a payload, built from its spec: a text box for a string or an integer, a
 * choice of two for a boolean, a JSON box for a free-form object. The field's own rules check what is
 * typed, the box opens with the current value, and BACK comes back as BACK.
 */
export function promptField(ui: PromptUi, spec: TextFieldSpec, position: StepPosition, current: unknown, options?: FieldInputOptions): Promise<string | number | undefined | Back>;
export function promptField(ui: PromptUi, spec: BooleanFieldSpec, position: StepPosition, current: unknown, options?: FieldInputOptions): Promise<boolean | Back>;
export function promptField(ui: PromptUi, spec: JsonObjectFieldSpec, position: StepPosition, current: unknown, options?: FieldInputOptions): Promise<Record<string, unknown> | Back>;
export async function promptField(
  ui: PromptUi,
  spec: TextFieldSpec | BooleanFieldSpec | JsonObjectFieldSpec,
  position: StepPosition,
  current: unknown,
  options: FieldInputOptions = {},
): Promise<unknown> {
  switch (spec.kind) {
    case 'boolean':
      return ui.pick<boolean>({
        ...position,
        placeholder: options.prompt ?? `${spec.label}: ${spec.description}`,
        items: [
          { label: options.choices?.yes ?? l10n.t('Yes'), value: true, picked: current === true },
          { label: options.choices?.no ?? l10n.t('No'), value: false, picked: current === false },
        ],
      });
    case 'jsonObject': {
      const answer = await ui.input({
        ...position,
        prompt: options.prompt ?? l10n.t('{0}: {1} As JSON, e.g. {"team": "web"}.', spec.label, spec.description),
        value: current === undefined ? undefined : JSON.stringify(current),
        placeholder: options.placeholder,
        validate: (text) => jsonObjectProblem(spec.label, text),
      });
      return answer === BACK ? BACK : (JSON.parse(answer) as Record<string, unknown>);
    }
    default: {
      const answer = await ui.input({
        ...position,
        prompt: options.prompt ?? (options.optional ? l10n.t('{0}: {1} Leave empty to not set it.', spec.label, spec.description) : `${spec.label}: ${spec.description}`),
        value: current === undefined || current === null ? undefined : String(current),
        placeholder: options.placeholder,
        password: options.password,
        validate: (text) => fieldTextProblem(spec, text, options),
      });
      if (answer === BACK) return BACK;
      if (options.optional && answer.trim() === '') return undefined;
      if (spec.kind === 'integer') return parseIntegerText(answer);
      return spec.trim ? answer.trim() : answer;
    }
  }
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
