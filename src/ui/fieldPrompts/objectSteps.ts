import * as l10n from '@vscode/l10n';
import { findFieldSpec, isPlainObject } from '../../validation/fieldChecks';
import type { ObjectFieldSpec, OrderedPair } from '../../validation/fieldSpec';
import { promptField, type FieldInputOptions, type OnePromptFieldSpec } from '../fieldInput';
import { BACK, type PickItem, type PromptUi } from '../promptUi';
import type { PromptAt, WizardStep } from '../wizard';
import { startingValue, type FieldSlot, type ObjectDrafts } from './fieldSlot';
import { isWhole, leafPaths, orderedPairsOf, pairBoxProblem, setValueAt, valueAt, type ObjectDraft } from './objectParts';

/** One part of an object to ask, by its path inside the object ('retention_policy.period'), with its prompt's options. */
export interface PartPrompt extends FieldInputOptions {
  path: string;
  /** Left empty, the object at this path inside the object becomes null, the API's "none": 'triggers.cpu' for its threshold. */
  emptyIsNull?: string;
  /** Asked only while the part at this path has a value: a trigger's window once its rate is given. */
  needs?: string;
}

/** The words of the choice before optional parts: one answer skips them, the other asks them. */
export interface OptionalPartsChoice {
  placeholder: string;
  skip: Pick<PickItem<boolean>, 'label' | 'description'>;
  set: Pick<PickItem<boolean>, 'label' | 'description'>;
}

/** Parts behind a choice of their own, after the others: the user may skip them. */
export interface OptionalParts {
  /** The object's sub-fields that these parts set: skipping them keeps those as the field has them (a new object leaves them out). */
  fields: readonly string[];
  parts: readonly PartPrompt[];
  /** The choice's words, from the value the field has (undefined for a new object, or one that cannot be read). */
  choice(existing: ObjectDraft | undefined): OptionalPartsChoice;
}

export interface ObjectPromptOptions {
  /** The parts to ask, in this order (default: every part, in the spec's order). */
  parts?: readonly PartPrompt[];
  /** A boolean part that switches the others on: until it is answered Yes only it is asked, and No makes the object that part alone (`{ enabled: false }`). */
  enabledBy?: string;
  /**
   * The API replaces the object whole (`scale`): the answers start from the value the field has, so what no
   * part changes, and what the optional parts' choice skips, is sent as the field has it.
   */
  replacedWhole?: boolean;
  optionalParts?: OptionalParts;
}

/**
 * An object's parts as wizard steps, one prompt each, so Back moves between them and out of the object.
 * The answers gather in the state's draft of the object, and the slot takes the object whenever they make
 * a whole one: `scale` exists once both bounds are answered, `logging` with every answer. The box that
 * completes an ordered pair checks the pair. Optional parts follow a choice that skips them.
 */
export function objectSteps<S extends ObjectDrafts>(
  ui: PromptUi,
  spec: ObjectFieldSpec,
  slot: FieldSlot<S>,
  at: PromptAt,
  state: S,
  options: ObjectPromptOptions = {},
): WizardStep<S>[] {
  const parts: readonly PartPrompt[] = options.parts ?? leafPaths(spec).map((path) => ({ path }));
  const { enabledBy, optionalParts: optional } = options;
  const order = [...parts, ...(optional?.parts ?? [])].map((part) => part.path);
  const value = state.drafts?.[spec.name] ?? draftStart(slot, state, options);
  const switchedOff = enabledBy !== undefined && valueAt(value, enabledBy) !== true;
  const asked = (list: readonly PartPrompt[]) =>
    list
      .filter((part) => part.needs === undefined || valueAt(value, part.needs) !== undefined)
      .map((part) => partStep(ui, spec, slot, at, options, order, part));
  if (switchedOff) return asked(parts.filter((part) => part.path === enabledBy));
  if (!optional) return asked(parts);
  const chosen = state.drafts?.[spec.name] !== undefined && state.optionalPartsChosen?.[spec.name] === true;
  return [...asked(parts), choiceStep(ui, spec, slot, at, options, optional), ...(chosen ? asked(optional.parts) : [])];
}

function partStep<S extends ObjectDrafts>(
  ui: PromptUi,
  spec: ObjectFieldSpec,
  slot: FieldSlot<S>,
  at: PromptAt,
  options: ObjectPromptOptions,
  order: readonly string[],
  part: PartPrompt,
): WizardStep<S> {
  const partSpec = partSpecOf(spec, part.path);
  const completed = completedPairs(orderedPairsOf(spec), order, part.path);
  const pairBox = completed.length > 0 && (partSpec.kind === 'integer' || partSpec.kind === 'string') ? partSpec : undefined;
  return {
    run: async (state, position) => {
      const draft = draftOf(state, spec.name, slot, options);
      const answered = valueAt(draft, part.path);
      const start = answered !== undefined ? answered : valueAt(startingValue(slot, state), part.path);
      const prompt = pairBox
        ? { ...part, problem: (text: string) => pairBoxProblem(spec, completed, draft, part.path, pairBox, text) }
        : part;
      const answer = await promptField(ui, partSpec, at(position), start, prompt);
      if (answer === BACK) return BACK;
      if (part.path === options.enabledBy && answer === false) setValueAt(((state.drafts ??= {})[spec.name] = {}), part.path, false);
      else if (answer === undefined && part.emptyIsNull !== undefined) setValueAt(draft, part.emptyIsNull, null);
      else setValueAt(draft, part.path, answer);
      settle(state, spec, slot);
    },
  };
}

/** Skip or set the optional parts; skipping puts their sub-fields back as the field has them. */
function choiceStep<S extends ObjectDrafts>(
  ui: PromptUi,
  spec: ObjectFieldSpec,
  slot: FieldSlot<S>,
  at: PromptAt,
  options: ObjectPromptOptions,
  optional: OptionalParts,
): WizardStep<S> {
  return {
    run: async (state, position) => {
      const draft = draftOf(state, spec.name, slot, options);
      const existing = slot.existing(state);
      const kept = options.replacedWhole && isPlainObject(existing) ? existing : undefined;
      const words = optional.choice(kept);
      const chosen = state.optionalPartsChosen?.[spec.name] === true;
      const answer = await ui.pick<boolean>({
        ...at(position),
        placeholder: words.placeholder,
        items: [
          { ...words.skip, value: false, picked: !chosen },
          { ...words.set, value: true, picked: chosen },
        ],
      });
      if (answer === BACK) return BACK;
      (state.optionalPartsChosen ??= {})[spec.name] = answer;
      if (!answer) {
        for (const field of optional.fields) setValueAt(draft, field, kept === undefined ? undefined : structuredClone(kept[field]));
      }
      settle(state, spec, slot);
    },
  };
}

/** The slot takes the object whenever the answers make a whole one. */
function settle<S extends ObjectDrafts>(state: S, spec: ObjectFieldSpec, slot: FieldSlot<S>): void {
  const draft = state.drafts?.[spec.name];
  if (draft !== undefined && isWhole(spec, draft)) slot.set(state, structuredClone(draft));
}

function partSpecOf(spec: ObjectFieldSpec, path: string): OnePromptFieldSpec {
  const part = findFieldSpec(spec.fields, path);
  if (part === undefined || part.kind === 'object' || part.kind === 'list') {
    throw new Error(l10n.t('No field spec for {0}', `${spec.name}.${path}`));
  }
  return part;
}

/** The pairs whose bound asked last is this part. */
function completedPairs(pairs: readonly OrderedPair[], order: readonly string[], path: string): OrderedPair[] {
  return pairs.filter(({ lower, upper }) => {
    const [low, high] = [order.indexOf(lower), order.indexOf(upper)];
    return low >= 0 && high >= 0 && order[Math.max(low, high)] === path;
  });
}

/** What a new draft starts from: the answer so far, and for an object the API replaces whole, else the value the field has. */
function draftStart<S extends ObjectDrafts>(slot: FieldSlot<S>, state: S, options: ObjectPromptOptions): unknown {
  return options.replacedWhole ? startingValue(slot, state) : slot.answer(state);
}

/**
 * The object's draft in the state. A new one starts from the answer so far (or what the field has, see
 * `replacedWhole`), so the parts keep what was answered when a wizard drops its drafts (the update wizard
 * does when another container is chosen); the optional parts of a new draft are not chosen yet.
 */
function draftOf<S extends ObjectDrafts>(state: S, name: string, slot: FieldSlot<S>, options: ObjectPromptOptions): ObjectDraft {
  const drafts = (state.drafts ??= {});
  if (drafts[name] === undefined) {
    const start = draftStart(slot, state, options);
    drafts[name] = isPlainObject(start) ? structuredClone(start) : {};
    delete state.optionalPartsChosen?.[name];
  }
  return drafts[name];
}
