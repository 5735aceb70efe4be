import * as assert from 'node:assert/strict';
import { locateJsonProperties } from '../../../src/validation/jsonLocations';

function written(text: string, path: string): { key: string; value: string } {
  const location = locateJsonProperties(text).get(path);
  assert.ok(location, `${path} is located`);
  return { key: text.slice(location.keyStart, location.keyEnd), value: text.slice(location.valueStart, location.valueEnd) };
}

describe('locateJsonProperties', () => {
  const text =
    '{\n  "timeout": 500,\n  "scale": { "min": 5, "max": 3 },\n  "envs": {"A": "x \\" y", "B": ""},\n  "list": [1, {"deep": true}],\n  "description": null\n}\n';

  it('finds every property by its dotted path, key and value as written', () => {
    assert.deepEqual(written(text, 'timeout'), { key: '"timeout"', value: '500' });
    assert.deepEqual(written(text, 'scale'), { key: '"scale"', value: '{ "min": 5, "max": 3 }' });
    assert.deepEqual(written(text, 'scale.max'), { key: '"max"', value: '3' });
    assert.deepEqual(written(text, 'envs.A'), { key: '"A"', value: '"x \\" y"' });
    assert.deepEqual(written(text, 'list.1.deep'), { key: '"deep"', value: 'true' });
    assert.deepEqual(written(text, 'description'), { key: '"description"', value: 'null' });
  });

  it('keeps what it found before a fault in a text that does not parse, and never loops', () => {
    const found = locateJsonProperties('{ "timeout": 5, "scale": { "min": ');
    assert.ok(found.has('timeout'));
    for (const broken of ['[}', '{"a": }', '{"a" 1}', '{', '"', '', '{"a": [1,,]}']) {
      assert.deepEqual(locateJsonProperties(broken), new Map(), broken);
    }
  });
});
