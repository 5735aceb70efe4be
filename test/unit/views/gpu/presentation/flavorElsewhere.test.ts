import * as assert from 'node:assert/strict';
import type { GpuBaremetalFlavor, GpuFlavor } from '../../../../../src/api/gpu/gpuFlavorTypes';
import { flavorPlaceItem, flavorWithCapacity } from '../../../../../src/views/gpu/presentation/flavorElsewhere';

const L40S = 'g3-ai-32-192-1500-l40s-48-1';
const BARE_METAL = 'bm3-ai-1xlarge-h100-80-8';

describe('a flavor in other locations', () => {
  it('finds the flavor by name only where it has free servers and is not disabled', () => {
    const listed: GpuFlavor[] = [
      { name: 'other', capacity: 9 },
      { name: L40S, capacity: 3 },
    ];
    assert.equal(flavorWithCapacity('virtual', listed, L40S)?.capacity, 3);
    assert.equal(flavorWithCapacity('virtual', [{ name: L40S, capacity: 0 }], L40S), undefined);
    assert.equal(flavorWithCapacity('virtual', [{ name: L40S, capacity: 3, disabled: true }], L40S), undefined);
    assert.equal(flavorWithCapacity('virtual', [{ name: 'other', capacity: 9 }], L40S), undefined);
  });

  it("counts a bare-metal flavor's reservations as free servers", () => {
    const reserved: GpuBaremetalFlavor = { name: BARE_METAL, capacity: 0, reserved_capacity: 2 };
    assert.equal(flavorWithCapacity('baremetal', [reserved], BARE_METAL), reserved);
    assert.equal(flavorWithCapacity('baremetal', [{ ...reserved, reserved_capacity: 0 }], BARE_METAL), undefined);
    assert.deepEqual(flavorPlaceItem('baremetal', { location: { projectId: 1, regionId: 77 }, flavor: reserved }), {
      label: 'project 1 · region 77',
      description: '2 servers free',
    });
  });

  it('names a location as its tree row does, with the servers free there', () => {
    const flavor: GpuFlavor = { name: L40S, capacity: 1 };
    assert.deepEqual(flavorPlaceItem('virtual', { location: { projectId: 1, regionId: 77, label: 'Staging' }, flavor }), {
      label: 'Staging',
      description: 'project 1 · region 77 · 1 server free',
    });
    assert.equal(flavorPlaceItem('virtual', { location: { projectId: 1, regionId: 77 }, flavor: { name: L40S } }).description, 'in stock');
  });
});
