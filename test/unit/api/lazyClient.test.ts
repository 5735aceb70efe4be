import * as assert from 'node:assert/strict';
import { lazyClient } from '../../../src/api/lazyClient';

class Counter {
  private count = 0;
  async add(step: number): Promise<number> {
    this.count += step;
    return this.count;
  }
  async reset(): Promise<void> {
    this.count = 0;
  }
}

describe('a client loaded on its first call', () => {
  it('loads nothing until called, then once for every method, which answers as the client does', async () => {
    let loads = 0;
    const client = lazyClient<Counter>({ add: true, reset: true }, async () => {
      loads += 1;
      return new Counter();
    });
    assert.equal(loads, 0);
    assert.deepEqual(await Promise.all([client.add(1), client.add(2)]), [1, 3]);
    await client.reset();
    assert.equal(await client.add(5), 5);
    assert.equal(loads, 1);
  });

  it('fails the call whose load failed, and loads again on the next call', async () => {
    let loads = 0;
    const client = lazyClient<Counter>({ add: true, reset: true }, async () => {
      loads += 1;
      if (loads === 1) throw new Error('features.js could not be read');
      return new Counter();
    });
    await assert.rejects(client.add(1), /could not be read/);
    assert.equal(await client.add(1), 1);
    assert.equal(loads, 2);
  });
});
