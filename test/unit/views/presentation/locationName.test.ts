import * as assert from 'node:assert/strict';
import { locationIds, locationName } from '../../../../src/views/presentation/locationName';

describe('locationName', () => {
  const configured = [
    { projectId: 482, regionId: 76, label: 'Production' },
    { projectId: 7, regionId: 76 },
  ];

  it('names a location by its label, its own or the one gcore.locations gives its IDs, as the tree does', () => {
    assert.equal(locationName({ projectId: 1, regionId: 8, label: 'Frankfurt' }, configured), 'Frankfurt');
    assert.equal(locationName({ projectId: 482, regionId: 76 }, configured), 'Production');
  });

  it('names a location without a label by its IDs', () => {
    assert.equal(locationName({ projectId: 7, regionId: 76 }, configured), 'project 7 · region 76');
    assert.equal(locationName({ projectId: 482, regionId: 8 }, []), locationIds({ projectId: 482, regionId: 8 }));
  });
});
