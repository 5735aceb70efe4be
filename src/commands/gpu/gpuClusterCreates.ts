import * as l10n from '@vscode/l10n';
import type { ContainerUpdateResult, GcoreClient } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import { GcoreApiError, isGcoreApiError, UnknownOutcomeError } from '../../api/errors';
import type { GpuCluster, GpuLocationRef } from '../../api/gpuClusterTypes';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { Log } from '../../logging/log';
import { changeOfTaskType, clustersOfTask, GPU_CLUSTER_TASK_TYPES, gpuClusterChange, newClusterChange } from '../../models/gpuCluster';
import type { GpuClusterCreate } from '../../models/gpuClusterCreate';

export interface GpuClusterCreatesDeps {
  client: Pick<GcoreClient, 'gpuClusters'>;
  log: Log;
}

/** A create Gcore took: its tasks, and the subject they are followed under (the new cluster's, once listed). */
export interface SentCreate {
  result: ContainerUpdateResult;
  change: ChangeSubject;
}

/** The ids of the clusters of that name a location lists (names may repeat at Gcore). */
function idsNamed(clusters: readonly GpuCluster[], name: string): Set<string> {
  return new Set(clusters.filter((cluster) => cluster.name === name).map((cluster) => cluster.id.toLowerCase()));
}

/** A create's answer that never came: Gcore may have made the cluster. A cancel is the flow's to tell. */
function answerLost(error: unknown): error is GcoreApiError {
  return isGcoreApiError(error) && error.mayHaveApplied === true && error.kind !== 'cancelled';
}

/**
 * Sends a create once. Before it, the location's clusters of that name are read, so that when its answer is lost
 * (a timeout, a reset) the list read again tells whether Gcore made it: a new one of that name is the cluster,
 * and the create counts as sent (its task found among the location's active ones); none means nothing was made,
 * and the error says it may be sent again; a list that cannot be read says the cluster may exist, never offering
 * to send it again. The change subject is the new cluster's when the location lists it; `GpuClusterWrites.create`
 * records what follows from it.
 */
export async function sendGpuClusterCreate(
  deps: GpuClusterCreatesDeps,
  location: GpuLocationRef,
  cluster: GpuClusterCreate,
  options: CallOptions = {},
): Promise<SentCreate> {
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
    result = { tasks: await createTasks(deps, location, createdId, options) };
  }
  createdId ??= await listedId(deps, location, cluster.name, before, options);
  const change = createdId
    ? gpuClusterChange({ ...location, clusterId: createdId }, cluster.name, 'create')
    : // Not listed yet: followed under its name alone until the location lists it or its task names it.
      newClusterChange(location, cluster.name);
  return { result, change };
}

/** After a lost answer: the cluster Gcore made of that name, or an error that says whether to send it again. */
async function newClusterId(
  deps: GpuClusterCreatesDeps,
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
        lost.message.replace(/\.$/, ''),
      ),
      { cause: error },
    );
  }
  const made = [...idsNamed(clusters, name)].find((id) => !before.has(id));
  if (made) return made;
  throw new GcoreApiError(
    lost.kind,
    l10n.t(
      'The answer to the creation of GPU cluster {0} was lost ({1}); Gcore lists no new cluster of that name, so none was made and it can be sent again',
      name,
      lost.message.replace(/\.$/, ''),
    ),
    { requestId: lost.requestId, method: lost.method, path: lost.path },
  );
}

/** The new cluster's id once a create was answered; undefined when the location does not list it (yet). */
async function listedId(
  deps: GpuClusterCreatesDeps,
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

/** The create tasks of a cluster still running at its location: what a lost answer would have named. */
async function createTasks(
  deps: GpuClusterCreatesDeps,
  location: GpuLocationRef,
  clusterId: string,
  options: CallOptions,
): Promise<string[]> {
  const types = GPU_CLUSTER_TASK_TYPES.filter((type) => {
    const change = changeOfTaskType(type);
    return change?.kind === location.kind && change.change === 'create';
  });
  try {
    const tasks = (await deps.client.gpuClusters.activeTasks(location, types, options)).results;
    return tasks.filter((task) => clustersOfTask(task, new Set([clusterId])).includes(clusterId)).map((task) => task.id);
  } catch (error) {
    deps.log.debug(`the create task of GPU cluster ${clusterId} could not be read: ${String(error)}`);
    return [];
  }
}
