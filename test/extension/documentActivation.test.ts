import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support/harness';

/*
 * A Gcore document VS Code opens before anything has activated the extension, as when a window starts
 * again with a log, a container's JSON or a zone file in a tab: VS Code asks for the document's scheme
 * (onFileSystem:<scheme>), the extension activates and provides it, instead of the tab saying that no
 * provider can read it.
 *
 * The document is asked for while the suites load, before any test or hook activates the extension
 * (mocha loads every suite first; the answer comes after, through VS Code's main process).
 */
const LOG_URI = vscode.Uri.from({ scheme: 'gcore-logs', path: '/4711/76/restored-app.log' });
const extensionUnderTest = vscode.extensions.getExtension(EXTENSION_ID);
const activeBeforeOpening = extensionUnderTest?.isActive;
const opening = Promise.resolve(vscode.workspace.openTextDocument(LOG_URI)).then(
  (document) => ({ document }),
  (error: unknown) => ({ error }),
);

describe('a Gcore document opened before the extension is active', () => {
  it('activates the extension for its scheme, which then provides the document', async () => {
    assert.equal(activeBeforeOpening, false, 'the document was asked for before anything activated the extension');
    const opened = await opening;
    assert.ok('document' in opened, `the document opened: ${'error' in opened ? String(opened.error) : ''}`);
    assert.equal(extensionUnderTest?.isActive, true);
    assert.equal(opened.document.getText(), 'The logs of restored-app are not loaded: use Gcore: Show Logs.\n');
  });
});
