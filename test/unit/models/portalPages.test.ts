import * as assert from 'node:assert/strict';
import { containersPortalPage, DNS_ZONES_PORTAL_PAGE } from '../../../src/models/portalPages';

describe('portal pages', () => {
  it("opens a location, and a container of it, on the location's Containers page, the address Gcore documents (none per container)", () => {
    assert.equal(
      containersPortalPage({ projectId: 510960, regionId: 80 }),
      'https://portal.gcore.com/cloud/project/510960/region/80/caas/containers',
    );
  });

  it('opens a zone on the DNS zone list (the portal documents no page per zone)', () => {
    assert.equal(DNS_ZONES_PORTAL_PAGE, 'https://dns.gcore.com/zones');
  });
});
