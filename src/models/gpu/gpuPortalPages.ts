import type { ProjectRegionRef } from '../../core/projectRegion';
import { locationPortalPage } from '../portalPages';

/**
 * A location's page, for its GPU clusters and their servers: Gcore's guides give no address for the GPU pages,
 * so the location's own page opens, from which the portal's GPU Cloud menu is one click.
 */
export function gpuPortalPage(location: ProjectRegionRef): string {
  return locationPortalPage(location);
}
