/**
 * The order `Intl.Collator('en', { numeric: true, sensitivity: 'base' })` gives, computed in plain
 * JavaScript for the characters names are made of. Sorting a region's thousands of flavors spent nearly
 * all its time in the collator; names with any other character are still left to it.
 *
 * For these characters ICU's root collation compares one primary weight per character: whitespace and
 * punctuation in the order below, then digits, then letters regardless of case; with `numeric` a run of
 * digits is one number, leading zeros ignored. A unit test pins the table against the collator itself.
 */
export const PUNCTUATION_IN_COLLATION_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';

const UNKNOWN = 0;
const DIGIT = PUNCTUATION_IN_COLLATION_ORDER.length + 1;
const FIRST_LETTER = DIGIT + 1;

const WEIGHTS = buildWeights();

function buildWeights(): Uint8Array {
  const weights = new Uint8Array(128);
  for (let i = 0; i < PUNCTUATION_IN_COLLATION_ORDER.length; i++) {
    weights[PUNCTUATION_IN_COLLATION_ORDER.charCodeAt(i)] = i + 1;
  }
  for (let code = 0x30; code <= 0x39; code++) weights[code] = DIGIT;
  for (let letter = 0; letter < 26; letter++) {
    weights[0x41 + letter] = FIRST_LETTER + letter;
    weights[0x61 + letter] = FIRST_LETTER + letter;
  }
  return weights;
}

function weightOf(code: number): number {
  return code < 128 ? WEIGHTS[code] : UNKNOWN;
}

function endOfDigits(text: string, from: number): number {
  let end = from;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

function skipZeros(text: string, from: number, end: number): number {
  let start = from;
  while (start < end && text.charCodeAt(start) === 0x30) start++;
  return start;
}

/** Compares two digit runs by value without converting them, so runs of any length compare exactly. */
function compareDigitRuns(a: string, aStart: number, aEnd: number, b: string, bStart: number, bEnd: number): number {
  const aFrom = skipZeros(a, aStart, aEnd);
  const bFrom = skipZeros(b, bStart, bEnd);
  const lengths = aEnd - aFrom - (bEnd - bFrom);
  if (lengths !== 0) return lengths;
  for (let i = 0; i < aEnd - aFrom; i++) {
    const difference = a.charCodeAt(aFrom + i) - b.charCodeAt(bFrom + i);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Whether every character of the text is in the table, so that compareTableNames may order it. */
export function isInCollationTable(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (weightOf(text.charCodeAt(i)) === UNKNOWN) return false;
  return true;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Negative, zero or positive as the collator would answer, for two texts that are both in the table
 * (check each once with isInCollationTable). Identical leading characters are skipped by code unit, back to
 * the start of a digit run they end in, because names in one region tend to share long prefixes.
 */
export function compareTableNames(a: string, b: string): number {
  if (a === b) return 0;
  const shorter = Math.min(a.length, b.length);
  let i = 0;
  while (i < shorter && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  while (i > 0 && isDigit(a.charCodeAt(i - 1))) i--;
  let j = i;
  while (i < a.length && j < b.length) {
    const aWeight = WEIGHTS[a.charCodeAt(i)];
    const bWeight = WEIGHTS[b.charCodeAt(j)];
    if (aWeight === DIGIT && bWeight === DIGIT) {
      const aEnd = endOfDigits(a, i);
      const bEnd = endOfDigits(b, j);
      const byValue = compareDigitRuns(a, i, aEnd, b, j, bEnd);
      if (byValue !== 0) return byValue;
      i = aEnd;
      j = bEnd;
      continue;
    }
    if (aWeight !== bWeight) return aWeight - bWeight;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}
