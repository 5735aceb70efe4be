import type { GpuFlavor } from '../../api/types';
import { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
import { flavorName, readFlavorHardware } from './flavorFacts';
import { lazy } from './lazy';
import { compareTableNames, isInCollationTable } from './nameCollation';

const GROUP_RANK: Record<FlavorAvailability, number> = { available: 0, outOfStock: 1, disabled: 2 };

interface SortKey {
  group: number;
  gpuModel: SortText | undefined;
  gpuCount: number | undefined;
  vcpus: number | undefined;
  ramMiB: number | undefined;
  name: SortText;
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
    group: GROUP_RANK[flavorAvailability(flavor)],
    gpuModel: hardware.gpuModel === undefined ? undefined : sortText(hardware.gpuModel),
    gpuCount: hardware.gpuCount,
    vcpus: hardware.vcpus,
    ramMiB: hardware.ramMiB,
    name: sortText(flavorName(flavor)),
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

/** A sorted copy; keys are computed once per flavor because a region can list thousands of flavors. */
export function sortFlavors(flavors: readonly GpuFlavor[]): GpuFlavor[] {
  return flavors
    .map((flavor) => ({ flavor, key: sortKey(flavor) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ flavor }) => flavor);
}
