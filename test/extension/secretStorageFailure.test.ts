import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describeFailure, recoveryLabel } from '../../src/logging/failureMessage';
import { ApiKeyStore, SecretStorageUnavailableError } from '../../src/auth/apiKeyStore';

/** SecretStorage as it behaves on Linux without a keyring: every call rejects. */
function brokenSecrets(): vscode.SecretStorage {
  const fail = () => Promise.reject(new Error('Cannot create an item in a locked collection'));
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  return { get: fail, store: fail, delete: fail, onDidChange: changed.event } as unknown as vscode.SecretStorage;
}

describe('SecretStorage failures', () => {
  it('say that the keyring is the problem and what to do, for read, store and delete', async () => {
    const store = new ApiKeyStore(brokenSecrets(), {});
    for (const action of [() => store.get(), () => store.store('k-12345'), () => store.delete()]) {
      await assert.rejects(action(), (error: Error) => {
        assert.ok(error instanceof SecretStorageUnavailableError);
        assert.match(error.message, /secret storage \(Cannot create an item in a locked collection\)/);
        assert.match(error.message, /keyring/);
        assert.match(error.message, /GCORE_API_KEY/);
        assert.ok(!error.message.includes('k-12345'));
        return true;
      });
    }
    store.dispose();
  });

  it('fall back to GCORE_API_KEY only when reading works and nothing is stored', async () => {
    const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
    const empty = { get: async () => undefined, store: async () => undefined, delete: async () => undefined, onDidChange: changed.event };
    const store = new ApiKeyStore(empty as unknown as vscode.SecretStorage, { GCORE_API_KEY: ' env-key ' });
    assert.deepEqual(await store.get(), { key: 'env-key', source: 'environment' });
    store.dispose();
  });

  it('are shown to the user as they are, with the log at hand', () => {
    const failure = describeFailure(new SecretStorageUnavailableError('store', new Error('no keyring')), 'Set API key');
    assert.match(failure.message, /^Set API key failed: VS Code could not store the API key/);
    assert.deepEqual(failure.actions.map(recoveryLabel), ['Show Log']);
  });
});
