import * as l10n from '@vscode/l10n';
import type { Container, ContainerFlavor } from '../../api/containers/containerTypes';
import { COMMAND } from '../../core/contributions';
import {
  validateContainerLogsArgs,
  validateContainerRefArgs,
  type ContainerLogsArgs,
  type ContainerRefArgs,
} from '../../models/containers/containerArgs';
import { validateProjectRegionArgs } from '../../models/projectRegion';
import { containerStatus } from '../../models/containers/container';
import { formatLogLine, orderLines, readLogLine } from '../../models/containers/containerLogs';
import { CONTAINER_NAME_FIELD } from '../../models/containers/containerUpdate';
import type { ProjectRegion } from '../../models/projectRegion';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { StringFieldSpec } from '../../validation/fieldSpec';
import { unwrap, validated, type FieldProblem } from '../../validation/problems';
import { containerDetailRows, instancesText } from '../../views/containers/presentation/containerView';
import { nonEmptyText } from '../../views/presentation/wireValues';
import type { ToolDefinition } from '../toolDefinition';
import { LOCATION_PROPERTIES, LOCATION_REQUIRED, objectInput, specSchema } from '../toolSchemas';
import { gapLines, itemLines, ITEMS_IN_TEXT, lines } from '../toolText';
import { CONTAINER_GAPS } from '../../views/containers/presentation/containerGaps';

export const CONTAINER_REF_PROPERTIES = { ...LOCATION_PROPERTIES, containerName: specSchema(CONTAINER_NAME_FIELD) };
export const CONTAINER_REF_REQUIRED = [...LOCATION_REQUIRED, 'containerName'];
const LOCATION_INPUT = objectInput(LOCATION_PROPERTIES, LOCATION_REQUIRED);
export const CONTAINER_REF_SCHEMA = objectInput(CONTAINER_REF_PROPERTIES, CONTAINER_REF_REQUIRED);

/** `web-app (Ready, 2/2 ready) · nginx:1.27-alpine`. */
function containerLine(container: Container): string {
  const instances = instancesText(container);
  const state = instances === undefined ? containerStatus(container) : l10n.t('{0}, {1} ready', containerStatus(container), instances);
  const image = nonEmptyText(container.image);
  return image === undefined ? `${container.name} (${state})` : `${container.name} (${state}) · ${image}`;
}

export const listContainers: ToolDefinition<ProjectRegion> = {
  name: 'gcore_listContainers',
  kind: 'read',
  commandId: COMMAND.listContainers,
  displayName: l10n.t('List Gcore Containers'),
  modelDescription: l10n.t(
    'Lists the serverless containers (Gcore FaaS/CaaS) of one project and region, each with its status (Ready, Deploying, Pending, Disabled, Error), ready/total instances and image. gcore_listLocations gives the IDs.',
  ),
  userDescription: l10n.t('Lists the containers of a Gcore project and region.'),
  inputSchema: LOCATION_INPUT,
  narrowing: l10n.t('gcore_getContainer reads one container by its name.'),
  parse: (input) => unwrap(validateProjectRegionArgs(input)),
  invoke: async (location, { client, signal }) => {
    const list = await client.containers.list(location, { signal });
    const heading =
      list.count === 0
        ? l10n.t('No containers in project {0}, region {1}.', location.projectId, location.regionId)
        : l10n.t('{0} containers in project {1}, region {2}:', list.count, location.projectId, location.regionId);
    return {
      text: lines(list.count === 0 ? heading : itemLines(heading, list.results.map(containerLine)), ...gapLines(list, CONTAINER_GAPS)),
      json: list,
    };
  },
};

export const getContainer: ToolDefinition<ContainerRefArgs> = {
  name: 'gcore_getContainer',
  kind: 'read',
  commandId: COMMAND.getContainer,
  displayName: l10n.t('Get a Gcore Container'),
  modelDescription: l10n.t(
    'Reads one serverless container: status and its message (why it fails), image, size, address, instances, scale, port, timeout, logging, command and the names of its environment variables (their values are in the JSON). Use it to explain why a container is not Ready.',
  ),
  userDescription: l10n.t('Reads a Gcore container with all its settings.'),
  inputSchema: CONTAINER_REF_SCHEMA,
  parse: (input) => unwrap(validateContainerRefArgs(input)),
  invoke: async (ref, { client, signal }) => {
    const container = await client.containers.get(ref, ref.containerName, { signal });
    const rows = containerDetailRows(container);
    const fields = rows.filter((row) => !row.key.startsWith('env/')).map((row) => `${row.label}: ${row.value}`);
    const envs = rows.filter((row) => row.key.startsWith('env/')).map((row) => row.label);
    const text = lines(
      l10n.t('Container {0} in project {1}, region {2}:', container.name, ref.projectId, ref.regionId),
      ...fields,
      envs.length > 0 ? l10n.t('Environment variables: {0} (values in the JSON)', envs.join(', ')) : undefined,
    );
    return { text, json: container };
  },
};

/** The lines read when the call does not say: enough to see why a container fails, little enough to read. */
const DEFAULT_LOG_LINES = 100;

const CONTAINS_FIELD: StringFieldSpec = {
  name: 'contains',
  kind: 'string',
  label: l10n.t('Contains'),
  description: l10n.t('Keep only the lines whose message contains this text (ignoring case), such as "error" or a request path.'),
  trim: true,
  minLength: 1,
  maxLength: 1000,
};

type LogsInput = ContainerLogsArgs & { contains?: string };

/** The command's argument, checked by its validator, and the filter the tool adds. */
function parseLogsInput(input: unknown): LogsInput {
  if (!isPlainObject(input)) return unwrap(validateContainerLogsArgs(input));
  const { contains, ...args } = input;
  const problems: FieldProblem[] = [];
  const checked = validateContainerLogsArgs(args);
  if (!checked.ok) problems.push(...checked.problems);
  const filter = checkFields([CONTAINS_FIELD], { contains }, '', problems).contains as string | undefined;
  return unwrap(validated({ ...(checked.ok ? checked.value : ({} as ContainerLogsArgs)), contains: filter }, problems));
}

export const getContainerLogs: ToolDefinition<LogsInput> = {
  name: 'gcore_getContainerLogs',
  kind: 'read',
  commandId: COMMAND.getContainerLogs,
  displayName: l10n.t('Get Gcore Container Logs'),
  modelDescription: l10n.t(
    "Reads the newest log lines of a serverless container (100 unless `limit` says otherwise), optionally only those containing a text, and says how many matched of how many were read. Lines are oldest first, with UTC times and the pod's tag. Use it to find why a container fails or what it answered.",
  ),
  userDescription: l10n.t('Reads the newest log lines of a Gcore container.'),
  inputSchema: objectInput(
    {
      ...CONTAINER_REF_PROPERTIES,
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 100_000,
        description: l10n.t('How many of the newest log lines to read, from 1 to 100,000. Default 100.'),
      },
      contains: specSchema(CONTAINS_FIELD),
    },
    CONTAINER_REF_REQUIRED,
  ),
  narrowing: l10n.t('Ask for fewer lines (limit) or only the lines that contain a text (contains).'),
  parse: parseLogsInput,
  invoke: async (args, { client, signal }) => {
    const answer = await client.containers.logs(args, args.containerName, args.limit ?? DEFAULT_LOG_LINES, { signal });
    const needle = args.contains?.toLowerCase();
    const matched =
      needle === undefined ? answer.logs : answer.logs.filter((item) => readLogLine(item).message.toLowerCase().includes(needle));
    const shown = orderLines(matched.map(readLogLine))
      .slice(-ITEMS_IN_TEXT)
      .map((line) => formatLogLine(line, () => 0));
    const read = answer.logs.length;
    const heading =
      args.contains === undefined
        ? l10n.t('Read the newest {0} log lines of {1}.', read, args.containerName)
        : l10n.t('Read the newest {0} log lines of {1}; {2} contain "{3}".', read, args.containerName, matched.length, args.contains);
    const older = matched.length - shown.length;
    const order =
      older > 0
        ? l10n.t('The newest {0} of them, oldest first, times in UTC (the {1} before them are in the JSON):', shown.length, older)
        : l10n.t('Oldest first, times in UTC:');
    const text = lines(heading, shown.length > 0 ? order : undefined, ...shown);
    return { text, json: { read, matched: matched.length, logs: matched } };
  },
};

function sizeLine(size: ContainerFlavor): string {
  const parts = [
    typeof size.cpu === 'number' ? l10n.t('{0} mCPU', size.cpu) : undefined,
    typeof size.ram === 'number' ? l10n.t('{0} MiB', size.ram) : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? `${size.name}: ${parts.join(', ')}` : size.name;
}

export const listContainerSizes: ToolDefinition<ProjectRegion> = {
  name: 'gcore_listContainerSizes',
  kind: 'read',
  commandId: COMMAND.listContainerFlavors,
  displayName: l10n.t('List Gcore Container Sizes'),
  modelDescription: l10n.t(
    'Lists the sizes a serverless container can have in one project and region (CPU in millicores, memory in MiB), by the names the `flavor` field of a container takes, such as 250mCPU-512MiB.',
  ),
  userDescription: l10n.t('Lists the container sizes of a Gcore project and region.'),
  inputSchema: LOCATION_INPUT,
  parse: (input) => unwrap(validateProjectRegionArgs(input)),
  invoke: async (location, { client, signal }) => {
    const list = await client.containers.flavors(location, { signal });
    const text =
      list.count === 0
        ? l10n.t('No container sizes in project {0}, region {1}.', location.projectId, location.regionId)
        : itemLines(
            l10n.t('{0} container sizes in project {1}, region {2}:', list.count, location.projectId, location.regionId),
            list.results.map(sizeLine),
          );
    return { text, json: list };
  },
};
