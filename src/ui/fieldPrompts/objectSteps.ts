import * as l10n from '@vscode/l10n';
import { findFieldSpec, isPlainObject } from '../../validation/fieldChecks';
import type { ObjectFieldSpec, OrderedPair } from '../../validation/fieldSpec';
import { promptField, type FieldInputOptions, type OnePromptFieldSpec } from '../fieldInput';
import { BACK, type PromptUi } from '../promptUi';
import type { PromptAt, WizardStep } from '../wizard';
import { startingValue, type FieldSlot, type ObjectDrafts } from './fieldSlot';
import { isWhole, leafPaths, orderedPairsOf, pairBoxProblem, setValueAt, valueAt, type ObjectDraft } from './objectParts';

/** One part of an object to ask, by its path inside the object ('retention_policy.period'), with its prompt's options. */
export interface PartPrompt extends FieldInputOptions {
  path: string;
}

export interface ObjectPromptOptions {
  /** The parts to ask, in this order (default: every part, in the spec's order). */
  parts?: readonly PartPrompt[];
  /** A boolean part that switches the others on: until it is answered Yes only it is asked, and No makes the object that part alone (`{ enabled: false }`). */
  enabledBy?: string;
}

/**
 * An object's parts as wizard steps, one prompt each, so Back moves between them and out of the object.
 * The answers gather in the state's draft of the object, and the slot takes the object whenever they make
 * a whole one: `scale` exists once both bounds are answered, `logging` with every answer. The box that
 * completes an ordered pair checks the pair.
 */
export function objectSteps<S extends ObjectDrafts>(ui: PromptUi, spec: ObjectFieldSpec, slot: FieldSlot<S>, at: PromptAt, state: S, options: ObjectPromptOptions = {}): WizardStep<S>[] {
  const parts: readonly PartPrompt[] = options.parts ?? leafPaths(spec).map((path) => ({ path }));
  const order = parts.map((part) => part.path);
  const { enabledBy } = options;
  const switchedOff = enabledBy !== undefined && valueAt(state.drafts?.[spec.name] ?? slot.answer(state), enabledBy) !== true;
  const asked = switchedOff ? parts.filter((part) => part.path === enabledBy) : parts;
  return asked.map((part): WizardStep<S> => {
    const partSpec = partSpecOf(spec, part.path);
    const completed = completedPairs(orderedPairsOf(spec), order, part.path);
    const pairBox = completed.length > 0 && (partSpec.kind === 'integer' || partSpec.kind === 'string') ? partSpec : undefined;
    return {
      run: async (state, position) => {
        const draft = draftOf(state, spec.name, slot);
        const answered = valueAt(draft, part.path);
        const start = answered !== undefined ? answered : valueAt(startingValue(slot, state), part.path);
        const prompt = pairBox ? { ...part, problem: (text: string) => pairBoxProblem(spec, completed, draft, part.path, pairBox, text) } : part;
        const answer = await promptField(ui, partSpec, at(position), start, prompt);
        if (answer === BACK) return BACK;
        const drafts = (state.drafts ??= {});
        if (part.path === enabledBy && answer === false) setValueAt((drafts[spec.name] = {}), part.path, false);
        else setValueAt(draft, part.path, answer);
        if (isWhole(spec, drafts[spec.name])) slot.set(state, structuredClone(drafts[spec.name]));
      },
    };
  });
}

function partSpecOf(spec: ObjectFieldSpec, path: string): OnePromptFieldSpec {
  const part = findFieldSpec(spec.fields, path);
  if (part === undefined || part.kind === 'object') throw new Error(l10n.t('No field spec for {0}', `${spec.name}.${path}`));
  return part;
}

/** The pairs whose bound asked last is this part. */
function completedPairs(pairs: readonly OrderedPair[], order: readonly string[], path: string): OrderedPair[] {
  return pairs.filter(({ lower, upper }) => {
    const [low, high] = [order.indexOf(lower), order.indexOf(upper)];
    return low >= 0 && high >= 0 && order[Math.max(low, high)] === path;
  });
}

/**
 * The object's draft in the state. A new one starts from the answer so far, so the parts keep what was
 * answered when a wizard drops its drafts (the update wizard does when another container is chosen).
 */
function draftOf<S extends ObjectDrafts>(state: S, name: string, slot: FieldSlot<S>): ObjectDraft {
  const drafts = (state.drafts ??= {});
  const answer = slot.answer(state);
  return (drafts[name] ??= isPlainObject(answer) ? structuredClone(answer) : {});
}
