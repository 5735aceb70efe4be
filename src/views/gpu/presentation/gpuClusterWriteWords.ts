import * as l10n from '@vscode/l10n';
import type { GpuClusterAction, GpuKind, GpuQuotaCheck } from '../../../api/gpu/gpuClusterTypes';

/** What a stop does to a cluster, said before it is sent: a virtual one loses its local disks and may not start again. */
export function stopMeaning(kind: GpuKind, clusterName: string): string {
  return kind === 'virtual'
    ? l10n.t(
        'Stopping GPU cluster {0} shelves its servers: their local disks are erased, and billing for the servers stops (volumes and floating IPs keep costing). Starting it again needs free capacity of its flavor in this location, which can fail.',
        clusterName,
      )
    : l10n.t(
        'Stopping GPU cluster {0} powers its bare-metal servers off. Their disks are kept, and billing continues while they are off.',
        clusterName,
      );
}

/**
 * Each quota a request would exceed, as Gcore's `check_limits` answers it (`<quota>_limit`, `_usage`,
 * `_requested`), in one line each ("gpu_virtual_h100_count: 12 used + 8 requested, 16 allowed").
 */
export function exceededQuotaLines(check: GpuQuotaCheck): string[] {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  return Object.keys(check)
    .filter((key) => key.endsWith('_limit'))
    .map((key) => {
      const quota = key.slice(0, -'_limit'.length);
      const [limit, usage, requested] = [check[key], check[`${quota}_usage`], check[`${quota}_requested`]].map(number);
      return l10n.t('{0}: {1} used + {2} requested, {3} allowed', quota, usage ?? '?', requested ?? '?', limit ?? '?');
    });
}

/** What a resize from `current` to `wanted` servers does, for the question asked before it is sent. */
export function resizeMeaning(kind: GpuKind, clusterName: string, current: number | undefined, wanted: number): string {
  const from = current ?? l10n.t('an unknown number of');
  if (kind === 'baremetal' && current !== undefined && wanted < current) {
    return l10n.t(
      'GPU cluster {0} goes from {1} to {2} servers. Gcore picks the bare-metal node it removes, with everything on its disks.',
      clusterName,
      from,
      wanted,
    );
  }
  return current !== undefined && wanted < current
    ? l10n.t(
        'GPU cluster {0} goes from {1} to {2} servers: the servers removed are deleted with their local disks.',
        clusterName,
        from,
        wanted,
      )
    : l10n.t('GPU cluster {0} goes from {1} to {2} servers; each added server is billed by the hour.', clusterName, from, wanted);
}

/** A power action as its menu item and its confirmation's title name it. */
export function actionTitle(action: GpuClusterAction): string {
  switch (action) {
    case 'start':
      return l10n.t('Start');
    case 'stop':
      return l10n.t('Stop');
    case 'soft_reboot':
      return l10n.t('Soft Reboot');
    case 'hard_reboot':
      return l10n.t('Hard Reboot');
  }
}
