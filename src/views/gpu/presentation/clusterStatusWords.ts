import * as l10n from '@vscode/l10n';
import type { GpuCluster } from '../../../api/gpu/gpuClusterTypes';
import { clusterStatus } from '../../../models/gpu/gpuCluster';

/*
 * A cluster's status as every place says it (its row, the end of a change, the commands' pickers), kept apart
 * from the row's view so that the change kind, loaded at start-up, takes the words without the rows.
 */

/** The words of each status Gcore names; any other value is shown as it comes (a Map: Gcore's word may be `constructor`). */
const STATUS_WORDS: ReadonlyMap<string, () => string> = new Map([
  ['active', () => l10n.t('running')],
  ['shutoff', () => l10n.t('stopped')],
  ['creating', () => l10n.t('creating')],
  ['deleting', () => l10n.t('deleting')],
  ['rebooting', () => l10n.t('rebooting')],
  ['rebuilding', () => l10n.t('rebuilding')],
  ['resizing', () => l10n.t('resizing')],
  ['degraded', () => l10n.t('degraded')],
  ['error', () => l10n.t('error')],
]);

/** A cluster's status in words: Gcore's word when it is not one the extension names. */
export function clusterStatusWords(cluster: Pick<GpuCluster, 'status'>): string {
  const status = clusterStatus(cluster);
  if (status === undefined) return l10n.t('status unknown');
  return STATUS_WORDS.get(status)?.() ?? status;
}
