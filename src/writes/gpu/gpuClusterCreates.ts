import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import { GcoreApiError, isGcoreApiError, UnknownOutcomeError } from '../../api/errors';
import type { GpuCluster, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import type { Task } from '../../api/types';
import { clusterNameOfTask, clustersOfTask, gpuClusterChange, newClusterChange, taskTypesOf } from '../../models/gpu/gpuCluster';
import type { GpuClusterCreate } from '../../models/gpu/gpuClusterCreate';
import { clustersOf, loggedGpuClusterChange, type GpuClusterWritesDeps, type SentGpuClusterChange } from './gpuClusterWrites';

/** The ids of the clusters of that name a location lists (names may repeat at Gcore). */
function idsNamed(clusters: readonly GpuCluster[], name: string): Set<string> {
  return new Set(clusters.filter((cluster) => cluster.name === name).map((cluster) => cluster.id.toLowerCase()));
}

/** A create's answer that never came: Gcore may have made the cluster. A cancel is the flow's to tell. */
function answerLost(error: unknown): error is GcoreApiError {
  return isGcoreApiError(error) && error.mayHaveApplied === true && error.kind !== 'cancelled';
}

/** The lost answer's words, to quote inside a sentence. */
function lostReason(lost: GcoreApiError): string {
  return lost.message.replace(/\.$/, '');
}

/**
 * The one path of a new GPU cluster, for the command, its JSON document and the agent tools in VS Code and in the
 * MCP server: the create is sent once. Before it, the location's clusters of that name are read, so that when its
 * answer is lost (a timeout, a reset, a gateway's 502 or 504, a body that cannot be read) the list read again tells
 * whether Gcore made it: a new one of that name is the cluster, and the create counts as sent, with its running
 * task; none, while no create of that name is under way at the location, means nothing was made, and the error says
 * it may be sent again; anything less certain says the cluster may exist, never offering to send it again. Its tasks'
 * subject is the new cluster's when the location lists it, its name alone until then.
 */
export async function sendGpuClusterCreate(
  deps: GpuClusterWritesDeps,
  location: GpuLocationRef,
  cluster: GpuClusterCreate,
  options: CallOptions = {},
): Promise<SentGpuClusterChange> {
  const { gpuClusters } = deps.client;
  const before = idsNamed((await gpuClusters.list(location, options)).results, cluster.name);
  let result: ContainerUpdateResult;
  let createdId: string | undefined;
  try {
    result = await gpuClusters.create(location, cluster, options);
  } catch (error) {
    if (!answerLost(error)) throw error;
    deps.log.warn(`the answer to the create of GPU cluster ${cluster.name} was lost (${error.message}): looking the name up`);
    createdId = await newClusterId(deps, location, cluster.name, before, error, options);
    result = { tasks: await createTasks(deps, location, createdId, cluster.name, before, options) };
  }
  createdId ??= await listedId(deps, location, cluster.name, before, options);
  const change = createdId
    ? gpuClusterChange({ ...location, clusterId: createdId }, cluster.name, 'create')
    : // Not listed yet: followed under its name alone until the location lists it or its task names it.
      newClusterChange(location, cluster.name);
  return loggedGpuClusterChange(deps.log, { result, change, stale: clustersOf(location) });
}

/** After a lost answer: the cluster Gcore made of that name, or an error that says whether to send it again. */
async function newClusterId(
  deps: GpuClusterWritesDeps,
  location: GpuLocationRef,
  name: string,
  before: ReadonlySet<string>,
  lost: GcoreApiError,
  options: CallOptions,
): Promise<string> {
  let clusters: GpuCluster[];
  try {
    clusters = (await deps.client.gpuClusters.list(location, options)).results;
  } catch (error) {
    deps.log.warn(`GPU cluster ${name}: the clusters could not be read after the lost answer: ${String(error)}`);
    throw new UnknownOutcomeError(
      l10n.t(
        "The answer to the creation of GPU cluster {0} was lost ({1}), and the location's clusters could not be read to see whether Gcore made it. Refresh the location before creating it again: a second create would make a second cluster.",
        name,
        lostReason(lost),
      ),
      { cause: error },
    );
  }
  const made = [...idsNamed(clusters, name)].find((id) => !before.has(id));
  if (made) return made;
  await refuseWhileUnderWay(deps, location, name, before, lost, options);
  throw new GcoreApiError(
    lost.kind,
    l10n.t(
      'The answer to the creation of GPU cluster {0} was lost ({1}); Gcore lists no new cluster of that name, so none was made and it can be sent again',
      name,
      lostReason(lost),
    ),
    { requestId: lost.requestId, method: lost.method, path: lost.path },
  );
}

/**
 * A list read a moment before Gcore lists a new cluster says nothing of it: the location's running creates of that
 * name (other than those of clusters listed before) tell that one may be under way, and a task list that cannot be
 * read cannot rule it out. Either way the outcome is unknown.
 */
async function refuseWhileUnderWay(
  deps: GpuClusterWritesDeps,
  location: GpuLocationRef,
  name: string,
  before: ReadonlySet<string>,
  lost: GcoreApiError,
  options: CallOptions,
): Promise<void> {
  let running: Task[];
  try {
    running = await runningCreates(deps, location, options);
  } catch (error) {
    deps.log.warn(`GPU cluster ${name}: the active tasks could not be read after the lost answer: ${String(error)}`);
    throw new UnknownOutcomeError(
      l10n.t(
        "The answer to the creation of GPU cluster {0} was lost ({1}). Gcore lists no new cluster of that name, but the location's active tasks could not be read to rule out a create still under way, so whether Gcore made it is unknown. Refresh the location in a minute before creating it again: a second create would make a second cluster.",
        name,
        lostReason(lost),
      ),
      { cause: error },
    );
  }
  if (createsNamed(running, name, before).length === 0) return;
  deps.log.warn(`GPU cluster ${name}: not listed after the lost answer, but a create of that name is under way`);
  throw new UnknownOutcomeError(
    l10n.t(
      "The answer to the creation of GPU cluster {0} was lost ({1}). Gcore lists no new cluster of that name yet, but the location's active tasks show a create of that name under way, so whether Gcore made it is unknown. Refresh the location in a minute before creating it again: a second create would make a second cluster.",
      name,
      lostReason(lost),
    ),
  );
}

/** The new cluster's id once a create was answered; undefined when the location does not list it (yet). */
async function listedId(
  deps: GpuClusterWritesDeps,
  location: GpuLocationRef,
  name: string,
  before: ReadonlySet<string>,
  options: CallOptions,
): Promise<string | undefined> {
  try {
    const clusters = (await deps.client.gpuClusters.list(location, options)).results;
    return [...idsNamed(clusters, name)].find((id) => !before.has(id));
  } catch (error) {
    deps.log.debug(`new GPU cluster ${name} could not be found in its location's list: ${String(error)}`);
    return undefined;
  }
}

/** The location's create tasks of this product still running. */
async function runningCreates(deps: GpuClusterWritesDeps, location: GpuLocationRef, options: CallOptions): Promise<Task[]> {
  return (await deps.client.gpuClusters.activeTasks(location, taskTypesOf(location.kind, 'create'), options)).results;
}

/** Creates of that name, but none of a cluster listed before the create was sent. */
function createsNamed(tasks: readonly Task[], name: string, before: ReadonlySet<string>): Task[] {
  return tasks.filter((task) => clusterNameOfTask(task) === name && clustersOfTask(task, before).length === 0);
}

/**
 * The create tasks of the cluster a lost answer would have named: those that name its id, else, as a create
 * still running may name only what it was asked for, those of its name.
 */
async function createTasks(
  deps: GpuClusterWritesDeps,
  location: GpuLocationRef,
  clusterId: string,
  name: string,
  before: ReadonlySet<string>,
  options: CallOptions,
): Promise<string[]> {
  try {
    const running = await runningCreates(deps, location, options);
    const ofId = running.filter((task) => clustersOfTask(task, new Set([clusterId])).includes(clusterId));
    return (ofId.length > 0 ? ofId : createsNamed(running, name, before)).map((task) => task.id);
  } catch (error) {
    deps.log.debug(`the create task of GPU cluster ${clusterId} could not be read: ${String(error)}`);
    return [];
  }
}
