import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually, extensionApi, setKey, sharedEmulator, TEST_KEY, useUi } from './support/harness';
import { ScriptedUi } from './support/scriptedUi';

/*
 * A key from GCORE_API_KEY is used as it is; the first time it is in use the user is asked, once, whether
 * to store it. Nothing is stored without that yes. (This suite runs before any other that sets the
 * variable, since the question is asked once per profile.)
 */

const OFFER = /^Gcore is using the API key from the GCORE_API_KEY environment variable\. Store it/;

describe('the API key from GCORE_API_KEY', () => {
  afterEach(async () => {
    delete process.env.GCORE_API_KEY;
    await setKey(TEST_KEY);
  });

  it('is offered once to be stored, and stored only on Store Key', async () => {
    await sharedEmulator();
    await setKey(undefined);
    process.env.GCORE_API_KEY = TEST_KEY;
    const ui = new ScriptedUi([]).answerNotification(OFFER, 'Store Key');
    await useUi(ui);
    const { tree } = await extensionApi();
    await tree.getChildren();
    const offer = await eventually(() => {
      const found = ui.notifications.find((notification) => OFFER.test(notification.message));
      assert.ok(found);
      return found;
    });
    assert.deepEqual(offer.actions, ['Store Key', 'Not Now']);
    assert.ok(!offer.message.includes(TEST_KEY), 'the message does not show the key');
    // Stored: the key works without the variable.
    await eventually(() =>
      assert.ok(ui.notifications.some((notification) => /is stored in VS Code's secret storage/.test(notification.message))),
    );
    delete process.env.GCORE_API_KEY;
    await vscode.commands.executeCommand('gcore.checkApiKey');

    // Not asked again.
    await setKey(undefined);
    process.env.GCORE_API_KEY = TEST_KEY;
    const again = new ScriptedUi([]);
    await useUi(again);
    await tree.getChildren();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(!again.notifications.some((notification) => OFFER.test(notification.message)));
  });
});
