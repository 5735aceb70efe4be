import type { GpuFlavor } from '../../../api/gpu/gpuFlavorTypes';
import { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
import { flavorName, readFlavorHardware } from './flavorFacts';
import { lazy } from '../../presentation/lazy';
import { compareTableNames, isInCollationTable } from '../../presentation/nameCollation';

const GROUP_RANK: Record<FlavorAvailability, number> = { available: 0, outOfStock: 1, disabled: 2 };

interface SortKey {
  flavor: GpuFlavor;
  group: number;
  gpuModel: SortText | undefined;
  gpuCount: number | undefined;
  vcpus: number | undefined;
  ramMiB: number | undefined;
  name: SortText;
  /** The GPU model's place among a list's distinct models (missing last), set by sortFlavors so that it compares numbers. */
  modelRank: number;
}

/** A text with whether the collator's order can be computed without the collator (see nameCollation). */
interface SortText {
  text: string;
  inTable: boolean;
}

function sortText(text: string): SortText {
  return { text, inTable: isInCollationTable(text) };
}

// Numeric collation puts "g1-gpu-2" before "g1-gpu-10", which is how people read flavor names.
const collator = lazy(() => new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

function sortKey(flavor: GpuFlavor): SortKey {
  const hardware = readFlavorHardware(flavor);
  return {
    flavor,
    group: GROUP_RANK[flavorAvailability(flavor)],
    gpuModel: hardware.gpuModel === undefined ? undefined : sortText(hardware.gpuModel),
    gpuCount: hardware.gpuCount,
    vcpus: hardware.vcpus,
    ramMiB: hardware.ramMiB,
    name: sortText(flavorName(flavor)),
    modelRank: 0,
  };
}

/** Falls back to code-unit order so that strings the collator calls equal still have a fixed order. */
function compareText(a: SortText, b: SortText): number {
  const order = a.inTable && b.inTable ? compareTableNames(a.text, b.text) : collator().compare(a.text, b.text);
  return order || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}

function compareOptionalText(a: SortText | undefined, b: SortText | undefined): number {
  if (a === undefined || b === undefined) return missingLast(a, b);
  return compareText(a, b);
}

function compareOptionalNumber(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined) return missingLast(a, b);
  return a - b;
}

function missingLast(a: unknown, b: unknown): number {
  return (a === undefined ? 1 : 0) - (b === undefined ? 1 : 0);
}

function compareKeys(a: SortKey, b: SortKey): number {
  return (
    a.group - b.group ||
    compareOptionalText(a.gpuModel, b.gpuModel) ||
    compareOptionalNumber(a.gpuCount, b.gpuCount) ||
    compareOptionalNumber(a.vcpus, b.vcpus) ||
    compareOptionalNumber(a.ramMiB, b.ramMiB) ||
    compareText(a.name, b.name)
  );
}

/**
 * Available flavors first, then out of stock, then disabled; within a group by GPU model (missing last), GPU
 * count, vCPUs, RAM and name. Only flavors equal in all of these compare as 0.
 */
export function compareFlavors(a: GpuFlavor, b: GpuFlavor): number {
  return compareKeys(sortKey(a), sortKey(b));
}

function compareHardware(a: SortKey, b: SortKey): number {
  return (
    a.group - b.group ||
    a.modelRank - b.modelRank ||
    compareOptionalNumber(a.gpuCount, b.gpuCount) ||
    compareOptionalNumber(a.vcpus, b.vcpus) ||
    compareOptionalNumber(a.ramMiB, b.ramMiB)
  );
}

function compareNames(a: SortKey, b: SortKey): number {
  return compareText(a.name, b.name);
}

function rankModels(keys: readonly SortKey[]): Map<string, number> {
  const models = new Map<string, SortText>();
  for (const { gpuModel } of keys) if (gpuModel !== undefined) models.set(gpuModel.text, gpuModel);
  return new Map([...models.values()].sort(compareText).map((model, rank) => [model.text, rank]));
}

/** Sorts each run of flavors with the same hardware by name, in place. */
function sortRunsByName(ranked: SortKey[]): void {
  for (let start = 0; start < ranked.length;) {
    let end = start + 1;
    while (end < ranked.length && compareHardware(ranked[start], ranked[end]) === 0) end++;
    if (end - start > 1) {
      const run = ranked.slice(start, end).sort(compareNames);
      for (let i = 0; i < run.length; i++) ranked[start + i] = run[i];
    }
    start = end;
  }
}

/**
 * A sorted copy, in the order of compareFlavors. A region can list thousands of flavors, so keys are computed
 * once per flavor, the few GPU models are ranked once, and names are compared only within runs of equal
 * hardware: a list that arrives in name order (the emulator's does) leaves each run in order, and sorting a run
 * already in order costs one comparison per flavor.
 */
export function sortFlavors(flavors: readonly GpuFlavor[]): GpuFlavor[] {
  const keys = flavors.map(sortKey);
  const modelRanks = rankModels(keys);
  for (const key of keys) key.modelRank = key.gpuModel === undefined ? modelRanks.size : (modelRanks.get(key.gpuModel.text) as number);
  keys.sort(compareHardware);
  sortRunsByName(keys);
  return keys.map(({ flavor }) => flavor);
}
