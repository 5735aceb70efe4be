import * as l10n from '@vscode/l10n';
import type { GcoreClient } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import type {
  InferenceDeployment,
  InferenceDeploymentRef,
  InferenceProjectRef,
  InferenceScale,
  InferenceTaskAnswer,
} from '../../api/inference/inferenceTypes';
import type { Log } from '../../logging/log';
import type { InferenceScaleSpec } from '../../models/inference/inferenceDeploymentCreate';
import { inferenceDeploymentChange, type InferenceDeploymentAction } from '../../models/inference/inferenceKinds';
import { InvalidArgumentError, type FieldProblem } from '../../validation/problems';
import { sentLine, type SentChange } from '../sentChange';

export interface InferenceWritesDeps {
  client: Pick<GcoreClient, 'inference'>;
  log: Log;
}

/** A change of an inference deployment or application Gcore took; what it made stale is its project's inference. */
export type SentInferenceChange = SentChange<InferenceProjectRef>;

/** A region of an update: its scale as far as the change gives it (the rest is sent as Gcore holds it). */
export interface InferenceRegionChange {
  region_id: number;
  scale?: Partial<InferenceScale> | Partial<InferenceScaleSpec>;
}

/** Any part of a create payload but the name: `containers`, when given, is the whole set of regions. */
export interface InferenceDeploymentChanges {
  containers?: InferenceRegionChange[];
  command?: string[] | string | null;
  [field: string]: unknown;
}

/**
 * What a region new to a deployment is given where the change says nothing: the create's defaults, as an update
 * has none for them (docs/gcore-api.md, "Everywhere Inference").
 */
const NEW_REGION_SCALE = { cooldown_period: 60, polling_interval: 30 };

/*
 * The one write path of every change to an existing inference deployment, for its commands, its JSON document and
 * the agent tools in VS Code and in the MCP server. Each is sent once. The create is inferenceCreates.ts.
 */

/**
 * Sends a change after reading the deployment: each region of `containers` goes with its scale whole (what the
 * change does not give, as Gcore holds it; Gcore has no defaults for it in an update), and a `command` as Gcore
 * answers it (a string) is never sent back: unchanged, it is left out; changed, it is refused for a list.
 */
export async function sendInferenceDeploymentUpdate(
  deps: InferenceWritesDeps,
  ref: InferenceDeploymentRef,
  changes: InferenceDeploymentChanges,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  const current = await deps.client.inference.getDeployment(ref, options);
  const body = updateBody(current, changes);
  return sent(deps, ref, 'update', await deps.client.inference.updateDeployment(ref, body, options));
}

/** Gcore answers 204 and starts no task: the change has none, and the deployment's status tells when it moved. */
export async function sendInferenceDeploymentStart(
  deps: InferenceWritesDeps,
  ref: InferenceDeploymentRef,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  await deps.client.inference.startDeployment(ref, options);
  return sent(deps, ref, 'start', { tasks: [] });
}

/** As start: nothing billed while stopped, and it does not start again by itself. */
export async function sendInferenceDeploymentStop(
  deps: InferenceWritesDeps,
  ref: InferenceDeploymentRef,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  await deps.client.inference.stopDeployment(ref, options);
  return sent(deps, ref, 'stop', { tasks: [] });
}

export async function sendInferenceDeploymentDelete(
  deps: InferenceWritesDeps,
  ref: InferenceDeploymentRef,
  options: CallOptions = {},
): Promise<SentInferenceChange> {
  return sent(deps, ref, 'delete', await deps.client.inference.deleteDeployment(ref, options));
}

/** The project whose inference a change makes stale. */
export function inferenceOf({ projectId }: InferenceProjectRef): InferenceProjectRef {
  return { projectId };
}

/** A change sent, logged and answered with its tasks' subject. */
export function loggedInferenceChange(log: Log, what: string, change: SentInferenceChange): SentInferenceChange {
  log.info(sentLine(what, change));
  return change;
}

function sent(
  deps: InferenceWritesDeps,
  ref: InferenceDeploymentRef,
  action: InferenceDeploymentAction,
  result: InferenceTaskAnswer,
): SentInferenceChange {
  const change = inferenceDeploymentChange(ref, action);
  return loggedInferenceChange(deps.log, 'inference deployment', { result, change, stale: inferenceOf(ref) }); // not user text: a line of the log
}

/** The PATCH body of a change to `current`, or InvalidArgumentError naming the field it cannot send. */
function updateBody(current: InferenceDeployment, changes: InferenceDeploymentChanges): Record<string, unknown> {
  const { name: _name, ...body } = changes;
  const problems: FieldProblem[] = [];
  if (typeof changes.command === 'string') {
    if (changes.command === current.command) delete body.command;
    else problems.push({ field: 'command', message: l10n.t('must be a list of strings, one word of the command each') });
  }
  if (changes.containers !== undefined) {
    if (current.unreadable_fields?.includes('containers')) {
      problems.push({
        field: 'containers',
        message: l10n.t(
          'Gcore answered a region of {0} that the extension cannot read: sending the regions would remove it. Change the regions in the Gcore portal.',
          current.name,
        ),
      });
    }
    body.containers = changes.containers.map((region, index) => wholeRegion(current, region, `containers[${index}].scale`, problems));
  }
  if (problems.length > 0) throw new InvalidArgumentError(problems);
  return body;
}

/** A region as an update sends it: its id and its scale whole, over what Gcore holds for it. */
function wholeRegion(
  current: InferenceDeployment,
  region: InferenceRegionChange,
  field: string,
  problems: FieldProblem[],
): { region_id: number; scale: Record<string, unknown> } {
  const held = current.containers?.find((container) => container.region_id === region.region_id)?.scale;
  const given = Object.entries(region.scale ?? {}).filter(([, value]) => value !== undefined);
  const scale: Record<string, unknown> = { ...(held ?? NEW_REGION_SCALE), ...Object.fromEntries(given) };
  for (const bound of ['min', 'max'] as const) {
    if (!Number.isSafeInteger(scale[bound])) problems.push({ field: `${field}.${bound}`, message: l10n.t('is required for a new region') });
  }
  return { region_id: region.region_id, scale };
}
