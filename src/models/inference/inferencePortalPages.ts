import { wellFormed } from '../../core/wellFormedText';
import { projectPortalPage } from '../portalPages';

/**
 * A project's Everywhere Inference deployments in the portal (Everywhere Inference > Deployments): inference lives
 * in a project, not a region, so its pages name no region.
 */
export function inferencePortalPage(projectId: number): string {
  return `${projectPortalPage(projectId)}/inference/deployments`;
}

/** One deployment's page, where the portal shows its address, regions and logs. */
export function inferenceDeploymentPortalPage(ref: { projectId: number; name: string }): string {
  return `${inferencePortalPage(ref.projectId)}/${encodeURIComponent(wellFormed(ref.name))}`;
}
