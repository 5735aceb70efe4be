import type { GpuFlavor } from '../../api/types';
import { flavorAvailability, type FlavorAvailability } from './flavorAvailability';
import { flavorName, readFlavorHardware } from './flavorFacts';
import { lazy } from './lazy';

const GROUP_RANK: Record<FlavorAvailability, number> = { available: 0, outOfStock: 1, disabled: 2 };

interface SortKey {
  group: number;
  gpuModel: CollatedText | undefined;
  gpuCount: number | undefined;
  vcpus: number | undefined;
  ramMiB: number | undefined;
  name: CollatedText;
}

/** A text with, where it can be had, a key whose plain string order equals the collator's order. */
interface CollatedText {
  text: string;
  fastKey: string | undefined;
}

// Numeric collation puts "g1-gpu-2" before "g1-gpu-10", which is how people read flavor names.
const collator = lazy(() => new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

const FAST_KEY_TEXT = /^[a-z0-9.-]*$/;
const DIGIT_RUN = /\d+/g;
const DIGITS_WIDTH = 15;

/**
 * Collator comparisons dominate sorting thousands of flavors, so names made of lower-case letters, digits,
 * dots and hyphens (all real flavor names and GPU models) get a key instead: case folded, digit runs
 * zero-padded so that they compare as numbers. For these characters the root collation orders
 * '-' < '.' < digits < letters, as plain code units do, so the key orders exactly as the collator.
 * Other text keeps the collator.
 */
function collated(text: string): CollatedText {
  const folded = text.toLowerCase();
  if (!FAST_KEY_TEXT.test(folded)) return { text, fastKey: undefined };
  let tooLong = false;
  const fastKey = folded.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '');
    if (digits.length > DIGITS_WIDTH) tooLong = true;
    return digits.padStart(DIGITS_WIDTH, '0');
  });
  return { text, fastKey: tooLong ? undefined : fastKey };
}

function sortKey(flavor: GpuFlavor): SortKey {
  const hardware = readFlavorHardware(flavor);
  return {
    group: GROUP_RANK[flavorAvailability(flavor)],
    gpuModel: hardware.gpuModel === undefined ? undefined : collated(hardware.gpuModel),
    gpuCount: hardware.gpuCount,
    vcpus: hardware.vcpus,
    ramMiB: hardware.ramMiB,
    name: collated(flavorName(flavor)),
  };
}

/** Falls back to code-unit order so that strings the collator calls equal still have a fixed order. */
function compareText(a: CollatedText, b: CollatedText): number {
  const primary =
    a.fastKey !== undefined && b.fastKey !== undefined
      ? codeUnitOrder(a.fastKey, b.fastKey)
      : collator().compare(a.text, b.text);
  return primary || codeUnitOrder(a.text, b.text);
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareOptionalText(a: CollatedText | undefined, b: CollatedText | undefined): number {
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
