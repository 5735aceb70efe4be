import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient } from '../../api';
import type { InferenceDeployment, InferenceDeploymentRef } from '../../api/inference/inferenceTypes';
import { COMMAND } from '../../core/contributions';
import type { Log } from '../../logging/log';
import {
  validateInferenceDeploymentUpdateArgs,
  type InferenceDeploymentUpdateArgs,
  type InferenceNamedArgs,
} from '../../models/inference/inferenceArgs';
import { describeChanges, inferenceUpdateBody, INFERENCE_DEPLOYMENT_UPDATE_FIELDS } from '../../models/inference/inferenceDeploymentUpdate';
import { inferenceDeploymentChange, type InferenceDeploymentAction } from '../../models/inference/inferenceKinds';
import { statusWords } from '../../models/inference/inferenceStatus';
import { describeProblems, unwrap } from '../../validation/problems';
import { priceInferenceDeployment } from '../../writes/inference/inferenceForecast';
import {
  sendInferenceDeploymentDelete,
  sendInferenceDeploymentStart,
  sendInferenceDeploymentStop,
  sendInferenceDeploymentUpdate,
  type InferenceWritesDeps,
  type SentInferenceChange,
} from '../../writes/inference/inferenceDeploymentWrites';
import { currentUnknownLine, readCurrent, type Current } from '../currentState';
import type { ToolContext, ToolDefinition, ToolResult, ToolWrite } from '../toolDefinition';
import { objectInput, specSchema } from '../toolSchemas';
import { lines } from '../toolText';
import { DEPLOYMENT_ARGUMENT, DEPLOYMENT_PROPERTIES, NAMED_REQUIRED } from './inferenceToolArguments';
import { priceCeilingLine, regionsWords } from './inferenceToolWords';

function refOf({ projectId, name }: InferenceNamedArgs): InferenceDeploymentRef {
  return { projectId, name };
}

function readDeployment(args: InferenceNamedArgs, { client, signal }: ToolContext): Promise<Current<InferenceDeployment>> {
  return readCurrent(() => client.inference.getDeployment(refOf(args), { signal }));
}

/** The deployment as it is, in a line; or why it could not be read. */
function nowLine(current: Current<InferenceDeployment>): string {
  if (!current.known) return currentUnknownLine(current);
  const deployment = current.value;
  return l10n.t(
    'Now: {0}, {1} on {2} in {3}.',
    statusWords(deployment.status),
    deployment.image ?? l10n.t('an unknown image'),
    deployment.flavor_name ?? l10n.t('an unknown flavor'),
    regionsWords(deployment.containers) || l10n.t('no region'),
  );
}

/** The price ceiling of a deployment as it runs (or will run): its flavor at each region's `scale.max`. */
async function ceilingLine(deployment: InferenceDeployment, context: ToolContext): Promise<string | undefined> {
  const { flavor_name, containers } = deployment;
  if (!flavor_name || !containers?.length) return undefined;
  const price = await priceInferenceDeployment(context.client.inference, { flavor_name, containers }, { signal: context.signal });
  return priceCeilingLine(price, containers);
}

/**
 * The write a command makes, as both surfaces send it, its tasks followed under the deployment's name: in the MCP
 * server through the same write path as the command's.
 */
function deploymentWrite(
  command: string,
  args: InferenceNamedArgs,
  action: InferenceDeploymentAction,
  send: (deps: InferenceWritesDeps, ref: InferenceDeploymentRef, signal?: AbortSignal) => Promise<SentInferenceChange>,
): ToolWrite<ContainerUpdateResult> {
  return {
    command,
    argument: args,
    viaClient: async (client: GcoreClient, signal: AbortSignal | undefined, log: Log) =>
      (await send({ client, log }, refOf(args), signal)).result,
    follows: inferenceDeploymentChange(refOf(args), action),
  };
}

/** The answer to a change sent: its tasks, and how to know when it is done. */
function sentText(result: ContainerUpdateResult | undefined, sent: string): ToolResult {
  const tasks = result?.tasks ?? [];
  const text =
    tasks.length === 0
      ? l10n.t('{0} Read the deployment with gcore_getInferenceDeployment to see its status move.', sent)
      : l10n.t('{0} Tasks: {1}. gcore_getTask tells when they are FINISHED or why they failed.', sent, tasks.join(', '));
  return { text, json: { tasks } };
}

export const updateInferenceDeployment: ToolDefinition<InferenceDeploymentUpdateArgs> = {
  name: 'gcore_updateInferenceDeployment',
  kind: 'write',
  commandId: COMMAND.updateInferenceDeployment,
  displayName: l10n.t('Update a Gcore Inference Deployment'),
  modelDescription: l10n.t(
    "Changes an inference deployment: any of the create payload's fields but name, in changes. containers, when given, is the whole set of regions (a region left out is removed and its pods stop); each region's scale is sent whole, what is not given kept as Gcore holds it. A new flavor, image, envs or command restarts the pods. Gcore answers with task IDs; gcore_getTask tells when the update is done.",
  ),
  userDescription: l10n.t('Changes a Gcore inference deployment, after you confirm what changes and its price ceiling.'),
  inputSchema: objectInput(
    {
      ...DEPLOYMENT_PROPERTIES,
      changes: specSchema({
        name: 'changes',
        kind: 'object',
        label: l10n.t('Changes'),
        description: l10n.t('The fields to change, by wire field names, as in the create payload; name cannot change.'),
        required: true,
        fields: [...INFERENCE_DEPLOYMENT_UPDATE_FIELDS],
      }),
    },
    [...NAMED_REQUIRED, 'changes'],
  ),
  parse: (input) => unwrap(validateInferenceDeploymentUpdateArgs(input)),
  confirm: async (args, context) => {
    const current = await readDeployment(args, context);
    const title = l10n.t('Update inference deployment {0} in project {1}?', args.name, args.projectId);
    if (!current.known) return { title, message: lines(currentUnknownLine(current), JSON.stringify(args.changes)) };
    const body = inferenceUpdateBody(current.value, args.changes, 'changes');
    if (!body.ok) return { title, message: describeProblems(body.problems) };
    const review = describeChanges(current.value, body.value);
    const next = { ...current.value, ...body.value } as InferenceDeployment;
    return {
      title,
      message: lines(
        review.restarting.length > 0 ? l10n.t('Every pod restarts, as these change: {0}.', review.restarting.join(', ')) : undefined,
        ...review.lines,
        await ceilingLine(next, context),
      ),
    };
  },
  invoke: async (args, context) => {
    const write = deploymentWrite(COMMAND.updateInferenceDeployment, args, 'update', (deps, ref, signal) =>
      sendInferenceDeploymentUpdate(deps, ref, args.changes, { signal }),
    );
    const result = await context.writes.send(write, context.signal);
    return sentText(result, l10n.t('Sent the update of inference deployment {0}.', args.name));
  },
};

export const startInferenceDeployment: ToolDefinition<InferenceNamedArgs> = {
  name: 'gcore_startInferenceDeployment',
  kind: 'write',
  commandId: COMMAND.startInferenceDeployment,
  displayName: l10n.t('Start a Gcore Inference Deployment'),
  modelDescription: l10n.t(
    'Starts a stopped inference deployment: each region goes back to its scale.min pods (0: it starts at zero and scales up on requests), and billing for running pods starts again. Gcore answers 204 without a task: read the deployment with gcore_getInferenceDeployment until its status moves.',
  ),
  userDescription: l10n.t('Starts a Gcore inference deployment, after you confirm.'),
  ...DEPLOYMENT_ARGUMENT,
  confirm: async (args, context) => {
    const current = await readDeployment(args, context);
    return {
      title: l10n.t('Start inference deployment {0} in project {1}?', args.name, args.projectId),
      message: lines(
        l10n.t('Each region goes back to its minimum of pods, and running pods are billed again.'),
        nowLine(current),
        current.known ? await ceilingLine(current.value, context) : undefined,
      ),
    };
  },
  invoke: async (args, context) => {
    const write = deploymentWrite(COMMAND.startInferenceDeployment, args, 'start', (deps, ref, signal) =>
      sendInferenceDeploymentStart(deps, ref, { signal }),
    );
    const result = await context.writes.send(write, context.signal);
    return sentText(result, l10n.t('Gcore is starting inference deployment {0}.', args.name));
  },
};

export const stopInferenceDeployment: ToolDefinition<InferenceNamedArgs> = {
  name: 'gcore_stopInferenceDeployment',
  kind: 'write',
  commandId: COMMAND.stopInferenceDeployment,
  displayName: l10n.t('Stop a Gcore Inference Deployment'),
  modelDescription: l10n.t(
    'Stops an inference deployment: every region goes to zero pods, nothing is billed while it is stopped, and it does not start again by itself (gcore_startInferenceDeployment does). Requests to its address fail while it is stopped. Gcore answers 204 without a task: read the deployment until its status says stopped.',
  ),
  userDescription: l10n.t('Stops a Gcore inference deployment, after you confirm.'),
  ...DEPLOYMENT_ARGUMENT,
  confirm: async (args, context) => ({
    title: l10n.t('Stop inference deployment {0} in project {1}?', args.name, args.projectId),
    message: lines(
      l10n.t(
        'Every region goes to zero pods and its address stops answering; nothing is billed while it is stopped, and it does not start again by itself.',
      ),
      nowLine(await readDeployment(args, context)),
    ),
  }),
  invoke: async (args, context) => {
    const write = deploymentWrite(COMMAND.stopInferenceDeployment, args, 'stop', (deps, ref, signal) =>
      sendInferenceDeploymentStop(deps, ref, { signal }),
    );
    const result = await context.writes.send(write, context.signal);
    return sentText(result, l10n.t('Gcore is stopping inference deployment {0}.', args.name));
  },
};

export const deleteInferenceDeployment: ToolDefinition<InferenceNamedArgs> = {
  name: 'gcore_deleteInferenceDeployment',
  kind: 'write',
  commandId: COMMAND.deleteInferenceDeployment,
  displayName: l10n.t('Delete a Gcore Inference Deployment'),
  modelDescription: l10n.t(
    'Deletes an inference deployment in every region; its address stops answering and this cannot be undone. Gcore answers with a task ID; the deployment is gone when gcore_getTask says FINISHED.',
  ),
  userDescription: l10n.t('Deletes a Gcore inference deployment, after you confirm.'),
  ...DEPLOYMENT_ARGUMENT,
  confirm: async (args, context) => ({
    title: l10n.t('Delete inference deployment {0} in project {1}?', args.name, args.projectId),
    message: lines(
      l10n.t('Inference deployment {0} goes in every region, with its address; this cannot be undone.', args.name),
      nowLine(await readDeployment(args, context)),
    ),
  }),
  invoke: async (args, context) => {
    const write = deploymentWrite(COMMAND.deleteInferenceDeployment, args, 'delete', (deps, ref, signal) =>
      sendInferenceDeploymentDelete(deps, ref, { signal }),
    );
    const result = await context.writes.send(write, context.signal);
    return sentText(result, l10n.t('Gcore is deleting inference deployment {0}.', args.name));
  },
};
