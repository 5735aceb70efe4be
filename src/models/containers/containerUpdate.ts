import * as l10n from '@vscode/l10n';
import type { Container } from '../../api/containers/containerTypes';
import { checkFieldText, checkFields, findFieldSpec, isPlainObject, knownFields } from '../../validation/fieldChecks';
import type { FieldSpec, ObjectFieldSpec, StringFieldSpec, StringMapFieldSpec } from '../../validation/fieldSpec';
import { validated } from '../../validation/problems';
import type { FieldProblem, Validated } from '../../validation/problems';
import { sameValue } from '../jsonDocuments';

/** A trigger that adds instances past a share of the CPU or memory a container uses. */
export interface ThresholdTrigger {
  threshold: number;
}

/** A trigger that adds instances past a number of requests in a window of seconds. */
export interface RateTrigger {
  rate: number;
  window: number;
}

/** What adds instances between the minimum and the maximum; a null trigger is none. */
export interface ScaleTriggers {
  cpu?: ThresholdTrigger | null;
  memory?: ThresholdTrigger | null;
  http?: RateTrigger | null;
}

export interface ContainerScale {
  min: number;
  max: number;
  cooldown_period?: number | null;
  triggers?: ScaleTriggers | null;
}

export interface ContainerLogging {
  destination_region_id?: number | null;
  enabled?: boolean | null;
  retention_policy?: { period: number } | null;
  topic_name?: string | null;
}

export interface ContainerUpdate {
  commands?: string | null;
  description?: string | null;
  envs?: Record<string, string> | null;
  flavor?: string | null;
  image?: string | null;
  is_api_key_auth?: boolean | null;
  is_disabled?: boolean | null;
  listening_port?: number | null;
  logging?: ContainerLogging | null;
  pull_secret?: string | null;
  scale?: ContainerScale | null;
  timeout?: number | null;
}

export type ContainerFieldSpec = FieldSpec & { readonly name: keyof ContainerUpdate };

const ENVS_FIELD: StringMapFieldSpec & { name: 'envs' } = {
  name: 'envs',
  kind: 'stringMap',
  label: l10n.t('Environment variables'),
  description: l10n.t('Variable names to values; the map sent replaces all existing variables.'),
  nullable: true,
  keyPattern: '^[a-zA-Z_][a-zA-Z0-9_]*$',
  keyHint: l10n.t('must start with a letter or underscore and contain only letters, digits and underscores'),
  valueMaxLength: 255,
};

/** An autoscaling trigger: its parts, each required, or null for no such trigger. */
function trigger(name: 'cpu' | 'memory' | 'http', label: string, description: string, fields: readonly FieldSpec[]): ObjectFieldSpec {
  return { name, kind: 'object', label, description, nullable: true, fields };
}

/** A share of a resource (CPU, memory) in percent past which instances are added. */
function threshold(label: string, description: string): FieldSpec {
  return { name: 'threshold', kind: 'integer', label, description, required: true, minimum: 1, maximum: 99 };
}

const TRIGGERS_FIELD: ObjectFieldSpec = {
  name: 'triggers',
  kind: 'object',
  label: l10n.t('Autoscaling triggers'),
  description: l10n.t('What adds instances between the minimum and the maximum: CPU use, memory use, HTTP requests; null for none.'),
  nullable: true,
  fields: [
    trigger('cpu', l10n.t('CPU trigger'), l10n.t('Adds instances when CPU use passes a threshold; null for no CPU trigger.'), [
      threshold(l10n.t('CPU threshold (%)'), l10n.t('The percentage of CPU use that adds instances, from 1 to 99.')),
    ]),
    trigger('memory', l10n.t('Memory trigger'), l10n.t('Adds instances when memory use passes a threshold; null for no memory trigger.'), [
      threshold(l10n.t('Memory threshold (%)'), l10n.t('The percentage of memory use that adds instances, from 1 to 99.')),
    ]),
    trigger('http', l10n.t('HTTP trigger'), l10n.t('Adds instances when the requests in a window pass a rate; null for no HTTP trigger.'), [
      {
        name: 'rate',
        kind: 'integer',
        label: l10n.t('HTTP request rate'),
        description: l10n.t('The number of requests in the window that adds instances, from 1 to 1000.'),
        required: true,
        minimum: 1,
        maximum: 1000,
      },
      {
        name: 'window',
        kind: 'integer',
        label: l10n.t('HTTP window (s)'),
        description: l10n.t('The seconds over which requests are counted, from 1 to 3600.'),
        required: true,
        minimum: 1,
        maximum: 3600,
      },
    ]),
  ],
};

/** Gcore's PATCH replaces the whole scale: what is left out of it (a cooldown, the triggers) goes back to Gcore's defaults. */
export const SCALE_FIELD: ObjectFieldSpec & { name: 'scale' } = {
  name: 'scale',
  kind: 'object',
  label: l10n.t('Scale'),
  description: l10n.t(
    "Minimum and maximum number of container instances (both required), and how autoscaling reacts: a cooldown and triggers. What a scale sent leaves out goes back to Gcore's defaults.",
  ),
  nullable: true,
  fields: [
    {
      name: 'min',
      kind: 'integer',
      label: l10n.t('Minimum instances'),
      description: l10n.t('From 0 to 25; 0 lets the container scale to zero.'),
      required: true,
      minimum: 0,
      maximum: 25,
    },
    {
      name: 'max',
      kind: 'integer',
      label: l10n.t('Maximum instances'),
      description: l10n.t('From 1 to 25, and at least the minimum.'),
      required: true,
      minimum: 1,
      maximum: 25,
    },
    {
      name: 'cooldown_period',
      kind: 'integer',
      label: l10n.t('Cooldown period (s)'),
      description: l10n.t("The seconds autoscaling waits after a change before the next one, from 1 to 3600; Gcore's default is 60."),
      nullable: true,
      minimum: 1,
      maximum: 3600,
    },
    TRIGGERS_FIELD,
  ],
  orderedPairs: [{ lower: 'min', upper: 'max' }],
};

const LOGGING_FIELD: ObjectFieldSpec & { name: 'logging' } = {
  name: 'logging',
  kind: 'object',
  label: l10n.t('Logging'),
  description: l10n.t('Where and for how long the container logs are kept.'),
  nullable: true,
  fields: [
    {
      name: 'destination_region_id',
      kind: 'integer',
      label: l10n.t('Log region'),
      description: l10n.t('Id of the region that stores the logs.'),
      nullable: true,
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
    },
    {
      name: 'enabled',
      kind: 'boolean',
      label: l10n.t('Logging enabled'),
      description: l10n.t('Whether logs are collected.'),
      nullable: true,
    },
    {
      name: 'retention_policy',
      kind: 'object',
      label: l10n.t('Retention'),
      description: l10n.t('How long logs are kept.'),
      nullable: true,
      fields: [
        {
          name: 'period',
          kind: 'integer',
          label: l10n.t('Retention days'),
          description: l10n.t('Days to keep logs, from 1 to 1825.'),
          required: true,
          minimum: 1,
          maximum: 1825,
        },
      ],
    },
    {
      name: 'topic_name',
      kind: 'string',
      label: l10n.t('Log topic'),
      description: l10n.t('Lower-case dotted topic name, up to 223 characters.'),
      nullable: true,
      trim: true,
      minLength: 1,
      maxLength: 223,
      // Same language as the documented pattern, written without nested quantifiers so that a long
      // non-matching name cannot make the regular expression backtrack exponentially.
      pattern: '^[a-z0-9]+(?:-+[a-z0-9]+)*(?:\\.[a-z0-9]+(?:-+[a-z0-9]+)*)*$',
      patternHint: l10n.t(
        'must be lower-case letters, digits and hyphens in dot-separated parts, each starting and ending with a letter or digit',
      ),
    },
  ],
};

export const CONTAINER_UPDATE_FIELDS: readonly ContainerFieldSpec[] = [
  { name: 'commands', kind: 'string', label: l10n.t('Command'), description: l10n.t('Command line run in the container.'), nullable: true },
  {
    name: 'description',
    kind: 'string',
    label: l10n.t('Description'),
    description: l10n.t('Free text, up to 255 characters.'),
    nullable: true,
    maxLength: 255,
  },
  ENVS_FIELD,
  {
    name: 'flavor',
    kind: 'string',
    label: l10n.t('Flavor'),
    description: l10n.t('CPU in millicores and memory, such as 250mCPU-512MiB.'),
    nullable: true,
    trim: true,
    // The documented pattern allows empty amounts ('mCPU-MiB'); at least one digit is required here
    // because a flavor without amounts cannot exist.
    pattern: '^[0-9]{1,12}mCPU-[0-9]{1,12}Mi?B$',
    patternHint: l10n.t('must look like 250mCPU-512MiB (CPU in millicores, then memory in MiB or MB)'),
  },
  {
    name: 'image',
    kind: 'string',
    label: l10n.t('Image'),
    description: l10n.t('Image reference, up to 230 characters.'),
    nullable: true,
    trim: true,
    minLength: 1,
    maxLength: 230,
  },
  {
    name: 'is_api_key_auth',
    kind: 'boolean',
    label: l10n.t('Require API key'),
    description: l10n.t('Whether callers need an API key; the service documents this as temporarily unsupported.'),
    nullable: true,
  },
  {
    name: 'is_disabled',
    kind: 'boolean',
    label: l10n.t('Disabled'),
    description: l10n.t('Whether the container is disabled; sent in a request of its own.'),
    nullable: true,
  },
  {
    name: 'listening_port',
    kind: 'integer',
    label: l10n.t('Listening port'),
    description: l10n.t('Port the container listens on, from 1 to 65535.'),
    nullable: true,
    minimum: 1,
    maximum: 65535,
  },
  LOGGING_FIELD,
  {
    name: 'pull_secret',
    kind: 'string',
    label: l10n.t('Pull secret'),
    description: l10n.t('Name of the secret used to pull the image, up to 400 characters.'),
    nullable: true,
    trim: true,
    minLength: 1,
    maxLength: 400,
  },
  SCALE_FIELD,
  {
    name: 'timeout',
    kind: 'integer',
    label: l10n.t('Timeout'),
    description: l10n.t('Seconds the container stays up without requests, from 0 to 180.'),
    nullable: true,
    minimum: 0,
    maximum: 180,
  },
];

/*
 * Container names are limited to 43 characters at creation, but this validator addresses existing
 * containers, so it accepts up to 63 (one DNS label, which the name becomes part of): refusing a name
 * that exists would lock the user out of it, while a too-long name only costs a 404.
 */
export const CONTAINER_NAME_FIELD: StringFieldSpec = {
  name: 'containerName',
  kind: 'string',
  label: l10n.t('Container name'),
  description: l10n.t('Name of an existing container.'),
  required: true,
  trim: true,
  minLength: 3,
  maxLength: 63,
  pattern: '^[a-zA-Z0-9][a-zA-Z0-9.-]+[a-zA-Z0-9]$',
  patternHint: l10n.t('must start and end with a letter or digit and contain only letters, digits, dots and hyphens'),
};

export function validateContainerUpdate(input: unknown): Validated<ContainerUpdate> {
  if (!isPlainObject(input)) {
    return { ok: false, problems: [{ field: '', message: l10n.t('the container update must be an object of fields to change') }] };
  }
  const problems: FieldProblem[] = [];
  const update = checkFields(CONTAINER_UPDATE_FIELDS, input, '', problems);
  if (problems.length === 0 && Object.keys(update).length === 0) {
    problems.push({ field: '', message: l10n.t('the container update must change at least one field') });
  }
  return validated(update as ContainerUpdate, problems);
}

export function validateContainerName(input: unknown): Validated<string> {
  const problems: FieldProblem[] = [];
  const name = checkFields([CONTAINER_NAME_FIELD], { containerName: input }, '', problems).containerName;
  return validated(name as string, problems);
}

/**
 * Validates the text of an input box for any string or integer field of the update, named by its
 * wire path such as 'logging.retention_policy.period'.
 */
export function validateContainerFieldText(path: string, text: string): string | undefined {
  const spec = findFieldSpec(CONTAINER_UPDATE_FIELDS, path);
  if (spec?.kind !== 'string' && spec?.kind !== 'integer') {
    throw new Error(l10n.t("'{0}' is not a text field of a container update", path));
  }
  return checkFieldText(spec, text);
}

type Field = keyof ContainerUpdate;

/**
 * A field of a container as the update payload names and shapes it, so a prompt can start from it, a
 * summary can compare with it and an update can send it back. Scale keeps the parts the update sends (min,
 * max, the cooldown, the triggers); undefined when the container does not say.
 */
export function currentValue(container: Container, field: Field): unknown {
  const value = container[field];
  if (field === 'scale' && isPlainObject(value)) return knownFields(SCALE_FIELD.fields, value);
  return value;
}

/** The fields whose new value differs from the container's, in the order given. */
export function changedFields(changes: ContainerUpdate, container: Container | undefined): Field[] {
  return (Object.keys(changes) as Field[]).filter(
    (field) => container === undefined || !sameValue(changes[field], currentValue(container, field)),
  );
}
