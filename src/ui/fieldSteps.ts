import * as l10n from '@vscode/l10n';
import type { FieldSpec } from '../validation/fieldSpec';
import { promptField, type FieldInputOptions } from './fieldInput';
import { startingValue, type FieldSlot, type ObjectDrafts } from './fieldPrompts/fieldSlot';
import { objectSteps, type ObjectPromptOptions } from './fieldPrompts/objectSteps';
import { BACK, type PromptUi } from './promptUi';
import type { PromptAt, WizardStep } from './wizard';

/** What a field's prompts need beyond its spec: the options of its kind's prompt, an object's parts. */
export type FieldStepOptions = FieldInputOptions & ObjectPromptOptions;

/**
 * A field as wizard steps, built from its spec: one step asking it with promptField, or an object's parts
 * in turn. The answer goes to the slot. Part of a wizard's plan, so it is rebuilt after every answer: an
 * object's answers can decide which of its parts follow. A list is a wizard's own to ask, item by item.
 */
export function fieldSteps<S extends ObjectDrafts>(
  ui: PromptUi,
  spec: FieldSpec,
  slot: FieldSlot<S>,
  at: PromptAt,
  state: S,
  options: FieldStepOptions = {},
): WizardStep<S>[] {
  if (spec.kind === 'object') return objectSteps(ui, spec, slot, at, state, options);
  if (spec.kind === 'list') throw new Error(l10n.t('{0} is a list: its wizard asks it item by item.', spec.label));
  return [
    {
      run: async (state, position) => {
        const answer = await promptField(ui, spec, at(position), startingValue(slot, state), options);
        if (answer === BACK) return BACK;
        slot.set(state, answer);
      },
    },
  ];
}
