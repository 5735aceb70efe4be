import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient } from '../../api';
import type { GpuImage, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import { GPU_KIND_FIELD } from '../../models/gpu/gpuClusterArgs';
import {
  GPU_IMAGE_ID_FIELD,
  gpuClusterCreateFields,
  validateGpuClusterCreateArgs,
  type GpuClusterCreate,
  type GpuClusterCreateArgs,
} from '../../models/gpu/gpuClusterCreate';
import type { FieldSpec } from '../../validation/fieldSpec';
import { unwrap } from '../../validation/problems';
import { gpuClusterReview, type GpuClusterReview } from '../../views/gpu/presentation/gpuClusterReview';
import { sendGpuClusterCreate } from '../../writes/gpu/gpuClusterCreates';
import { forecastGpuCluster } from '../../writes/gpu/gpuClusterForecast';
import type { ToolContext, ToolDefinition, ToolWrite } from '../toolDefinition';
import { LOCATION_PROPERTIES, LOCATION_REQUIRED, objectInput, specSchema } from '../toolSchemas';
import { lines } from '../toolText';

/**
 * The create payload of either kind in one schema: the virtual fields, with the top-level image that bare metal
 * requires and the volumes it refuses said in their descriptions (the validator checks each kind exactly).
 */
function clusterFields(): FieldSpec[] {
  const imageId: FieldSpec = {
    ...GPU_IMAGE_ID_FIELD,
    description: l10n.t('Bare metal only, and required there: the ID of the image the servers boot.'),
  };
  return gpuClusterCreateFields('virtual').flatMap((field): FieldSpec[] => {
    if (field.name === 'flavor') return [field, imageId];
    if (field.name !== 'servers_settings' || field.kind !== 'object') return [field];
    const fields = field.fields.map((inner) =>
      inner.name === 'volumes'
        ? {
            ...inner,
            required: false,
            description: l10n.t(
              'Virtual only, and required there: the boot volume from an image (source "image", boot_index 0, at least the image\'s minimum size) and any new ones.',
            ),
          }
        : inner,
    );
    return [{ ...field, fields }];
  });
}

const INPUT = objectInput(
  {
    ...LOCATION_PROPERTIES,
    kind: specSchema(GPU_KIND_FIELD),
    cluster: specSchema({
      name: 'cluster',
      kind: 'object',
      label: l10n.t('New GPU cluster'),
      description: l10n.t(
        'The create payload, by wire field names: name, flavor (a name from gcore_listGpuFlavors), servers_count and servers_settings (interfaces; volumes for virtual) are required; bare metal also image_id.',
      ),
      required: true,
      fields: clusterFields(),
    }),
  },
  [...LOCATION_REQUIRED, 'cluster'],
);

/** Both tools take gcore.createGpuCluster's argument, checked by its validator. */
const CREATE_ARGUMENT = {
  inputSchema: INPUT,
  parse: (input: unknown): GpuClusterCreateArgs => unwrap(validateGpuClusterCreateArgs(input)),
};

function locationOf({ projectId, regionId, kind }: GpuClusterCreateArgs): GpuLocationRef {
  return { projectId, regionId, kind };
}

/** The image the servers boot, read to name it with its driver and CUDA; undefined when it cannot be read. */
async function bootImage(args: GpuClusterCreateArgs, { client, signal }: ToolContext): Promise<GpuImage | undefined> {
  const { cluster } = args;
  const id =
    args.kind === 'baremetal' ? cluster.image_id : cluster.servers_settings.volumes?.find((volume) => volume.boot_index === 0)?.image_id;
  if (id === undefined) return undefined;
  try {
    const images = await client.gpuClusters.images(locationOf(args), { signal });
    return images.results.find((image) => image.id.toLowerCase() === id.toLowerCase());
  } catch {
    return undefined;
  }
}

/** What runs, its price and the quota it takes, as the create command's review shows them. */
async function reviewOf(args: GpuClusterCreateArgs, context: ToolContext): Promise<{ review: GpuClusterReview; json: unknown }> {
  const [forecast, image] = await Promise.all([
    forecastGpuCluster({ client: context.client }, locationOf(args), args.cluster, { signal: context.signal }),
    bootImage(args, context),
  ]);
  return { review: gpuClusterReview(args.kind, args.cluster, forecast, image), json: forecast };
}

function reviewLines(review: GpuClusterReview): string {
  return lines(
    ...review.runs,
    review.price,
    ...review.quota,
    review.exceeded ? l10n.t('A quota would be exceeded: Gcore is likely to refuse the create.') : undefined,
  );
}

export const previewGpuCluster: ToolDefinition<GpuClusterCreateArgs> = {
  name: 'gcore_previewGpuCluster',
  kind: 'read',
  commandId: COMMAND.previewGpuCluster,
  displayName: l10n.t('Preview a Gcore GPU Cluster'),
  modelDescription: l10n.t(
    'Tells what a new GPU cluster would cost (per hour and per month) and whether it fits the project\'s quota, without creating anything. Takes the same argument as gcore_createGpuCluster: the location, kind ("virtual", the default, or "baremetal") and the create payload. Either answer may be "not available" when Gcore does not give it.',
  ),
  userDescription: l10n.t('Tells what a new Gcore GPU cluster would cost and whether it fits the quota.'),
  ...CREATE_ARGUMENT,
  invoke: async (args, context) => {
    const { review, json } = await reviewOf(args, context);
    const text = lines(
      l10n.t(
        'GPU cluster {0} as it would be created in project {1}, region {2} (nothing was sent):',
        args.cluster.name,
        args.projectId,
        args.regionId,
      ),
      reviewLines(review),
    );
    return { text, json };
  },
};

/** gcore.createGpuCluster's change: the create payload, in one POST, a lost answer looked up by name as the command does. */
function createWrite(args: GpuClusterCreateArgs): ToolWrite<ContainerUpdateResult> {
  const location = locationOf(args);
  return {
    command: COMMAND.createGpuCluster,
    argument: args,
    viaClient: async (client: GcoreClient, signal, log) =>
      (await sendGpuClusterCreate({ client, log }, location, args.cluster, { signal })).result,
    // No `follows`: the command follows the tasks itself, under the new cluster's id, which only it learns.
  };
}

function createdText({ name }: GpuClusterCreate, args: GpuClusterCreateArgs, result: ContainerUpdateResult): string {
  if (result.tasks.length === 0) {
    return l10n.t(
      'Gcore took the creation of GPU cluster {0}, but its answer held no task to follow: list the GPU clusters of project {1}, region {2} to see where it stands.',
      name,
      args.projectId,
      args.regionId,
    );
  }
  return l10n.t(
    'Gcore is creating GPU cluster {0} in project {1}, region {2}: task {3}. Virtual clusters take minutes, bare metal up to an hour; gcore_getTask tells when it is FINISHED or why it failed. Do not send the create again while it runs: a second create makes a second cluster.',
    name,
    args.projectId,
    args.regionId,
    result.tasks.join(', '),
  );
}

export const createGpuCluster: ToolDefinition<GpuClusterCreateArgs> = {
  name: 'gcore_createGpuCluster',
  kind: 'write',
  commandId: COMMAND.createGpuCluster,
  displayName: l10n.t('Create a Gcore GPU Cluster'),
  modelDescription: l10n.t(
    'Creates a GPU cluster, billed by the hour for each server from its creation: name (3 to 63 characters), flavor (from gcore_listGpuFlavors), servers_count (1 to 999) and servers_settings are required; a virtual cluster boots from a volume of source "image" with boot_index 0, bare metal names image_id at the top; credentials.ssh_key_name names the project\'s SSH key the servers accept. gcore_previewGpuCluster tells the price and quota first. Gcore answers with a task ID; never send the same create twice (it makes a second cluster): read the task with gcore_getTask.',
  ),
  userDescription: l10n.t('Creates a Gcore GPU cluster, after you confirm its price and what runs.'),
  ...CREATE_ARGUMENT,
  confirm: async (args, context) => {
    const { review } = await reviewOf(args, context);
    return {
      title: l10n.t('Create GPU cluster {0} in project {1}, region {2}?', args.cluster.name, args.projectId, args.regionId),
      message: reviewLines(review),
    };
  },
  invoke: async (args, { writes, signal }) => {
    const result = await writes.send(createWrite(args), signal);
    return { text: createdText(args.cluster, args, result), json: result };
  },
};
