import * as vscode from 'vscode';
import type { FollowReads } from '../probe-contract';
import { delay } from './probe-io';

/**
 * A followed log's reads while its editor is shown, then covered by another editor in its group (open and followed,
 * but hidden), then closed: `readsSince` counts the log's reads the emulator got after its `requestCount()`.
 */
export async function readsWhileFollowed(
  requestCount: () => number,
  readsSince: (from: number) => number,
  seconds: number,
): Promise<FollowReads> {
  const watch = async () => {
    const from = requestCount();
    await delay(seconds * 1000);
    return readsSince(from);
  };
  const readsWhileShown = await watch();
  const other = await vscode.workspace.openTextDocument({ content: 'covering the log', language: 'plaintext' });
  await vscode.window.showTextDocument(other, { preview: false });
  await delay(200);
  const readsWhileHidden = await watch();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await delay(200);
  const readsAfterClose = await watch();
  return { readsWhileShown, readsWhileHidden, readsAfterClose };
}
