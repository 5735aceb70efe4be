import * as assert from 'node:assert/strict';
import { PUNCTUATION_IN_COLLATION_ORDER, compareTableNames, isInCollationTable } from '../../../../src/views/presentation/nameCollation';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function sign(value: number): number {
  return value < 0 ? -1 : value > 0 ? 1 : 0;
}

/** Deterministic, so a failing pair can be reproduced. */
function randomInts(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

describe('compareTableNames', () => {
  it('has the punctuation in the order the collator gives it, before digits and letters', () => {
    const table = [...PUNCTUATION_IN_COLLATION_ORDER, '0', 'a'];
    const byCollator = [...table].sort((a, b) => collator.compare(a, b));
    assert.deepEqual(byCollator, table);
  });

  const cases: [string, string, number][] = [
    ['g1-gpu-2', 'g1-gpu-10', -1],
    ['a01', 'a1', 0],
    ['a', 'a0', -1],
    ['a-b', 'ab', -1],
    ['a b', 'a_b', -1],
    ['a.b', 'a-b', 1],
    ['L40S', 'l40s', 0],
    ['l4s', 'l40s', -1],
    ['x9y', 'x10', -1],
    ['0000', '0', 0],
    ['1' + '0'.repeat(30), '9'.repeat(30), 1],
  ];
  for (const [a, b, expected] of cases) {
    it(`${a} against ${b}: ${expected}`, () => {
      assert.ok(isInCollationTable(a) && isInCollationTable(b));
      assert.equal(sign(compareTableNames(a, b)), expected);
      assert.equal(sign(collator.compare(a, b)), expected, 'the case itself must agree with the collator');
    });
  }

  it('leaves names with other characters to the collator', () => {
    for (const text of ['café', 'a\u0000', 'ß', 'a\tb', 'Ω', '']) {
      assert.equal(isInCollationTable(text), text === '', JSON.stringify(text));
    }
  });

  it('agrees with the collator on 50,000 random pairs of flavor-like names', () => {
    const next = randomInts(7);
    const alphabet = `abcdefxyzABCXYZ0123456789${PUNCTUATION_IN_COLLATION_ORDER}0000000----`;
    const name = () => Array.from({ length: 1 + next(12) }, () => alphabet[next(alphabet.length)]).join('');
    for (let i = 0; i < 50_000; i++) {
      const a = name();
      // Half the pairs share a prefix, the case where digit runs and lengths decide.
      const b = next(2) === 0 ? a.slice(0, next(a.length + 1)) + name() : name();
      assert.ok(isInCollationTable(a) && isInCollationTable(b), `${JSON.stringify(a)} and ${JSON.stringify(b)} are in the table`);
      assert.equal(sign(compareTableNames(a, b)), sign(collator.compare(a, b)), `${JSON.stringify(a)} against ${JSON.stringify(b)}`);
    }
  });
});
