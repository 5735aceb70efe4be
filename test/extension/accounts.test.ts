import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually, extensionApi, setKey, setLocations, sharedEmulator, TEST_KEY, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

/*
 * The Accounts menu: an authentication provider with id "gcore" whose one session is the API key, named
 * by the account's e-mail (or the key's last four characters), signing out there removes the key.
 */

const LOCATION = { projectId: 1, regionId: 76 };

describe("the Gcore account in VS Code's Accounts menu", () => {
  beforeEach(async () => {
    await sharedEmulator();
    await useUi(new ScriptedUi([]));
    await setLocations([{ ...LOCATION, label: 'Prod' }]);
  });

  after(async () => {
    await setKey(TEST_KEY);
  });

  it("lists the account while a key is set, named by the account's e-mail; the session's token is the key", async () => {
    await setKey(TEST_KEY);
    // Named once the account is read, as the view does; VS Code's own questions at start-up send nothing.
    await (await extensionApi()).tree.getChildren();
    await eventually(async () =>
      assert.deepEqual(
        (await vscode.authentication.getAccounts('gcore')).map((account) => account.label),
        ['dev@example.com'],
      ),
    );
    const { accounts } = await extensionApi();
    const [session] = await accounts.getSessions(undefined, {});
    assert.equal(session.accessToken, TEST_KEY);
    assert.equal(session.account.label, 'dev@example.com');
    assert.deepEqual(session.scopes, []);
  });

  it("gives the session to another caller only with VS Code's consent: a silent request without it gets none and asks nothing", async () => {
    await setKey(TEST_KEY);
    assert.equal(await vscode.authentication.getSession('gcore', [], { silent: true }), undefined);
  });

  it('lists no account without a key, and tells VS Code when one is set', async () => {
    await setKey(undefined);
    await eventually(async () => assert.deepEqual(await vscode.authentication.getAccounts('gcore'), []));
    const changes: string[] = [];
    const subscription = vscode.authentication.onDidChangeSessions((event) => changes.push(event.provider.id));
    try {
      await setKey(TEST_KEY);
      await eventually(() => assert.ok(changes.includes('gcore')));
      await eventually(async () => assert.equal((await vscode.authentication.getAccounts('gcore')).length, 1));
    } finally {
      subscription.dispose();
    }
  });

  it('Sign Out in the Accounts menu removes the key', async () => {
    await setKey(TEST_KEY);
    const { accounts } = await extensionApi();
    const [session] = await accounts.getSessions(undefined, {});
    assert.ok(session);
    await accounts.removeSession(session.id);
    assert.deepEqual(await accounts.getSessions(undefined, {}), []);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('gcore.checkApiKey')), /key/i);
  });

  it("names the account by the key's last four characters when Gcore cannot say whose it is", async () => {
    await sharedEmulator({ coreOnly: true });
    await setKey(TEST_KEY);
    await (await extensionApi()).tree.getChildren();
    await eventually(async () =>
      assert.deepEqual(
        (await vscode.authentication.getAccounts('gcore')).map((account) => account.label),
        [`API key …${TEST_KEY.slice(-4)}`],
      ),
    );
  });
});
