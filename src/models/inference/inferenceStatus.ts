import * as l10n from '@vscode/l10n';
import type { InferenceApplication, InferenceDeployment } from '../../api/inference/inferenceTypes';

/*
 * A deployment's and an application's states (the inference notes, "Status"; "Traps" 5): their words, the actions
 * each allows, and whether it moves, so that the tree polls only what moves.
 */

/**
 * A status as one key whatever its casing: deployments say `PARTIALLYDEPLOYED`, applications `PartiallyDeployed`,
 * and a status Gcore may write with a separator (`PARTIALLY_DEPLOYED`) is the same.
 */
export function statusKey(status: string | null | undefined): string {
  return typeof status === 'string' ? status.toUpperCase().replace(/[^A-Z]/g, '') : '';
}

const WORDS: Record<string, () => string> = {
  ACTIVE: () => l10n.t('active'),
  DEPLOYING: () => l10n.t('deploying'),
  PARTIALLYDEPLOYED: () => l10n.t('partly deployed'),
  PENDING: () => l10n.t('scaled to zero'),
  DISABLED: () => l10n.t('stopped'),
  DELETING: () => l10n.t('deleting'),
  FAILED: () => l10n.t('failed'),
  UNKNOWN: () => l10n.t('unknown'),
};

/** A status in words: PENDING is "scaled to zero", DISABLED "stopped"; one Gcore adds later shows as it comes. */
export function statusWords(status: string | null | undefined): string {
  const words = WORDS[statusKey(status)];
  if (words) return words();
  return typeof status === 'string' && status.trim() !== '' ? status.trim() : l10n.t('unknown');
}

export type InferenceAction = 'start' | 'stop' | 'scale' | 'delete';

/**
 * Which actions a deployment's status allows. Start brings a stopped one back; stop ends what runs or rises; a
 * change (scale, flavor, image…) waits for a create or delete in flight; delete is refused only while one is under
 * way. A status Gcore adds later allows delete alone, the one action that cannot make things worse.
 */
export function allowedActions(status: string | null | undefined): ReadonlySet<InferenceAction> {
  switch (statusKey(status)) {
    case 'DISABLED':
      return new Set<InferenceAction>(['start', 'scale', 'delete']);
    case 'ACTIVE':
    case 'PENDING':
    case 'PARTIALLYDEPLOYED':
      return new Set<InferenceAction>(['stop', 'scale', 'delete']);
    case 'DEPLOYING':
      return new Set<InferenceAction>(['stop', 'delete']);
    case 'DELETING':
      return new Set<InferenceAction>();
    default:
      return new Set<InferenceAction>(['delete']);
  }
}

export function allows(status: string | null | undefined, action: InferenceAction): boolean {
  return allowedActions(status).has(action);
}

/** A start or stop sent (204, no task) whose effect the status does not show yet. */
export type AwaitedPower = 'start' | 'stop';

/** Whether the status shows a start or stop: a stopped deployment is DISABLED, a started one anything else. */
export function powerShown(awaited: AwaitedPower, status: string | null | undefined): boolean {
  const stopped = statusKey(status) === 'DISABLED';
  return awaited === 'stop' ? stopped : !stopped;
}

/** A region still rising: no error from Gcore, and fewer pods ready than it runs or than its minimum. */
function regionRises(container: NonNullable<InferenceDeployment['containers']>[number]): boolean {
  if (typeof container?.error_message === 'string' && container.error_message.trim() !== '') return false;
  const ready = container?.deploy_status?.ready ?? 0;
  const total = container?.deploy_status?.total ?? 0;
  const min = typeof container?.scale?.min === 'number' ? container.scale.min : 0;
  return ready < total || total < min;
}

/**
 * Whether a deployment moves, so that the tree reads it again: while it deploys or is deleted, while partly
 * deployed with a region rising (a region in error stays as it is), and while a start or stop is not shown yet.
 */
export function deploymentMoves(deployment: Pick<InferenceDeployment, 'status' | 'containers'>, awaited?: AwaitedPower): boolean {
  if (awaited !== undefined && !powerShown(awaited, deployment.status)) return true;
  switch (statusKey(deployment.status)) {
    case 'DEPLOYING':
    case 'DELETING':
      return true;
    case 'PARTIALLYDEPLOYED':
      return (deployment.containers ?? []).some(regionRises);
    default:
      return false;
  }
}

/** The application states that stay as they are until someone acts: Unknown too, which polling would not change. */
const SETTLED_APPLICATION = ['ACTIVE', 'FAILED', 'UNKNOWN', ''];

/**
 * Whether an application moves: in a state of its own on the way (deploying, deleting), or partly deployed while
 * a region is neither active nor failed.
 */
export function applicationMoves(application: Pick<InferenceApplication, 'status'>): boolean {
  const status = statusKey(application.status?.consolidated_status);
  if (SETTLED_APPLICATION.includes(status)) return false;
  if (status !== 'PARTIALLYDEPLOYED') return true;
  return (application.status?.regions ?? []).some((region) => !['ACTIVE', 'FAILED'].includes(statusKey(region?.status)));
}
