import * as assert from 'node:assert/strict';
import type { GpuBaremetalFlavor } from '../../../../../src/api/gpu/gpuFlavorTypes';
import {
  baremetalFlavorTooltip,
  baremetalFlavorView,
  sortBaremetalFlavors,
} from '../../../../../src/views/gpu/presentation/baremetalFlavorView';
import { tableRows } from '../../markdownReading';

/** A bare-metal flavor as Gcore publishes it: CPU, RAM and disk in words. */
const H100: GpuBaremetalFlavor = {
  name: 'bm3-ai-1xlarge-h100-80-8',
  capacity: 2,
  reserved_capacity: 0,
  disabled: false,
  hardware_description: { cpu: '2x Intel Xeon 8480+', ram: '2TB DDR5', disk: '8x3.84TB NVMe', gpu: '8x Nvidia H100 80GB' },
  hardware_properties: { gpu_count: 8, gpu_model: 'H100', gpu_manufacturer: 'Nvidia' },
  price: { price_per_hour: 22.5, currency_code: 'EUR', price_status: 'show' },
};

describe('baremetalFlavorView', () => {
  it('marks the row bare metal, with its GPUs, CPU and RAM as Gcore words them, and the price when prices are on', () => {
    const view = baremetalFlavorView(H100, { showPrices: true });
    assert.equal(view.label, 'bm3-ai-1xlarge-h100-80-8');
    assert.equal(view.description, 'bare metal · 8× H100 80 GB · 2x Intel Xeon 8480+ · 2TB DDR5 · €22.50/h');
    assert.equal(view.contextValue, 'flavor.baremetal');
    assert.doesNotMatch(baremetalFlavorView(H100, { showPrices: false }).description ?? '', /\/h/);
  });

  it("counts the customer's reservations as stock, and says out of stock and disabled first", () => {
    assert.equal(
      baremetalFlavorView({ ...H100, capacity: 0, reserved_capacity: 1 }, { showPrices: false }).contextValue,
      'flavor.baremetal',
    );
    const empty = baremetalFlavorView({ ...H100, capacity: 0 }, { showPrices: false });
    assert.equal(empty.contextValue, 'flavor.baremetal.outOfStock');
    assert.match(empty.description ?? '', /^Out of stock · bare metal/);
    assert.equal(baremetalFlavorView({ ...H100, disabled: true }, { showPrices: false }).contextValue, 'flavor.baremetal.disabled');
  });

  it('sorts available flavors first, then by name', () => {
    const sorted = sortBaremetalFlavors([
      { ...H100, name: 'b', capacity: 0 },
      { ...H100, name: 'c' },
      { ...H100, name: 'a', disabled: true },
    ]);
    assert.deepEqual(
      sorted.map((flavor) => flavor.name),
      ['c', 'b', 'a'],
    );
  });

  it('tells disk, network and the reservations in the hover', () => {
    const rows = new Map(tableRows(baremetalFlavorTooltip({ ...H100, reserved_capacity: 1 })).map((row) => [row.label, row.value]));
    assert.equal(rows.get('Disk'), '8x3.84TB NVMe');
    assert.equal(rows.get('Reserved for you'), '1');
    assert.equal(rows.get('Kind'), 'bare metal');
  });
});
