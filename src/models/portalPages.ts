import type { ProjectRegionRef } from '../core/projectRegion';

/*
 * The Gcore Customer Portal pages the extension opens, each built by the area whose rows open it. Gcore's
 * guides give two addresses: a location's Containers page and the DNS "All zones" page. They give none for
 * one container or one zone, so a container opens the page that lists it (its location's Containers page)
 * and a zone the zone list: a guessed address would open a wrong page or the portal's "not found".
 */

const PORTAL_HOME = 'https://portal.gcore.com/';

/** A location's Containers page: its row's and its containers' rows' page. */
export function containersPortalPage(location: ProjectRegionRef): string {
  return `${PORTAL_HOME}cloud/project/${location.projectId}/region/${location.regionId}/caas/containers`;
}

/**
 * A location's page, for its GPU clusters and their servers: Gcore's guides give no address for the GPU
 * pages, so the location's own page (the part of the Containers address that names the location) opens,
 * from which the portal's GPU Cloud menu is one click.
 */
export function gpuPortalPage(location: ProjectRegionRef): string {
  return `${PORTAL_HOME}cloud/project/${location.projectId}/region/${location.regionId}`;
}

/** The account's DNS zone list: every zone row's page. */
export const DNS_ZONES_PORTAL_PAGE = 'https://dns.gcore.com/zones';
