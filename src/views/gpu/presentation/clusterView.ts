import * as l10n from '@vscode/l10n';
import type { GpuCluster, GpuClusterCost, GpuKind } from '../../../api/gpu/gpuClusterTypes';
import { ROW_CONTEXT, type RowContext } from '../../../core/contributions';
import { clusterStatus, type GpuClusterChange } from '../../../models/gpu/gpuCluster';
import { leaseOf } from '../../../models/gpu/gpuLease';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { formatHourlyPrice } from './flavorPrice';
import { clusterStatusWords } from './clusterStatusWords';
import { GPU_CLUSTER_CHANGES } from './gpuClusterChangeWords';
import { leaseRowText, leaseTooltipText } from './leaseWords';
import { finiteNumber, nonEmptyText } from '../../presentation/wireValues';

// The commands and agent tools say a status as the row does.
export { clusterStatusWords };

/** What a cluster's row shows beside the cluster itself, as its section knows it. */
export interface ClusterRowFacts {
  kind: GpuKind;
  /** A task changes it now (its status, a server's task, a task of the location, a change followed here). */
  busy: boolean;
  /** The change made here, or found running at Gcore, that is followed: said first. */
  change?: GpuClusterChange;
  /** The GPUs of its flavor as flavor rows say them ("1× H100 80 GB"), when the flavor is listed. */
  gpus?: string;
  /** What it costs now, as Gcore answered (shown per hour only when `price_status` is `show`); absent until read. */
  price?: GpuClusterCost;
  /** The time the row is drawn at: what its lease's time left counts from. */
  nowMs: number;
}

/** The status Gcore shows while each change runs, which the change's word already says ("Creating…", not "Creating… · creating"). */
const STATUS_OF_CHANGE: ReadonlyMap<GpuClusterChange, string> = new Map([
  ['create', 'creating'],
  ['delete', 'deleting'],
  ['soft_reboot', 'rebooting'],
  ['hard_reboot', 'rebooting'],
  ['resize', 'resizing'],
  ['rebuild', 'rebuilding'],
]);

const STATUS_ICONS: ReadonlyMap<string, NonNullable<ItemView['icon']>> = new Map([
  ['active', { id: 'pass-filled', color: 'testing.iconPassed' }],
  ['shutoff', { id: 'debug-stop', color: 'disabledForeground' }],
  ['degraded', { id: 'warning', color: 'list.warningForeground' }],
  ['error', { id: 'error', color: 'errorForeground' }],
]);

function serversText(cluster: GpuCluster): string | undefined {
  const count = finiteNumber(cluster.servers_count) ?? (Array.isArray(cluster.servers_ids) ? cluster.servers_ids.length : undefined);
  if (count === undefined) return undefined;
  return count === 1 ? l10n.t('1 server') : l10n.t('{0} servers', count);
}

/** The fields Gcore sent in a shape the extension does not read, as the decoder named them. */
function unreadableFields(cluster: GpuCluster): string | undefined {
  const fields = Array.isArray(cluster.unreadable_fields) ? cluster.unreadable_fields.filter((field) => typeof field === 'string') : [];
  return fields.length === 0 ? undefined : fields.join(', ');
}

function isKubernetesPool(cluster: GpuCluster): boolean {
  return nonEmptyText(cluster.managed_by)?.toLowerCase() === 'k8s';
}

function contextOf(cluster: GpuCluster, facts: ClusterRowFacts): RowContext {
  const status = clusterStatus(cluster);
  if (status === 'deleting' || facts.change === 'delete') return ROW_CONTEXT.gpuClusterDeleting;
  if (facts.busy) return ROW_CONTEXT.gpuClusterBusy;
  if (status === 'active') return ROW_CONTEXT.gpuClusterActive;
  if (status === 'shutoff') return ROW_CONTEXT.gpuClusterShutoff;
  return ROW_CONTEXT.gpuClusterOther;
}

/**
 * A cluster's row: its name, then the status in words (the icon's colour alone fails colour-blind users), the
 * fields Gcore sent in a shape the extension does not read, its GPUs, servers, what kind of cluster it is and its
 * price. A change in progress leads: VS Code cuts descriptions at the end.
 */
export function clusterRowView(cluster: GpuCluster, facts: ClusterRowFacts): ItemView {
  const status = clusterStatus(cluster);
  const saidByChange = facts.change !== undefined && status !== undefined && STATUS_OF_CHANGE.get(facts.change) === status;
  const unreadable = unreadableFields(cluster);
  const parts = [
    facts.change ? GPU_CLUSTER_CHANGES.get(facts.change)?.inProgress() : undefined,
    saidByChange ? undefined : clusterStatusWords(cluster),
    unreadable === undefined ? undefined : l10n.t('{0} unreadable', unreadable),
    facts.gpus ?? nonEmptyText(cluster.flavor),
    serversText(cluster),
    facts.kind === 'baremetal' ? l10n.t('bare metal') : undefined,
    isKubernetesPool(cluster) ? l10n.t('managed by Kubernetes') : undefined,
    formatHourlyPrice(facts.price),
    leaseRowText(leaseOf(cluster), facts.nowMs),
  ].filter((part): part is string => part !== undefined);
  const icon = facts.busy || facts.change ? { id: 'sync~spin' } : { ...(STATUS_ICONS.get(status ?? '') ?? { id: 'question' }) };
  return {
    label: cluster.name,
    description: parts.join(' · '),
    tooltip: clusterTooltip(cluster, facts),
    icon,
    contextValue: contextOf(cluster, facts),
  };
}

/** The hover: the cluster's facts as a table, and why no action is offered while a task runs. */
export function clusterTooltip(cluster: GpuCluster, facts: ClusterRowFacts): string {
  const tags = (Array.isArray(cluster.tags) ? cluster.tags : [])
    .filter((tag) => typeof tag?.key === 'string')
    .map((tag) => `${tag.key}=${String(tag.value)}`)
    .join(', ');
  const rows: [string, string | undefined][] = [
    [l10n.t('Status'), clusterStatusWords(cluster)],
    [l10n.t('Kind'), facts.kind === 'baremetal' ? l10n.t('bare metal') : l10n.t('virtual')],
    [l10n.t('Flavor'), nonEmptyText(cluster.flavor)],
    [l10n.t('GPUs per server'), facts.gpus],
    [l10n.t('Servers'), serversText(cluster)],
    [l10n.t('Managed by'), isKubernetesPool(cluster) ? l10n.t('Managed Kubernetes') : undefined],
    [l10n.t('Price'), formatHourlyPrice(facts.price)],
    [l10n.t('Tags'), tags === '' ? undefined : tags],
    [l10n.t('Created'), nonEmptyText(cluster.created_at)],
    [l10n.t('ID'), cluster.id],
  ];
  const table = rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => `| ${escapeMarkdown(name)} | ${escapeMarkdown(value)} |`)
    .join('\n');
  const blocks = [`### ${escapeMarkdown(cluster.name)}`, `| ${l10n.t('Field')} | ${l10n.t('Value')} |\n|---|---|\n${table}`];
  const unreadable = unreadableFields(cluster);
  if (unreadable !== undefined) {
    blocks.push(escapeMarkdown(l10n.t('Gcore sent {0} in a shape this extension cannot read: left out here.', unreadable)));
  }
  const lease = leaseTooltipText(cluster.name, leaseOf(cluster));
  if (lease) blocks.push(escapeMarkdown(lease));
  if (facts.busy) blocks.push(escapeMarkdown(l10n.t('A task is changing this cluster: only Delete is offered until it ends.')));
  return blocks.join('\n\n');
}

/**
 * The row of a cluster whose id Gcore gives is not a UUID: its name, and why nothing is offered on it. Every command
 * of a cluster names it by that id, in a request or in a file of this machine.
 */
export function refusedClusterView(cluster: GpuCluster, reason: string): Omit<ItemView, 'contextValue'> {
  const why = l10n.t('Not used: {0}. Manage it in the Gcore Portal.', reason);
  return {
    label: cluster.name,
    description: l10n.t('not used: its ID is not a UUID'),
    tooltip: `### ${escapeMarkdown(cluster.name)}\n\n${escapeMarkdown(why)}`,
    icon: { id: 'warning', color: 'list.warningForeground' },
  };
}
