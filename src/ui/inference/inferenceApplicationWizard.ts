import * as l10n from '@vscode/l10n';
import type {
  InferenceCatalogApplication,
  InferenceCatalogComponent,
  InferenceComponentParameter,
} from '../../api/inference/inferenceTypes';
import {
  isSecretParameter,
  parameterProblem,
  type ApplicationComponentConfig,
  type InferenceApplicationCreate,
} from '../../models/inference/inferenceApplications';
import { APPLICATION_NAME_FIELD } from '../../models/inference/inferenceNames';
import { promptField } from '../fieldInput';
import { BACK, type Back, type PromptUi, type StepPosition } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';
import {
  capacityWords,
  currentFirst,
  freeCapacity,
  parsePods,
  podsProblem,
  type InferenceDeploymentSources,
} from './inferenceDeploymentWizard';

/*
 * New Inference Application's steps, from Gcore's catalogue: the application, its optional components (the required
 * ones always run), then for each component its flavor among its suitable ones, its parameters and its pods, then the
 * regions and the name. Each answer is checked as it is typed; the answers stay in the draft, so Back, Edit after the
 * review and Edit after a failed create reopen each step with what was chosen.
 */

export interface InferenceApplicationSources extends Pick<InferenceDeploymentSources, 'flavors' | 'capacity' | 'regionName'> {
  catalogue: readonly InferenceCatalogApplication[];
}

/** The answers so far; a component's are kept by its key. */
export interface InferenceApplicationAnswers {
  /** The catalogue application's name. */
  application?: string;
  /** The optional components chosen to run too. */
  optional?: string[];
  flavors?: Record<string, string>;
  /** The parameters given, as typed (Gcore takes every value as text); one left out keeps the catalogue's default. */
  parameters?: Record<string, Record<string, string>>;
  pods?: Record<string, { min: number; max: number }>;
  regions?: number[];
  name?: string;
}

/** A component's pods in each region unless the user says otherwise: one, so that the address answers at once. */
const DEFAULT_PODS = { min: 1, max: 1 };
const DONE = Symbol('done');

export function inferenceApplicationTitle(): string {
  return l10n.t('Gcore: New Inference Application');
}

export function catalogueEntry(
  sources: InferenceApplicationSources,
  answers: InferenceApplicationAnswers,
): InferenceCatalogApplication | undefined {
  return sources.catalogue.find((entry) => entry.name === answers.application);
}

function componentLabel(entry: InferenceCatalogApplication, key: string): string {
  return entry.components?.[key]?.display_name ?? key;
}

/** The components that run: the required ones and the optional ones chosen, in the catalogue's order. */
export function chosenComponents(entry: InferenceCatalogApplication, answers: InferenceApplicationAnswers): string[] {
  const optional = new Set(answers.optional ?? []);
  return Object.entries(entry.components ?? {})
    .filter(([key, component]) => component?.required === true || optional.has(key))
    .map(([key]) => key);
}

function optionalComponents(entry: InferenceCatalogApplication): [string, InferenceCatalogComponent][] {
  return Object.entries(entry.components ?? {}).filter(
    (pair): pair is [string, InferenceCatalogComponent] => pair[1] !== null && pair[1] !== undefined && pair[1].required !== true,
  );
}

/** A catalogue default as the text a value is typed as; undefined when the catalogue gives none. */
export function defaultText(parameter: InferenceComponentParameter): string | undefined {
  const value = parameter.default_value;
  return value === undefined || value === null ? undefined : String(value);
}

/** "integer from 512 to 32768 · required": what a parameter takes, said beside its description. */
export function parameterBounds(parameter: InferenceComponentParameter): string {
  const { min_value: min, max_value: max } = parameter;
  const range =
    typeof min === 'number' && typeof max === 'number'
      ? l10n.t('from {0} to {1}', min, max)
      : typeof min === 'number'
        ? l10n.t('at least {0}', min)
        : typeof max === 'number'
          ? l10n.t('at most {0}', max)
          : undefined;
  const choices =
    parameter.type === 'enum' && parameter.enum_values?.length ? l10n.t('one of: {0}', parameter.enum_values.join(', ')) : undefined;
  const pattern = typeof parameter.pattern === 'string' && parameter.pattern !== '' ? l10n.t('matching {0}', parameter.pattern) : undefined;
  return [parameter.type ?? undefined, range, choices, pattern, parameter.required ? l10n.t('required') : undefined]
    .filter((part): part is string => part !== undefined)
    .join(' · ');
}

/** A parameter's value as its row shows it: what was typed, else the default; a secret's never. */
export function parameterShown(name: string, parameter: InferenceComponentParameter, typed: string | undefined): string {
  const value = typed ?? defaultText(parameter);
  if (value === undefined) return parameter.required ? l10n.t('required, not set') : l10n.t('not set');
  if (isSecretParameter(name)) return typed === undefined ? l10n.t('(default)') : l10n.t('(set)');
  return typed === undefined ? l10n.t('{0} (default)', value) : value;
}

/** What is wrong with a parameter's value as typed, naming it; empty keeps the default, unless there is none for a required one. */
export function parameterTextProblem(name: string, parameter: InferenceComponentParameter, text: string): string | undefined {
  if (text.trim() === '') {
    return parameter.required && defaultText(parameter) === undefined ? l10n.t('{0}: required, it has no default', name) : undefined;
  }
  const problem = parameterProblem(parameter, text);
  return problem === undefined ? undefined : `${name}: ${problem}`;
}

/** The component's parameters with `name` set to `text`; empty text or the default itself leaves it to the catalogue. */
function withParameter(
  typed: Record<string, string>,
  name: string,
  parameter: InferenceComponentParameter,
  text: string,
): Record<string, string> {
  const { [name]: _previous, ...rest } = typed;
  const value = text.trim();
  return value === '' || value === defaultText(parameter) ? rest : { ...rest, [name]: value };
}

/** A parameter's value: a pick for an enum, else a box checked by its type and bounds. */
async function askParameter(
  ui: PromptUi,
  at: StepPosition,
  name: string,
  parameter: InferenceComponentParameter,
  typed: string | undefined,
): Promise<string | Back> {
  const current = typed ?? defaultText(parameter);
  const choices = parameter.type === 'enum' ? (parameter.enum_values ?? []) : [];
  if (choices.length > 0) {
    return ui.pick<string>({
      ...at,
      placeholder: [name, parameter.description].filter(Boolean).join(': '),
      items: currentFirst(choices, (choice) => choice === current).map((choice) => ({
        label: choice,
        description: choice === defaultText(parameter) ? l10n.t('default') : undefined,
        value: choice,
        picked: choice === current,
      })),
    });
  }
  const secret = isSecretParameter(name);
  return ui.input({
    ...at,
    prompt: [[name, parameter.description].filter(Boolean).join(': '), parameterBounds(parameter)].filter(Boolean).join(' · '),
    value: secret ? undefined : current,
    placeholder: l10n.t('Empty keeps the default'),
    password: secret,
    validate: (text) => parameterTextProblem(name, parameter, text),
  });
}

function parametersStep(
  ui: PromptUi,
  title: string,
  entry: InferenceCatalogApplication,
  key: string,
): WizardStep<InferenceApplicationAnswers> {
  const parameters = Object.entries(entry.components?.[key]?.parameters ?? {}).filter(
    (pair): pair is [string, InferenceComponentParameter] => pair[1] !== null && pair[1] !== undefined,
  );
  const label = componentLabel(entry, key);
  return {
    run: async (state, position) => {
      for (;;) {
        const typed = state.parameters?.[key] ?? {};
        const picked = await ui.pick<string | typeof DONE>({
          title,
          ...position,
          placeholder: l10n.t('Parameters of {0}: pick one to change it, or Done to keep the rest as shown.', label),
          items: [
            {
              label: `$(check) ${l10n.t('Done')}`,
              description: Object.keys(typed).length === 0 ? l10n.t('all as shown') : l10n.t('{0} changed', Object.keys(typed).length),
              value: DONE,
            },
            ...parameters.map(([name, parameter]) => ({
              label: name,
              description: parameterShown(name, parameter, typed[name]),
              detail: [parameter.description, parameterBounds(parameter)].filter(Boolean).join(' · '),
              value: name,
            })),
          ],
        });
        if (picked === BACK) return BACK;
        const missing = parameters.find(
          ([name, parameter]) => parameter.required && typed[name] === undefined && defaultText(parameter) === undefined,
        );
        if (picked === DONE && missing === undefined) return;
        const name = picked === DONE ? missing![0] : picked;
        const parameter = parameters.find(([candidate]) => candidate === name)![1];
        const answer = await askParameter(ui, { title, ...position, canGoBack: true }, name, parameter, typed[name]);
        if (answer !== BACK) state.parameters = { ...state.parameters, [key]: withParameter(typed, name, parameter, answer) };
      }
    },
  };
}

function componentCount(count: number): string {
  return count === 1 ? l10n.t('1 component') : l10n.t('{0} components', count);
}

/** The steps; a component's follow the components chosen. */
export function inferenceApplicationPlan(
  ui: PromptUi,
  sources: InferenceApplicationSources,
  answers: InferenceApplicationAnswers,
): WizardStep<InferenceApplicationAnswers>[] {
  const title = inferenceApplicationTitle();
  const applicationStep: WizardStep<InferenceApplicationAnswers> = {
    run: async (state, position) => {
      const picked = await ui.pick<InferenceCatalogApplication>({
        title,
        ...position,
        placeholder: l10n.t("Which application of Gcore's catalogue?"),
        items: currentFirst(sources.catalogue, (entry) => entry.name === state.application).map((entry) => ({
          label: entry.display_name ?? entry.name,
          description: [entry.name, componentCount(Object.keys(entry.components ?? {}).length)].join(' · '),
          detail: entry.description ?? undefined,
          value: entry,
          picked: entry.name === state.application,
        })),
      });
      if (picked === BACK) return BACK;
      // Another application has other components: what was chosen for the last one does not carry over.
      if (picked.name !== state.application) Object.assign(state, { optional: undefined, flavors: {}, parameters: {}, pods: {} });
      state.application = picked.name;
    },
  };
  // Before an application is picked, the first one's steps stand in for the count the first step shows.
  const entry = catalogueEntry(sources, answers) ?? sources.catalogue[0];
  if (entry === undefined) return [applicationStep];
  const components = chosenComponents(entry, answers);
  return [
    applicationStep,
    ...(optionalComponents(entry).length > 0 ? [componentsStep(ui, title, entry)] : []),
    ...components.flatMap((key) => [
      flavorStep(ui, title, sources, entry, key),
      ...(Object.keys(entry.components?.[key]?.parameters ?? {}).length > 0 ? [parametersStep(ui, title, entry, key)] : []),
      podsStep(ui, title, entry, key),
    ]),
    regionsStep(ui, title, sources, entry),
    nameStep(ui, title),
  ];
}

function componentsStep(ui: PromptUi, title: string, entry: InferenceCatalogApplication): WizardStep<InferenceApplicationAnswers> {
  const required = Object.entries(entry.components ?? {})
    .filter(([, component]) => component?.required === true)
    .map(([key]) => componentLabel(entry, key));
  const step: WizardStep<InferenceApplicationAnswers> = {
    run: async (state, position) => {
      const chosen = new Set(state.optional ?? []);
      const picked = await ui.pickMany<string>({
        title,
        ...position,
        placeholder:
          required.length > 0
            ? l10n.t('{0} always runs. Which optional components run with it?', required.join(', '))
            : l10n.t('Which components run? At least one.'),
        items: optionalComponents(entry).map(([key, component]) => ({
          label: component.display_name ?? key,
          description: key,
          detail: component.exposable === false ? l10n.t('optional · no public address') : l10n.t('optional · with a public address'),
          value: key,
          picked: chosen.has(key),
        })),
      });
      if (picked === BACK) return BACK;
      if (picked.length === 0 && required.length === 0) return step.run(state, position);
      state.optional = picked;
    },
  };
  return step;
}

function flavorStep(
  ui: PromptUi,
  title: string,
  sources: InferenceApplicationSources,
  entry: InferenceCatalogApplication,
  key: string,
): WizardStep<InferenceApplicationAnswers> {
  const suitable = (entry.components?.[key]?.suitable_flavors ?? [])
    .map((flavor) => flavor?.name)
    .filter((name) => typeof name === 'string');
  const names = suitable.length > 0 ? suitable : sources.flavors.map((choice) => choice.flavor.name);
  return {
    run: async (state, position) => {
      const current = state.flavors?.[key];
      const picked = await ui.pick<string>({
        title,
        ...position,
        placeholder: l10n.t('Which flavor for {0}? Each pod gets its GPUs, CPUs and memory.', componentLabel(entry, key)),
        items: currentFirst(names, (name) => name === current).map((name) => ({
          label: name,
          description: sources.flavors.find((choice) => choice.flavor.name === name)?.facts,
          detail: capacityWords(sources, name),
          value: name,
          picked: name === current,
        })),
      });
      if (picked === BACK) return BACK;
      state.flavors = { ...state.flavors, [key]: picked };
    },
  };
}

function podsStep(ui: PromptUi, title: string, entry: InferenceCatalogApplication, key: string): WizardStep<InferenceApplicationAnswers> {
  return {
    run: async (state, position) => {
      const current = state.pods?.[key] ?? DEFAULT_PODS;
      const answer = await ui.input({
        title,
        ...position,
        prompt: l10n.t(
          'Pods of {0} in each region: the minimum and the maximum, such as 1-2. At 0 nothing runs (nor is billed) until a request comes; the first one waits for a pod.',
          componentLabel(entry, key),
        ),
        value: `${current.min}-${current.max}`,
        validate: podsProblem,
      });
      if (answer === BACK) return BACK;
      const pods = parsePods(answer);
      if (pods) state.pods = { ...state.pods, [key]: pods };
    },
  };
}

/** "free: vLLM model server 24 · Open WebUI 400": a region's free pods of each component's flavor. */
function regionFreeWords(
  sources: InferenceApplicationSources,
  entry: InferenceCatalogApplication,
  answers: InferenceApplicationAnswers,
  regionId: number,
): string {
  const region = sources.capacity.find((candidate) => candidate.region_id === regionId);
  if (!region || region.capacity.length === 0) return l10n.t('free capacity not known');
  const words = chosenComponents(entry, answers).map(
    (key) => `${componentLabel(entry, key)} ${freeCapacity(region, answers.flavors?.[key])}`,
  );
  return l10n.t('free: {0}', words.join(' · '));
}

function regionsStep(
  ui: PromptUi,
  title: string,
  sources: InferenceApplicationSources,
  entry: InferenceCatalogApplication,
): WizardStep<InferenceApplicationAnswers> {
  const step: WizardStep<InferenceApplicationAnswers> = {
    run: async (state, position: StepContext) => {
      const chosen = new Set(state.regions ?? []);
      const picked = await ui.pickMany<number>({
        title,
        ...position,
        placeholder: l10n.t('In which regions does it run? Each component runs its pods in every region chosen.'),
        items: sources.capacity.map((region) => ({
          label: sources.regionName(region.region_id),
          description: regionFreeWords(sources, entry, state, region.region_id),
          value: region.region_id,
          picked: chosen.has(region.region_id),
        })),
      });
      if (picked === BACK) return BACK;
      if (picked.length === 0) return step.run(state, position);
      state.regions = picked;
    },
  };
  return step;
}

function nameStep(ui: PromptUi, title: string): WizardStep<InferenceApplicationAnswers> {
  return {
    run: async (state, position) => {
      const answer = await promptField(ui, APPLICATION_NAME_FIELD, { title, ...position }, state.name, {
        placeholder: l10n.t('e.g. teamchat'),
      });
      if (answer === BACK) return BACK;
      state.name = answer as string;
    },
  };
}

/**
 * The create payload the answers stand for; the caller checks it whole against the catalogue entry. A component
 * that can have a public address gets one: an application is called through its components' addresses.
 */
export function inferenceApplicationPayload(
  entry: InferenceCatalogApplication,
  answers: InferenceApplicationAnswers,
): InferenceApplicationCreate {
  const components = entry.components ?? {};
  const configuration = (key: string): ApplicationComponentConfig => {
    const typed = answers.parameters?.[key] ?? {};
    return {
      flavor: answers.flavors?.[key] ?? '',
      exposed: components[key]?.exposable !== false,
      scale: answers.pods?.[key] ?? DEFAULT_PODS,
      ...(Object.keys(typed).length > 0 && {
        parameter_overrides: Object.fromEntries(Object.entries(typed).map(([name, value]) => [name, { value }])),
      }),
    };
  };
  return {
    name: answers.name ?? '',
    application_name: entry.name,
    regions: answers.regions ?? [],
    components_configuration: Object.fromEntries(chosenComponents(entry, answers).map((key) => [key, configuration(key)])),
  };
}
