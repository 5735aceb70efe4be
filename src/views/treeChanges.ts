import * as vscode from 'vscode';
import { VIEW_ID } from '../core/contributions';
import type { SectionView } from './kit/sectionView';
import type { TreeNode } from './treeNodes';

/**
 * Redraws of the tree, and the view's progress bar while a section loads a list: the view as its sections see it.
 * Made before the tree and its sections, so that what asks for a redraw (a section showing a value, a followed
 * task) needs nothing built after it.
 */
export class TreeChanges implements SectionView, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly event = this.emitter.event;

  /** Draws the node (undefined: everything) again from what is loaded. */
  refresh(node?: TreeNode): void {
    this.emitter.fire(node);
  }

  async progress<T>(load: () => Promise<T>): Promise<T> {
    return vscode.window.withProgress({ location: { viewId: VIEW_ID } }, load);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
