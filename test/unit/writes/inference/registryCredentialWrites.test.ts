import * as assert from 'node:assert/strict';
import { setInferenceRegistryCredential } from '../../../../src/writes/inference/registryCredentialWrites';
import { startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

/* A registry credential set by name: created when new, replaced with all three fields when it exists. */

const PROJECT = { projectId: 7 };
const CREDENTIALS = '/cloud/v3/inference/7/registry_credentials';
const VALUES = { name: 'ghcr', username: 'me', password: 'pa$$word-1', registry_url: 'ghcr.io' };

describe('setting an inference registry credential', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  const listing = (...names: string[]) =>
    h.emulator.inject({
      method: 'GET',
      path: CREDENTIALS,
      status: 200,
      body: { count: names.length, results: names.map((name) => ({ name, username: 'old', registry_url: 'ghcr.io' })) },
    });
  const writes = () =>
    h.emulator.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.json]);

  it('creates a credential whose name is new, answering it without its password', async () => {
    listing('dockerhub');
    h.emulator.inject({ method: 'POST', path: CREDENTIALS, status: 201, body: VALUES });
    const log = recordedLog();
    const set = await setInferenceRegistryCredential({ client: h.client, log }, PROJECT, VALUES);
    assert.deepEqual(set, { credential: { name: 'ghcr', username: 'me', registry_url: 'ghcr.io' }, replaced: false });
    assert.deepEqual(writes(), [['POST', CREDENTIALS, VALUES]]);
    assert.deepEqual(log.lines, ['info registry credential ghcr of project 7 created']);
  });

  it('replaces one that exists with a PUT of all three fields', async () => {
    listing('dockerhub', 'ghcr');
    h.emulator.inject({
      method: 'PUT',
      path: `${CREDENTIALS}/ghcr`,
      status: 200,
      body: { name: 'ghcr', username: 'me', registry_url: 'ghcr.io' },
    });
    const log = recordedLog();
    const set = await setInferenceRegistryCredential({ client: h.client, log }, PROJECT, VALUES);
    assert.equal(set.replaced, true);
    assert.deepEqual(writes(), [['PUT', `${CREDENTIALS}/ghcr`, { username: 'me', password: 'pa$$word-1', registry_url: 'ghcr.io' }]]);
    assert.ok(!log.lines.join('\n').includes('pa$$word-1'), 'the password is not logged');
  });

  it('replaces one made between the read and the create, which Gcore answers with a conflict', async () => {
    listing();
    h.emulator.inject({ method: 'POST', path: CREDENTIALS, status: 409 });
    h.emulator.inject({ method: 'PUT', path: `${CREDENTIALS}/ghcr`, status: 200, body: { name: 'ghcr' } });
    const set = await setInferenceRegistryCredential({ client: h.client, log: recordedLog() }, PROJECT, VALUES);
    assert.equal(set.replaced, true);
    assert.deepEqual(
      writes().map(([method]) => method),
      ['POST', 'PUT'],
    );
  });
});
