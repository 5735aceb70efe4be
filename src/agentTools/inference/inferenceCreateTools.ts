import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient } from '../../api';
import { COMMAND } from '../../core/contributions';
import { validateInferenceDeploymentCreateArgs, type InferenceDeploymentCreateArgs } from '../../models/inference/inferenceArgs';
import { INFERENCE_DEPLOYMENT_CREATE_FIELDS } from '../../models/inference/inferenceDeploymentCreate';
import { unwrap } from '../../validation/problems';
import { forecastInferenceDeployment, type InferenceForecast } from '../../writes/inference/inferenceForecast';
import { sendInferenceDeploymentCreate } from '../../writes/inference/inferenceCreates';
import type { ToolContext, ToolDefinition, ToolWrite } from '../toolDefinition';
import { objectInput, PROJECT_PROPERTIES, PROJECT_REQUIRED, specSchema } from '../toolSchemas';
import { lines } from '../toolText';
import { exceededQuotaLines, priceCeilingLine, regionsWords } from './inferenceToolWords';

const INPUT = objectInput(
  {
    ...PROJECT_PROPERTIES,
    deployment: specSchema({
      name: 'deployment',
      kind: 'object',
      label: l10n.t('New inference deployment'),
      description: l10n.t(
        'The create payload, by wire field names: name (4 to 30 of a-z and 0-9), image (host/path:tag), listening_port, flavor_name (an inference flavor) and containers (each region_id with its scale min and max) are required.',
      ),
      required: true,
      fields: [...INFERENCE_DEPLOYMENT_CREATE_FIELDS],
    }),
  },
  [...PROJECT_REQUIRED, 'deployment'],
);

/** Both tools take gcore.createInferenceDeployment's argument, checked by its validator. */
const CREATE_ARGUMENT = {
  inputSchema: INPUT,
  parse: (input: unknown): InferenceDeploymentCreateArgs => unwrap(validateInferenceDeploymentCreateArgs(input)),
};

function forecastOf({ projectId, deployment }: InferenceDeploymentCreateArgs, { client, signal }: ToolContext): Promise<InferenceForecast> {
  return forecastInferenceDeployment({ client }, { projectId }, deployment, { signal });
}

/** What runs, where, the quota it would exceed and the price ceiling, as the create's review says them. */
function reviewLines({ deployment }: InferenceDeploymentCreateArgs, forecast: InferenceForecast): string {
  const exceeded = exceededQuotaLines(forecast.quota);
  return lines(
    l10n.t('Runs {0} on flavor {1}, listening on port {2}.', deployment.image, deployment.flavor_name, deployment.listening_port),
    l10n.t('Where: {0}.', regionsWords(deployment.containers)),
    priceCeilingLine(forecast.price, deployment.containers),
    forecast.quota === null ? l10n.t('Quota: not available from Gcore.') : undefined,
    exceeded.length > 0
      ? lines(
          l10n.t('It exceeds the inference quota, so Gcore is likely to refuse it; ask for more first (Request Inference Quota):'),
          ...exceeded,
        )
      : undefined,
  );
}

export const previewInferenceDeployment: ToolDefinition<InferenceDeploymentCreateArgs> = {
  name: 'gcore_previewInferenceDeployment',
  kind: 'read',
  commandId: COMMAND.previewInferenceDeployment,
  displayName: l10n.t('Preview a Gcore Inference Deployment'),
  modelDescription: l10n.t(
    "Tells what a new inference deployment would cost at most and whether it fits the account's inference quota, without creating anything. The price is a ceiling, at each region's scale.max: billing is per minute of running pods, nothing while stopped or scaled to zero. Takes the same argument as gcore_createInferenceDeployment. Either answer may be not available when Gcore does not give it.",
  ),
  userDescription: l10n.t('Tells what a new inference deployment would cost at most and whether it fits the quota.'),
  ...CREATE_ARGUMENT,
  invoke: async (args, context) => {
    const forecast = await forecastOf(args, context);
    const text = lines(
      l10n.t('Inference deployment {0} as it would be created in project {1} (nothing was sent):', args.deployment.name, args.projectId),
      reviewLines(args, forecast),
    );
    return { text, json: forecast };
  },
};

/** gcore.createInferenceDeployment's change: one POST, a lost answer looked up by name as the command does. */
function createWrite(args: InferenceDeploymentCreateArgs): ToolWrite<ContainerUpdateResult> {
  return {
    command: COMMAND.createInferenceDeployment,
    argument: args,
    viaClient: async (client: GcoreClient, signal, log) =>
      (await sendInferenceDeploymentCreate({ client, log }, { projectId: args.projectId }, args.deployment, { signal })).result,
    // No `follows`: the command records the change and follows its tasks itself.
  };
}

function createdText({ projectId, deployment }: InferenceDeploymentCreateArgs, result: ContainerUpdateResult): string {
  if (result.tasks.length === 0) {
    return l10n.t(
      'Gcore took the creation of inference deployment {0}, but its answer held no task to follow: read it with gcore_getInferenceDeployment to see where it stands.',
      deployment.name,
    );
  }
  return l10n.t(
    "Gcore is creating inference deployment {0} in project {1}: task {2}. A model server can take minutes to load; gcore_getInferenceDeployment tells each region's readiness and the address, gcore_getInferenceLogs what the server prints. Do not send the create again while it runs.",
    deployment.name,
    projectId,
    result.tasks.join(', '),
  );
}

export const createInferenceDeployment: ToolDefinition<InferenceDeploymentCreateArgs> = {
  name: 'gcore_createInferenceDeployment',
  kind: 'write',
  commandId: COMMAND.createInferenceDeployment,
  displayName: l10n.t('Create a Gcore Inference Deployment'),
  modelDescription: l10n.t(
    'Creates an Everywhere Inference deployment: a container image (a model server such as vLLM) on an inference flavor in one or more regions, each scaled between min and max pods (0 scales to zero when idle), billed per minute of running pods. name, image, listening_port, flavor_name and containers are required; a custom image gets no readiness probe unless readiness_probe gives one. New accounts have zero inference quota: gcore_getInferenceQuota and gcore_previewInferenceDeployment tell whether it fits and its price ceiling. Gcore answers with a task ID; never send the same create twice.',
  ),
  userDescription: l10n.t('Creates a Gcore inference deployment, after you confirm what runs, where and its price ceiling.'),
  ...CREATE_ARGUMENT,
  confirm: async (args, context) => ({
    title: l10n.t('Create inference deployment {0} in project {1}?', args.deployment.name, args.projectId),
    message: reviewLines(args, await forecastOf(args, context)),
  }),
  invoke: async (args, { writes, signal }) => {
    const result = await writes.send(createWrite(args), signal);
    return { text: createdText(args, result), json: result };
  },
};
