import * as assert from 'node:assert/strict';
import { containersPortalPage } from '../../../../src/models/containers/containerPortalPages';

describe('portal pages of containers', () => {
  it("opens a location, and a container of it, on the location's Containers page, the address Gcore documents (none per container)", () => {
    assert.equal(
      containersPortalPage({ projectId: 510960, regionId: 80 }),
      'https://portal.gcore.com/cloud/project/510960/region/80/caas/containers',
    );
  });
});
