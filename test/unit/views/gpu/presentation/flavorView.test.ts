import * as assert from 'node:assert/strict';
import type { GpuFlavor } from '../../../../../src/api/gpu/gpuFlavorTypes';
import { flavorTooltipMarkdown, flavorView, unreadableFlavorsView } from '../../../../../src/views/gpu/presentation/flavorView';
import { escapeMarkdown } from '../../../../../src/views/presentation/itemView';
import { tableRows, unescapeMarkdown, unescapedPunctuation } from '../../markdownReading';

function l40s(overrides: Partial<GpuFlavor> = {}): GpuFlavor {
  return {
    name: 'g2-gpu-l40s-1',
    architecture: 'x86_64',
    capacity: 3,
    disabled: false,
    hardware_description: { gpu: '1x NVIDIA L40S 48GB', ram: 98304, vcpus: 16 },
    hardware_properties: { gpu_count: 1, gpu_manufacturer: 'NVIDIA', gpu_model: 'L40S' },
    price: { currency_code: 'EUR', price_per_hour: 1.234, price_per_month: 900, price_status: 'show' },
    ...overrides,
  };
}

const withPrices = { showPrices: true };
const withoutPrices = { showPrices: false };

describe('flavorView description', () => {
  it('summarises GPU, vCPUs and RAM, then the price when prices are shown', () => {
    assert.equal(flavorView(l40s(), withPrices).description, '1× L40S 48 GB · 16 vCPU · 96 GiB · €1.23/h');
  });

  it('leaves the price out when prices are not shown', () => {
    assert.equal(flavorView(l40s(), withoutPrices).description, '1× L40S 48 GB · 16 vCPU · 96 GiB');
  });

  it('leaves the price out when the API says not to show it', () => {
    const hidden = l40s({ price: { currency_code: 'EUR', price_per_hour: 1.2, price_status: 'hide' } });
    assert.equal(flavorView(hidden, withPrices).description, '1× L40S 48 GB · 16 vCPU · 96 GiB');
  });

  const ramCases: [number, string][] = [
    [512, '512 MiB'],
    [1024, '1 GiB'],
    [1536, '1.5 GiB'],
    [100000, '97.7 GiB'],
    [2097152, '2,048 GiB'],
  ];
  for (const [ram, text] of ramCases) {
    it(`shows ${ram} MiB of RAM as ${text}`, () => {
      const view = flavorView({ name: 'f', hardware_description: { ram } }, withoutPrices);
      assert.equal(view.description, text);
    });
  }

  it('reads real flavors, whose models are lower case and whose memory is only in the GPU text', () => {
    const h100: GpuFlavor = {
      name: 'g3-ai-24-232-1000-h100-80-1',
      hardware_description: { gpu: 'NVIDIA H100-1GPU (80GB)', ram: 237568, vcpus: 24 },
      hardware_properties: { gpu_count: 1, gpu_manufacturer: 'nvidia', gpu_model: 'h100' },
    };
    assert.equal(flavorView(h100, withoutPrices).description, '1× H100 80 GB · 24 vCPU · 232 GiB');
  });

  it('falls back to the GPU text when the structured model is missing', () => {
    const sparse: GpuFlavor = {
      name: 'g1-gpu-1-2-1',
      hardware_description: { gpu: '1x NVIDIA 11GB', ram: 2048, vcpus: null },
      hardware_properties: { gpu_count: 1, gpu_model: null },
    };
    assert.equal(flavorView(sparse, withPrices).description, '1x NVIDIA 11GB · 2 GiB');
  });

  it('shows a GPU count without model or text as a count of GPUs', () => {
    const view = flavorView({ name: 'f', hardware_properties: { gpu_count: 2 } }, withoutPrices);
    assert.equal(view.description, '2× GPU');
  });

  it('shows the model alone when the count is missing', () => {
    const view = flavorView({ name: 'f', hardware_properties: { gpu_model: 'H100' }, hardware_description: { vcpus: 8 } }, withoutPrices);
    assert.equal(view.description, 'H100 · 8 vCPU');
  });

  it('has no description for a flavor with nothing to summarise', () => {
    for (const flavor of [
      { name: 'bare' },
      { name: 'nulls', hardware_description: null, hardware_properties: null, price: null },
      { name: 'empty', hardware_description: {}, hardware_properties: {} },
    ]) {
      const view = flavorView(flavor, withPrices);
      assert.equal(view.label, flavor.name);
      assert.equal(view.description, undefined, flavor.name);
    }
  });

  it('leads with "Out of stock" when capacity is 0', () => {
    assert.equal(flavorView(l40s({ capacity: 0 }), withPrices).description, 'Out of stock · 1× L40S 48 GB · 16 vCPU · 96 GiB · €1.23/h');
  });

  it('leads with "Disabled" when disabled, whatever the capacity', () => {
    assert.equal(
      flavorView(l40s({ disabled: true, capacity: 0 }), withoutPrices).description,
      'Disabled · 1× L40S 48 GB · 16 vCPU · 96 GiB',
    );
    assert.equal(flavorView({ name: 'x', disabled: true }, withoutPrices).description, 'Disabled');
  });
});

describe('flavorView icon, label and contextValue', () => {
  it('marks an available flavor', () => {
    const view = flavorView(l40s(), withoutPrices);
    assert.equal(view.label, 'g2-gpu-l40s-1');
    assert.deepEqual(view.icon, { id: 'circuit-board' });
    assert.equal(view.contextValue, 'flavor');
  });

  it('marks an out-of-stock flavor', () => {
    const view = flavorView(l40s({ capacity: 0 }), withoutPrices);
    assert.deepEqual(view.icon, { id: 'warning', color: 'list.warningForeground' });
    assert.equal(view.contextValue, 'flavor.outOfStock');
  });

  it('marks a disabled flavor', () => {
    const view = flavorView(l40s({ disabled: true }), withoutPrices);
    assert.deepEqual(view.icon, { id: 'circle-slash', color: 'disabledForeground' });
    assert.equal(view.contextValue, 'flavor.disabled');
  });

  it('hands out icon objects that callers cannot use to change later views', () => {
    const first = flavorView(l40s(), withoutPrices);
    assert.throws(() => {
      first.icon!.id = 'changed';
    }, TypeError);
    assert.deepEqual(flavorView(l40s(), withoutPrices).icon, { id: 'circuit-board' });
  });
});

describe('flavorView tooltip', () => {
  it('is left out of the row, to be built when the row is hovered', () => {
    assert.equal(flavorView(l40s(), withoutPrices).tooltip, undefined);
  });

  it('lists every field, known ones with friendly labels first, unknown ones by their path', () => {
    const flavor = l40s({
      hardware_description: { gpu: '1x NVIDIA L40S 48GB', ram: 98304, vcpus: 16, local_storage: 200 },
      hardware_properties: { gpu_count: 1, gpu_manufacturer: 'NVIDIA', gpu_model: 'L40S', nic_eth: '2x100G', nic_ib: null },
      supported_features: { security_groups: true },
      tags: ['a', 'b'],
      empty_section: {},
    });
    const rows = tableRows(flavorTooltipMarkdown(flavor));
    assert.deepEqual(
      rows.map((row) => [row.label, row.value]),
      [
        ['Name', 'g2-gpu-l40s-1'],
        ['Architecture', 'x86_64'],
        ['Capacity', '3'],
        ['Disabled', 'no'],
        ['GPU manufacturer', 'NVIDIA'],
        ['GPU model', 'L40S'],
        ['GPU count', '1'],
        ['GPU', '1x NVIDIA L40S 48GB'],
        ['vCPUs', '16'],
        ['RAM', '96 GiB (98,304 MiB)'],
        ['Price status', 'show'],
        ['Price per hour', '€1.23/h'],
        ['Price per month', '€900.00/month'],
        ['Currency', 'EUR'],
        ['hardware_description.local_storage', '200'],
        ['hardware_properties.nic_eth', '2x100G'],
        ['hardware_properties.nic_ib', '—'],
        ['supported_features.security_groups', 'true'],
        ['tags', '["a","b"]'],
        ['empty_section', '{}'],
      ],
    );
  });

  it('starts with the name as a heading', () => {
    const tooltip = flavorTooltipMarkdown(l40s());
    assert.equal(tooltip.split('\n')[0], `### ${escapeMarkdown('g2-gpu-l40s-1')}`);
  });

  it('shows prices in the tooltip even when the description leaves them out', () => {
    const rows = tableRows(flavorTooltipMarkdown(l40s()));
    assert.equal(rows.find((row) => row.label === 'Price per hour')?.value, '€1.23/h');
  });

  it('does not show amounts the API marked as hidden, but still lists the fields', () => {
    const flavor = l40s({ price: { currency_code: 'EUR', price_per_hour: 1.2, price_per_month: null, price_status: 'hide' } });
    const rowList = tableRows(flavorTooltipMarkdown(flavor));
    const rows = new Map(rowList.map((row) => [row.label, row.value]));
    assert.match(rows.get('Price status')!, /^hide/);
    assert.equal(rows.get('Price per hour'), 'not shown (see price status)');
    assert.equal(rows.get('Price per month'), '—');
    assert.deepEqual(
      rowList.filter((row) => row.value.includes('1.2')),
      [],
    );
  });

  it('shows null hardware objects as rows of their own', () => {
    const rows = tableRows(flavorTooltipMarkdown({ name: 'n', hardware_description: null, hardware_properties: null, price: null }));
    assert.deepEqual(
      rows.map((row) => [row.label, row.value]),
      [
        ['Name', 'n'],
        ['Hardware properties', '—'],
        ['Hardware description', '—'],
        ['Price', '—'],
      ],
    );
  });

  it('shows values of an unexpected type as they came', () => {
    const rows = new Map(
      tableRows(flavorTooltipMarkdown({ name: 'odd', capacity: 'lots' as unknown as number, disabled: 'no' as unknown as boolean })).map(
        (row) => [row.label, row.value],
      ),
    );
    assert.equal(rows.get('Capacity'), 'lots');
    assert.equal(rows.get('Disabled'), 'no');
  });

  it('escapes Markdown in names, values and unknown field names', () => {
    const name = 'evil *bold* [x](https://evil.example) | <b>hi</b>';
    const flavor: GpuFlavor = {
      name,
      architecture: 'line one\n# line two',
      'we|ird [k](z)': '`code` _em_ |',
      hardware_description: { gpu: '![img](http://x/y.png)' },
    };
    const tooltip = flavorTooltipMarkdown(flavor);
    assert.ok(!tooltip.includes('[x](https'), 'no live link');
    assert.ok(!tooltip.includes('<b>'), 'no live HTML');
    assert.ok(!tooltip.includes('\n# line two'), 'no injected heading');
    const [heading] = tooltip.split('\n');
    assert.deepEqual(unescapedPunctuation(heading.slice('### '.length)), []);

    const rows = tableRows(tooltip);
    assert.deepEqual(
      rows.map((row) => [row.label, row.value]),
      [
        ['Name', name],
        ['Architecture', 'line one # line two'],
        ['GPU', '![img](http://x/y.png)'],
        ['we|ird [k](z)', '`code` _em_ |'],
      ],
    );
    for (const row of rows) {
      assert.deepEqual(unescapedPunctuation(row.rawValue), [], `value of ${row.label}`);
    }
  });

  it('explains why an out-of-stock flavor is unavailable', () => {
    const tooltip = flavorTooltipMarkdown(l40s({ capacity: 0 }));
    assert.match(tooltip, /\*\*Out of stock:\*\* .*no capacity/);
    assert.equal(tableRows(tooltip).find((row) => row.label === 'Capacity')?.value, '0 (out of stock)');
  });

  it('explains why a disabled flavor is unavailable', () => {
    assert.match(flavorTooltipMarkdown(l40s({ disabled: true })), /\*\*Disabled:\*\* .*disabled this flavor/);
  });

  it('says nothing about availability for an available flavor', () => {
    const tooltip = flavorTooltipMarkdown(l40s());
    assert.doesNotMatch(tooltip, /Out of stock|\*\*Disabled/);
  });
});

describe('unreadableFlavorsView', () => {
  it('counts the flavors that could not be read and names each problem in the tooltip', () => {
    const view = unreadableFlavorsView([
      { name: 'g1-*bad*', problem: 'results[3].capacity is string, expected number' },
      { problem: 'results[7].name is missing' },
    ]);
    assert.equal(view.label, '2 flavors could not be read');
    const text = unescapeMarkdown(view.tooltip);
    assert.ok(text.includes('- g1-*bad*: results[3].capacity is string, expected number'), text);
    assert.ok(text.endsWith('- results[7].name is missing'), text);
    assert.equal(unreadableFlavorsView([{ problem: 'x' }]).label, '1 flavor could not be read');
  });

  it('lists at most twenty problems and says how many more there are', () => {
    const view = unreadableFlavorsView(Array.from({ length: 25 }, (_, index) => ({ problem: `problem ${index}` })));
    assert.equal(view.tooltip.split('\n').filter((line) => line.startsWith('- ')).length, 21);
    assert.match(view.tooltip, /- and 5 more$/);
  });
});
