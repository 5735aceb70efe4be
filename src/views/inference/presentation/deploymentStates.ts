import type { InferenceDeployment, InferenceRegionContainer } from '../../../api/inference/inferenceTypes';
import { finiteNumber, nonEmptyText } from '../../presentation/wireValues';

/** A deployment's status as its row reads it; `other` is a word Gcore sends that the extension does not know. */
export type DeploymentState = 'active' | 'partial' | 'deploying' | 'scaledToZero' | 'stopped' | 'deleting' | 'other';

const STATES: ReadonlyMap<string, DeploymentState> = new Map([
  ['ACTIVE', 'active'],
  ['PARTIALLYDEPLOYED', 'partial'],
  ['DEPLOYING', 'deploying'],
  ['PENDING', 'scaledToZero'],
  ['DISABLED', 'stopped'],
  ['DELETING', 'deleting'],
]);

export function deploymentState(deployment: InferenceDeployment): DeploymentState {
  const status = nonEmptyText(deployment.status)?.toUpperCase();
  return (status !== undefined && STATES.get(status)) || 'other';
}

/** A region's pods as Gcore counts them, when it does. */
export function regionPods(region: InferenceRegionContainer): { ready: number; total: number } | undefined {
  const ready = finiteNumber(region.deploy_status?.ready);
  const total = finiteNumber(region.deploy_status?.total);
  return ready === undefined || total === undefined ? undefined : { ready, total };
}

export function regionsOf(deployment: InferenceDeployment): InferenceRegionContainer[] {
  return Array.isArray(deployment.containers)
    ? deployment.containers.filter(
        (region) => typeof region === 'object' && region !== null && finiteNumber(region.region_id) !== undefined,
      )
    : [];
}

/**
 * Whether the deployment is on its way to another state, so that its project is read again soon: deploying or being
 * deleted, or a region whose pods are not all ready yet and that reports no error (one with an error waits for a
 * change, not for time).
 */
export function isMoving(deployment: InferenceDeployment): boolean {
  const state = deploymentState(deployment);
  if (state === 'deploying' || state === 'deleting') return true;
  if (state === 'stopped') return false;
  return regionsOf(deployment).some((region) => {
    const pods = regionPods(region);
    return pods !== undefined && pods.ready < pods.total && nonEmptyText(region.error_message) === undefined;
  });
}
