import * as l10n from '@vscode/l10n';
import {
  CONTAINER_UPDATE_FIELDS,
  parseEnvEntry,
  validateEnvEntryText,
  validateScaleText,
  type ContainerUpdate,
} from '../../models/containerUpdate';
import type { Container, ContainerFlavor } from '../../api';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { currentValue } from '../../models/container';
import { findFieldSpec } from '../../validation/fieldChecks';
import type { BooleanFieldSpec, TextFieldSpec } from '../../validation/fieldSpec';
import { fieldTextProblem, promptField } from '../fieldInput';
import { containerNameStep, type ContainerNames } from '../pickers/containerNamePicker';
import { projectRegionSteps, type ProjectRegionAnswers } from '../pickers/projectRegionPicker';
import { BACK, type PromptUi, type StepPosition } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';

export type ContainerField = keyof ContainerUpdate;

/** The answers so far; kept whole when the user goes back or edits after a failed request. */
export interface UpdateAnswers extends ProjectRegionAnswers {
  containerName?: string;
  /** The container as Gcore has it now (undefined when the API cannot say): the prompts start from it. */
  current?: Container;
  /** Set when the wizard was opened on a container's row: the location and container steps are skipped. */
  fixedContainer?: boolean;
  fields: ContainerField[];
  changes: ContainerUpdate;
  /** What was typed into the two scale boxes, kept for Back. */
  scaleDraft: { min?: string; max?: string };
}

/** What the wizard reads of what exists; each answers undefined when the API cannot tell. */
export interface UpdateSources {
  names: ContainerNames;
  current(location: ProjectRegionRef, containerName: string): Promise<Container | undefined>;
  sizes(location: ProjectRegionRef): Promise<readonly ContainerFlavor[] | undefined>;
}

const UPDATE_TITLE = l10n.t('Gcore: Update Container');

/** The value a field's prompt starts from: what was answered before, else what the container has now. */
function startingValue(state: UpdateAnswers, field: string): unknown {
  const [head, ...rest] = field.split('.');
  let value: unknown = head in state.changes ? state.changes[head as ContainerField] : state.current ? currentValue(state.current, head as ContainerField) : undefined;
  for (const key of rest) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value === null ? undefined : value;
}

/** Steps of the update wizard; recomputed after each answer because the chosen fields decide the rest. */
export function updateContainerPlan(ui: PromptUi, sources: UpdateSources, answers: UpdateAnswers): WizardStep<UpdateAnswers>[] {
  const at = (position: StepContext): StepPosition => ({ title: UPDATE_TITLE, ...position });
  const pickContainer = containerNameStep<UpdateAnswers>(ui, at, sources.names);
  const steps: WizardStep<UpdateAnswers>[] = [
    ...(answers.fixedContainer
      ? []
      : [
          ...projectRegionSteps(ui, at, answers),
          {
            run: async (state: UpdateAnswers, position: StepContext) => {
              const before = state.containerName;
              const result = await pickContainer.run(state, position);
              if (result === BACK) return BACK;
              if (state.location && state.containerName && (state.containerName !== before || !state.current)) {
                state.current = await sources.current(state.location, state.containerName);
                state.scaleDraft = {};
              }
            },
          },
        ]),
    {
      run: async (state, position) => {
        for (;;) {
          const chosen = await ui.pickMany<ContainerField>({
            ...at(position),
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
          for (const field of state.fields) if (!chosen.includes(field)) delete state.changes[field];
          state.fields = CONTAINER_UPDATE_FIELDS.map((spec) => spec.name).filter((name) => chosen.includes(name));
          return;
        }
      },
    },
  ];
  for (const field of answers.fields) steps.push(...fieldSteps(ui, field, answers, sources));
  return steps;
}

function fieldSteps(ui: PromptUi, field: ContainerField, answers: UpdateAnswers, sources: UpdateSources): WizardStep<UpdateAnswers>[] {
  const at = (position: StepContext): StepPosition => ({ title: `${UPDATE_TITLE}: ${labelOf(field)}`, ...position });
  switch (field) {
    case 'envs':
      return [{ run: (state, position) => editEnvs(ui, state, at(position)) }];
    case 'scale':
      return [scaleStep(ui, 'min', at), scaleStep(ui, 'max', at)];
    case 'logging':
      return loggingSteps(ui, answers, at);
    case 'is_disabled':
    case 'is_api_key_auth':
      return [
        {
          run: async (state, position) => {
            const spec = findFieldSpec(CONTAINER_UPDATE_FIELDS, field) as BooleanFieldSpec;
            const value = await promptField(ui, spec, at(position), startingValue(state, field));
            if (value === BACK) return BACK;
            state.changes[field] = value;
          },
        },
      ];
    case 'flavor':
      return [{ run: (state, position) => pickSize(ui, state, at(position), sources) }];
    default:
      return [
        {
          run: async (state, position) => {
            const spec = findFieldSpec(CONTAINER_UPDATE_FIELDS, field) as TextFieldSpec;
            const value = await promptField(ui, spec, at(position), startingValue(state, field));
            if (value === BACK) return BACK;
            (state.changes as Record<string, unknown>)[field] = value;
          },
        },
      ];
  }
}

function scaleStep(ui: PromptUi, bound: 'min' | 'max', at: (position: StepContext) => StepPosition): WizardStep<UpdateAnswers> {
  return {
    run: async (state, position) => {
      const spec = findFieldSpec(CONTAINER_UPDATE_FIELDS, `scale.${bound}`) as TextFieldSpec;
      const start = startingValue(state, `scale.${bound}`);
      const answer = await ui.input({
        ...at(position),
        prompt: `${spec.label}: ${spec.description}`,
        value: state.scaleDraft[bound] ?? (typeof start === 'number' ? String(start) : undefined),
        validate: (text) => {
          if (bound === 'min') return fieldTextProblem(spec, text);
          const problems = validateScaleText(state.scaleDraft.min ?? '', text);
          return problems.length > 0 ? problems.map((problem) => l10n.t('Scale {0}: {1}', problem.field.replace('scale.', ''), problem.message)).join('; ') : undefined;
        },
      });
      if (answer === BACK) return BACK;
      state.scaleDraft[bound] = answer.trim();
      // The API needs both bounds, so the change exists only once the maximum is answered.
      if (bound === 'max') state.changes.scale = { min: Number(state.scaleDraft.min), max: Number(answer.trim()) };
    },
  };
}

function loggingSteps(ui: PromptUi, answers: UpdateAnswers, at: (position: StepContext) => StepPosition): WizardStep<UpdateAnswers>[] {
  const enabledStep: WizardStep<UpdateAnswers> = {
    run: async (state, position) => {
      const spec = findFieldSpec(CONTAINER_UPDATE_FIELDS, 'logging.enabled') as BooleanFieldSpec;
      const value = await promptField(ui, spec, at(position), startingValue(state, 'logging.enabled'), {
        choices: { yes: l10n.t('Enable logging'), no: l10n.t('Disable logging') },
      });
      if (value === BACK) return BACK;
      state.changes.logging = value ? { ...state.changes.logging, enabled: true } : { enabled: false };
    },
  };
  if (answers.changes.logging?.enabled !== true) return [enabledStep];
  const optionalField = (
    path: string,
    read: (state: UpdateAnswers) => number | string | undefined | null,
    write: (state: UpdateAnswers, value: string | number | undefined) => void,
  ): WizardStep<UpdateAnswers> => ({
    run: async (state, position) => {
      const spec = findFieldSpec(CONTAINER_UPDATE_FIELDS, path) as TextFieldSpec;
      const answer = await promptField(ui, spec, at(position), read(state) ?? startingValue(state, path), { optional: true });
      if (answer === BACK) return BACK;
      write(state, answer);
    },
  });
  return [
    enabledStep,
    optionalField(
      'logging.destination_region_id',
      (state) => state.changes.logging?.destination_region_id ?? undefined,
      (state, value) => setLogging(state, 'destination_region_id', value),
    ),
    optionalField(
      'logging.topic_name',
      (state) => state.changes.logging?.topic_name ?? undefined,
      (state, value) => setLogging(state, 'topic_name', value),
    ),
    optionalField(
      'logging.retention_policy.period',
      (state) => state.changes.logging?.retention_policy?.period,
      (state, value) => setLogging(state, 'retention_policy', value === undefined ? undefined : { period: value as number }),
    ),
  ];
}

function setLogging(state: UpdateAnswers, key: string, value: unknown): void {
  const logging: Record<string, unknown> = { ...state.changes.logging };
  if (value === undefined) delete logging[key];
  else logging[key] = value;
  state.changes.logging = logging;
}

const DONE = 'done';
const ADD = 'add';

/** The variables as a list: pick one to remove it, add more, then Done. The map sent replaces the container's. */
async function editEnvs(ui: PromptUi, state: UpdateAnswers, position: StepPosition): Promise<void | typeof BACK> {
  const envs: Record<string, string> = { ...((startingValue(state, 'envs') as Record<string, string> | undefined) ?? {}) };
  for (;;) {
    const names = Object.keys(envs);
    const choice = await ui.pick<string>({
      ...position,
      placeholder: l10n.t('The update replaces ALL environment variables of the container with this list. Pick a variable to remove it.'),
      items: [
        { label: `$(check) ${l10n.t('Done')}`, description: names.length === 1 ? l10n.t('1 variable') : l10n.t('{0} variables', names.length), value: DONE },
        { label: `$(add) ${l10n.t('Add variable…')}`, description: l10n.t('NAME=value'), value: ADD },
        ...names.map((name) => ({ label: `$(trash) ${name}=${envs[name]}`, description: l10n.t('remove'), value: `remove:${name}` })),
      ],
    });
    if (choice === BACK) return BACK;
    if (choice === DONE) {
      state.changes.envs = envs;
      return;
    }
    if (choice === ADD) {
      const entry = await ui.input({
        ...position,
        canGoBack: true,
        prompt: l10n.t('NAME=value (the name: letters, digits and underscores, not starting with a digit; the value: up to 255 characters)'),
        placeholder: 'LOG_LEVEL=info',
        validate: (text) => prefixed(l10n.t('Environment variable'), validateEnvEntryText(text)),
      });
      if (entry === BACK) continue;
      const parsed = parseEnvEntry(entry);
      if (parsed) envs[parsed.key] = parsed.value;
      continue;
    }
    delete envs[choice.slice('remove:'.length)];
  }
}

function labelOf(field: ContainerField): string {
  return findFieldSpec(CONTAINER_UPDATE_FIELDS, field)?.label ?? field;
}

function prefixed(label: string, problem: string | undefined): string | undefined {
  return problem ? `${label}: ${problem}` : undefined;
}

/**
 * The size step: the location's container sizes with CPU and memory, the current one marked, and a typed
 * size (checked by the size's pattern) when the API cannot list them or the user wants another.
 */
async function pickSize(ui: PromptUi, state: UpdateAnswers, position: StepPosition, sources: UpdateSources): Promise<void | typeof BACK> {
  const spec = findFieldSpec(CONTAINER_UPDATE_FIELDS, 'flavor') as TextFieldSpec;
  const start = startingValue(state, 'flavor');
  const sizes = state.location ? await sources.sizes(state.location) : undefined;
  if (!sizes) {
    const typed = await promptField(ui, spec, position, start);
    if (typed === BACK) return BACK;
    state.changes.flavor = typed as string;
    return;
  }
  const chosen = await ui.pick<string>({
    ...position,
    placeholder: l10n.t('{0}: a size of this region, or type one such as 250mCPU-512MiB', spec.label),
    items: sizes.map((size) => ({
      label: size.name,
      description: [typeof size.cpu === 'number' ? `${size.cpu} mCPU` : undefined, typeof size.ram === 'number' ? `${size.ram} MiB` : undefined, size.name === start ? l10n.t('current') : undefined]
        .filter(Boolean)
        .join(' · '),
      value: size.name,
      picked: size.name === (state.changes.flavor ?? start),
    })),
    custom: { label: (text) => l10n.t('Use "{0}"', text.trim()), validate: (text) => fieldTextProblem(spec, text), toValue: (text) => text.trim() },
  });
  if (chosen === BACK) return BACK;
  state.changes.flavor = chosen;
}
