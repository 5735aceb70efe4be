import type { ProjectRegionRef } from '../core/projectRegion';

/**
 * The Gcore Customer Portal pages the extension opens. Gcore's guides give two addresses: a location's
 * Containers page and the DNS "All zones" page. They give none for one container or one zone, so a
 * container opens the page that lists it (its location's Containers page) and a zone the zone list:
 * a guessed address would open a wrong page or the portal's "not found".
 */
export type PortalTarget = { kind: 'location' | 'container'; location: ProjectRegionRef } | { kind: 'zone' };

const PORTAL_HOME = 'https://portal.gcore.com/';
const DNS_ZONES_PAGE = 'https://dns.gcore.com/zones';

export function portalPageOf(target: PortalTarget): string {
  if (target.kind === 'zone') return DNS_ZONES_PAGE;
  const { projectId, regionId } = target.location;
  return `${PORTAL_HOME}cloud/project/${projectId}/region/${regionId}/caas/containers`;
}
