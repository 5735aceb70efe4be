import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMAND, VIEW_ID } from '../../src/core/contributions';
import { extensionApi } from './support/harness';

/** publisher.name from package.json: the identity users and other extensions rely on. */
const EXTENSION_ID = 'gcore-vscode.gcore-vscode';
/** This file runs from out/test/extension/, three levels below the extension under development. */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

describe('extension host smoke', () => {
  it('loads the extension under development, not an installed copy', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not among the loaded extensions`);
    assert.equal(extension.extensionUri.fsPath, REPO_ROOT);
  });

  it('activates without error', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every command of src/core/contributions.ts, which package.json contributes (a unit test checks that half), and no other', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    await extension?.activate();
    // VS Code registers commands of its own for the view (gcore.explorer.focus, …).
    const registered = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('gcore.') && !id.startsWith(`${VIEW_ID}.`));
    assert.deepEqual(registered.sort(), Object.values(COMMAND).sort());
  });

  it('loads the commands kept out of start-up on first use: each group holds exactly the commands it registered', async () => {
    const groups = await (await extensionApi()).lazyCommands();
    assert.ok(groups.length > 0, 'no command is loaded on first use');
    for (const group of groups) assert.deepEqual([...group.loaded].sort(), [...group.declared].sort());
    // The rest are the rows' and the tree's own, loaded at start-up; together they are every command.
    assert.ok(groups.flatMap((group) => group.declared).every((id) => (Object.values(COMMAND) as string[]).includes(id)));
  });

  it('contributes gcore.apiBaseUrl with the real API as its default', () => {
    const config = vscode.workspace.getConfiguration('gcore');
    assert.equal(config.inspect('apiBaseUrl')?.defaultValue, 'https://api.gcore.com');
  });
});
