import * as assert from 'node:assert/strict';
import { redact } from '../../../src/logging/redaction';
import { requestLogLine } from '../../../src/logging/requestLogLine';

describe('request log lines', () => {
  it('name the method, path, status, duration and request id', () => {
    assert.equal(
      requestLogLine({
        method: 'GET',
        path: '/cloud/v3/gpu/virtual/1/2/flavors',
        attempt: 0,
        durationMs: 52,
        status: 200,
        requestId: 'abc',
        outcome: 'ok',
      }),
      'GET /cloud/v3/gpu/virtual/1/2/flavors → 200 in 52 ms request-id=abc',
    );
  });

  it('name the retry and the failure kind when there is no status', () => {
    assert.equal(
      requestLogLine({ method: 'GET', path: '/x', attempt: 2, durationMs: 5, outcome: 'network' }),
      'GET /x → network in 5 ms (retry 2)',
    );
  });
});

describe('redact', () => {
  const cases: [string, (string | undefined)[], string][] = [
    ['key is s3cr3t-key', ['s3cr3t-key'], 'key is ***'],
    ['twice s3cr3t-key s3cr3t-key', ['s3cr3t-key', undefined], 'twice *** ***'],
    ['Authorization: apikey abc$def', [], 'Authorization: apikey ***'],
    ['{"authorization":"apikey zz"}', [], '{"authorization":"apikey ***"}'],
    ['Authorization: Bearer tok', [], 'Authorization: ***'],
    ['headers authorization=abc', [], 'headers authorization=***'],
    ['nothing secret here', ['s3cr3t-key'], 'nothing secret here'],
    ['short keys like abc are left', ['abc'], 'short keys like abc are left'],
  ];
  for (const [text, secrets, expected] of cases) {
    it(`turns ${JSON.stringify(text)} into ${JSON.stringify(expected)}`, () => {
      assert.equal(redact(text, secrets), expected);
    });
  }
});
