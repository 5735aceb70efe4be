import type { ProjectRegionRef } from '../../core/projectRegion';
import { locationPortalPage } from '../portalPages';

/**
 * A location's Containers page, an address Gcore's guides give: its row's and its containers' rows' page (they
 * give none for one container).
 */
export function containersPortalPage(location: ProjectRegionRef): string {
  return `${locationPortalPage(location)}/caas/containers`;
}
