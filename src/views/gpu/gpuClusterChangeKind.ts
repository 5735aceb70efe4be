import * as l10n from '@vscode/l10n';
import { isGcoreApiError } from '../../api/errors';
import type { GpuCluster, GpuClusterRef } from '../../api/gpu/gpuClusterTypes';
import { loadOnce, type LoadOnce } from '../../core/loadOnce';
import { subjectTitle, type ChangeSubject } from '../../loaders/taskPoller';
import {
  changeOfTaskType,
  clusterOfChangeName,
  clusterStatus,
  createdClusterId,
  gpuClusterChange,
  newClusterOfChangeName,
  GPU_CLUSTER_KIND,
  GPU_CLUSTER_TASK_TYPES,
  type GpuClusterChange,
} from '../../models/gpu/gpuCluster';
import type { PromptUi } from '../../ui/promptUi';
import type { ChangeKind } from '../changeKinds';
import { GPU_CLUSTER_CHANGES, isCapacityFailure, otherLocationsLabel, setLeaseLabel } from './presentation/gpuClusterChangeWords';
import { clusterStatusWords } from './presentation/clusterStatusWords';
import type { GpuClusterChangeKindDeps } from './gpuClusterChangeDeps';
import type * as CreatedEnd from './gpuClusterCreatedEnd';
import { GPU_SECTION } from './gpuNodes';

/**
 * The changes of GPU clusters (power, resize, delete, create) as the task tracking follows them: their words,
 * the GPU section's "Stopping…", the location's clusters read again when one ends, the way to other locations
 * of a start or resize that found no free servers, and the last word, which reads the cluster again to say how it stands.
 */
export function gpuClusterChangeKind(deps: GpuClusterChangeKindDeps): ChangeKind {
  // What the end of a delete and of a create do, each loaded with the first such end: a start follows none.
  const deletedEnd = loadOnce(() => import('./gpuClusterDeletedEnd.js'));
  const createdEnd = loadOnce(() => import('./gpuClusterCreatedEnd.js'));
  return {
    kind: GPU_CLUSTER_KIND,
    noun: l10n.t('GPU cluster'),
    actions: GPU_CLUSTER_CHANGES,
    taskTypes: gpuClusterTaskTypes(),
    section: GPU_SECTION,
    changed: (subject, end) => {
      // A create followed by its name alone: its location's list shows how it ended too.
      const kind = clusterOf(subject)?.kind ?? newClusterOfChangeName(subject.name)?.kind;
      if (kind) deps.clusters.invalidateLocation({ projectId: subject.projectId, regionId: subject.regionId, kind });
      // A delete's end, or a last server's (Gcore deletes the cluster with it), takes the cluster's SSH entry: code loaded then.
      if (end.kind === 'finished' && (subject.action === 'delete' || subject.action === 'deleteServer')) {
        const cluster = clusterOf(subject);
        if (cluster) void deletedEnd().then(({ forgetDeleted }) => forgetDeleted(deps, cluster, subject.action));
      }
    },
    resolve: (subject, task) => {
      const created = newClusterOfChangeName(subject.name);
      const clusterId = created && createdClusterId(task);
      return clusterId
        ? gpuClusterChange(
            { projectId: subject.projectId, regionId: subject.regionId, kind: created.kind, clusterId },
            subjectTitle(subject),
            'create',
          )
        : undefined;
    },
    failureActions: (subject, reason) => {
      const cluster = clusterOf(subject);
      const capacity = (subject.action === 'start' || subject.action === 'resize') && reason !== undefined && isCapacityFailure(reason);
      return cluster && capacity ? [{ title: otherLocationsLabel(), run: () => deps.findFlavorElsewhere(cluster) }] : [];
    },
    announce: (ui, subject, ids) => announceEnd(deps, createdEnd, ui, subject, ids),
  };
}

/** The words of the Tasks section's rows for each GPU cluster task type. */
function gpuClusterTaskTypes(): ReadonlyMap<string, string> {
  const words: ReadonlyMap<GpuClusterChange, string> = new Map([
    ['create', l10n.t('creation')],
    ['start', l10n.t('start')],
    ['stop', l10n.t('stop')],
    ['soft_reboot', l10n.t('soft reboot')],
    ['hard_reboot', l10n.t('hard reboot')],
    ['resize', l10n.t('resize')],
    ['rebuild', l10n.t('rebuild')],
    ['deleteServer', l10n.t('server deletion')],
    ['delete', l10n.t('deletion')],
  ]);
  return new Map(GPU_CLUSTER_TASK_TYPES.map((type) => [type, words.get(changeOfTaskType(type)!.change)!]));
}

function clusterOf(subject: ChangeSubject): GpuClusterRef | undefined {
  const cluster = clusterOfChangeName(subject.name);
  return cluster && { projectId: subject.projectId, regionId: subject.regionId, ...cluster };
}

async function announceEnd(
  deps: GpuClusterChangeKindDeps,
  createdEnd: LoadOnce<typeof CreatedEnd>,
  ui: PromptUi,
  subject: ChangeSubject,
  ids: string,
): Promise<void> {
  const name = subjectTitle(subject);
  if (subject.action === 'delete') {
    void ui.notify('info', l10n.t('Deleted GPU cluster {0}.', name));
    return;
  }
  const ref = clusterOf(subject);
  let cluster: GpuCluster | undefined;
  try {
    cluster = ref && (await deps.client.gpuClusters.get(ref));
  } catch (error) {
    if (subject.action === 'deleteServer' && isGcoreApiError(error) && error.kind === 'notFound') {
      void ui.notify('info', l10n.t('Deleted the last server of GPU cluster {0}; Gcore deleted the cluster with it.', name));
      return;
    }
    deps.log.warn(`GPU cluster ${name} could not be read after its ${subject.action}: ${String(error)}`);
  }
  if (!cluster || clusterStatus(cluster) === undefined) {
    void ui.notify('info', l10n.t('The change of GPU cluster {0} finished at Gcore (task {1}); its state could not be read.', name, ids));
    return;
  }
  // As the cluster's row says it: "stopped", not Gcore's "shutoff".
  const status = clusterStatusWords(cluster);
  if (subject.action === 'create' && ref) {
    // Its servers and their addresses are read and said by code that loads with the first create's end.
    const offerLease = clusterStatus(cluster) === 'active' ? () => deps.setLease(ref, cluster) : undefined;
    await (await createdEnd()).announceCreated(deps, ui, name, ref, status, offerLease);
    return;
  }
  const servers = typeof cluster.servers_count === 'number' ? cluster.servers_count : cluster.servers_ids?.length;
  const text =
    servers === undefined
      ? l10n.t('GPU cluster {0} is {1} now.', name, status)
      : servers === 1
        ? l10n.t('GPU cluster {0} is {1} now, with 1 server.', name, status)
        : l10n.t('GPU cluster {0} is {1} now, with {2} servers.', name, status, servers);
  // A cluster started here is billed from now on: its lease is offered.
  const lease = subject.action === 'start' && ref && clusterStatus(cluster) === 'active' ? setLeaseLabel() : undefined;
  const choice = await ui.notify('info', text, ...(lease ? [lease] : []));
  if (ref && lease !== undefined && choice === lease) await deps.setLease(ref, cluster);
}
