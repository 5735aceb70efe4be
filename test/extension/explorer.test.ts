import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Explorer } from '../../src/views/explorer';
import type { KeyState, KeyStatus } from '../../src/views/keyStatus';
import type { Section } from '../../src/views/section';
import type { TreeNode } from '../../src/views/treeNodes';
import { GPU_SECTION } from '../../src/views/gpu/gpuNodes';
import { TreeChanges } from '../../src/views/treeChanges';
import { extensionApi } from './support/harness';

/** A section with nothing in it, for the explorer's own routing. */
const emptySection: Section = { id: 'gpu', root: GPU_SECTION, children: async () => [], invalidate: (node) => node };

describe('the explorer', () => {
  it('retries the root "API key unavailable" row by reloading the whole tree, which reads the key again', async () => {
    let state: KeyState = { kind: 'unavailable', error: new Error('no keyring is running') };
    const keyStatus = { read: async () => state } as unknown as KeyStatus;
    const explorer = new Explorer(keyStatus, [emptySection], new TreeChanges());

    const [row] = await explorer.getChildren();
    const item = explorer.getTreeItem(row);
    assert.equal(item.label, 'API key unavailable');
    assert.match(String(item.description), /no keyring is running/);
    assert.equal(item.command?.command, 'gcore.refresh');
    assert.deepEqual(item.command.arguments, [], 'Retry reloads everything, the key state included');

    // That command, with those arguments, reloads the extension's whole tree from the root.
    const tree = (await extensionApi()).tree;
    const changed = new Promise<TreeNode | undefined | null>((resolve) => {
      const subscription = tree.onDidChangeTreeData?.((node) => {
        subscription?.dispose();
        resolve(node as TreeNode | undefined);
      });
    });
    await vscode.commands.executeCommand(item.command.command, ...item.command.arguments);
    assert.equal(await changed, undefined);

    state = { kind: 'secretStorage' };
    explorer.reload();
    assert.deepEqual(
      (await explorer.getChildren()).map((node) => node.id),
      ['gpu'],
    );
  });

  it("answers every node from its own section, and knows each node's parent", async () => {
    const asked: string[] = [];
    const section: Section = {
      id: 'gpu',
      root: GPU_SECTION,
      children: async (node) => {
        asked.push(node.id);
        return [
          {
            nodeType: 'hint',
            id: 'gpu/child',
            section: 'gpu',
            parent: node,
            view: { label: 'child', contextValue: 'hint', collapsible: 'none' },
          },
        ];
      },
      invalidate: (node) => node,
    };
    const explorer = new Explorer({ read: async () => ({ kind: 'secretStorage' }) } as unknown as KeyStatus, [section], new TreeChanges());
    const [root] = await explorer.getChildren();
    const [child] = await explorer.getChildren(root);
    assert.deepEqual(asked, ['gpu']);
    assert.equal(explorer.getParent(child), root);
    assert.equal(explorer.getParent(root), undefined);
  });

  it('reloads the whole tree for a node its section has nothing to reload for (a Refresh from the title bar with a row selected)', async () => {
    const invalidated: string[] = [];
    const section: Section = {
      id: 'gpu',
      root: GPU_SECTION,
      children: async () => [],
      invalidate: (node) => {
        invalidated.push(node.id);
        return node.nodeType === 'hint' ? undefined : node;
      },
    };
    const explorer = new Explorer({ read: async () => ({ kind: 'secretStorage' }) } as unknown as KeyStatus, [section], new TreeChanges());
    const fired: (TreeNode | undefined)[] = [];
    explorer.onDidChangeTreeData((node) => fired.push(node));
    const row: TreeNode = {
      nodeType: 'hint',
      id: 'gpu/row',
      section: 'gpu',
      parent: GPU_SECTION,
      view: { label: 'row', contextValue: 'hint', collapsible: 'none' },
    };
    explorer.reload(row);
    explorer.reload(GPU_SECTION);
    assert.deepEqual(invalidated, ['gpu/row', 'gpu', 'gpu']);
    assert.deepEqual(fired, [undefined, GPU_SECTION]);
  });
});
