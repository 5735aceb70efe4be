import type { InferenceDeployment, InferenceRegionContainer } from '../../../api/inference/inferenceTypes';
import { statusKey } from '../../../models/inference/inferenceStatus';
import { finiteNumber } from '../../presentation/wireValues';

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
  return STATES.get(statusKey(deployment.status)) ?? 'other';
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
