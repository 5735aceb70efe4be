import * as assert from 'node:assert/strict';
import { authEnabled, deploymentsUsing, expiryOfText, keysAfter } from '../../../../src/models/inference/inferenceApiKeys';

const NOW = Date.parse('2026-11-29T12:00:00Z');

describe('inference API keys', () => {
  it('reads a typed expiry as a date through its last second (UTC), an ISO time, or never', () => {
    assert.deepEqual(expiryOfText('2027-01-31', NOW), { value: '2027-01-31T23:59:59Z' });
    assert.deepEqual(expiryOfText(' 2027-01-31T08:00:00+02:00 ', NOW), { value: '2027-01-31T08:00:00+02:00' });
    assert.deepEqual(expiryOfText('', NOW), { value: undefined });
    assert.deepEqual(expiryOfText('2026-11-29', NOW), { value: '2026-11-29T23:59:59Z' });
  });

  it('refuses an expiry that is past, not a real date or not a date at all', () => {
    assert.deepEqual(expiryOfText('2026-11-28', NOW), { problem: 'must be in the future' });
    assert.deepEqual(expiryOfText('2027-02-30', NOW), { problem: 'is not a real date and time' });
    assert.match((expiryOfText('next week', NOW) as { problem: string }).problem, /^must be a date such as 2027-01-31/);
  });

  it("sends a deployment's whole list of keys, each once, and none after the last detach", () => {
    const deployment = { name: 'chat', api_keys: ['a', 'b'] };
    assert.deepEqual(keysAfter(deployment, 'c', 'attach'), ['a', 'b', 'c']);
    assert.deepEqual(keysAfter(deployment, 'a', 'attach'), ['b', 'a']);
    assert.deepEqual(keysAfter(deployment, 'a', 'detach'), ['b']);
    assert.deepEqual(keysAfter({ name: 'chat', api_keys: ['a'] }, 'a', 'detach'), []);
    assert.deepEqual(keysAfter({ name: 'chat', api_keys: null }, 'a', 'attach'), ['a']);
  });

  it('tells whether a deployment asks for a key, and which deployments use a key', () => {
    assert.equal(authEnabled({ name: 'chat', api_keys: ['a'] }), true);
    assert.equal(authEnabled({ name: 'chat', api_keys: [] }), false);
    assert.equal(authEnabled({ name: 'chat', auth_enabled: false, api_keys: ['a'] }), false);
    assert.deepEqual(deploymentsUsing({ name: 'k', deployment_names: ['chat', '', 'rag'] }), ['chat', 'rag']);
    assert.deepEqual(deploymentsUsing({ name: 'k', deployment_names: null }), []);
  });
});
