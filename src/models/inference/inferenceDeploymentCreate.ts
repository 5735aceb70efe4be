import * as l10n from '@vscode/l10n';
import { checkFields, isPlainObject, joinPath } from '../../validation/fieldChecks';
import type {
  BooleanFieldSpec,
  FieldSpec,
  IntegerFieldSpec,
  ListFieldSpec,
  ObjectFieldSpec,
  StringFieldSpec,
  StringMapFieldSpec,
} from '../../validation/fieldSpec';
import { objectSchema, type JsonSchema } from '../../validation/jsonSchema';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { API_KEY_NAME_FIELD, NEW_DEPLOYMENT_NAME_FIELD, REGISTRY_CREDENTIAL_NAME_FIELD } from './inferenceNames';

/*
 * A custom-image deployment's create payload as Gcore checks it (the inference notes, "Deployments"): one spec
 * per field, which the wizard's boxes, the contract commands' argument check, the agent tools and the New
 * Deployment from JSON document share. What a spec cannot say (one region once, one kind of probe, the image's
 * parts) is checked by `validateInferenceDeploymentCreate`. Problems name the wire path: `containers.1.scale.max`.
 */

/** Most pods a region scales to. */
export const MAX_PODS_PER_REGION = 300;

export const TRIGGER_KINDS = ['cpu', 'memory', 'gpu_utilization', 'gpu_memory', 'http', 'sqs'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

export const PROBE_KINDS = ['readiness_probe', 'liveness_probe', 'startup_probe'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** The ways a probe asks a pod: exactly one of them. */
const PROBE_ACTIONS = ['exec', 'http_get', 'tcp_socket'] as const;

export interface ThresholdTrigger {
  threshold: number;
}

export interface HttpTrigger {
  rate: number;
  window: number;
}

export interface SqsTrigger {
  queue_url: string;
  queue_length: number;
  activation_queue_length: number;
  aws_region: string;
  secret_name: string;
  aws_endpoint?: string | null;
  scale_on_flight?: boolean;
  scale_on_delayed?: boolean;
}

export interface InferenceTriggers {
  cpu?: ThresholdTrigger | null;
  memory?: ThresholdTrigger | null;
  gpu_utilization?: ThresholdTrigger | null;
  gpu_memory?: ThresholdTrigger | null;
  http?: HttpTrigger | null;
  sqs?: SqsTrigger | null;
}

export interface InferenceScaleSpec {
  min: number;
  max: number;
  cooldown_period?: number;
  polling_interval?: number;
  triggers?: InferenceTriggers | null;
}

export interface InferenceContainerSpec {
  region_id: number;
  scale: InferenceScaleSpec;
}

export interface ProbeAction {
  exec?: { command: string[] };
  http_get?: { port: number; path?: string; schema?: 'HTTP' | 'HTTPS'; host?: string; headers?: Record<string, string> };
  tcp_socket?: { port: number };
  initial_delay_seconds?: number;
  period_seconds?: number;
  timeout_seconds?: number;
  failure_threshold?: number;
  success_threshold?: number;
}

export interface ProbeSpec {
  enabled: boolean;
  probe?: ProbeAction;
}

export type InferenceProbes = { [kind in ProbeKind]?: ProbeSpec | null };

export interface InferenceLoggingSpec {
  enabled?: boolean;
  destination_region_id?: number | null;
  topic_name?: string | null;
  retention_policy?: { period: number } | null;
}

/** The create payload, wire field names (checked: only what `INFERENCE_DEPLOYMENT_CREATE_FIELDS` names). */
export interface InferenceDeploymentCreate {
  name: string;
  image: string;
  listening_port: number;
  flavor_name: string;
  containers: InferenceContainerSpec[];
  credentials_name?: string | null;
  envs?: Record<string, string>;
  command?: string[] | null;
  api_keys?: string[];
  probes?: InferenceProbes | null;
  timeout?: number | null;
  description?: string | null;
  ingress_opts?: { disable_response_buffering?: boolean } | null;
  logging?: InferenceLoggingSpec | null;
  auth_enabled?: boolean;
}

function integer(name: string, label: string, description: string, minimum: number, maximum: number, required = false): IntegerFieldSpec {
  return { name, kind: 'integer', label, description, minimum, maximum, required };
}

const TAG = '[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}';
const PATH_PART = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';

/** Gcore's image: lower-case `host/path:tag` parts, the tag optional; no registry port, no digest. */
export const IMAGE_PATTERN = `^${PATH_PART}(?:/${PATH_PART})*(?::${TAG})?$`;

export const IMAGE_FIELD: StringFieldSpec = {
  name: 'image',
  kind: 'string',
  label: l10n.t('Image'),
  description: l10n.t('The container image, lower-case host/path:tag, such as vllm/vllm-openai:v0.6.3 or ghcr.io/org/model:1.0.'),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 512,
  pattern: IMAGE_PATTERN,
  patternHint: l10n.t('must be a lower-case image such as ghcr.io/org/model:1.0, without a registry port or an @sha256: digest'),
};

/**
 * What is wrong with an image, in the words that say which part Gcore refuses, or undefined when the image is one
 * Gcore takes. People paste what `docker pull` takes: a digest, a registry with its port, capitals.
 */
export function imageProblem(text: string): string | undefined {
  const image = text.trim();
  if (image === '') return l10n.t('must not be empty');
  if (new RegExp(IMAGE_PATTERN).test(image)) return undefined;
  if (image.includes('@')) return l10n.t('must name the image by its tag: Gcore takes no digest ("{0}")', image.slice(image.indexOf('@')));
  const slash = image.indexOf('/');
  const port = slash > 0 ? /:\d+$/.exec(image.slice(0, slash)) : null;
  if (port) return l10n.t('must not name a registry port ("{0}"): Gcore takes the registry host alone', port[0]);
  const colon = image.lastIndexOf(':');
  const path = colon > image.lastIndexOf('/') ? image.slice(0, colon) : image;
  if (path !== path.toLowerCase()) return l10n.t('must be lower case before the tag');
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(image)) return l10n.t('must not start with a scheme such as https://');
  return IMAGE_FIELD.patternHint;
}

export const LISTENING_PORT_FIELD: IntegerFieldSpec = integer(
  'listening_port',
  l10n.t('Listening port'),
  l10n.t('The port the model server listens on in its container, 1 to 65535 (vLLM: 8000).'),
  1,
  65535,
  true,
);

export const INFERENCE_FLAVOR_FIELD: StringFieldSpec = {
  name: 'flavor_name',
  kind: 'string',
  label: l10n.t('Flavor'),
  description: l10n.t("The inference flavor's name, such as inference-16vcpu-232gib-1xh100-80gb: the GPU, CPUs and memory of each pod."),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 255,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  patternHint: l10n.t('must be a flavor name as Gcore lists it: letters, digits, dots, underscores and hyphens'),
};

export const REGION_ID_WIRE_FIELD: IntegerFieldSpec = integer(
  'region_id',
  l10n.t('Region'),
  l10n.t("The region's ID, one of the regions that offer inference."),
  1,
  Number.MAX_SAFE_INTEGER,
  true,
);

function thresholdTrigger(name: TriggerKind, label: string, description: string): ObjectFieldSpec {
  return {
    name,
    kind: 'object',
    label,
    description,
    nullable: true,
    fields: [integer('threshold', l10n.t('Threshold (%)'), l10n.t('The percentage past which pods are added, 1 to 100.'), 1, 100, true)],
  };
}

const SQS_TRIGGER: ObjectFieldSpec = {
  name: 'sqs',
  kind: 'object',
  label: l10n.t('SQS trigger'),
  description: l10n.t('Adds pods by the length of an Amazon SQS queue, read with an inference secret of type aws-iam.'),
  nullable: true,
  fields: [
    {
      name: 'queue_url',
      kind: 'string',
      label: l10n.t('Queue URL'),
      description: l10n.t("The SQS queue's URL."),
      required: true,
      minLength: 1,
    },
    integer('queue_length', l10n.t('Messages per pod'), l10n.t('The number of messages one pod takes.'), 1, Number.MAX_SAFE_INTEGER, true),
    integer(
      'activation_queue_length',
      l10n.t('Messages to start'),
      l10n.t('The number of messages that starts the first pod.'),
      0,
      Number.MAX_SAFE_INTEGER,
      true,
    ),
    {
      name: 'aws_region',
      kind: 'string',
      label: l10n.t('AWS region'),
      description: l10n.t("The queue's AWS region."),
      required: true,
      minLength: 1,
    },
    {
      name: 'secret_name',
      kind: 'string',
      label: l10n.t('Secret'),
      description: l10n.t('The name of the inference secret (type aws-iam) that reads the queue.'),
      required: true,
      minLength: 1,
    },
    { name: 'aws_endpoint', kind: 'string', label: l10n.t('AWS endpoint'), description: l10n.t('A custom AWS endpoint.'), nullable: true },
    {
      name: 'scale_on_flight',
      kind: 'boolean',
      label: l10n.t('Count in-flight messages'),
      description: l10n.t('Whether messages in flight count.'),
    },
    {
      name: 'scale_on_delayed',
      kind: 'boolean',
      label: l10n.t('Count delayed messages'),
      description: l10n.t('Whether delayed messages count.'),
    },
  ],
};

export const TRIGGERS_FIELD: ObjectFieldSpec = {
  name: 'triggers',
  kind: 'object',
  label: l10n.t('Autoscaling triggers'),
  description: l10n.t(
    'What adds pods between the minimum and the maximum. Left out, Gcore scales on CPU and memory at 80%; sent, every trigger it does not name is off.',
  ),
  nullable: true,
  fields: [
    thresholdTrigger('cpu', l10n.t('CPU trigger'), l10n.t('Adds pods when CPU use passes a threshold.')),
    thresholdTrigger('memory', l10n.t('Memory trigger'), l10n.t('Adds pods when memory use passes a threshold.')),
    thresholdTrigger('gpu_utilization', l10n.t('GPU utilization trigger'), l10n.t('Adds pods when GPU use passes a threshold.')),
    thresholdTrigger('gpu_memory', l10n.t('GPU memory trigger'), l10n.t('Adds pods when GPU memory use passes a threshold.')),
    {
      name: 'http',
      kind: 'object',
      label: l10n.t('HTTP trigger'),
      description: l10n.t('Adds pods when the requests in a window pass a rate.'),
      nullable: true,
      fields: [
        integer('rate', l10n.t('Requests'), l10n.t('The requests in the window that add a pod, 1 to 1000.'), 1, 1000, true),
        integer('window', l10n.t('Window (s)'), l10n.t('The seconds over which requests are counted, 1 to 3600.'), 1, 3600, true),
      ],
    },
    SQS_TRIGGER,
  ],
};

export const SCALE_MIN_FIELD = integer(
  'min',
  l10n.t('Minimum pods'),
  l10n.t('The fewest pods in the region, 0 to 300; 0 lets it scale to zero when idle (nothing billed then).'),
  0,
  MAX_PODS_PER_REGION,
  true,
);

export const SCALE_MAX_FIELD = integer(
  'max',
  l10n.t('Maximum pods'),
  l10n.t('The most pods in the region, 1 to 300, and at least the minimum; the price ceiling is counted at it.'),
  1,
  MAX_PODS_PER_REGION,
  true,
);

export const SCALE_FIELD: ObjectFieldSpec = {
  name: 'scale',
  kind: 'object',
  label: l10n.t('Scale'),
  description: l10n.t('The pods of the region between a minimum and a maximum, and what makes autoscaling move.'),
  required: true,
  fields: [
    SCALE_MIN_FIELD,
    SCALE_MAX_FIELD,
    integer(
      'cooldown_period',
      l10n.t('Cooldown (s)'),
      l10n.t("The seconds autoscaling waits after a change before the next one, 1 to 3600; Gcore's default is 60."),
      1,
      3600,
    ),
    integer(
      'polling_interval',
      l10n.t('Polling interval (s)'),
      l10n.t("How often the triggers are read, 5 to 3600 seconds; Gcore's default is 30."),
      5,
      3600,
    ),
    TRIGGERS_FIELD,
  ],
  orderedPairs: [{ lower: 'min', upper: 'max' }],
};

export const CONTAINER_FIELD: ObjectFieldSpec = {
  name: 'containers',
  kind: 'object',
  label: l10n.t('Region'),
  description: l10n.t('A region the deployment runs in, and its pods.'),
  fields: [REGION_ID_WIRE_FIELD, SCALE_FIELD],
};

export const CONTAINERS_FIELD: ListFieldSpec = {
  name: 'containers',
  kind: 'list',
  label: l10n.t('Regions'),
  description: l10n.t('The regions the deployment runs in, each once, with its pods: at least one.'),
  required: true,
  minItems: 1,
  item: CONTAINER_FIELD,
};

const ENVS_FIELD: StringMapFieldSpec = {
  name: 'envs',
  kind: 'stringMap',
  label: l10n.t('Environment'),
  description: l10n.t("The container's environment variables, names to values (a model's id, a token)."),
  keyPattern: '^[a-zA-Z_][a-zA-Z0-9_]*$',
  keyHint: l10n.t('must start with a letter or underscore and hold only letters, digits and underscores'),
  valueMaxLength: 65_536,
};

const COMMAND_FIELD: ListFieldSpec = {
  name: 'command',
  kind: 'list',
  label: l10n.t('Command'),
  description: l10n.t("The command the container runs instead of its image's, one argument per item."),
  nullable: true,
  item: { name: 'command', kind: 'string', label: l10n.t('Argument'), description: '' },
};

const API_KEYS_FIELD: ListFieldSpec = {
  name: 'api_keys',
  kind: 'list',
  label: l10n.t('API keys'),
  description: l10n.t("The names of the project's API keys a caller may send in X-API-Key; none leaves the address open."),
  item: { ...API_KEY_NAME_FIELD, name: 'api_keys', required: false },
};

const PORT_FIELD = integer('port', l10n.t('Port'), l10n.t('The port in the container, 1 to 65535.'), 1, 65535, true);

const PROBE_ACTION_FIELD: ObjectFieldSpec = {
  name: 'probe',
  kind: 'object',
  label: l10n.t('Probe'),
  description: l10n.t('How the pod is asked (one of exec, http_get and tcp_socket), and how often.'),
  fields: [
    {
      name: 'exec',
      kind: 'object',
      label: l10n.t('Command probe'),
      description: l10n.t('A command run in the container; exit code 0 passes.'),
      fields: [{ ...COMMAND_FIELD, required: true, nullable: false, minItems: 1 }],
    },
    {
      name: 'http_get',
      kind: 'object',
      label: l10n.t('HTTP probe'),
      description: l10n.t('A GET request to the container; an answer from 200 to 399 passes.'),
      fields: [
        PORT_FIELD,
        {
          name: 'path',
          kind: 'string',
          label: l10n.t('Path'),
          description: l10n.t('The path asked, such as /health.'),
          pattern: '^/',
          patternHint: l10n.t('must start with /'),
        },
        {
          name: 'schema',
          kind: 'string',
          label: l10n.t('Scheme'),
          description: l10n.t('"HTTP" (the default) or "HTTPS".'),
          pattern: '^(HTTP|HTTPS)$',
          patternHint: l10n.t('must be "HTTP" or "HTTPS"'),
        },
        {
          name: 'host',
          kind: 'string',
          label: l10n.t('Host'),
          description: l10n.t('The host asked; the pod when left out.'),
          nullable: true,
        },
        {
          name: 'headers',
          kind: 'stringMap',
          label: l10n.t('Headers'),
          description: l10n.t('Headers sent with the request.'),
          keyPattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
          keyHint: l10n.t('must be an HTTP header name'),
          valueMaxLength: 8192,
        },
      ],
    },
    {
      name: 'tcp_socket',
      kind: 'object',
      label: l10n.t('TCP probe'),
      description: l10n.t('A connection to a port; opening passes.'),
      fields: [PORT_FIELD],
    },
    integer(
      'initial_delay_seconds',
      l10n.t('Initial delay (s)'),
      l10n.t('Seconds after the start before the first probe, 0 to 3600.'),
      0,
      3600,
    ),
    integer('period_seconds', l10n.t('Period (s)'), l10n.t('Seconds between probes, 1 to 3600 (default 10).'), 1, 3600),
    integer('timeout_seconds', l10n.t('Timeout (s)'), l10n.t('Seconds a probe may take, 1 to 3600 (default 3).'), 1, 3600),
    integer(
      'failure_threshold',
      l10n.t('Failures'),
      l10n.t('Probes failed in a row that count as failing, 1 to 1000 (default 3).'),
      1,
      1000,
    ),
    integer(
      'success_threshold',
      l10n.t('Successes'),
      l10n.t('Probes passed in a row that count as passing, 1 to 1000 (default 1).'),
      1,
      1000,
    ),
  ],
};

function probeField(name: ProbeKind, label: string, description: string): ObjectFieldSpec {
  const enabled: BooleanFieldSpec = {
    name: 'enabled',
    kind: 'boolean',
    label: l10n.t('Enabled'),
    description: l10n.t('Whether the probe runs.'),
    required: true,
  };
  return { name, kind: 'object', label, description, nullable: true, fields: [enabled, PROBE_ACTION_FIELD] };
}

export const PROBES_FIELD: ObjectFieldSpec = {
  name: 'probes',
  kind: 'object',
  label: l10n.t('Probes'),
  description: l10n.t('How Gcore tells a pod is ready, alive and started. A custom image gets none unless they are set here.'),
  nullable: true,
  fields: [
    probeField(
      'readiness_probe',
      l10n.t('Readiness probe'),
      l10n.t('No request reaches a pod until it passes: a model loading for minutes is not ready.'),
    ),
    probeField('liveness_probe', l10n.t('Liveness probe'), l10n.t('A pod failing it is restarted.')),
    probeField('startup_probe', l10n.t('Startup probe'), l10n.t('The other probes wait until it passes once.')),
  ],
};

const LOGGING_FIELD: ObjectFieldSpec = {
  name: 'logging',
  kind: 'object',
  label: l10n.t('Logging'),
  description: l10n.t("Where and for how long the deployment's logs are kept."),
  nullable: true,
  fields: [
    { name: 'enabled', kind: 'boolean', label: l10n.t('Logging enabled'), description: l10n.t('Whether logs are collected.') },
    {
      ...REGION_ID_WIRE_FIELD,
      name: 'destination_region_id',
      label: l10n.t('Log region'),
      description: l10n.t('The region that stores the logs.'),
      required: false,
      nullable: true,
    },
    {
      name: 'topic_name',
      kind: 'string',
      label: l10n.t('Log topic'),
      description: l10n.t('The topic the logs go to.'),
      nullable: true,
      trim: true,
      minLength: 1,
      maxLength: 223,
    },
    {
      name: 'retention_policy',
      kind: 'object',
      label: l10n.t('Retention'),
      description: l10n.t('How long logs are kept.'),
      nullable: true,
      fields: [integer('period', l10n.t('Retention days'), l10n.t('Days to keep logs, 1 to 1825.'), 1, 1825, true)],
    },
  ],
};

export const INFERENCE_DEPLOYMENT_CREATE_FIELDS: readonly FieldSpec[] = [
  NEW_DEPLOYMENT_NAME_FIELD,
  IMAGE_FIELD,
  LISTENING_PORT_FIELD,
  INFERENCE_FLAVOR_FIELD,
  CONTAINERS_FIELD,
  {
    ...REGISTRY_CREDENTIAL_NAME_FIELD,
    name: 'credentials_name',
    label: l10n.t('Registry credential'),
    description: l10n.t('The registry credential that pulls a private image; none for a public one.'),
    required: false,
    nullable: true,
  },
  ENVS_FIELD,
  COMMAND_FIELD,
  API_KEYS_FIELD,
  PROBES_FIELD,
  integer(
    'timeout',
    l10n.t('Idle timeout (s)'),
    l10n.t("Seconds without a request before the pods go down to each region's minimum, 0 to 86400; Gcore's default is 120."),
    0,
    86_400,
  ),
  {
    name: 'description',
    kind: 'string',
    label: l10n.t('Description'),
    description: l10n.t('Free text, up to 1000 characters.'),
    nullable: true,
    maxLength: 1000,
  },
  {
    name: 'ingress_opts',
    kind: 'object',
    label: l10n.t('Ingress'),
    description: l10n.t("Options of the deployment's address."),
    nullable: true,
    fields: [
      {
        name: 'disable_response_buffering',
        kind: 'boolean',
        label: l10n.t('Stream answers'),
        description: l10n.t('Whether answers pass unbuffered, as streamed tokens need.'),
      },
    ],
  },
  LOGGING_FIELD,
  {
    name: 'auth_enabled',
    kind: 'boolean',
    label: l10n.t('Require API key'),
    description: l10n.t('Deprecated: naming api_keys turns it on.'),
  },
];

/** Checks beyond the specs: a region named once, a probe asking one way, an image's parts in words. */
export function checkDeploymentParts(deployment: Record<string, unknown>, prefix: string, problems: FieldProblem[]): void {
  if (Array.isArray(deployment.containers)) checkRegionsOnce(deployment.containers, joinPath(prefix, 'containers'), problems);
  if (isPlainObject(deployment.probes)) checkProbes(deployment.probes, joinPath(prefix, 'probes'), problems);
}

function checkRegionsOnce(containers: readonly unknown[], path: string, problems: FieldProblem[]): void {
  const seen = new Set<unknown>();
  containers.forEach((container, index) => {
    const region = isPlainObject(container) ? container.region_id : undefined;
    if (typeof region !== 'number') return;
    if (seen.has(region)) problems.push({ field: `${path}.${index}.region_id`, message: l10n.t('names region {0} a second time', region) });
    seen.add(region);
  });
}

function checkProbes(probes: Record<string, unknown>, path: string, problems: FieldProblem[]): void {
  for (const kind of PROBE_KINDS) {
    const probe = probes[kind];
    if (!isPlainObject(probe)) continue;
    const action = probe.probe;
    const field = `${path}.${kind}.probe`;
    if (!isPlainObject(action)) {
      if (probe.enabled === true) problems.push({ field, message: l10n.t('is required when the probe is enabled') });
      continue;
    }
    const ways = PROBE_ACTIONS.filter((way) => action[way] !== undefined && action[way] !== null);
    if (ways.length !== 1) problems.push({ field, message: l10n.t('must hold exactly one of exec, http_get and tcp_socket') });
  }
}

/** The image's problem in the words that name the part Gcore refuses, in place of the pattern's general hint. */
function specificImageProblems(input: Record<string, unknown>, prefix: string, problems: FieldProblem[]): FieldProblem[] {
  const field = joinPath(prefix, 'image');
  return problems.map((problem) =>
    problem.field === field && typeof input.image === 'string' ? { field, message: imageProblem(input.image) ?? problem.message } : problem,
  );
}

/**
 * Checks a create payload (wire field names) before any request; each problem names its field under `prefix`
 * ('deployment.containers.1.scale.max'). Whether the flavor, regions, credential and keys exist needs Gcore's
 * lists: the wizard and the document check those with what they read.
 */
export function validateInferenceDeploymentCreate(input: unknown, prefix = ''): Validated<InferenceDeploymentCreate> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [
        { field: prefix, message: l10n.t('the deployment must be an object with name, image, listening_port, flavor_name and containers') },
      ],
    };
  }
  const found: FieldProblem[] = [];
  const deployment = checkFields(INFERENCE_DEPLOYMENT_CREATE_FIELDS, input, prefix, found);
  checkDeploymentParts(input, prefix, found);
  return validated(deployment as unknown as InferenceDeploymentCreate, specificImageProblems(input, prefix, found));
}

/** The schema of the New Deployment from JSON document: the create payload, its required fields marked. */
export function inferenceDeploymentCreateSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: l10n.t('Gcore inference deployment (create payload)'),
    description: l10n.t(
      'A new Everywhere Inference deployment: name, image, listening_port, flavor_name and containers are required. Save to review the quota it takes and its price ceiling before anything is sent.',
    ),
    ...objectSchema(INFERENCE_DEPLOYMENT_CREATE_FIELDS),
  };
}
