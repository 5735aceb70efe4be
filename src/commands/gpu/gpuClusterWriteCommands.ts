import * as l10n from '@vscode/l10n';
import { isGcoreApiError } from '../../api/errors';
import {
  GPU_CLUSTER_ACTIONS,
  type GpuClusterAction,
  type GpuClusterRef,
  type GpuDeleteOptions,
  type GpuKind,
} from '../../api/gpu/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import { offeredActions } from '../../models/gpu/gpuCluster';
import {
  SERVERS_COUNT_FIELD,
  validateDeleteGpuClusterArgs,
  validateGpuClusterActionArgs,
  validateGpuServerArgs,
  validateResizeGpuClusterArgs,
  type DeleteGpuClusterArgs,
  type GpuClusterActionArgs,
  type GpuClusterArgs,
  type GpuServerArgs,
  type ResizeGpuClusterArgs,
} from '../../models/gpu/gpuClusterArgs';
import { orCancel } from '../../ui/loneAnswer';
import { UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { checkFieldText, parseIntegerText } from '../../validation/fieldChecks';
import { unwrap } from '../../validation/problems';
import { isCapacityFailure, otherLocationsLabel } from '../../views/gpu/presentation/gpuClusterChangeWords';
import { actionTitle, exceededQuotaLines, resizeMeaning, stopMeaning } from '../../views/gpu/presentation/gpuClusterWriteWords';
import type { GpuClusterChanges } from '../../views/gpu/gpuClusterChanges';
import { isGpuClusterNode, isGpuServerNode, type GpuClusterNode } from '../../views/gpu/gpuNodes';
import {
  sendGpuClusterAction,
  sendGpuClusterDelete,
  sendGpuClusterResize,
  sendGpuServerDelete,
  type SentGpuClusterChange,
} from '../../writes/gpu/gpuClusterWrites';
import { callOptions, command, type Alternative, type Command } from '../flow/command';
import type { Services } from '../services';

/** A command's input: the contract's argument, with the cluster's name when a row gave it (otherwise it is read). */
type Named<Args> = Args & { clusterName?: string };

/** Undefined: Gcore refused the change for want of free servers, and the user went to look in other locations instead. */
type Result = SentGpuClusterChange | undefined;

/** What a programmatic caller receives: the tasks Gcore started. */
const tasksOnly = (sent: Result) => ({ tasks: sent?.result.tasks ?? [] });

/** Shows the cluster's flavor in the user's other locations that have free servers of it now. */
export type FindFlavorElsewhere = (cluster: GpuClusterRef) => Promise<unknown>;

/**
 * A start or resize that Gcore refused at once for want of free servers offers the other locations that have
 * them: its words say so, or its 403, which is how Gcore refuses a flavor out of capacity (real-api-notes.md).
 */
function otherLocations(findElsewhere: FindFlavorElsewhere, args: GpuClusterArgs): Alternative<Result> {
  return {
    when: (error) => isGcoreApiError(error) && (error.kind === 'forbidden' || isCapacityFailure(error.apiMessage ?? error.message)),
    label: otherLocationsLabel(),
    run: async () => {
      await findElsewhere({ projectId: args.projectId, regionId: args.regionId, kind: args.kind, clusterId: args.clusterId });
      return undefined;
    },
  };
}

/** The contract's argument from a cluster's row, with the name the row shows. */
export function fromNode(node: GpuClusterNode): Named<GpuClusterArgs> {
  return {
    projectId: node.location.projectId,
    regionId: node.location.regionId,
    kind: node.gpuKind,
    clusterId: node.cluster.id,
    clusterName: node.cluster.name,
  };
}

/** The commands that change GPU clusters need a row: without one (the palette) there is nothing to change. */
function clusterRow(node: unknown): GpuClusterNode {
  if (!isGpuClusterNode(node)) throw new Error(l10n.t("Choose a GPU cluster's row in the Gcore view to change it."));
  return node;
}

function clusterLabel(args: Named<GpuClusterArgs>): string {
  return args.clusterName ?? args.clusterId;
}

/** The power actions a row's cluster allows now, as the row's menu offers them. */
function allowedActions(node: GpuClusterNode): GpuClusterAction[] {
  const offers = offeredActions(node.cluster, false);
  return [
    ...(offers.has('start') ? (['start'] as const) : []),
    ...(offers.has('stop') ? (['stop'] as const) : []),
    ...(offers.has('reboot') ? (['soft_reboot', 'hard_reboot'] as const) : []),
  ];
}

async function pickAction(ui: PromptUi, name: string, actions: readonly GpuClusterAction[]): Promise<GpuClusterAction> {
  if (actions.length === 0) throw new Error(l10n.t('GPU cluster {0} allows no power action in its state now.', name));
  const descriptions: ReadonlyMap<GpuClusterAction, string> = new Map([
    ['soft_reboot', l10n.t("Asks the servers' systems to restart")],
    ['hard_reboot', l10n.t('Resets the servers at once, as a power cycle does')],
  ]);
  return orCancel(
    await ui.pick({
      title: l10n.t('Gcore: GPU cluster {0}', name),
      items: actions.map((action) => ({ label: actionTitle(action), description: descriptions.get(action), value: action })),
    }),
  );
}

/** Stop says what it does to the cluster before anything is sent: declined, nothing is. */
async function confirmAction(ui: PromptUi, args: Named<GpuClusterActionArgs>): Promise<boolean> {
  if (args.action !== 'stop') return true;
  return ui.confirm({
    message: l10n.t('Stop GPU cluster {0}?', clusterLabel(args)),
    detail: stopMeaning(args.kind, clusterLabel(args)),
    confirmLabel: l10n.t('Stop'),
  });
}

/** gcore.gpuClusterAction and the row's Start, Stop and Reboot: one action each, from the row's cluster. */
function actionCommand(
  services: Services,
  changes: GpuClusterChanges,
  findElsewhere: FindFlavorElsewhere,
  id: string,
  actions?: readonly GpuClusterAction[],
) {
  return command<Named<GpuClusterActionArgs>, Result>({
    id,
    what: (args) =>
      args ? l10n.t('{0} GPU cluster {1}', actionTitle(args.action), clusterLabel(args)) : l10n.t('Change the power of a GPU cluster'),
    parse: id === COMMAND.gpuClusterAction ? (arg) => unwrap(validateGpuClusterActionArgs(arg)) : undefined,
    ask: async (ui, _draft, node) => {
      const row = clusterRow(node);
      const given = (node as { action?: unknown }).action;
      const allowed = allowedActions(row).filter((action) => !actions || actions.includes(action));
      const action =
        typeof given === 'string' && GPU_CLUSTER_ACTIONS.includes(given as GpuClusterAction)
          ? (given as GpuClusterAction)
          : allowed.length === 1
            ? allowed[0]
            : await pickAction(ui, row.cluster.name, allowed);
      return { ...fromNode(row), action };
    },
    confirm: confirmAction,
    progress: (args) => l10n.t('Sending {0} to GPU cluster {1}…', actionTitle(args.action), clusterLabel(args)),
    run: async (args, context) => changes.record(await sendGpuClusterAction(services, args, args.action, callOptions(context))),
    returns: tasksOnly,
    alternative: (args) => (args.action === 'start' ? otherLocations(findElsewhere, args) : undefined),
    report: (ui, sent, _args, flow) => sent && changes.report(ui, sent.change, sent.result, flow.reopen),
  });
}

/** The new count, 1 to 999, asked with the current one shown; a wrong one is said naming the field. */
async function askServersCount(ui: PromptUi, name: string, current: number | undefined): Promise<number> {
  const text = orCancel(
    await ui.input({
      title: l10n.t('Gcore: Resize GPU cluster {0}', name),
      prompt:
        current === undefined
          ? l10n.t('The number of servers GPU cluster {0} should have, 1 to 999.', name)
          : l10n.t('The number of servers GPU cluster {0} should have, 1 to 999 (it has {1}).', name, current),
      value: current === undefined ? undefined : String(current),
      validate: (value) => {
        const problem = checkFieldText(SERVERS_COUNT_FIELD, value);
        if (problem) return l10n.t('{0} {1}', SERVERS_COUNT_FIELD.label, problem);
        return current !== undefined && parseIntegerText(value) === current
          ? l10n.t('GPU cluster {0} already has {1} servers.', name, current)
          : undefined;
      },
    }),
  );
  return parseIntegerText(text)!;
}

function resizeCommand(services: Services, changes: GpuClusterChanges, findElsewhere: FindFlavorElsewhere) {
  return command<Named<ResizeGpuClusterArgs>, Result>({
    id: COMMAND.resizeGpuCluster,
    what: (args) => (args ? l10n.t('Resize GPU cluster {0}', clusterLabel(args)) : l10n.t('Resize a GPU cluster')),
    parse: (arg) => unwrap(validateResizeGpuClusterArgs(arg)),
    ask: async (ui, _draft, node) => {
      const row = clusterRow(node);
      const { cluster } = row;
      const current = typeof cluster.servers_count === 'number' ? cluster.servers_count : undefined;
      const serversCount = await askServersCount(ui, cluster.name, current);
      const args = { ...fromNode(row), serversCount };
      const added = serversCount - (current ?? serversCount);
      // Only a growth takes quota; Gcore's answer names each quota it would exceed.
      const exceeded =
        added > 0 && typeof cluster.flavor === 'string'
          ? exceededQuotaLines(
              await ui.withProgress({
                title: l10n.t('Checking the quota of GPU cluster {0}…', cluster.name),
                run: (signal) =>
                  services.client.gpuClusters.checkLimits(
                    args,
                    { flavor: cluster.flavor, servers_count: added, existing_cluster: true },
                    { signal },
                  ),
              }),
            )
          : [];
      const meaning = resizeMeaning(row.gpuKind, cluster.name, current, serversCount);
      const detail =
        exceeded.length === 0
          ? meaning
          : [
              meaning,
              l10n.t('This exceeds the quota, so Gcore is likely to refuse it; ask Gcore for a higher quota first:'),
              ...exceeded,
            ].join('\n');
      const send = exceeded.length === 0 ? l10n.t('Resize') : l10n.t('Resize Anyway');
      const choice = await ui.choose({
        message: l10n.t('Resize GPU cluster {0} to {1} servers?', cluster.name, serversCount),
        detail,
        choices: [send],
      });
      if (choice !== send) throw new UserCancelledError();
      return args;
    },
    progress: (args) => l10n.t('Resizing GPU cluster {0}…', clusterLabel(args)),
    run: async (args, context) => changes.record(await sendGpuClusterResize(services, args, args.serversCount, callOptions(context))),
    returns: tasksOnly,
    alternative: (args) => otherLocations(findElsewhere, args),
    report: (ui, sent, _args, flow) => sent && changes.report(ui, sent.change, sent.result, flow.reopen),
  });
}

/** The name typed, then what goes with the cluster: what Delete Cluster and the last server's Delete Server ask. */
async function askDeleteCluster(ui: PromptUi, name: string, kind: GpuKind, what: string): Promise<GpuDeleteOptions> {
  orCancel(
    await ui.input({
      title: l10n.t('Gcore: Delete GPU cluster {0}', name),
      prompt: l10n.t('{0} It cannot be undone. Type {1} to delete it.', what, name),
      placeholder: name,
      validate: (text) => (text.trim() === name ? undefined : l10n.t('Type {0} to delete the cluster, or press Escape to keep it.', name)),
    }),
  );
  const choose = async (title: string, remove: string, keep: string): Promise<boolean> =>
    orCancel(
      await ui.pick({
        title,
        items: [
          { label: remove, value: true },
          { label: keep, value: false },
        ],
      }),
    );
  const deleteVolumes =
    kind === 'virtual'
      ? await choose(
          l10n.t("GPU cluster {0}'s volumes", name),
          l10n.t('Delete its volumes with it'),
          l10n.t('Keep its volumes (kept volumes keep costing)'),
        )
      : undefined;
  const deleteFloatingIps = await choose(
    l10n.t("GPU cluster {0}'s floating IPs", name),
    l10n.t('Delete its floating IPs with it'),
    l10n.t('Keep its floating IPs (kept floating IPs keep costing)'),
  );
  return deleteVolumes === undefined ? { deleteFloatingIps } : { deleteVolumes, deleteFloatingIps };
}

function deleteClusterCommand(services: Services, changes: GpuClusterChanges) {
  return command<Named<DeleteGpuClusterArgs>, SentGpuClusterChange>({
    id: COMMAND.deleteGpuCluster,
    what: (args) => (args ? l10n.t('Delete GPU cluster {0}', clusterLabel(args)) : l10n.t('Delete a GPU cluster')),
    parse: (arg) => unwrap(validateDeleteGpuClusterArgs(arg)),
    ask: async (ui, _draft, node) => {
      const row = clusterRow(node);
      const what = l10n.t(
        'This deletes GPU cluster {0} and its {1} servers with their local disks.',
        row.cluster.name,
        row.cluster.servers_count ?? '?',
      );
      return { ...fromNode(row), ...(await askDeleteCluster(ui, row.cluster.name, row.gpuKind, what)) };
    },
    progress: (args) => l10n.t('Deleting GPU cluster {0}…', clusterLabel(args)),
    run: async (args, context) =>
      changes.record(
        await sendGpuClusterDelete(
          services,
          args,
          { deleteVolumes: args.deleteVolumes, deleteFloatingIps: args.deleteFloatingIps },
          callOptions(context),
        ),
      ),
    returns: tasksOnly,
    cancelledAfterSending: (args) => ({
      message: l10n.t(
        'Cancelled after the request was sent: Gcore may still delete GPU cluster {0}. Refresh the location to see whether it is gone.',
        clusterLabel(args),
      ),
    }),
    report: (ui, { change, result }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });
}

function deleteServerCommand(services: Services, changes: GpuClusterChanges) {
  return command<Named<GpuServerArgs> & GpuDeleteOptions & { serverName?: string }, SentGpuClusterChange>({
    id: COMMAND.deleteGpuServer,
    what: (args) => (args ? l10n.t('Delete a server of GPU cluster {0}', clusterLabel(args)) : l10n.t('Delete a GPU server')),
    parse: (arg) => unwrap(validateGpuServerArgs(arg)),
    ask: async (ui, _draft, node) => {
      if (!isGpuServerNode(node)) throw new Error(l10n.t("Choose a GPU server's row in the Gcore view to delete it."));
      const { cluster, server } = node;
      const args = {
        projectId: node.location.projectId,
        regionId: node.location.regionId,
        kind: node.gpuKind,
        clusterId: cluster.id,
        clusterName: cluster.name,
        serverId: server.id,
        serverName: server.name,
      };
      const servers = cluster.servers_count ?? cluster.servers_ids?.length;
      // Gcore deletes the cluster with its last server: that is asked as Delete Cluster asks.
      if (servers === 1) {
        const what = l10n.t('Server {0} is the last of GPU cluster {1}: deleting it deletes the cluster too.', server.name, cluster.name);
        return { ...args, ...(await askDeleteCluster(ui, cluster.name, node.gpuKind, what)) };
      }
      const confirmed = await ui.confirm({
        message: l10n.t('Delete server {0} of GPU cluster {1}?', server.name, cluster.name),
        detail: l10n.t('The server and its local disks are deleted; it cannot be undone.'),
        confirmLabel: l10n.t('Delete'),
      });
      if (!confirmed) throw new UserCancelledError();
      return args;
    },
    progress: (args) => l10n.t('Deleting server {0} of GPU cluster {1}…', args.serverName ?? args.serverId, clusterLabel(args)),
    run: async (args, context) =>
      changes.record(
        await sendGpuServerDelete(
          services,
          args,
          args.serverId,
          { deleteVolumes: args.deleteVolumes, deleteFloatingIps: args.deleteFloatingIps },
          callOptions(context),
        ),
      ),
    returns: tasksOnly,
    report: (ui, { change, result }, _args, flow) => changes.report(ui, change, result, flow.reopen),
  });
}

/** The contract's GPU cluster writes and the rows' Start, Stop, Reboot, Resize, Delete and Delete Server. */
export function gpuClusterWriteCommands(
  services: Services,
  changes: GpuClusterChanges,
  findElsewhere: FindFlavorElsewhere,
): Command<never, unknown, never>[] {
  return [
    actionCommand(services, changes, findElsewhere, COMMAND.gpuClusterAction),
    actionCommand(services, changes, findElsewhere, COMMAND.startGpuCluster, ['start']),
    actionCommand(services, changes, findElsewhere, COMMAND.stopGpuCluster, ['stop']),
    actionCommand(services, changes, findElsewhere, COMMAND.rebootGpuCluster, ['soft_reboot', 'hard_reboot']),
    resizeCommand(services, changes, findElsewhere),
    deleteClusterCommand(services, changes),
    deleteServerCommand(services, changes),
  ];
}
