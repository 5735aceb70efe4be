import { isJsonObject } from './api-request';
import {
  checkBoolean,
  checkInteger,
  checkList,
  checkObject,
  checkOneOf,
  checkRequired,
  checkString,
  FieldErrors,
  NOT_A_MAPPING,
  NOT_A_STRING,
  type FieldRule,
} from './field-checks';

// The bounds and patterns of Gcore's inference deployment schema (inference-notes.md, "Deployments").
export const DEPLOYMENT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Lower-case `host/path:tag`: no registry port, no digest (trap 7). */
const IMAGE = /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*:[a-z0-9_][a-z0-9._-]{0,127}$/;
const THRESHOLD_TRIGGERS = ['cpu', 'memory', 'gpu_utilization', 'gpu_memory'];

function mapping(rules: Record<string, FieldRule>, required: readonly string[] = []): FieldRule {
  return (errors, field, value) => {
    if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
    checkRequired(errors, value, required, field);
    checkObject(errors, field, value, rules);
  };
}

const integer =
  (min: number, max: number): FieldRule =>
  (e, f, v) =>
    checkInteger(e, f, v, min, max);
const text =
  (maxLength?: number): FieldRule =>
  (e, f, v) =>
    checkString(e, f, v, maxLength === undefined ? {} : { maxLength });
const strings: FieldRule = (e, f, v) => checkList(e, f, v, text());

const checkStringMap: FieldRule = (errors, field, value) => {
  if (!isJsonObject(value)) return errors.add(field, NOT_A_MAPPING);
  for (const [key, entry] of Object.entries(value)) if (typeof entry !== 'string') errors.add(`${field}.${key}`, NOT_A_STRING);
};

const checkTriggers = mapping({
  ...Object.fromEntries(THRESHOLD_TRIGGERS.map((name) => [name, mapping({ threshold: integer(1, 100) }, ['threshold'])])),
  http: mapping({ rate: integer(1, 1000), window: integer(1, 3600) }, ['rate', 'window']),
  sqs: mapping(
    {
      queue_url: text(),
      queue_length: integer(1, 100_000),
      activation_queue_length: integer(1, 100_000),
      aws_region: text(),
      aws_endpoint: text(),
      secret_name: text(),
      scale_on_flight: checkBoolean,
      scale_on_delayed: checkBoolean,
    },
    ['queue_url', 'queue_length', 'activation_queue_length', 'aws_region', 'secret_name'],
  ),
});

/** `max` is not below `min`; checked apart, as marshmallow's schema-level validators do. */
const checkScale: FieldRule = (errors, field, value) => {
  mapping(
    {
      min: integer(0, 300),
      max: integer(1, 300),
      cooldown_period: integer(1, 3600),
      polling_interval: integer(5, 3600),
      triggers: checkTriggers,
    },
    ['min', 'max'],
  )(errors, field, value);
  if (isJsonObject(value) && typeof value.min === 'number' && typeof value.max === 'number' && value.max < value.min) {
    errors.add(`${field}.max`, 'Must be greater than or equal to min.');
  }
};

const checkContainer = mapping({ region_id: integer(1, 2_147_483_647), scale: checkScale }, ['region_id', 'scale']);

/** A probe's check: exactly one of `exec`, `http_get`, `tcp_socket`. */
const checkProbeSpec: FieldRule = (errors, field, value) => {
  const kinds = ['exec', 'http_get', 'tcp_socket'];
  mapping({
    exec: mapping({ command: strings }, ['command']),
    http_get: mapping(
      {
        port: integer(1, 65535),
        path: text(),
        schema: (e, f, v) => checkOneOf(e, f, v, ['HTTP', 'HTTPS']),
        host: text(),
        headers: checkStringMap,
      },
      ['port'],
    ),
    tcp_socket: mapping({ port: integer(1, 65535) }, ['port']),
    initial_delay_seconds: integer(0, 3600),
    period_seconds: integer(1, 3600),
    timeout_seconds: integer(1, 3600),
    failure_threshold: integer(1, 100),
    success_threshold: integer(1, 100),
  })(errors, field, value);
  if (!isJsonObject(value)) return;
  const given = kinds.filter((kind) => value[kind] !== undefined && value[kind] !== null);
  if (given.length !== 1) errors.add(field, 'Exactly one of exec, http_get, tcp_socket is required.');
};

const checkProbe = mapping({ enabled: checkBoolean, probe: checkProbeSpec }, ['enabled']);

/** Every field a create may carry; an update takes the same but `name`, each optional. */
const DEPLOYMENT_RULES: Record<string, FieldRule> = {
  name: (e, f, v) => checkString(e, f, v, { minLength: 4, maxLength: 30, pattern: DEPLOYMENT_NAME }),
  image: (e, f, v) => checkString(e, f, v, { minLength: 1, maxLength: 255, pattern: IMAGE }),
  listening_port: integer(1, 65535),
  flavor_name: (e, f, v) => checkString(e, f, v, { minLength: 1 }),
  containers: (e, f, v) => checkList(e, f, v, checkContainer, { minItems: 1 }),
  credentials_name: text(),
  envs: checkStringMap,
  command: strings,
  api_keys: strings,
  readiness_probe: checkProbe,
  liveness_probe: checkProbe,
  startup_probe: checkProbe,
  ingress_opts: mapping({ disable_response_buffering: checkBoolean }),
  logging: mapping({
    enabled: checkBoolean,
    destination_region_id: integer(1, 2_147_483_647),
    topic_name: text(),
    retention_policy: mapping({ period: integer(1, 1000) }, ['period']),
  }),
  timeout: integer(0, 86_400),
  description: text(1000),
};

/** Regions named twice in `containers`. */
function checkUniqueRegions(errors: FieldErrors, containers: unknown): void {
  if (!Array.isArray(containers)) return;
  const seen = new Set<unknown>();
  containers.forEach((container, index) => {
    if (!isJsonObject(container)) return;
    if (seen.has(container.region_id)) errors.add(`containers.${index}.region_id`, 'Each region may be given once.');
    seen.add(container.region_id);
  });
}

/** The invalid fields of a create payload, keyed by dotted path; whether flavor, regions and names exist is the endpoint's to check. */
export function validateDeploymentCreate(body: Record<string, unknown>): Record<string, string[]> {
  const errors = new FieldErrors();
  checkRequired(errors, body, ['name', 'image', 'listening_port', 'flavor_name', 'containers']);
  checkObject(errors, '', body, DEPLOYMENT_RULES);
  checkUniqueRegions(errors, body.containers);
  return errors.fields;
}

/** A PATCH: every field optional, none null but the nullable ones; `containers` the whole set of regions. */
export function validateDeploymentPatch(body: Record<string, unknown>): Record<string, string[]> {
  const errors = new FieldErrors();
  const { name: _name, ...rules } = DEPLOYMENT_RULES;
  checkObject(errors, '', body, rules);
  for (const field of ['image', 'listening_port', 'flavor_name', 'containers']) {
    if (body[field] === null) errors.add(field, 'Field may not be null.');
  }
  checkUniqueRegions(errors, body.containers);
  return errors.fields;
}

/** A region's scale as stored: a create fills in cooldown 60 s, polling 30 s; an update leaves what it was not sent null (trap 3). */
export function storedScale(scale: Record<string, unknown>, fillDefaults: boolean): Record<string, unknown> & { min: number; max: number } {
  return {
    min: scale.min as number,
    max: scale.max as number,
    cooldown_period: (scale.cooldown_period as number | undefined) ?? (fillDefaults ? 60 : null),
    polling_interval: (scale.polling_interval as number | undefined) ?? (fillDefaults ? 30 : null),
    triggers: storedTriggers(scale.triggers),
  };
}

/** Left out: cpu and memory at 80; sent: every trigger not sent is null (trap 4). */
function storedTriggers(triggers: unknown): Record<string, unknown> {
  const names = [...THRESHOLD_TRIGGERS, 'http', 'sqs'];
  if (triggers === undefined || triggers === null) {
    return Object.fromEntries(names.map((name) => [name, name === 'cpu' || name === 'memory' ? { threshold: 80 } : null]));
  }
  const sent = triggers as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, sent[name] ?? null]));
}
