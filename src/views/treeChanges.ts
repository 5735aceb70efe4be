import * as vscode from 'vscode';
import type { TreeNode } from './treeNodes';

/**
 * Redraws of the tree. Made before the tree and its sections, so that what asks for a redraw (a section
 * showing a value, a followed task) needs nothing built after it.
 */
export class TreeChanges implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly event = this.emitter.event;

  /** Draws the node (undefined: everything) again from what is loaded. */
  refresh(node?: TreeNode): void {
    this.emitter.fire(node);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
