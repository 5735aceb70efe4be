import * as assert from 'node:assert/strict';
import { ToolCallJoiner } from '../../../../src/models/inference/toolCallFragments';

describe('ToolCallJoiner', () => {
  it('joins fragments by index into whole calls with parsed arguments, in index order', () => {
    const joiner = new ToolCallJoiner();
    joiner.add({ index: 1, id: 'b', name: 'get_time', arguments: '' });
    joiner.add({ index: 0, id: 'a', name: 'get_weather', arguments: '{"ci' });
    joiner.add({ index: 1, arguments: '{"zone":' });
    joiner.add({ index: 0, arguments: 'ty":"Riga"}' });
    joiner.add({ index: 1, arguments: '"UTC"}' });
    assert.equal(joiner.size, 2);
    assert.deepEqual(joiner.finish(), [
      { id: 'a', name: 'get_weather', input: { city: 'Riga' } },
      { id: 'b', name: 'get_time', input: { zone: 'UTC' } },
    ]);
    assert.equal(joiner.size, 0);
  });

  it('makes up an id the model left out and takes no arguments as {}', () => {
    const joiner = new ToolCallJoiner();
    joiner.add({ index: 3, name: 'list' });
    assert.deepEqual(joiner.finish(), [{ id: 'call_3', name: 'list', input: {} }]);
  });

  it('names the tool whose arguments are not a JSON object', () => {
    const joiner = new ToolCallJoiner();
    joiner.add({ index: 0, id: 'a', name: 'broken', arguments: '[1,' });
    assert.throws(() => joiner.finish(), /broken/);
  });
});
