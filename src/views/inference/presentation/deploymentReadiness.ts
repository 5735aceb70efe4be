import * as l10n from '@vscode/l10n';
import type { InferenceDeployment } from '../../../api/inference/inferenceTypes';
import { oneLine } from '../../../core/wellFormedText';
import { statusKey } from '../../../models/inference/inferenceStatus';
import { nonEmptyText } from '../../presentation/wireValues';
import { regionPods, regionsOf } from './deploymentStates';

/** How a message names a region: by the name the account's regions give it, else by its id. */
export type RegionName = (regionId: number) => string;

/** "Luxembourg-2 1/1 ready · Manassas 0/1 ready": each region's pods as a deployment rises. */
export function readinessWords(deployment: InferenceDeployment, regionName: RegionName): string {
  const regions = regionsOf(deployment).map((region) => {
    const pods = regionPods(region);
    const name = regionName(region.region_id);
    return pods === undefined ? name : l10n.t('{0} {1}/{2} ready', name, pods.ready, pods.total);
  });
  return regions.map(oneLine).join(' · ');
}

/** Gcore's error of each region that has one: "Luxembourg-2: Back-off restarting failed container". */
export function regionErrors(deployment: InferenceDeployment, regionName: RegionName): string[] {
  return regionsOf(deployment).flatMap((region) => {
    const error = nonEmptyText(region.error_message);
    return error === undefined ? [] : [oneLine(l10n.t('{0}: {1}', regionName(region.region_id), error))];
  });
}

/** Whether a deployment ended short of ready: partly deployed or failed, or a region in error. */
export function endedInError(deployment: InferenceDeployment, regionName: RegionName): boolean {
  return ['PARTIALLYDEPLOYED', 'FAILED'].includes(statusKey(deployment.status)) || regionErrors(deployment, regionName).length > 0;
}
