import * as assert from 'node:assert/strict';
import type { GpuFlavor } from '../../../../../src/api/gpu/gpuFlavorTypes';
import { compareFlavors, flavorAvailability, sortFlavors } from '../../../../../src/views/gpu/presentation/flavorView';

interface Spec {
  name: string;
  model?: string | null;
  count?: number | null;
  vcpus?: number | null;
  ram?: number | null;
  capacity?: number | null;
  disabled?: boolean | null;
}

function flavor({ name, model, count, vcpus, ram, capacity, disabled }: Spec): GpuFlavor {
  return {
    name,
    ...(capacity !== undefined ? { capacity } : {}),
    ...(disabled !== undefined ? { disabled } : {}),
    hardware_description: { vcpus, ram },
    hardware_properties: { gpu_model: model, gpu_count: count },
  };
}

/** Deterministic pseudo-random numbers so a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = random(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

describe('flavorAvailability', () => {
  const cases: [string, Partial<GpuFlavor>, string][] = [
    ['capacity above zero', { capacity: 4, disabled: false }, 'available'],
    ['missing capacity', {}, 'available'],
    ['null capacity', { capacity: null }, 'available'],
    ['capacity zero', { capacity: 0 }, 'outOfStock'],
    ['capacity zero, disabled false', { capacity: 0, disabled: false }, 'outOfStock'],
    ['disabled with stock', { capacity: 10, disabled: true }, 'disabled'],
    ['disabled and out of stock', { capacity: 0, disabled: true }, 'disabled'],
    ['disabled null', { capacity: 2, disabled: null }, 'available'],
  ];
  for (const [title, fields, expected] of cases) {
    it(`${title} → ${expected}`, () => {
      assert.equal(flavorAvailability({ name: 'f', ...fields }), expected);
    });
  }
});

describe('sortFlavors', () => {
  // Listed in the expected order.
  const expected: Spec[] = [
    { name: 'a100-1x-16', model: 'A100', count: 1, vcpus: 16, ram: 65536, capacity: 3 },
    { name: 'a100-1x-32', model: 'A100', count: 1, vcpus: 32, ram: 65536 },
    { name: 'a100-2x-16', model: 'A100', count: 2, vcpus: 16, ram: 65536, capacity: 1 },
    { name: 'l40s-1x-64g', model: 'L40S', count: 1, vcpus: 16, ram: 65536, capacity: 5 },
    { name: 'l40s-1x-96g', model: 'L40S', count: 1, vcpus: 16, ram: 98304, capacity: 5 },
    { name: 'l40s-twin-2', model: 'L40S', count: 1, vcpus: 16, ram: 131072 },
    { name: 'l40s-twin-10', model: 'L40S', count: 1, vcpus: 16, ram: 131072 },
    { name: 'l40s-no-ram', model: 'L40S', count: 1, vcpus: 16 },
    { name: 'l40s-no-count', model: 'L40S', vcpus: 8, ram: 1024 },
    { name: 'no-model', model: null, count: 1, vcpus: 4, ram: 1024, disabled: false },
    { name: 'oos-a100', model: 'A100', count: 8, vcpus: 64, ram: 524288, capacity: 0 },
    { name: 'oos-h100', model: 'H100', count: 1, vcpus: 16, ram: 65536, capacity: 0 },
    { name: 'disabled-a100', model: 'A100', count: 1, vcpus: 16, ram: 65536, capacity: 0, disabled: true },
    { name: 'disabled-no-model', count: 1, vcpus: 16, ram: 65536, capacity: 5, disabled: true },
  ];
  const flavors = expected.map(flavor);

  for (const seed of [1, 2, 3, 42, 1234]) {
    it(`orders a shuffled table by availability, model, count, vCPUs, RAM and name (seed ${seed})`, () => {
      const input = shuffled(flavors, seed);
      const before = [...input];
      const names = sortFlavors(input).map((f) => f.name);
      assert.deepEqual(
        names,
        expected.map((s) => s.name),
      );
      assert.deepEqual(input, before, 'the input array is left as it was');
    });
  }

  it('returns a new array', () => {
    const input = flavors.slice(0, 3);
    assert.notEqual(sortFlavors(input), input);
  });

  it('keeps the input order of flavors that compare equal', () => {
    const first = flavor({ name: 'same', model: 'A100', count: 1 });
    const second = flavor({ name: 'same', model: 'A100', count: 1 });
    assert.equal(compareFlavors(first, second), 0);
    const sorted = sortFlavors([second, first]);
    assert.equal(sorted[0], second);
    assert.equal(sorted[1], first);
  });

  it('orders names that differ only in case in a fixed way', () => {
    const lower = flavor({ name: 'gpu-a' });
    const upper = flavor({ name: 'GPU-A' });
    assert.notEqual(compareFlavors(lower, upper), 0);
    assert.deepEqual(
      sortFlavors([lower, upper]).map((f) => f.name),
      sortFlavors([upper, lower]).map((f) => f.name),
    );
  });

  it('is antisymmetric and agrees with sortFlavors on every pair of the table', () => {
    for (const [i, a] of flavors.entries()) {
      assert.equal(compareFlavors(a, a), 0);
      for (const [j, b] of flavors.entries()) {
        if (i === j) continue;
        assert.equal(Math.sign(compareFlavors(a, b)), Math.sign(i - j), `${a.name} vs ${b.name}`);
        assert.equal(Math.sign(compareFlavors(b, a)), -Math.sign(compareFlavors(a, b)));
      }
    }
  });

  it('tolerates flavors without hardware objects or with nulls in them', () => {
    const bare: GpuFlavor = { name: 'bare' };
    const nulls: GpuFlavor = { name: 'nulls', hardware_description: null, hardware_properties: null };
    const full = flavor({ name: 'full', model: 'A100', count: 1, vcpus: 1, ram: 1 });
    assert.deepEqual(
      sortFlavors([nulls, bare, full]).map((f) => f.name),
      ['full', 'bare', 'nulls'],
    );
  });

  it('sorts 5,000 generated flavors into a consistent order', () => {
    const next = random(2024);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const models = ['A100', 'H100', 'L40S', 'a100', 'RTX 4000', undefined, null];
    const generated: GpuFlavor[] = Array.from({ length: 5000 }, (_, index) =>
      flavor({
        name: `g${pick([1, 2, 3])}-gpu-${index % 97}`,
        model: pick(models),
        count: pick([1, 2, 4, 8, null, undefined]),
        vcpus: pick([4, 8, 16, 32, 64, null]),
        ram: pick([16384, 32768, 65536, 98304, undefined]),
        capacity: pick([0, 1, 5, null, undefined]),
        disabled: pick([true, false, false, false, null, undefined]),
      }),
    );

    const sorted = sortFlavors(generated);

    assert.equal(sorted.length, generated.length);
    assert.deepEqual(new Set(sorted), new Set(generated), 'same flavors, each once');
    const rank = { available: 0, outOfStock: 1, disabled: 2 };
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1];
      const current = sorted[i];
      assert.ok(compareFlavors(previous, current) <= 0, `${i}: ${previous.name} before ${current.name}`);
      const groupStep = rank[flavorAvailability(current)] - rank[flavorAvailability(previous)];
      assert.ok(groupStep >= 0, `availability groups are in order at ${i}`);
      if (groupStep === 0) {
        const previousModel = previous.hardware_properties?.gpu_model ?? undefined;
        const currentModel = current.hardware_properties?.gpu_model ?? undefined;
        assert.ok(!(previousModel === undefined && currentModel !== undefined), `missing models come last at ${i}`);
        if (previousModel !== undefined && currentModel !== undefined) {
          assert.ok(previousModel.localeCompare(currentModel, 'en', { sensitivity: 'base' }) <= 0, `models in order at ${i}`);
        }
      }
    }
    const groups = sorted.map((f) => flavorAvailability(f));
    assert.ok(groups.includes('available') && groups.includes('outOfStock') && groups.includes('disabled'));
  });

  it('gives the order of compareFlavors, models that differ only in case included, whatever the input order', () => {
    const next = random(77);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const generated: GpuFlavor[] = Array.from({ length: 600 }, (_, index) =>
      flavor({
        name: pick(['g1-', 'G1-', 'g2-']) + String(index % 40),
        model: pick(['rtx 4000', 'RTX 4000', 'A100', 'a100', undefined]),
        count: pick([1, 2, undefined]),
        vcpus: pick([8, 16]),
        capacity: pick([0, 3]),
      }),
    );
    const reference = [...generated].sort(compareFlavors);
    for (const seed of [5, 6, 7]) {
      assert.deepEqual(
        sortFlavors(shuffled(generated, seed)).map((f) => f.name),
        reference.map((f) => f.name),
        `seed ${seed}`,
      );
    }
    assert.deepEqual(sortFlavors(generated), reference, 'equal flavors keep their input order');
  });
});

describe('name order without the collator', () => {
  it('matches numeric, case-insensitive collation for generated flavor-like names', () => {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = 'abcxyzABZ0123456789-.';
    const names = Array.from({ length: 2_000 }, () =>
      Array.from({ length: 1 + random(14) }, () => alphabet[random(alphabet.length)]).join(''),
    );
    const sorted = sortFlavors(names.map((name) => ({ name }))).map((flavor) => flavor.name);
    const reference = [...names].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
    assert.deepEqual(sorted, reference);
  });
});
