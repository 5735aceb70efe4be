import * as assert from 'node:assert/strict';
import { locationPortalPage } from '../../../src/models/portalPages';

describe('portal pages', () => {
  it("opens a location's own page of the cloud portal", () => {
    assert.equal(locationPortalPage({ projectId: 510960, regionId: 80 }), 'https://portal.gcore.com/cloud/project/510960/region/80');
  });
});
