import * as assert from 'node:assert/strict';
import type { InferenceNamedRef } from '../../../../src/api/inference/inferenceTypes';
import { redactSessionSecrets } from '../../../../src/logging/redaction';
import {
  createInferenceApiKey,
  deleteInferenceApiKey,
  sendInferenceApiKeyAttachment,
  type InferenceKeySecretStore,
} from '../../../../src/writes/inference/apiKeyWrites';
import { SEEDED_API_KEY_SECRET } from '../../../emulator/inference-seed';
import { rejection, startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

/*
 * Deployment API keys against the emulator's seeded project 1 (team-key attached to llama-chat): the secret Gcore
 * answers once goes to the store and nowhere else, a delete takes the stored secret with it, an attach or detach
 * sends the deployment's whole list of keys.
 */

const PROJECT = { projectId: 1 };
const KEYS = '/cloud/v3/inference/1/api_keys';
const DEPLOYMENTS = '/cloud/v3/inference/1/deployments';

/** A secret store in memory, for a test to read. */
function memoryStore(): InferenceKeySecretStore & { held: Map<string, string> } {
  const held = new Map<string, string>();
  const at = (ref: InferenceNamedRef) => `${ref.projectId}/${ref.name}`;
  return {
    held,
    store: async (ref, secret) => void held.set(at(ref), secret),
    delete: async (ref) => void held.delete(at(ref)),
  };
}

describe('inference API key writes', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => stopHarness(h));

  const writes = () =>
    h.emulator.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.json]);

  it('stores the secret, answers the key without it and logs no secret', async () => {
    const secrets = memoryStore();
    const log = recordedLog();
    const created = await createInferenceApiKey({ client: h.client, log, secrets }, PROJECT, {
      name: 'ci-key',
      description: 'For CI',
      expires_at: '2030-01-31T23:59:59Z',
    });
    const secret = secrets.held.get('1/ci-key');
    assert.ok(secret && secret.length > 10);
    assert.equal(created.secretStored, true);
    assert.equal(created.key.name, 'ci-key');
    assert.equal(created.key.description, 'For CI');
    assert.ok(!('secret' in created.key));
    assert.ok(!JSON.stringify(created).includes(secret));
    assert.ok(!log.lines.join('\n').includes(secret));
    assert.equal(redactSessionSecrets(`the secret ${secret}`), 'the secret ***');
    assert.deepEqual(writes(), [['POST', KEYS, { name: 'ci-key', description: 'For CI', expires_at: '2030-01-31T23:59:59Z' }]]);
  });

  it('says the key exists when its secret cannot be kept, without the secret', async () => {
    const failing: InferenceKeySecretStore = {
      store: async () => {
        throw new Error('the keyring is locked');
      },
      delete: async () => undefined,
    };
    const error = await rejection(
      createInferenceApiKey({ client: h.client, log: recordedLog(), secrets: failing }, PROJECT, { name: 'lost' }),
    );
    assert.match(error.message, /^API key lost was created, but its secret could not be kept: the keyring is locked Delete the key/);
  });

  it('deletes a key and its stored secret', async () => {
    const secrets = memoryStore();
    const deps = { client: h.client, log: recordedLog(), secrets };
    await createInferenceApiKey(deps, PROJECT, { name: 'spare' });
    await deleteInferenceApiKey(deps, { ...PROJECT, name: 'spare' });
    assert.equal(secrets.held.size, 0);
    assert.deepEqual(writes().at(-1), ['DELETE', `${KEYS}/spare`, undefined]);
  });

  it('names the deployments a key is still attached to, and keeps its secret', async () => {
    const secrets = memoryStore();
    secrets.held.set('1/team-key', SEEDED_API_KEY_SECRET);
    const error = await rejection(
      deleteInferenceApiKey({ client: h.client, log: recordedLog(), secrets }, { ...PROJECT, name: 'team-key' }),
    );
    assert.match(error.message, /^API key team-key is attached to llama-chat: Gcore deletes a key only once no deployment uses it/);
    assert.equal(secrets.held.get('1/team-key'), SEEDED_API_KEY_SECRET);
  });

  it('attaches a key with the whole list of keys the deployment holds, and detaches it', async () => {
    const deps = { client: h.client, log: recordedLog(), secrets: memoryStore() };
    await createInferenceApiKey(deps, PROJECT, { name: 'second' });
    const attached = await sendInferenceApiKeyAttachment(deps, { ...PROJECT, name: 'llama-chat' }, 'second', 'attach');
    assert.ok(attached.result.tasks.length > 0);
    assert.deepEqual(attached.change, { ...attached.change, name: 'llama-chat', action: 'update' });
    await sendInferenceApiKeyAttachment(deps, { ...PROJECT, name: 'llama-chat' }, 'team-key', 'detach');
    await sendInferenceApiKeyAttachment(deps, { ...PROJECT, name: 'llama-chat' }, 'second', 'detach');
    assert.deepEqual(
      writes()
        .filter(([method]) => method === 'PATCH')
        .map(([, path, body]) => [path, body]),
      [
        [`${DEPLOYMENTS}/llama-chat`, { api_keys: ['team-key', 'second'] }],
        [`${DEPLOYMENTS}/llama-chat`, { api_keys: ['second'] }],
        [`${DEPLOYMENTS}/llama-chat`, { api_keys: [] }],
      ],
    );
    assert.equal((await h.client.inference.getDeployment({ ...PROJECT, name: 'llama-chat' })).auth_enabled, false);
  });
});
