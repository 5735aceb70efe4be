import type { ProjectRegionRef } from '../core/projectRegion';

/*
 * The Gcore Customer Portal's pages that the areas' rows open are built by each area (models/<area>/) on what
 * they share here. Gcore's guides document few addresses; an area opens the page that lists a resource when
 * none is documented for it alone, since a guessed address would open a wrong page or the portal's "not found".
 */

const PORTAL_HOME = 'https://portal.gcore.com/';

/** A project's own page of the cloud portal: what its pages in one region, and those of no region, start with. */
export function projectPortalPage(projectId: number): string {
  return `${PORTAL_HOME}cloud/project/${projectId}`;
}

/** A location's own page of the cloud portal (the part of its documented pages' addresses that names it). */
export function locationPortalPage(location: ProjectRegionRef): string {
  return `${projectPortalPage(location.projectId)}/region/${location.regionId}`;
}
