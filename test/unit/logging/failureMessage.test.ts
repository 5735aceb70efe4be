import * as assert from 'node:assert/strict';
import { GcoreApiError, type ApiErrorKind } from '../../../src/api/errors';
import { describeFailure, errorForCaller, failureReason, recoveryLabel } from '../../../src/logging/failureMessage';
import { hideSecret } from '../../../src/logging/redaction';
import { whereTextHolds } from '../../support/everyText';

const cases: { kind: ApiErrorKind; status?: number; message: string; says: RegExp; actions: string[] }[] = [
  { kind: 'unauthorized', message: 'No Gcore API key is set.', says: /needs a Gcore API key/, actions: ['Set API Key'] },
  {
    kind: 'unauthorized',
    status: 401,
    message: 'Invalid token.',
    says: /rejected the API key \(Invalid token\)/,
    actions: ['Set API Key', 'Retry'],
  },
  {
    kind: 'forbidden',
    status: 403,
    message: 'Region is out of capacity',
    says: /out of capacity \(403\).*try another region/,
    actions: ['Retry', 'Show Log'],
  },
  { kind: 'notFound', status: 404, message: 'Container x not found', says: /not found \(404\)\. Check/, actions: ['Show Log'] },
  { kind: 'conflict', status: 409, message: 'zone already exists', says: /already exists \(409\)/, actions: ['Show Log'] },
  {
    kind: 'invalidInput',
    status: 400,
    message: 'Validation failed (scale.min: too big)',
    says: /refused the input: Validation failed \(scale\.min/,
    actions: ['Show Log'],
  },
  {
    kind: 'rateLimited',
    status: 429,
    message: "Gcore is limiting the rate of requests (429): Too many requests. Wait 5 s (Gcore's Retry-After) and try again.",
    says: /failed: Gcore is limiting the rate of requests \(429\): Too many requests\. Wait 5 s \(Gcore's Retry-After\) and try again\.$/,
    actions: ['Retry'],
  },
  {
    kind: 'server',
    status: 502,
    message: 'Bad gateway',
    says: /server error \(502\): Bad gateway\. Try again/,
    actions: ['Retry', 'Show Log'],
  },
  {
    kind: 'network',
    message: 'Could not reach the Gcore API at api.gcore.com (ECONNREFUSED).',
    says: /ECONNREFUSED\)\. Check the network connection, your proxy/,
    actions: ['Retry', 'Open Settings'],
  },
  {
    kind: 'timeout',
    message: 'The Gcore API did not answer within 30 s.',
    says: /within 30 s\. Try again, or raise gcore\.requestTimeoutSeconds/,
    actions: ['Retry', 'Open Settings'],
  },
  {
    kind: 'badBaseUrl',
    message: 'The API base URL is refused: use https:.',
    says: /Fix the setting gcore\.apiBaseUrl/,
    actions: ['Open Settings'],
  },
  {
    kind: 'badResponse',
    status: 200,
    message: 'The Gcore API sent an unexpected response: x.',
    says: /unexpected response: x\./,
    actions: ['Retry', 'Show Log'],
  },
];

describe('describeFailure', () => {
  for (const { kind, status, message, says, actions } of cases) {
    it(`says what failed and what to do next for ${kind}${status ? ` (${status})` : ''}`, () => {
      const failure = describeFailure(new GcoreApiError(kind, message, { status }), 'List GPU flavors');
      assert.match(failure.message, /^List GPU flavors /);
      assert.match(failure.message, says);
      assert.deepEqual(failure.actions.map(recoveryLabel), actions);
    });
  }

  it('adds the request id and a button to copy it', () => {
    const failure = describeFailure(new GcoreApiError('server', 'Boom', { status: 500, requestId: 'req-123' }), 'Create DNS zone');
    assert.match(failure.message, /\(request ID req-123\)$/);
    assert.deepEqual(failure.actions.map(recoveryLabel), ['Retry', 'Show Log', 'Copy Request ID']);
    assert.equal(failure.requestId, 'req-123');
  });

  it('offers Edit where the flow can reopen its prompts, and no Retry where it cannot', () => {
    const error = new GcoreApiError('invalidInput', 'Bad', { status: 400 });
    assert.deepEqual(describeFailure(error, 'Update container', { canEdit: true }).actions.map(recoveryLabel), ['Edit', 'Show Log']);
    const server = new GcoreApiError('server', 'Boom', { status: 500 });
    assert.deepEqual(describeFailure(server, 'Update container', { canRetry: false }).actions.map(recoveryLabel), ['Show Log']);
  });

  it('wraps errors that are not API errors', () => {
    assert.deepEqual(describeFailure(new Error('disk full'), 'Set API key'), {
      message: 'Set API key failed: disk full',
      actions: ['showLog'],
    });
    assert.equal(describeFailure('odd', 'Refresh').message, 'Refresh failed: odd');
  });

  it("says a 503 in the pipeline's words, which name the wait, not as a server error", () => {
    const busy = describeFailure(
      new GcoreApiError('server', "Gcore is unavailable for now (503): Busy. Wait 5 min (Gcore's Retry-After) and try again.", {
        status: 503,
        retryAfterMs: 300_000,
      }),
      'List GPU flavors',
    );
    assert.equal(
      busy.message,
      "List GPU flavors failed: Gcore is unavailable for now (503): Busy. Wait 5 min (Gcore's Retry-After) and try again.",
    );
    assert.deepEqual(busy.actions.map(recoveryLabel), ['Retry', 'Show Log']);
  });

  it('warns that a write whose answer was lost may have been carried out', () => {
    const failure = describeFailure(
      new GcoreApiError('timeout', 'The Gcore API did not answer completely within 30 s.', { mayHaveApplied: true }),
      'Create DNS zone a.example',
    );
    assert.match(failure.message, /may have received it before the answer was lost: check before sending it again\.$/);
  });

  it('offers Set API Key for a key that cannot be sent', () => {
    const failure = describeFailure(
      new GcoreApiError('badApiKey', 'The API key cannot be sent: it contains a space at position 3.'),
      'List GPU flavors',
    );
    assert.equal(
      failure.message,
      'List GPU flavors failed: The API key cannot be sent: it contains a space at position 3. Set the API key again.',
    );
    assert.deepEqual(failure.actions.map(recoveryLabel), ['Set API Key']);
  });

  it('never shows a key of this session, nor anything after an apikey marker, in any error text', () => {
    hideSecret('session-secret-key-42');
    const leaky = new Error('apikey other-key-9 is not a legal HTTP header value; stored session-secret-key-42');
    for (const text of [
      failureReason(leaky),
      describeFailure(leaky, 'Refresh').message,
      errorForCaller(new Error(leaky.message)).message,
    ]) {
      assert.ok(!text.includes('session-secret-key-42') && !text.includes('other-key-9'), text);
    }
    const api = new GcoreApiError('server', 'echo session-secret-key-42', { status: 500 });
    assert.ok(!describeFailure(api, 'Refresh').message.includes('session-secret-key-42'));
  });

  it('hands a caller an error with no secret in any field, cause or key, keeping its identity and class', () => {
    const password = 'Pull-Secret-Password-93';
    hideSecret(password);
    const cause = Object.assign(new Error(`registry said ${password}`), { response: { echoed: [password], [password]: true } });
    const error = new GcoreApiError('invalidInput', `password ${password} is too weak`, {
      status: 400,
      requestId: `req-${password}`,
      apiMessage: `password ${password} is too weak`,
      fieldErrors: { password: [`"${password}" is too weak`], [password]: ['echoed as a key'] },
      quota: { note: password },
      method: 'POST',
      path: '/cloud/v1/caas/secrets/1/76',
    });
    Object.defineProperty(error, 'cause', { value: cause, enumerable: false, configurable: true, writable: true });
    const shared = { again: password };
    Object.assign(error, { first: shared, second: shared, loop: error });
    const handed = errorForCaller(error);
    assert.equal(handed, error);
    assert.ok(handed instanceof GcoreApiError);
    assert.deepEqual(whereTextHolds(handed, password), []);
    assert.equal(handed.requestId, 'req-***');
    assert.deepEqual(handed.fieldErrors, { password: ['"***" is too weak'], '***': ['echoed as a key'] });
    assert.equal(handed.status, 400);
  });
});
