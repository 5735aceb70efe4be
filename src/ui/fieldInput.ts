import * as l10n from '@vscode/l10n';
import type {
  BooleanFieldSpec,
  FieldSpec,
  JsonObjectFieldSpec,
  ListFieldSpec,
  ObjectFieldSpec,
  StringMapFieldSpec,
  TextFieldSpec,
} from '../validation/fieldSpec';
import { promptBoolean, type BooleanPromptOptions } from './fieldPrompts/booleanPrompt';
import { promptJsonObject, type JsonObjectPromptOptions } from './fieldPrompts/jsonObjectPrompt';
import { promptStringMap, type MapEntryWords } from './fieldPrompts/stringMapPrompt';
import { promptText, type TextPromptOptions } from './fieldPrompts/textPrompt';
import type { Back, PromptUi, StepPosition } from './promptUi';

/** Every kind of field but an object, whose parts are several prompts (see fieldSteps), and a list, which a wizard asks item by item. */
export type OnePromptFieldSpec = Exclude<FieldSpec, ObjectFieldSpec | ListFieldSpec>;

/** The options of every kind's prompt; each kind reads its own. */
export interface FieldInputOptions extends TextPromptOptions, BooleanPromptOptions, JsonObjectPromptOptions {
  /** What a map's list calls one entry; a map cannot be asked without them. */
  entries?: MapEntryWords;
}

/**
 * One prompt for one field of a payload, built from its spec: a text box for a string or an integer, a
 * choice of two for a boolean, a JSON box for a free-form object, a list of entries for a map. The
 * field's own rules check what is typed, the prompt opens with the current value, and BACK comes back as
 * BACK. An object is several prompts, one per part: see fieldSteps.
 */
export function promptField(
  ui: PromptUi,
  spec: TextFieldSpec,
  position: StepPosition,
  current: unknown,
  options?: FieldInputOptions,
): Promise<string | number | undefined | Back>;
export function promptField(
  ui: PromptUi,
  spec: BooleanFieldSpec,
  position: StepPosition,
  current: unknown,
  options?: FieldInputOptions,
): Promise<boolean | Back>;
export function promptField(
  ui: PromptUi,
  spec: JsonObjectFieldSpec,
  position: StepPosition,
  current: unknown,
  options?: FieldInputOptions,
): Promise<Record<string, unknown> | Back>;
export function promptField(
  ui: PromptUi,
  spec: StringMapFieldSpec,
  position: StepPosition,
  current: unknown,
  options: FieldInputOptions & { entries: MapEntryWords },
): Promise<Record<string, string> | Back>;
export function promptField(
  ui: PromptUi,
  spec: OnePromptFieldSpec,
  position: StepPosition,
  current: unknown,
  options?: FieldInputOptions,
): Promise<unknown>;
export async function promptField(
  ui: PromptUi,
  spec: OnePromptFieldSpec,
  position: StepPosition,
  current: unknown,
  options: FieldInputOptions = {},
): Promise<unknown> {
  switch (spec.kind) {
    case 'boolean':
      return promptBoolean(ui, spec, position, current, options);
    case 'jsonObject':
      return promptJsonObject(ui, spec, position, current, options);
    case 'stringMap': {
      if (!options.entries) throw new Error(l10n.t('{0} cannot be asked without the words of its entries.', spec.label));
      return promptStringMap(ui, spec, position, current, { placeholder: options.placeholder, entries: options.entries });
    }
    default:
      return promptText(ui, spec, position, current, options);
  }
}
