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

/** SecretStorage in memory; `changeElsewhere` stores as another window does, firing the change event. */
function memorySecrets(): { secrets: vscode.SecretStorage; changeElsewhere(value: string): void; holdReads(): () => void } {
  const values = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  let held: Promise<void> | undefined;
  const secrets = {
    get: async (key: string) => {
      const value = values.get(key);
      await held;
      return value;
    },
    store: async (key: string, value: string) => void values.set(key, value),
    delete: async (key: string) => void values.delete(key),
    onDidChange: changed.event,
  };
  return {
    secrets: secrets as unknown as vscode.SecretStorage,
    changeElsewhere: (value) => {
      values.set('gcore.apiKey', value);
      changed.fire({ key: 'gcore.apiKey' });
    },
    holdReads: () => {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
  };
}

describe('The API key at hand without a wait', () => {
  it('is there once read, follows a store, a delete and a change made in another window', async () => {
    const memory = memorySecrets();
    const store = new ApiKeyStore(memory.secrets, { GCORE_API_KEY: 'env-key-1' });
    assert.equal(store.keyIfRead(), undefined, 'nothing read yet');
    await store.store('stored-key-1');
    assert.equal(store.keyIfRead(), 'stored-key-1');
    memory.changeElsewhere('stored-key-2');
    assert.equal(store.keyIfRead(), undefined, 'changed elsewhere: read again first');
    assert.equal((await store.get())?.key, 'stored-key-2');
    assert.equal(store.keyIfRead(), 'stored-key-2');
    await store.delete();
    assert.equal(store.keyIfRead(), 'env-key-1', "none stored: the environment's");
    store.dispose();
  });

  it('is not taken from a read that a change overtook', async () => {
    const memory = memorySecrets();
    await memory.secrets.store('gcore.apiKey', 'old-key-1');
    const store = new ApiKeyStore(memory.secrets, {});
    const release = memory.holdReads();
    const staleRead = store.get();
    memory.changeElsewhere('new-key-1');
    release();
    await staleRead;
    assert.equal(store.keyIfRead(), undefined);
    assert.equal((await store.get())?.key, 'new-key-1');
    assert.equal(store.keyIfRead(), 'new-key-1');
    store.dispose();
  });
});
