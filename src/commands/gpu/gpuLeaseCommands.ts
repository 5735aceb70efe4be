import * as l10n from '@vscode/l10n';
import type { GpuCluster } from '../../api/gpu/gpuClusterTypes';
import { COMMAND } from '../../core/contributions';
import {
  LEASE_HOURS_FIELD,
  leaseFor,
  leaseOf,
  validateSetGpuLeaseArgs,
  type GpuLease,
  type SetGpuLeaseArgs,
} from '../../models/gpu/gpuLease';
import { orCancel } from '../../ui/loneAnswer';
import type { PromptUi } from '../../ui/promptUi';
import { checkFieldText, parseIntegerText } from '../../validation/fieldChecks';
import { unwrap } from '../../validation/problems';
import { leaseMeaning } from '../../views/gpu/presentation/leaseWords';
import type { GpuClusterChanges } from '../../views/gpu/gpuClusterChanges';
import { isGpuClusterNode, type GpuClusterNode } from '../../views/gpu/gpuNodes';
import { clustersOf, sendGpuClusterLease, type GpuClusterWritesDeps } from '../../writes/gpu/gpuClusterWrites';
import { callOptions, command, type Command } from '../flow/command';
import { rowOf } from '../../prompts/rowOf';
import { fromNode } from './gpuClusterWriteCommands';

/** The hours a lease is picked from; any other number is typed. */
const OFFERED_HOURS = [2, 4, 8];

type LeaseInput = SetGpuLeaseArgs & { clusterName?: string };

interface LeaseSet {
  cluster: GpuCluster;
  lease: GpuLease | null;
}

function hoursLabel(hours: number): string {
  return hours === 1 ? l10n.t('1 hour') : l10n.t('{0} hours', hours);
}

/** How long, or Remove Lease when the cluster has one (an unreadable one too): picked, or a number typed. */
async function askHours(ui: PromptUi, cluster: GpuCluster): Promise<number | null> {
  const current = leaseOf(cluster);
  const items: { label: string; description?: string; value: number | null }[] = OFFERED_HOURS.map((hours) => ({
    label: hoursLabel(hours),
    value: hours,
  }));
  if (current.kind !== 'none') {
    items.push({
      label: l10n.t('Remove Lease'),
      description: current.kind === 'set' ? leaseMeaning(cluster.name, current.lease) : l10n.t('its lease tag cannot be read'),
      value: null,
    });
  }
  return orCancel(
    await ui.pick<number | null>({
      title: l10n.t('Gcore: Lease of GPU cluster {0}', cluster.name),
      placeholder: l10n.t('Stop GPU cluster {0} after how many hours? Pick, or type 1 to 720.', cluster.name),
      items,
      custom: {
        label: (text) => hoursLabel(parseIntegerText(text) ?? 0),
        validate: (text) => {
          const problem = checkFieldText(LEASE_HOURS_FIELD, text);
          return problem && l10n.t('{0} {1}', LEASE_HOURS_FIELD.label, problem);
        },
        toValue: (text) => parseIntegerText(text)!,
      },
    }),
  );
}

async function askStopWithoutAsking(ui: PromptUi, cluster: GpuCluster): Promise<boolean> {
  const current = leaseOf(cluster);
  const auto = current.kind === 'set' && current.lease.stopWithoutAsking;
  return orCancel(
    await ui.pick({
      title: l10n.t('Gcore: Lease of GPU cluster {0}', cluster.name),
      placeholder: l10n.t('When the lease ends'),
      items: [
        { label: l10n.t('Ask me before stopping it'), value: false, picked: !auto },
        {
          label: l10n.t('Stop it without asking'),
          description: l10n.t('for when nobody is at this machine'),
          value: true,
          picked: auto,
        },
      ],
    }),
  );
}

/** gcore.setGpuLease: from a cluster's row, or programmatically (hours null removes the lease). */
function setLeaseCommand(deps: GpuClusterWritesDeps, changes: GpuClusterChanges) {
  return command<LeaseInput, LeaseSet>({
    id: COMMAND.setGpuLease,
    what: (args) =>
      args ? l10n.t('Set the lease of GPU cluster {0}', args.clusterName ?? args.clusterId) : l10n.t('Set the lease of a GPU cluster'),
    parse: (arg) => unwrap(validateSetGpuLeaseArgs(arg)),
    ask: async (ui, _draft, node) => {
      const row: GpuClusterNode = rowOf(node, isGpuClusterNode, l10n.t("must be a GPU cluster's row of the Gcore tree"));
      const hours = await askHours(ui, row.cluster);
      const stopWithoutAsking = hours === null ? undefined : await askStopWithoutAsking(ui, row.cluster);
      return { ...fromNode(row), hours, stopWithoutAsking };
    },
    progress: (args) => l10n.t('Setting the lease of GPU cluster {0}…', args.clusterName ?? args.clusterId),
    run: async (args, context) => {
      const lease = args.hours === null ? null : leaseFor(Date.now(), args.hours, args.stopWithoutAsking === true);
      const cluster = await sendGpuClusterLease(deps, args, lease, callOptions(context));
      // The location's clusters, read again, are where the lease clock learns of it.
      changes.changed(clustersOf(args));
      return { cluster, lease };
    },
    returns: () => undefined,
    report: (ui, { cluster, lease }) =>
      void ui.notify(
        'info',
        lease === null ? l10n.t('Removed the lease of GPU cluster {0}.', cluster.name) : leaseMeaning(cluster.name, lease),
      ),
  });
}

export function gpuLeaseCommands(deps: GpuClusterWritesDeps, changes: GpuClusterChanges): Command<never, unknown, never>[] {
  return [setLeaseCommand(deps, changes)];
}
