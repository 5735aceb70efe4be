import * as assert from 'node:assert/strict';
import { readErrorBody } from '../../../src/api/http/errorBody';

describe('readErrorBody', () => {
  it('leaves an unknown entity of a gateway page as it came, whatever its name', () => {
    const page = '<html><head><title>Down &amp; out &constructor; &tostring; &lt;now&gt;</title></head></html>';
    assert.equal(readErrorBody(undefined, page, null).apiMessage, 'Down & out &constructor; &tostring; <now>');
  });
});
