import { APEX, relativeRecordName } from '../../../models/dns/recordName';
import { domainNameForDisplay } from '../../../validation/domainName';

/** A record set's name as its zone's file writes it. */
export interface RelativeName {
  /**
   * `@` for the apex, else the labels left of the zone (`www`, `selector1._domainkey`), lower-case ASCII as
   * names are compared; a name outside the zone, which Gcore should never send, stays whole with its
   * trailing dot so that it cannot pass for one inside.
   */
  key: string;
  /** The key with punycode labels in Unicode, as the zone row shows its name. */
  label: string;
  inZone: boolean;
}

/**
 * `name` as Gcore sent it (with or without the trailing dot, any case) within the zone `zone`: relative as
 * the zone's file writes it (relativeRecordName), with punycode labels in Unicode for the label.
 */
export function relativeName(name: string, zone: string): RelativeName {
  const key = relativeRecordName(name, zone);
  // domainToUnicode is the slow part of a row, and only punycode labels change under it.
  return { key, label: key.includes('xn--') ? domainNameForDisplay(key) : key, inZone: !key.endsWith('.') };
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function endOfDigits(text: string, from: number, end: number): number {
  let i = from;
  while (i < end && isDigit(text.charCodeAt(i))) i++;
  return i;
}

function skipZeros(text: string, from: number, end: number): number {
  let i = from;
  while (i < end - 1 && text.charCodeAt(i) === 0x30) i++;
  return i;
}

/** Two labels, given by their bounds in their names: by code unit, but a run of digits by its value. */
function compareLabels(a: string, i: number, endA: number, b: string, j: number, endB: number): number {
  while (i < endA && j < endB) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      const runA = endOfDigits(a, i, endA);
      const runB = endOfDigits(b, j, endB);
      const fromA = skipZeros(a, i, runA);
      const fromB = skipZeros(b, j, runB);
      const byLength = runA - fromA - (runB - fromB);
      if (byLength !== 0) return byLength;
      for (let k = 0; k < runA - fromA; k++) {
        const byDigit = a.charCodeAt(fromA + k) - b.charCodeAt(fromB + k);
        if (byDigit !== 0) return byDigit;
      }
      i = runA;
      j = runB;
    } else if (x !== y) {
      return x - y;
    } else {
      i++;
      j++;
    }
  }
  return endA - i - (endB - j);
}

/** Where the label that ends at `end` starts (a loop: V8's lastIndexOf is a runtime call, 100 ns each). */
function labelStart(name: string, end: number): number {
  let start = end;
  while (start > 0 && name.charCodeAt(start - 1) !== 0x2e) start--;
  return start;
}

/**
 * The order of names in the tree: label by label from the right (RFC 4034's canonical order, as
 * `named-compilezone` and DNSSEC tools list a zone), a run of digits by its value (`host2` before
 * `host10`). A name comes right before the names below it, so `_domainkey` is followed by its selectors and
 * `_tcp` by its services: in a zone of thousands of sets the tree reads as the zone's own tree, which plain
 * alphabetical order scatters (`api`, `mail`, `www.api`). The apex comes first, names outside the zone
 * last. Keys are lower-case punycode, so code units order them (`*`, `-`, digits, `_`, letters); the labels
 * are read in place, because sorting ten thousand sets must not cost more than building their rows.
 */
export function compareRelativeNames(a: RelativeName, b: RelativeName): number {
  if (a.inZone !== b.inZone) return a.inZone ? -1 : 1;
  const x = a.key === APEX ? '' : a.key;
  const y = b.key === APEX ? '' : b.key;
  let endX = x.length;
  let endY = y.length;
  while (endX > 0 && endY > 0) {
    const startX = labelStart(x, endX);
    const startY = labelStart(y, endY);
    const order = compareLabels(x, startX, endX, y, startY, endY);
    if (order !== 0) return order;
    endX = startX - 1;
    endY = startY - 1;
  }
  return endX - endY;
}
