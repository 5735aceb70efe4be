import * as assert from 'node:assert/strict';
import { readErrorBody } from '../../../../src/api/http/errorBody';

describe('readErrorBody', () => {
  it('leaves an unknown entity of a gateway page as it came, whatever its name', () => {
    const page = '<html><head><title>Down &amp; out &constructor; &tostring; &lt;now&gt;</title></head></html>';
    assert.equal(readErrorBody(undefined, page, null).apiMessage, 'Down & out &constructor; &tostring; <now>');
  });

  it("keeps a field or quota fact named like an object's prototype as a field (JSON.parse makes it an own key)", () => {
    const body = JSON.parse(
      '{"message":"Invalid input.","invalid_fields":{"__proto__":["Not allowed"],"name":["Required"]},"info":{"__proto__":"x","limit":3}}',
    ) as unknown;
    const reading = readErrorBody(body, '', null);
    assert.deepEqual(Object.entries(reading.fieldErrors ?? {}), [
      ['__proto__', ['Not allowed']],
      ['name', ['Required']],
    ]);
    assert.deepEqual(Object.entries(reading.quota ?? {}), [
      ['__proto__', 'x'],
      ['limit', 3],
    ]);
    assert.equal(Object.getPrototypeOf(reading.fieldErrors), Object.prototype);
  });
});
