import * as l10n from '@vscode/l10n';
import type { InferenceDeployment, InferenceScale } from '../../api/inference/inferenceTypes';
import { checkFields, checkValue, isPlainObject, joinPath, knownFields } from '../../validation/fieldChecks';
import type { FieldSpec, ListFieldSpec, ObjectFieldSpec } from '../../validation/fieldSpec';
import { objectSchema, type JsonSchema } from '../../validation/jsonSchema';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { sameValue } from '../jsonDocuments';
import { shownEnvValue } from './inferenceEnvs';
import {
  CONTAINER_FIELD,
  CONTAINERS_FIELD,
  INFERENCE_DEPLOYMENT_CREATE_FIELDS,
  PROBE_KINDS,
  REGION_ID_WIRE_FIELD,
  SCALE_FIELD,
  TRIGGERS_FIELD,
  checkDeploymentParts,
  type InferenceDeploymentCreate,
  type InferenceScaleSpec,
  type InferenceTriggers,
} from './inferenceDeploymentCreate';

/*
 * A deployment's update (the inference notes, "Traps" 2 and 3): the changes any subset of the create payload but
 * its name, and the PATCH body made from them and the deployment as read. Gcore's PATCH takes each region's
 * `scale` whole (no defaults for the cooldown and the polling interval in an update), and `containers` as the
 * whole set of regions (one left out is removed). `command` comes back as a string and goes in as a list: what was
 * read is never sent back.
 */

/** A region as a change names it: its scale in part (the rest as read), or whole for a region it adds. */
export interface InferenceContainerChange {
  region_id: number;
  scale?: Partial<InferenceScaleSpec>;
}

export type InferenceDeploymentChanges = Partial<Omit<InferenceDeploymentCreate, 'name' | 'containers'>> & {
  containers?: InferenceContainerChange[];
};

/** Gcore's defaults at creation, which an update does not apply: a new region's scale is sent with them. */
const SCALE_DEFAULTS = { cooldown_period: 60, polling_interval: 30 };

/** The changes that restart every pod, as the review says first. */
export const RESTARTING_FIELDS = ['flavor_name', 'image', 'envs', 'command'] as const;

const optional = <T extends FieldSpec>(spec: T): T => ({ ...spec, required: false });

const CHANGE_SCALE_FIELD: ObjectFieldSpec = { ...SCALE_FIELD, required: false, fields: SCALE_FIELD.fields.map(optional) };

const CHANGE_CONTAINERS_FIELD: ListFieldSpec = {
  ...CONTAINERS_FIELD,
  required: false,
  description: l10n.t(
    'The whole set of regions the deployment runs in: a region left out is removed. Each scale given in part keeps the rest as it is.',
  ),
  item: { ...CONTAINER_FIELD, fields: [REGION_ID_WIRE_FIELD, CHANGE_SCALE_FIELD] },
};

/** The update's fields: the create payload's but the name, none required, `containers` in part. */
export const INFERENCE_DEPLOYMENT_UPDATE_FIELDS: readonly FieldSpec[] = INFERENCE_DEPLOYMENT_CREATE_FIELDS.filter(
  (spec) => spec.name !== 'name',
).map((spec) => (spec.name === 'containers' ? CHANGE_CONTAINERS_FIELD : optional(spec)));

/** Checks the changes of an update (wire field names) before any request; problems name `prefix.field`. */
export function validateInferenceDeploymentChanges(input: unknown, prefix = ''): Validated<InferenceDeploymentChanges> {
  if (!isPlainObject(input)) {
    return { ok: false, problems: [{ field: prefix, message: l10n.t('the changes must be an object of fields to change') }] };
  }
  const problems: FieldProblem[] = [];
  const { name, ...rest } = input;
  if (name !== undefined) {
    problems.push({ field: joinPath(prefix, 'name'), message: l10n.t('cannot be changed: a deployment keeps its name') });
  }
  const changes = checkFields(INFERENCE_DEPLOYMENT_UPDATE_FIELDS, rest, prefix, problems);
  checkDeploymentParts(rest, prefix, problems);
  if (problems.length === 0 && Object.keys(changes).length === 0) {
    problems.push({ field: prefix, message: l10n.t('must change at least one field') });
  }
  return validated(changes as InferenceDeploymentChanges, problems);
}

/** The schema of the Edit Deployment (JSON) document: the update's fields, none required. */
export function inferenceDeploymentChangesSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: l10n.t('Gcore inference deployment (editable fields)'),
    description: l10n.t(
      'The fields of a deployment an update changes. containers is the whole set of regions: a region left out is removed. Save to review current → new before anything is sent.',
    ),
    ...objectSchema(INFERENCE_DEPLOYMENT_UPDATE_FIELDS),
  };
}

/**
 * A deployment as read, in the update's fields and shapes, for an editor to start from: each region's id and
 * scale (a null cooldown or interval as Gcore's default), the probes under `probes`, and no `command` read as a
 * string, which Gcore takes only as a list (the user writes one to change it).
 */
export function editableDeployment(current: InferenceDeployment): Record<string, unknown> {
  const editable: Record<string, unknown> = {};
  for (const spec of INFERENCE_DEPLOYMENT_UPDATE_FIELDS) {
    const value = spec.name === 'containers' ? editableRegions(current) : readValue(current, spec.name);
    if (value === undefined || (spec.name === 'command' && !Array.isArray(value))) continue;
    editable[spec.name] = spec.kind === 'object' && isPlainObject(value) ? knownFields(spec.fields, value) : value;
  }
  return editable;
}

function editableRegions(current: InferenceDeployment): unknown {
  if (!Array.isArray(current.containers)) return undefined;
  return [...readRegions(current)].map(([region_id, scale]) => ({ region_id, scale: scaleAsRead(scale) }));
}

function readRegions(current: InferenceDeployment): Map<number, InferenceScale | undefined> {
  const regions = new Map<number, InferenceScale | undefined>();
  for (const container of current.containers ?? []) {
    if (typeof container?.region_id === 'number') {
      regions.set(container.region_id, isPlainObject(container.scale) ? container.scale : undefined);
    }
  }
  return regions;
}

/** A read scale in the update's shape: the parts it sends, a null cooldown or interval as Gcore's default. */
function scaleAsRead(read: InferenceScale | undefined): Record<string, unknown> {
  const known = read === undefined ? {} : knownFields(SCALE_FIELD.fields, read);
  const whole: Record<string, unknown> = { ...SCALE_DEFAULTS };
  for (const [key, value] of Object.entries(known)) if (value !== null || key === 'triggers') whole[key] = value;
  return whole;
}

/** The read triggers with the change's over them, kind by kind: a kind the change sets null is off. */
function mergedTriggers(read: unknown, change: InferenceTriggers | null | undefined): unknown {
  if (change === undefined) return read;
  if (change === null || !isPlainObject(read)) return change;
  return { ...read, ...change };
}

/**
 * The region's scale to send: the change's parts over the scale as read (a new region's over Gcore's creation
 * defaults), checked whole; `path` names it in a problem.
 */
function mergedScale(
  read: InferenceScale | undefined,
  change: Partial<InferenceScaleSpec> | undefined,
  path: string,
  problems: FieldProblem[],
) {
  const base = scaleAsRead(read);
  const { triggers, ...parts } = change ?? {};
  const merged: Record<string, unknown> = { ...base, ...parts };
  const triggersNow = mergedTriggers(base.triggers, triggers);
  if (triggersNow === undefined) delete merged.triggers;
  else merged.triggers = triggersNow;
  return checkValue(SCALE_FIELD, merged, path, problems) as InferenceScaleSpec;
}

/**
 * The PATCH body of an update: the changes, each region's scale made whole from what was read. Problems (a new
 * region without its minimum and maximum, a minimum above the maximum kept) name `prefix.containers.N.scale…`.
 */
export function inferenceUpdateBody(
  current: InferenceDeployment,
  changes: InferenceDeploymentChanges,
  prefix = '',
): Validated<Record<string, unknown>> {
  const { containers, ...rest } = changes;
  const body: Record<string, unknown> = { ...rest };
  const problems: FieldProblem[] = [];
  if (containers !== undefined) {
    const regions = readRegions(current);
    body.containers = containers.map((container, index) => ({
      region_id: container.region_id,
      scale: mergedScale(regions.get(container.region_id), container.scale, `${joinPath(prefix, 'containers')}.${index}.scale`, problems),
    }));
  }
  return validated(body, problems);
}

/**
 * The scale of a region a change adds: its minimum and maximum, the rest (cooldown, polling, triggers) as the
 * deployment's first region has it, so that the new region scales as the others do rather than on Gcore's
 * defaults, which differ from what was chosen (the inference notes, "Traps" 4).
 */
export function addedRegionScale(current: InferenceDeployment, pods: { min: number; max: number }): Partial<InferenceScaleSpec> {
  const [first] = readRegions(current).values();
  const { min: _min, max: _max, ...rest } = scaleAsRead(first);
  return { ...(rest as Partial<InferenceScaleSpec>), min: pods.min, max: pods.max };
}

/** The regions the deployment runs in that the changes leave out of `containers`: their pods stop. */
export function removedRegions(current: InferenceDeployment, changes: InferenceDeploymentChanges): number[] {
  if (changes.containers === undefined) return [];
  const kept = new Set(changes.containers.map((container) => container.region_id));
  return [...readRegions(current).keys()].filter((region) => !kept.has(region));
}

/** What a review says of an update: its lines, and whether the pods restart (said first). */
export interface InferenceChangeReview {
  /** The changed fields that restart every pod, in the order of `RESTARTING_FIELDS`. */
  restarting: string[];
  /** `field: current → new`, the restarting fields first, then the rest in the body's order. */
  lines: string[];
}

/** The deployment's probes as read: Gcore answers them at the top level or under `probes`. */
function readProbes(current: InferenceDeployment): unknown {
  if (current.probes !== undefined) return current.probes;
  const probes = Object.fromEntries(PROBE_KINDS.filter((kind) => current[kind] !== undefined).map((kind) => [kind, current[kind]]));
  return Object.keys(probes).length > 0 ? probes : undefined;
}

function readValue(current: InferenceDeployment, field: string): unknown {
  return field === 'probes' ? readProbes(current) : current[field];
}

/** How a review names a region when it is given no names: by its id. */
function regionById(regionId: number): string {
  return l10n.t('region {0}', regionId);
}

/**
 * The lines a review shows for a PATCH body against the deployment as read: each changed field's `field: current
 * → new`, each region's scale (named by `regionName`), the regions added, and those removed with what stops there;
 * the fields that restart the pods first. An environment's value that looks like a secret and a probe's headers are
 * never shown (a token is often one of them).
 */
export function describeChanges(
  current: InferenceDeployment,
  body: Record<string, unknown>,
  regionName: (regionId: number) => string = regionById,
): InferenceChangeReview {
  const fields = Object.keys(body).filter((field) => field === 'containers' || !sameValue(body[field], readValue(current, field)));
  const restarting = RESTARTING_FIELDS.filter((field) => fields.includes(field));
  const ordered = [...restarting, ...fields.filter((field) => !(RESTARTING_FIELDS as readonly string[]).includes(field))];
  const lines = ordered.flatMap((field) => {
    if (field === 'containers') return regionLines(current, body.containers, regionName);
    if (field === 'envs') return [envLine(readValue(current, field), body.envs)];
    return [l10n.t('{0}: {1} → {2}', field, shown(readValue(current, field)), shown(body[field]))];
  });
  return { restarting: [...restarting], lines };
}

function regionLines(current: InferenceDeployment, containers: unknown, regionName: (regionId: number) => string): string[] {
  const regions = readRegions(current);
  const next = Array.isArray(containers) ? containers.filter(isPlainObject) : [];
  const lines: string[] = [];
  for (const container of next) {
    const region = container.region_id;
    if (typeof region !== 'number') continue;
    if (!regions.has(region)) {
      lines.push(l10n.t('{0}: added, {1}', regionName(region), scaleText(container.scale)));
    } else if (!sameValue(scaleAsRead(regions.get(region)), container.scale)) {
      lines.push(l10n.t('{0}: {1} → {2}', regionName(region), scaleText(scaleAsRead(regions.get(region))), scaleText(container.scale)));
    }
  }
  const kept = new Set(next.map((container) => container.region_id));
  for (const container of current.containers ?? []) {
    if (typeof container?.region_id === 'number' && !kept.has(container.region_id)) {
      lines.push(l10n.t('{0}: removed: {1}', regionName(container.region_id), whatStops(container)));
    }
  }
  return lines;
}

/** What stops in a region removed: its pods, as many as Gcore counts, and its address. */
function whatStops(container: NonNullable<InferenceDeployment['containers']>[number]): string {
  const total = container.deploy_status?.total;
  const pods =
    typeof total !== 'number'
      ? l10n.t('its pods stop')
      : total === 0
        ? l10n.t('no pod runs there')
        : total === 1
          ? l10n.t('its 1 pod stops')
          : l10n.t('its {0} pods stop', total);
  const address = typeof container.address === 'string' && container.address.trim() !== '' ? container.address.trim() : undefined;
  return address === undefined ? pods : l10n.t('{0}, and {1} stops answering', pods, address);
}

const TRIGGER_WORDS: Record<string, (trigger: Record<string, unknown>) => string> = {
  cpu: (trigger) => l10n.t('CPU {0}%', String(trigger.threshold)),
  memory: (trigger) => l10n.t('memory {0}%', String(trigger.threshold)),
  gpu_utilization: (trigger) => l10n.t('GPU {0}%', String(trigger.threshold)),
  gpu_memory: (trigger) => l10n.t('GPU memory {0}%', String(trigger.threshold)),
  http: (trigger) => l10n.t('{0} requests per {1} s', String(trigger.rate), String(trigger.window)),
  sqs: () => l10n.t('SQS queue'),
};

/** "1–3 pods · cooldown 60 s · polling 30 s · triggers CPU 80%, GPU 80%" */
export function scaleText(scale: unknown): string {
  if (!isPlainObject(scale)) return l10n.t('(none)');
  const parts = [l10n.t('{0}–{1} pods', String(scale.min), String(scale.max))];
  if (typeof scale.cooldown_period === 'number') parts.push(l10n.t('cooldown {0} s', scale.cooldown_period));
  if (typeof scale.polling_interval === 'number') parts.push(l10n.t('polling {0} s', scale.polling_interval));
  if (isPlainObject(scale.triggers)) {
    const triggers = scale.triggers;
    const on = TRIGGERS_FIELD.fields
      .map((spec) => spec.name)
      .filter((kind) => isPlainObject(triggers[kind]))
      .map((kind) => TRIGGER_WORDS[kind](triggers[kind] as Record<string, unknown>));
    parts.push(on.length > 0 ? l10n.t('triggers {0}', on.join(', ')) : l10n.t('no triggers'));
  }
  return parts.join(' · ');
}

/** Which variables are added, changed and removed, with their values, those that look like secrets hidden. */
function envLine(read: unknown, next: unknown): string {
  const before = isPlainObject(read) ? read : {};
  const after = isPlainObject(next) ? next : {};
  const value = (name: string, map: Record<string, unknown>) => shownEnvValue(name, String(map[name]));
  const added = Object.keys(after)
    .filter((name) => !Object.hasOwn(before, name))
    .map((name) => `${name}=${value(name, after)}`);
  const changed = Object.keys(after)
    .filter((name) => Object.hasOwn(before, name) && before[name] !== after[name])
    .map((name) => l10n.t('{0}: {1} → {2}', name, value(name, before), value(name, after)));
  const removed = Object.keys(before).filter((name) => !Object.hasOwn(after, name));
  const parts = [
    ...(added.length > 0 ? [l10n.t('added {0}', added.join(', '))] : []),
    ...(changed.length > 0 ? [l10n.t('changed {0}', changed.join(', '))] : []),
    ...(removed.length > 0 ? [l10n.t('removed {0}', removed.join(', '))] : []),
  ];
  return l10n.t('envs: {0}', parts.join('; '));
}

/** A value in a review line: text as it is, a list of words joined, an object as JSON with any header's value hidden. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return l10n.t('(none)');
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.length === 0 ? '[]' : value.join(' ');
  if (typeof value !== 'object') return String(value);
  return JSON.stringify(value, (key, part: unknown) =>
    key === 'headers' && isPlainObject(part) ? Object.fromEntries(Object.keys(part).map((name) => [name, '…'])) : part,
  );
}
