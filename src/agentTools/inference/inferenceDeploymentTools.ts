import * as l10n from '@vscode/l10n';
import type { InferenceDeployment, InferenceLogLine, InferenceQuota, InferenceRegionContainer } from '../../api/inference/inferenceTypes';
import { COMMAND } from '../../core/contributions';
import { oneLine } from '../../core/wellFormedText';
import {
  LOG_LIMIT_FIELD,
  LOG_REGION_FIELD,
  validateInferenceLogsArgs,
  type InferenceLogsArgs,
  type InferenceNamedArgs,
  type InferenceProjectArgs,
} from '../../models/inference/inferenceArgs';
import { statusWords } from '../../models/inference/inferenceStatus';
import { validateNoArgs } from '../../validation/argumentObjects';
import { unwrap } from '../../validation/problems';
import { readInferenceLogs } from '../../loaders/inference/inferenceLogPages';
import type { ToolDefinition } from '../toolDefinition';
import { objectInput, specSchema } from '../toolSchemas';
import { itemLines, lines, listText } from '../toolText';
import { DEPLOYMENT_ARGUMENT, DEPLOYMENT_PROPERTIES, NAMED_REQUIRED, PROJECT_ARGUMENT } from './inferenceToolArguments';

/** `2/3 pods ready`, or what Gcore did not say. */
function podsWords(container: InferenceRegionContainer): string {
  const status = container.deploy_status;
  const ready = typeof status?.ready === 'number' ? status.ready : '?';
  const total = typeof status?.total === 'number' ? status.total : '?';
  return l10n.t('{0}/{1} pods ready', ready, total);
}

/** `llama3: running · g2-gpu-1-l40s · vllm/vllm-openai:v0.6.3 · 2 regions`, on one line whatever Gcore's values hold. */
export function deploymentLine(deployment: InferenceDeployment): string {
  const regions = deployment.containers?.length ?? 0;
  const parts = [
    statusWords(deployment.status),
    deployment.flavor_name ?? undefined,
    deployment.image ?? undefined,
    regions === 1 ? l10n.t('1 region') : l10n.t('{0} regions', regions),
  ];
  return oneLine(`${deployment.name}: ${parts.filter(Boolean).join(' · ')}`);
}

/** `region 4: 1/2 pods ready · min 0, max 2 · https://… · error: image pull failed`. */
function regionLine(container: InferenceRegionContainer): string {
  const parts = [
    podsWords(container),
    l10n.t('min {0}, max {1}', container.scale?.min ?? '?', container.scale?.max ?? '?'),
    container.address ?? undefined,
    container.error_message ? l10n.t('error: {0}', container.error_message) : undefined,
  ];
  return oneLine(l10n.t('region {0}: {1}', container.region_id, parts.filter(Boolean).join(' · ')));
}

/** A deployment as an agent reads it: its line, its address, then each region's readiness, address and error. */
export function deploymentText(deployment: InferenceDeployment, projectId: number): string {
  const regions = deployment.containers ?? [];
  return lines(
    l10n.t('Inference deployment {0} in project {1}.', deploymentLine(deployment), projectId),
    deployment.address ? oneLine(l10n.t('Address: {0}', deployment.address)) : l10n.t('No address yet.'),
    regions.length === 0 ? l10n.t('No regions.') : itemLines(l10n.t('{0} regions:', regions.length), regions.map(regionLine)),
  );
}

export const listInferenceDeployments: ToolDefinition<InferenceProjectArgs> = {
  name: 'gcore_listInferenceDeployments',
  kind: 'read',
  commandId: COMMAND.listInferenceDeployments,
  displayName: l10n.t('List Gcore Inference Deployments'),
  modelDescription: l10n.t(
    'Lists the Everywhere Inference deployments of one Gcore project (they span regions; there is no region in the argument): each with its status ("scaled to zero" for PENDING, "stopped" for DISABLED, DEPLOYING, ACTIVE, …), flavor, image and number of regions. gcore_listLocations gives the project IDs; gcore_getInferenceDeployment gives one deployment\'s readiness per region and its address.',
  ),
  userDescription: l10n.t('Lists the inference deployments of a Gcore project.'),
  ...PROJECT_ARGUMENT,
  invoke: async ({ projectId }, { client, signal }) => {
    const list = await client.inference.listDeployments({ projectId }, { signal });
    const text = listText(list.results.map(deploymentLine), l10n.t('No inference deployments in project {0}.', projectId), (count) =>
      l10n.t('{0} inference deployments in project {1}:', count, projectId),
    );
    return { text, json: list };
  },
};

export const getInferenceDeployment: ToolDefinition<InferenceNamedArgs> = {
  name: 'gcore_getInferenceDeployment',
  kind: 'read',
  commandId: COMMAND.getInferenceDeployment,
  displayName: l10n.t('Get Gcore Inference Deployment'),
  modelDescription: l10n.t(
    "Reads one inference deployment: its status, flavor and image, its address (the HTTPS endpoint; read it, never build it), and per region the ready and total pods, the region's address and Gcore's error message, which say why it is not ready. gcore_listInferenceDeployments gives the names.",
  ),
  userDescription: l10n.t('Reads an inference deployment with its readiness and address in each region.'),
  ...DEPLOYMENT_ARGUMENT,
  invoke: async (ref, { client, signal }) => {
    const deployment = await client.inference.getDeployment(ref, { signal });
    return { text: deploymentText(deployment, ref.projectId), json: deployment };
  },
};

/** `2026-11-29T09:00:01Z [region 4 · pod-a] Loading model…`. */
function logLine(line: InferenceLogLine): string {
  const where = [line.region_id === undefined || line.region_id === null ? undefined : l10n.t('region {0}', line.region_id), line.pod]
    .filter(Boolean)
    .join(' · ');
  return oneLine(`${line.time} [${where}] ${line.message}`);
}

export const getInferenceLogs: ToolDefinition<InferenceLogsArgs> = {
  name: 'gcore_getInferenceLogs',
  kind: 'read',
  commandId: COMMAND.getInferenceLogs,
  displayName: l10n.t('Get Gcore Inference Deployment Logs'),
  modelDescription: l10n.t(
    "Reads an inference deployment's log lines, newest first, each with its time, region and pod: what the model server printed while loading, serving or failing. regionId keeps one region's lines; limit (1 to 100000, default 1000) bounds how many.",
  ),
  userDescription: l10n.t("Reads an inference deployment's logs."),
  inputSchema: objectInput(
    { ...DEPLOYMENT_PROPERTIES, regionId: specSchema(LOG_REGION_FIELD), limit: specSchema(LOG_LIMIT_FIELD) },
    NAMED_REQUIRED,
  ),
  narrowing: l10n.t('Give a smaller limit, or a regionId to read one region.'),
  parse: (input) => unwrap(validateInferenceLogsArgs(input)),
  invoke: async (args, { client, signal }) => {
    const page = await readInferenceLogs(client.inference, args, { signal });
    const text = listText(page.results.map(logLine), l10n.t('No log lines of inference deployment {0}.', args.name), (count) =>
      l10n.t('The {0} newest log lines of inference deployment {1} (Gcore counts {2}):', count, args.name, page.count),
    );
    return { text, json: page };
  },
};

/** `inference_gpu_h100_count: 2 of 4 used`, one per quota Gcore names a limit or a usage of. */
function quotaLines(quota: InferenceQuota): string[] {
  const names = new Set(
    [...Object.keys(quota.limits), ...Object.keys(quota.usage)].map((name) => name.replace(/_(limit|usage)$/, '')).sort(),
  );
  return [...names].map((name) =>
    l10n.t('{0}: {1} of {2} used', name, quota.usage[`${name}_usage`] ?? '?', quota.limits[`${name}_limit`] ?? '?'),
  );
}

export const getInferenceQuota: ToolDefinition<Record<string, never>> = {
  name: 'gcore_getInferenceQuota',
  kind: 'read',
  commandId: COMMAND.getInferenceQuota,
  displayName: l10n.t('Get Gcore Inference Quota'),
  modelDescription: l10n.t(
    "Reads the account's Everywhere Inference quotas and their usage (account-wide, not per project): GPU slots per model (each pod in each region takes one), CPU millicores, instances, public model API keys. New accounts start at zero, and a deployment cannot be created until the quota it needs is raised.",
  ),
  userDescription: l10n.t("Reads the account's inference quotas and usage."),
  inputSchema: objectInput({}),
  parse: (input) => unwrap(validateNoArgs(input)),
  invoke: async (_args, { client, signal }) => {
    const quota = await client.inference.quota({ signal });
    const named = quotaLines(quota);
    const text =
      named.length === 0 ? l10n.t('Gcore names no inference quota for this account.') : itemLines(l10n.t('Inference quotas:'), named);
    return { text, json: quota };
  },
};
