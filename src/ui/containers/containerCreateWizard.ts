import * as l10n from '@vscode/l10n';
import type { ContainerFlavor, PullSecret } from '../../api/containers/containerTypes';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { CONTAINER_CREATE_FIELDS, NEW_CONTAINER_NAME_FIELD, type ContainerCreate } from '../../models/containers/containerCreate';
import type { ContainerFieldSpec } from '../../models/containers/containerUpdate';
import type { TextFieldSpec } from '../../validation/fieldSpec';
import type { FieldSlot, ObjectDrafts } from '../fieldPrompts/fieldSlot';
import { fieldTextProblem, promptText } from '../fieldPrompts/textPrompt';
import { projectRegionSteps, type ProjectRegionAnswers } from '../pickers/projectRegionPicker';
import { BACK, type PromptUi } from '../promptUi';
import type { PromptAt, WizardStep } from '../wizard';
import { ENVIRONMENT_VARIABLE, LOGGING_PARTS, SCALE_PARTS } from './containerFieldPrompts';
import { containerFieldSteps, type FieldPromptWords } from './containerUpdateFields';

export const CREATE_TITLE = l10n.t('Gcore: New Container');

/** The optional fields New Container offers; the rest of the payload is for New Container from JSON. */
export const OFFERED_OPTIONAL_FIELDS = ['envs', 'commands', 'description', 'timeout', 'logging', 'pull_secret'] as const;
export type OfferedOptionalField = (typeof OFFERED_OPTIONAL_FIELDS)[number];

/** The answers so far; kept whole when the user goes back, or edits after a review or a failed request. */
export interface CreateAnswers extends ProjectRegionAnswers, ObjectDrafts {
  /** Opened on a location's row: the location step is skipped. */
  fixedLocation?: boolean;
  container: Partial<ContainerCreate>;
  /** The optional fields chosen; undefined until that step was answered. */
  optional?: OfferedOptionalField[];
}

/** What the wizard reads of what exists at the location; each answers undefined when the API cannot tell. */
export interface CreateSources {
  names(location: ProjectRegionRef): Promise<readonly string[] | undefined>;
  sizes(location: ProjectRegionRef): Promise<readonly ContainerFlavor[] | undefined>;
  secrets(location: ProjectRegionRef): Promise<readonly PullSecret[] | undefined>;
  /** Creates a pull secret at the location on the spot; its name, or BACK when the user went back. */
  createSecret(ui: PromptUi, location: ProjectRegionRef): Promise<string | typeof BACK>;
}

const CREATE_PROMPTS: FieldPromptWords = {
  envs: { placeholder: l10n.t('Environment variables of the new container. Pick a variable to remove it.'), entries: ENVIRONMENT_VARIABLE },
  logging: LOGGING_PARTS,
  scale: SCALE_PARTS,
};

function specOf(name: string): ContainerFieldSpec {
  const spec = CONTAINER_CREATE_FIELDS.find((candidate) => candidate.name === name);
  if (!spec) throw new Error(l10n.t('No field spec for {0}', name));
  return spec as ContainerFieldSpec;
}

function slotOf<S extends CreateAnswers>(field: keyof ContainerCreate): FieldSlot<S> {
  return {
    answer: (state) => state.container[field],
    existing: () => undefined,
    set: (state, value) => {
      if (value === undefined) delete state.container[field];
      else (state.container as Record<string, unknown>)[field] = value;
    },
  };
}

/**
 * New Container's steps: where (unless opened on a location), the name, image, port, size and scale it
 * cannot do without (with autoscaling, which may be skipped), which optional fields to set, then each of
 * those. Recomputed after every answer.
 */
export function createContainerPlan(ui: PromptUi, sources: CreateSources, answers: CreateAnswers): WizardStep<CreateAnswers>[] {
  const titled =
    (label?: string): PromptAt =>
    (position) => ({ title: label ? `${CREATE_TITLE}: ${label}` : CREATE_TITLE, ...position });
  const sizes = async (state: CreateAnswers) => (state.location ? sources.sizes(state.location) : undefined);
  const field = (name: keyof ContainerCreate): WizardStep<CreateAnswers>[] => {
    const spec = specOf(name);
    return containerFieldSteps(ui, spec, slotOf(name), titled(spec.label), answers, sizes, CREATE_PROMPTS);
  };
  return [
    ...(answers.fixedLocation ? [] : projectRegionSteps(ui, titled(), answers)),
    nameStep(ui, sources, titled(NEW_CONTAINER_NAME_FIELD.label)),
    ...field('image'),
    ...field('listening_port'),
    ...field('flavor'),
    ...field('scale'),
    optionalFieldsStep(ui, titled()),
    ...(answers.optional ?? []).flatMap((name) =>
      name === 'pull_secret' ? [pullSecretStep(ui, sources, titled(specOf(name).label))] : field(name),
    ),
  ];
}

/** The name, refused at once when the location's list (when readable) already has it. */
function nameStep(ui: PromptUi, sources: CreateSources, at: PromptAt): WizardStep<CreateAnswers> {
  return {
    run: async (state, position) => {
      const taken = new Set(state.location ? ((await sources.names(state.location)) ?? []) : []);
      const answer = await promptText(ui, NEW_CONTAINER_NAME_FIELD, at(position), state.container.name, {
        placeholder: l10n.t('e.g. my-api'),
        check: (text) => (taken.has(text.trim()) ? l10n.t('a container of this name exists here already') : undefined),
      });
      if (answer === BACK) return BACK;
      state.container.name = String(answer);
    },
  };
}

function optionalFieldsStep(ui: PromptUi, at: PromptAt): WizardStep<CreateAnswers> {
  return {
    run: async (state, position) => {
      const chosen = await ui.pickMany<OfferedOptionalField>({
        ...at(position),
        placeholder: l10n.t('Optional settings to set now (none is needed: press Enter to go on)'),
        items: OFFERED_OPTIONAL_FIELDS.map((name) => {
          const spec = specOf(name);
          return {
            label: spec.label,
            description: name,
            detail: spec.description,
            value: name,
            picked: state.optional?.includes(name) ?? false,
          };
        }),
      });
      if (chosen === BACK) return BACK;
      for (const name of state.optional ?? []) {
        if (chosen.includes(name)) continue;
        delete state.container[name];
        delete state.drafts?.[name];
      }
      state.optional = OFFERED_OPTIONAL_FIELDS.filter((name) => chosen.includes(name));
    },
  };
}

const CREATE_SECRET = Symbol('create-secret');

/** A secret of the location, one created on the spot, or (when the API cannot list them) a typed name. */
function pullSecretStep(ui: PromptUi, sources: CreateSources, at: PromptAt): WizardStep<CreateAnswers> {
  const spec = specOf('pull_secret');
  return {
    run: async (state, position) => {
      const location = state.location;
      const secrets = location ? await sources.secrets(location) : undefined;
      if (!location || !secrets) {
        const typed = await promptText(ui, spec as TextFieldSpec, at(position), state.container.pull_secret, {});
        if (typed === BACK) return BACK;
        state.container.pull_secret = String(typed);
        return;
      }
      for (;;) {
        const choice = await ui.pick<string | typeof CREATE_SECRET>({
          ...at(position),
          placeholder: l10n.t('The registry login that pulls the image'),
          items: [
            ...secrets.map((secret) => ({
              label: secret.name,
              description: [secret.registry, secret.login].filter(Boolean).join(' · '),
              value: secret.name,
              picked: secret.name === state.container.pull_secret,
            })),
            {
              label: l10n.t('$(add) Create Pull Secret…'),
              description: l10n.t('registry, login and password, created at Gcore now'),
              value: CREATE_SECRET,
            },
          ],
          custom: {
            label: (text) => l10n.t('Use "{0}"', text.trim()),
            validate: (text) => fieldTextProblem(spec as TextFieldSpec, text),
            toValue: (text) => text.trim(),
          },
        });
        if (choice === BACK) return BACK;
        if (choice !== CREATE_SECRET) {
          state.container.pull_secret = choice;
          return;
        }
        const created = await sources.createSecret(ui, location);
        if (created === BACK) continue;
        state.container.pull_secret = created;
        return;
      }
    },
  };
}
