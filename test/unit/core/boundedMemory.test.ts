import * as assert from 'node:assert/strict';
import { remembered } from '../../../src/core/boundedMemory';

describe('remembered', () => {
  it('computes a key once, an undefined value included, and starts over at the limit', () => {
    const memory = new Map<string, string | undefined>();
    const computed: string[] = [];
    const read = (key: string) => {
      computed.push(key);
      return key === 'none' ? undefined : key.toUpperCase();
    };
    assert.equal(remembered(memory, 'a', 3, read), 'A');
    assert.equal(remembered(memory, 'a', 3, read), 'A');
    assert.equal(remembered(memory, 'none', 3, read), undefined);
    assert.equal(remembered(memory, 'none', 3, read), undefined);
    assert.deepEqual(computed, ['a', 'none']);
    remembered(memory, 'b', 3, read);
    assert.equal(memory.size, 3);
    assert.equal(remembered(memory, 'c', 3, read), 'C');
    assert.deepEqual([...memory.keys()], ['c'], 'full: the memory started over with the new key');
  });
});
