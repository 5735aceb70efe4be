import * as l10n from '@vscode/l10n';
import type { Container, ContainerFlavor } from '../../api/containers/containerTypes';
import { currentValue } from '../../models/containers/containerUpdate';
import { CONTAINER_UPDATE_FIELDS, type ContainerFieldSpec, type ContainerUpdate } from '../../models/containers/containerUpdate';
import type { TextFieldSpec } from '../../validation/fieldSpec';
import { startingValue, type FieldSlot, type ObjectDrafts } from '../fieldPrompts/fieldSlot';
import { fieldSteps, type FieldStepOptions } from '../fieldSteps';
import { pickContainerSize } from './containerSizePicker';
import { BACK, type PromptUi } from '../promptUi';
import type { PromptAt, WizardStep } from '../wizard';
import { ENVIRONMENT_VARIABLE, LOGGING_PARTS, SCALE_PARTS } from './containerFieldPrompts';

export type ContainerField = keyof ContainerUpdate;

/** The update wizard's answers about what changes; the parts of objects answered so far are in `drafts`. */
export interface UpdateFieldAnswers extends ObjectDrafts {
  /** The container as Gcore has it now (undefined when the API cannot say): the prompts start from it. */
  current?: Container;
  fields: ContainerField[];
  changes: ContainerUpdate;
}

/** The container's sizes where the wizard's answers place it; undefined when the API cannot list them. */
export type SizesOf<S> = (state: S) => Promise<readonly ContainerFlavor[] | undefined>;

export const UPDATE_TITLE = l10n.t('Gcore: Update Container');

/** What a wizard's prompts say beyond the fields' specs, for the fields that need it. */
export type FieldPromptWords = Partial<Record<ContainerField, FieldStepOptions>>;

/** What the update's prompts say beyond the fields' specs. */
const FIELD_PROMPTS: FieldPromptWords = {
  envs: {
    placeholder: l10n.t('The update replaces ALL environment variables of the container with this list. Pick a variable to remove it.'),
    entries: ENVIRONMENT_VARIABLE,
  },
  logging: LOGGING_PARTS,
  scale: SCALE_PARTS,
};

/** The fields to change, then each chosen field's prompts, in the fields' order. */
export function updateFieldSteps<S extends UpdateFieldAnswers>(ui: PromptUi, sizes: SizesOf<S>, answers: S): WizardStep<S>[] {
  return [fieldsStep(ui), ...answers.fields.flatMap((field) => changeSteps(ui, field, sizes, answers))];
}

function fieldsStep<S extends UpdateFieldAnswers>(ui: PromptUi): WizardStep<S> {
  return {
    run: async (state, position) => {
      for (;;) {
        const chosen = await ui.pickMany<ContainerField>({
          title: UPDATE_TITLE,
          ...position,
          placeholder: l10n.t('Fields to change (only these are sent)'),
          items: CONTAINER_UPDATE_FIELDS.map((spec) => ({
            label: spec.label,
            description: spec.name,
            detail: spec.description,
            value: spec.name,
            picked: state.fields.includes(spec.name),
          })),
        });
        if (chosen === BACK) return BACK;
        if (chosen.length === 0) {
          void ui.notify('warning', l10n.t('Choose at least one field to change.'));
          continue;
        }
        for (const field of state.fields) {
          if (chosen.includes(field)) continue;
          delete state.changes[field];
          delete state.drafts?.[field];
        }
        state.fields = CONTAINER_UPDATE_FIELDS.map((spec) => spec.name).filter((name) => chosen.includes(name));
        return;
      }
    },
  };
}

/** A field's prompts from its spec; the size, which the spec cannot list, from the location's sizes. */
function changeSteps<S extends UpdateFieldAnswers>(ui: PromptUi, field: ContainerField, sizes: SizesOf<S>, answers: S): WizardStep<S>[] {
  const spec = specOf(field);
  return containerFieldSteps(
    ui,
    spec,
    changeSlot<S>(field),
    (position) => ({ title: `${UPDATE_TITLE}: ${spec.label}`, ...position }),
    answers,
    sizes,
  );
}

/**
 * The prompts of one field of a container's payload, whichever wizard asks it (update, create): from its
 * spec, with the words its spec cannot say, and the size from the location's sizes.
 */
export function containerFieldSteps<S extends ObjectDrafts>(
  ui: PromptUi,
  spec: ContainerFieldSpec,
  slot: FieldSlot<S>,
  at: PromptAt,
  answers: S,
  sizes: SizesOf<S>,
  words: FieldPromptWords = FIELD_PROMPTS,
): WizardStep<S>[] {
  if (spec.name !== 'flavor') return fieldSteps(ui, spec, slot, at, answers, words[spec.name]);
  return [
    {
      run: async (state, position) => {
        const start = startingValue(slot, state);
        const size = await pickContainerSize(ui, spec as TextFieldSpec, at(position), await sizes(state), start);
        if (size === BACK) return BACK;
        slot.set(state, size);
      },
    },
  ];
}

/** A field of the update: answered into `changes`, starting from the container's current value. */
function changeSlot<S extends UpdateFieldAnswers>(field: ContainerField): FieldSlot<S> {
  return {
    answer: (state) => state.changes[field],
    existing: (state) => (state.current ? currentValue(state.current, field) : undefined),
    set: (state, value) => {
      (state.changes as Record<string, unknown>)[field] = value;
    },
  };
}

function specOf(field: ContainerField): ContainerFieldSpec {
  const spec = CONTAINER_UPDATE_FIELDS.find((candidate) => candidate.name === field);
  if (!spec) throw new Error(l10n.t('No field spec for {0}', field));
  return spec;
}
