import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult } from '../../api';
import type { Container } from '../../api/containers/containerTypes';
import { wasEmptyAnswer } from '../../api/decode';
import { COMMAND } from '../../core/contributions';
import {
  validateContainerRefArgs,
  validateUpdateContainerArgs,
  type ContainerRefArgs,
  type UpdateContainerArgs,
} from '../../models/containers/containerArgs';
import { containerChange, containerStatus } from '../../models/containers/container';
import { CONTAINER_CREATE_FIELDS, validateCreateContainerArgs, type CreateContainerArgs } from '../../models/containers/containerCreate';
import { CONTAINER_UPDATE_FIELDS } from '../../models/containers/containerUpdate';
import { unwrap } from '../../validation/problems';
import { createSummary } from '../../views/containers/presentation/containerCreateSummary';
import { locationName } from '../../views/presentation/locationName';
import { instancesText } from '../../views/containers/presentation/containerView';
import { updateSummary } from '../../views/containers/presentation/updateSummary';
import { nonEmptyText } from '../../views/presentation/wireValues';
import { forecastContainer } from '../../writes/containers/containerForecast';
import { sendContainerCreate, sendContainerDelete, sendContainerUpdate } from '../../writes/containers/containerWrites';
import { CONTAINER_REF_PROPERTIES, CONTAINER_REF_REQUIRED, CONTAINER_REF_SCHEMA } from './containerTools';
import { currentUnknownLine, readCurrent } from '../currentState';
import type { ToolDefinition, ToolWrite } from '../toolDefinition';
import { LOCATION_PROPERTIES, LOCATION_REQUIRED, objectInput, specSchema } from '../toolSchemas';
import { lines } from '../toolText';

/** How a container write's tasks are told: followed with gcore_getTask, or why there are none. */
interface TaskWords {
  empty(): string;
  none(): string;
  tasks(ids: string): string;
}

function taskText(result: ContainerUpdateResult, words: TaskWords): string {
  if (wasEmptyAnswer(result)) return words.empty();
  return result.tasks.length === 0 ? words.none() : words.tasks(result.tasks.join(', '));
}

const changesSchema = specSchema({
  name: 'changes',
  kind: 'object',
  label: l10n.t('Changes'),
  description: l10n.t(
    'The fields to change, by their wire names; every other field keeps its value. envs replaces all variables; is_disabled is sent in a request of its own.',
  ),
  required: true,
  fields: CONTAINER_UPDATE_FIELDS,
});

/** gcore.updateContainer's change: only the fields given. */
function updateWrite({ projectId, regionId, containerName, changes }: UpdateContainerArgs): ToolWrite<ContainerUpdateResult> {
  const location = { projectId, regionId };
  return {
    command: COMMAND.updateContainer,
    argument: { projectId, regionId, containerName, changes },
    viaClient: async (client, signal, log) =>
      (await sendContainerUpdate({ client, log }, { ...location, containerName }, changes, { signal })).result,
    follows: containerChange(location, containerName, 'update'),
  };
}

export const updateContainer: ToolDefinition<UpdateContainerArgs> = {
  name: 'gcore_updateContainer',
  kind: 'write',
  commandId: COMMAND.updateContainer,
  displayName: l10n.t('Update a Gcore Container'),
  modelDescription: l10n.t(
    "Changes settings of an existing serverless container: only the fields given in `changes` (image, flavor, scale {min, max, cooldown_period, triggers}, envs, timeout, listening_port, is_disabled, description, commands, pull_secret, logging, is_api_key_auth). envs replaces all variables, and scale the whole scale (a cooldown or triggers left out go back to Gcore's defaults), so read the container first to keep the others. Gcore answers with task IDs; gcore_getTask tells when the change is live.",
  ),
  userDescription: l10n.t('Changes the settings of a Gcore container, after you confirm.'),
  inputSchema: objectInput({ ...CONTAINER_REF_PROPERTIES, changes: { ...changesSchema, minProperties: 1 } }, [
    ...CONTAINER_REF_REQUIRED,
    'changes',
  ]),
  parse: (input) => unwrap(validateUpdateContainerArgs(input)),
  confirm: async ({ projectId, regionId, containerName, changes }, { client, signal }) => {
    const current = await readCurrent(() => client.containers.get({ projectId, regionId }, containerName, { signal }));
    return {
      title: l10n.t('Update container {0} in project {1}, region {2}?', containerName, projectId, regionId),
      message: current.known ? updateSummary(changes, current.value) : lines(currentUnknownLine(current), updateSummary(changes)),
    };
  },
  invoke: async (args, { writes, signal }) => {
    const { projectId, regionId, containerName } = args;
    const result = await writes.send(updateWrite(args), signal);
    const text = taskText(result, {
      empty: () =>
        l10n.t(
          "Sent the update of container {0}, but Gcore's answer was empty, so there are no task IDs to follow. It may have been applied: read the container with gcore_getContainer before sending it again.",
          containerName,
        ),
      none: () => l10n.t('Sent the update of container {0}. Gcore started no task.', containerName),
      tasks: (ids) =>
        l10n.t(
          'Sent the update of container {0} in project {1}, region {2}. Tasks: {3}. gcore_getTask tells when they are FINISHED or why they failed.',
          containerName,
          projectId,
          regionId,
          ids,
        ),
    });
    return { text, json: result };
  },
};

const containerSchema = specSchema({
  name: 'container',
  kind: 'object',
  label: l10n.t('New container'),
  description: l10n.t(
    'The create payload, by wire field names: name, image, listening_port, flavor (a size from gcore_listContainerSizes) and scale are required.',
  ),
  required: true,
  fields: CONTAINER_CREATE_FIELDS,
});

/** gcore.createContainer's change: the create payload, in one request. */
function createWrite({ projectId, regionId, container }: CreateContainerArgs): ToolWrite<ContainerUpdateResult> {
  const location = { projectId, regionId };
  return {
    command: COMMAND.createContainer,
    argument: { projectId, regionId, container },
    viaClient: async (client, signal, log) => (await sendContainerCreate({ client, log }, location, container, { signal })).result,
    follows: containerChange(location, container.name, 'create'),
  };
}

export const createContainer: ToolDefinition<CreateContainerArgs> = {
  name: 'gcore_createContainer',
  kind: 'write',
  commandId: COMMAND.createContainer,
  displayName: l10n.t('Create a Gcore Container'),
  modelDescription: l10n.t(
    'Creates a serverless container in a project and region from an image: name (3 to 43 letters, digits, dots, hyphens), image, listening_port, flavor (a size name from gcore_listContainerSizes) and scale {min, max} are required, the scale optionally with cooldown_period and triggers (cpu, memory, http); envs, timeout, description, commands, pull_secret, logging and is_disabled are optional. Gcore answers with a task ID; the container is ready when gcore_getTask says FINISHED.',
  ),
  userDescription: l10n.t('Creates a Gcore container, after you confirm.'),
  inputSchema: objectInput({ ...LOCATION_PROPERTIES, container: containerSchema }, [...LOCATION_REQUIRED, 'container']),
  parse: (input) => unwrap(validateCreateContainerArgs(input)),
  confirm: async ({ projectId, regionId, container }, { client, signal, configuredLocations }) => {
    const location = { projectId, regionId };
    return {
      title: l10n.t('Create container {0} in {1}?', container.name, locationName(location, configuredLocations())),
      message: createSummary(container, await forecastContainer({ client }, location, container, { signal })),
    };
  },
  invoke: async (args, { writes, signal }) => {
    const { projectId, regionId, container } = args;
    const result = await writes.send(createWrite(args), signal);
    const untracked = () =>
      l10n.t(
        'Gcore took the creation of container {0}, but its answer held no task to follow: list the containers of project {1}, region {2} to see where it stands.',
        container.name,
        projectId,
        regionId,
      );
    const text = taskText(result, {
      empty: untracked,
      none: untracked,
      tasks: (ids) =>
        l10n.t(
          'Gcore is creating container {0} in project {1}, region {2}: task {3}. It is ready when gcore_getTask says FINISHED (usually within a minute or two).',
          container.name,
          projectId,
          regionId,
          ids,
        ),
    });
    return { text, json: result };
  },
};

/** What a deletion ends: the container's status (current → deleted), instances, image and address. */
function containerFacts(container: Container): string[] {
  const instances = instancesText(container);
  const image = nonEmptyText(container.image);
  const address = nonEmptyText(container.address);
  return [
    l10n.t('Status: {0} → deleted', containerStatus(container)),
    instances === undefined ? '' : l10n.t('Instances (ready/total): {0}', instances),
    image === undefined ? '' : l10n.t('Image: {0}', image),
    address === undefined ? '' : l10n.t('Address: {0}', address),
  ];
}

/** gcore.deleteContainer's change. */
function deleteWrite(ref: ContainerRefArgs): ToolWrite<ContainerUpdateResult> {
  const { projectId, regionId, containerName } = ref;
  return {
    command: COMMAND.deleteContainer,
    argument: { projectId, regionId, containerName },
    viaClient: async (client, signal, log) => (await sendContainerDelete({ client, log }, ref, { signal })).result,
    follows: containerChange(ref, containerName, 'delete'),
  };
}

export const deleteContainer: ToolDefinition<ContainerRefArgs> = {
  name: 'gcore_deleteContainer',
  kind: 'write',
  commandId: COMMAND.deleteContainer,
  displayName: l10n.t('Delete a Gcore Container'),
  modelDescription: l10n.t(
    'Deletes a serverless container and all its logs; this cannot be undone. Gcore answers with a task ID; the container is gone when gcore_getTask says FINISHED.',
  ),
  userDescription: l10n.t('Deletes a Gcore container and its logs, after you confirm.'),
  inputSchema: CONTAINER_REF_SCHEMA,
  parse: (input) => unwrap(validateContainerRefArgs(input)),
  confirm: async (ref, { client, signal }) => {
    const current = await readCurrent(() => client.containers.get(ref, ref.containerName, { signal }));
    return {
      title: l10n.t('Delete container {0} in project {1}, region {2}?', ref.containerName, ref.projectId, ref.regionId),
      message: lines(
        l10n.t('Container {0} and all its logs go; this cannot be undone.', ref.containerName),
        ...(current.known ? containerFacts(current.value) : [currentUnknownLine(current)]),
      ),
    };
  },
  invoke: async (ref, { writes, signal }) => {
    const result = await writes.send(deleteWrite(ref), signal);
    const untracked = () =>
      l10n.t(
        'Gcore took the deletion of container {0}, but its answer held no task to follow: list the containers of project {1}, region {2} to see whether it is gone.',
        ref.containerName,
        ref.projectId,
        ref.regionId,
      );
    const text = taskText(result, {
      empty: untracked,
      none: untracked,
      tasks: (ids) =>
        l10n.t(
          'Gcore is deleting container {0} in project {1}, region {2}: task {3}. It is gone when gcore_getTask says FINISHED.',
          ref.containerName,
          ref.projectId,
          ref.regionId,
          ids,
        ),
    });
    return { text, json: result };
  },
};
