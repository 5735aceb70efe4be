import * as l10n from '@vscode/l10n';
import { checkFieldText, parseIntegerText } from '../../validation/fieldChecks';
import type { TextFieldSpec } from '../../validation/fieldSpec';
import { BACK, type Back, type PromptUi, type StepPosition } from '../promptUi';

export interface TextPromptOptions {
  /** Empty text leaves the field unset: the answer is then undefined. */
  optional?: boolean;
  /** What an optional box left empty means, said after the field's description ("Leave empty for no CPU trigger."). */
  whenEmpty?: string;
  /** Replaces the box's prompt, `label: description`. */
  prompt?: string;
  placeholder?: string;
  password?: boolean;
  /** A rule the spec cannot say (a key's characters), on the text; its message names the field too. */
  check?: (text: string) => string | undefined;
  /** Replaces the box's whole check and how it names the field: a rule of the enclosing object (an ordered pair) speaks for its parts. */
  problem?: (text: string) => string | undefined;
}

/** The box's message always names the field, so a problem is never ambiguous. */
export function fieldTextProblem(
  spec: TextFieldSpec,
  text: string,
  options: Pick<TextPromptOptions, 'optional' | 'check'> = {},
): string | undefined {
  if (options.optional && text.trim() === '') return undefined;
  const problem = checkFieldText(spec, text) ?? options.check?.(text);
  return problem ? `${spec.label}: ${problem}` : undefined;
}

/** The value a box's accepted text stands for. */
export function textValue(spec: TextFieldSpec, text: string): string | number | undefined {
  if (spec.kind === 'integer') return parseIntegerText(text);
  return spec.trim ? text.trim() : text;
}

/** `label: description`, and for an optional box what leaving it empty does. */
function boxPrompt(spec: TextFieldSpec, options: TextPromptOptions): string {
  if (!options.optional) return `${spec.label}: ${spec.description}`;
  return options.whenEmpty
    ? `${spec.label}: ${spec.description} ${options.whenEmpty}`
    : l10n.t('{0}: {1} Leave empty to not set it.', spec.label, spec.description);
}

/** A text box for a string or an integer, opening with the current value and checked by the field's rules. */
export async function promptText(
  ui: PromptUi,
  spec: TextFieldSpec,
  position: StepPosition,
  current: unknown,
  options: TextPromptOptions,
): Promise<string | number | undefined | Back> {
  const answer = await ui.input({
    ...position,
    prompt: options.prompt ?? boxPrompt(spec, options),
    value: current === undefined || current === null ? undefined : String(current),
    placeholder: options.placeholder,
    password: options.password,
    validate: (text) => (options.problem ? options.problem(text) : fieldTextProblem(spec, text, options)),
  });
  if (answer === BACK) return BACK;
  if (options.optional && answer.trim() === '') return undefined;
  return textValue(spec, answer);
}
