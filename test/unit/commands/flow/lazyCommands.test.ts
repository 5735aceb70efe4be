import * as assert from 'node:assert/strict';
import { command } from '../../../../src/commands/flow/command';
import { lazyCommands } from '../../../../src/commands/flow/lazyCommands';

const named = (id: string) => command({ id, what: () => id, run: async () => id });

describe('commands loaded on first use', () => {
  it('loads its code once, however many of its commands are called', async () => {
    let loads = 0;
    const group = lazyCommands(['gcore.a', 'gcore.b'], async () => {
      loads += 1;
      return [named('gcore.a'), named('gcore.b')];
    });
    assert.equal(loads, 0);
    const [first, second] = await Promise.all([group.load(), group.load()]);
    await group.load();
    assert.equal(loads, 1);
    assert.equal(first, second);
    assert.deepEqual([...first.keys()], ['gcore.a', 'gcore.b']);
  });

  it('refuses code whose commands are not the ids it registered, naming the difference', async () => {
    await assert.rejects(lazyCommands(['gcore.a', 'gcore.b'], async () => [named('gcore.a')]).load(), /gcore\.b/);
    await assert.rejects(lazyCommands(['gcore.a'], async () => [named('gcore.a'), named('gcore.c')]).load(), /gcore\.c/);
    await assert.rejects(lazyCommands(['gcore.a'], async () => [named('gcore.a'), named('gcore.a')]).load(), /twice/);
  });

  it('tries a failed load again on the next call, and keeps the one that succeeded', async () => {
    let loads = 0;
    const group = lazyCommands(['gcore.a'], async () => {
      loads += 1;
      if (loads === 1) throw new Error('features.js could not be read');
      return [named('gcore.a')];
    });
    await assert.rejects(group.load(), /could not be read/);
    const loaded = await group.load();
    assert.deepEqual([...loaded.keys()], ['gcore.a']);
    assert.equal(await group.load(), loaded);
    assert.equal(loads, 2);
  });
});
