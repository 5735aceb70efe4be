import * as assert from 'node:assert/strict';
import { portalPageOf } from '../../../src/models/portalPages';

describe('portalPageOf', () => {
  const location = { projectId: 510960, regionId: 80 };

  it('opens a location on its Containers page, the address Gcore documents', () => {
    assert.equal(portalPageOf({ kind: 'location', location }), 'https://portal.gcore.com/cloud/project/510960/region/80/caas/containers');
  });

  it('opens a container on the Containers page of its location (the portal has no page per container)', () => {
    assert.equal(
      portalPageOf({ kind: 'container', location: { projectId: 1, regionId: 76 } }),
      'https://portal.gcore.com/cloud/project/1/region/76/caas/containers',
    );
  });

  it('opens a zone on the DNS zone list (the portal documents no page per zone)', () => {
    assert.equal(portalPageOf({ kind: 'zone' }), 'https://dns.gcore.com/zones');
  });
});
