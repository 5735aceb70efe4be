import * as l10n from '@vscode/l10n';
import type {
  InferenceCatalogApplication,
  InferenceCatalogComponent,
  InferenceComponentParameter,
  InferenceDeployment,
} from '../../api/inference/inferenceTypes';
import { checkFields, checkValue, isPlainObject, joinPath } from '../../validation/fieldChecks';
import type { FieldSpec, ObjectFieldSpec } from '../../validation/fieldSpec';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { MAX_PODS_PER_REGION } from './inferenceDeploymentCreate';
import { API_KEY_NAME_FIELD, APPLICATION_NAME_FIELD } from './inferenceNames';

/*
 * A deployment of an application from Gcore's catalogue (the inference notes, "Applications"): its create payload,
 * checked first as data and then against the catalogue entry it names; and which deployments are its components.
 */

export interface ApplicationComponentConfig {
  flavor: string;
  exposed: boolean;
  scale: { min: number; max: number };
  /** Gcore takes every value as text, whatever the parameter's type. */
  parameter_overrides?: Record<string, { value: string }>;
}

export interface InferenceApplicationCreate {
  name: string;
  application_name: string;
  regions: number[];
  components_configuration: Record<string, ApplicationComponentConfig>;
  api_keys?: string[];
}

const COMPONENT_FIELD: ObjectFieldSpec = {
  name: 'component',
  kind: 'object',
  label: l10n.t('Component'),
  description: l10n.t("A component's flavor, address and pods."),
  fields: [
    {
      name: 'flavor',
      kind: 'string',
      label: l10n.t('Flavor'),
      description: l10n.t("One of the component's suitable flavors."),
      required: true,
      trim: true,
      minLength: 1,
      maxLength: 255,
    },
    {
      name: 'exposed',
      kind: 'boolean',
      label: l10n.t('Public address'),
      description: l10n.t('Whether the component gets an address.'),
      required: true,
    },
    {
      name: 'scale',
      kind: 'object',
      label: l10n.t('Scale'),
      description: l10n.t("The component's pods in each region."),
      required: true,
      fields: [
        {
          name: 'min',
          kind: 'integer',
          label: l10n.t('Minimum pods'),
          description: l10n.t('0 to 300.'),
          required: true,
          minimum: 0,
          maximum: MAX_PODS_PER_REGION,
        },
        {
          name: 'max',
          kind: 'integer',
          label: l10n.t('Maximum pods'),
          description: l10n.t('1 to 300.'),
          required: true,
          minimum: 1,
          maximum: MAX_PODS_PER_REGION,
        },
      ],
      orderedPairs: [{ lower: 'min', upper: 'max' }],
    },
    {
      name: 'parameter_overrides',
      kind: 'jsonObject',
      label: l10n.t('Parameters'),
      description: l10n.t('Parameters of the component by name, each {"value": "<text>"}.'),
    },
  ],
};

export const INFERENCE_APPLICATION_CREATE_FIELDS: readonly FieldSpec[] = [
  APPLICATION_NAME_FIELD,
  {
    name: 'application_name',
    kind: 'string',
    label: l10n.t('Application'),
    description: l10n.t("The catalogue application's name."),
    required: true,
    trim: true,
    minLength: 1,
    maxLength: 255,
  },
  {
    name: 'regions',
    kind: 'list',
    label: l10n.t('Regions'),
    description: l10n.t('The regions the application runs in, by ID: at least one.'),
    required: true,
    minItems: 1,
    item: { name: 'regions', kind: 'integer', label: l10n.t('Region'), description: '', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
  {
    name: 'components_configuration',
    kind: 'jsonObject',
    label: l10n.t('Components'),
    description: l10n.t('Each component by its key: {flavor, exposed, scale: {min, max}, parameter_overrides?}.'),
    required: true,
  },
  {
    name: 'api_keys',
    kind: 'list',
    label: l10n.t('API keys'),
    description: l10n.t("The names of the project's API keys a caller may send."),
    item: { ...API_KEY_NAME_FIELD, name: 'api_keys', required: false },
  },
];

function checkComponents(value: unknown, path: string, problems: FieldProblem[]): void {
  if (!isPlainObject(value)) return;
  if (Object.keys(value).length === 0) problems.push({ field: path, message: l10n.t('must configure at least one component') });
  for (const [key, component] of Object.entries(value)) {
    const at = joinPath(path, key);
    checkValue(COMPONENT_FIELD, component, at, problems);
    const overrides = isPlainObject(component) ? component.parameter_overrides : undefined;
    if (!isPlainObject(overrides)) continue;
    for (const [parameter, override] of Object.entries(overrides)) {
      if (!isPlainObject(override) || typeof override.value !== 'string' || Object.keys(override).length !== 1) {
        problems.push({ field: joinPath(joinPath(at, 'parameter_overrides'), parameter), message: l10n.t('must be {"value": "<text>"}') });
      }
    }
  }
}

/** Checks an application's create payload as data, before the catalogue is read; problems name `prefix.field`. */
export function validateInferenceApplicationCreate(input: unknown, prefix = ''): Validated<InferenceApplicationCreate> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [
        {
          field: prefix,
          message: l10n.t('the application must be an object with name, application_name, regions and components_configuration'),
        },
      ],
    };
  }
  const problems: FieldProblem[] = [];
  const application = checkFields(INFERENCE_APPLICATION_CREATE_FIELDS, input, prefix, problems);
  checkComponents(input.components_configuration, joinPath(prefix, 'components_configuration'), problems);
  return validated(application as unknown as InferenceApplicationCreate, problems);
}

/**
 * What the catalogue entry refuses of a payload already checked as data: another application, a required
 * component left out or one it lacks, a flavor not among a component's suitable ones, a public address for a
 * component that cannot have one, parameters by their type and bounds, and regions (when the offered ones are
 * known). Problems name `prefix.components_configuration.<component>…`.
 */
export function applicationCatalogProblems(
  application: InferenceApplicationCreate,
  entry: InferenceCatalogApplication,
  prefix = '',
  regionIds?: readonly number[],
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (application.application_name !== entry.name) {
    problems.push({
      field: joinPath(prefix, 'application_name'),
      message: l10n.t('must be {0}, the application of the catalogue entry', entry.name),
    });
  }
  const path = joinPath(prefix, 'components_configuration');
  const components = entry.components ?? {};
  for (const [key, component] of Object.entries(components)) {
    if (component?.required && application.components_configuration[key] === undefined) {
      problems.push({ field: joinPath(path, key), message: l10n.t('is required by {0}', entry.display_name ?? entry.name) });
    }
  }
  for (const [key, config] of Object.entries(application.components_configuration)) {
    const component = Object.hasOwn(components, key) ? components[key] : undefined;
    if (component === undefined || component === null) {
      const known = Object.keys(components).join(', ');
      problems.push({ field: joinPath(path, key), message: l10n.t('is not a component of {0} (it has: {1})', entry.name, known) });
      continue;
    }
    problems.push(...componentProblems(config, component, joinPath(path, key)));
  }
  if (regionIds !== undefined) {
    application.regions.forEach((region, index) => {
      if (!regionIds.includes(region)) {
        problems.push({
          field: `${joinPath(prefix, 'regions')}.${index}`,
          message: l10n.t('is not a region that offers inference: {0}', regionIds.join(', ')),
        });
      }
    });
  }
  return problems;
}

function componentProblems(config: ApplicationComponentConfig, component: InferenceCatalogComponent, path: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const suitable = (component.suitable_flavors ?? [])
    .map((flavor) => flavor?.name)
    .filter((name): name is string => typeof name === 'string');
  if (suitable.length > 0 && !suitable.includes(config.flavor)) {
    problems.push({ field: joinPath(path, 'flavor'), message: l10n.t('must be one of the suitable flavors: {0}', suitable.join(', ')) });
  }
  if (config.exposed && component.exposable === false) {
    problems.push({ field: joinPath(path, 'exposed'), message: l10n.t('must be false: this component cannot have a public address') });
  }
  const parameters = component.parameters ?? {};
  const overrides = config.parameter_overrides ?? {};
  for (const [name, override] of Object.entries(overrides)) {
    const at = joinPath(joinPath(path, 'parameter_overrides'), name);
    const parameter = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
    if (parameter === undefined || parameter === null) {
      problems.push({ field: at, message: l10n.t('is not a parameter of this component') });
      continue;
    }
    const problem = parameterProblem(parameter, override.value);
    if (problem !== undefined) problems.push({ field: joinPath(at, 'value'), message: problem });
  }
  for (const [name, parameter] of Object.entries(parameters)) {
    const missing =
      parameter?.required && !Object.hasOwn(overrides, name) && (parameter.default_value === undefined || parameter.default_value === null);
    if (missing) {
      problems.push({ field: joinPath(joinPath(path, 'parameter_overrides'), name), message: l10n.t('is required: it has no default') });
    }
  }
  return problems;
}

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** What is wrong with a parameter's value (text, as Gcore takes every value) by the parameter's type and bounds. */
export function parameterProblem(parameter: InferenceComponentParameter, value: string): string | undefined {
  const text = value.trim();
  switch (parameter.type) {
    case 'integer':
    case 'float': {
      const whole = parameter.type === 'integer';
      if (!(whole ? INTEGER_TEXT : NUMBER_TEXT).test(text)) return whole ? l10n.t('must be a whole number') : l10n.t('must be a number');
      return boundsProblem(Number(text), parameter);
    }
    case 'enum': {
      const choices = parameter.enum_values ?? [];
      return choices.length === 0 || choices.includes(text) ? undefined : l10n.t('must be one of: {0}', choices.join(', '));
    }
    default:
      return patternProblem(parameter.pattern, value);
  }
}

function boundsProblem(number: number, parameter: InferenceComponentParameter): string | undefined {
  const { min_value: min, max_value: max } = parameter;
  if (typeof min === 'number' && number < min) return l10n.t('must be at least {0}', min);
  if (typeof max === 'number' && number > max) return l10n.t('must be at most {0}', max);
  return undefined;
}

/** A pattern of Gcore's catalogue that does not compile here is not held against the value: Gcore checks it again. */
function patternProblem(pattern: string | null | undefined, value: string): string | undefined {
  if (typeof pattern !== 'string' || pattern === '') return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  return regex.test(value) ? undefined : l10n.t('must match {0}', pattern);
}

/**
 * A parameter whose value may be a secret (a Hugging Face token, a password): typed in a password box and never
 * shown back, in the wizard or the review. The catalogue marks none as secret, so its name tells.
 */
export function isSecretParameter(name: string): boolean {
  return /token|secret|password|passwd|api_?key|credential/i.test(name);
}

/** The kind of reference that makes a deployment a component of a catalogue application. */
export const APP_DEPLOYMENT_REFERENCE = 'AppDeployment'; // not user text: the kind Gcore names a component's reference with

/** The application a deployment is a component of (its `object_references` of kind AppDeployment), or undefined. */
export function applicationOf(deployment: Pick<InferenceDeployment, 'object_references'>): string | undefined {
  const reference = (deployment.object_references ?? []).find(
    (candidate) => candidate?.kind === APP_DEPLOYMENT_REFERENCE && typeof candidate.name === 'string' && candidate.name !== '',
  );
  return reference?.name ?? undefined;
}

/**
 * A project's deployments told apart: those of its own, and the components of each application by its name. A
 * component is offered only its application's changes.
 */
export function groupDeployments<T extends Pick<InferenceDeployment, 'name' | 'object_references'>>(
  deployments: readonly T[],
): { own: T[]; components: Map<string, T[]> } {
  const own: T[] = [];
  const components = new Map<string, T[]>();
  for (const deployment of deployments) {
    const application = applicationOf(deployment);
    if (application === undefined) own.push(deployment);
    else if (components.has(application)) components.get(application)?.push(deployment);
    else components.set(application, [deployment]);
  }
  return { own, components };
}
