import * as l10n from '@vscode/l10n';
import type { GpuLease, LeaseState } from '../../../models/gpu/gpuLease';

/*
 * A lease as people read it: the time left on the cluster's row ("lease 3 h 12 min"), when it ends and what
 * happens then in its hover, its notifications and the agent tools' answers.
 */

/** "3 h 12 min", "45 min", "under a minute"; whole minutes, rounded down, so that it never promises more. */
export function timeLeftText(endMs: number, nowMs: number): string {
  const minutes = Math.floor((endMs - nowMs) / 60_000);
  if (minutes < 1) return l10n.t('under a minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return l10n.t('{0} min', rest);
  return rest === 0 ? l10n.t('{0} h', hours) : l10n.t('{0} h {1} min', hours, rest);
}

/** The end in the user's local time, with the date, as a notification or a hover says it. */
export function leaseEndText(endMs: number): string {
  return new Date(endMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The row's part: the time left, that it is over, or that the tag cannot be read; nothing without a lease. */
export function leaseRowText(state: LeaseState, nowMs: number): string | undefined {
  switch (state.kind) {
    case 'none':
      return undefined;
    case 'unreadable':
      return l10n.t('lease unreadable');
    case 'set':
      return state.lease.endMs <= nowMs ? l10n.t('lease over') : l10n.t('lease {0}', timeLeftText(state.lease.endMs, nowMs));
  }
}

/** What happens when the lease ends. */
export function leaseMeaning(clusterName: string, lease: GpuLease): string {
  return lease.stopWithoutAsking
    ? l10n.t('GPU cluster {0} is stopped at {1} without asking.', clusterName, leaseEndText(lease.endMs))
    : l10n.t('GPU cluster {0} is stopped at {1}, after you confirm.', clusterName, leaseEndText(lease.endMs));
}

/** The hover's line: when it ends and what then happens, or why nothing will. */
export function leaseTooltipText(clusterName: string, state: LeaseState): string | undefined {
  switch (state.kind) {
    case 'none':
      return undefined;
    case 'unreadable':
      return l10n.t(
        'Its lease tag holds "{0}", which this extension cannot read: it does nothing with it. Set Lease… replaces it.',
        state.value,
      );
    case 'set':
      return l10n.t('{0} This happens while VS Code runs with this extension on some machine.', leaseMeaning(clusterName, state.lease));
  }
}
